/**
 * The site builder's doors for other systems: POST /hooks/rebuild, signed with REBUILD_SECRET,
 * lets the company's own backend ask for pages to be rebuilt; GET /hooks/status shows the last
 * build, what is queued and how long builds take. Outside /api (no `sign` header, not part of
 * the specs' contract).
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { z } from 'zod'
import { type ChangeTag, changesSince, latestChange, markChanged } from './changes.ts'
import type { Db } from './db/index.ts'
import type { Deps } from './http.ts'
import {
  type BuilderView,
  type BuildStatus,
  isChangeTag,
  readRecord,
  statusOf,
  tagForPath,
} from './site-builder.ts'
import { dbTime } from './time.ts'

export const REBUILD_PATH = '/hooks/rebuild'
export const STATUS_PATH = '/hooks/status'
/** The signature header: `X-Signature: sha256=<hex HMAC-SHA256 of the raw body>`. */
export const SIGNATURE_HEADER = 'X-Signature'

/**
 * The header value for a body: what the caller sends.
 * rebuildSignature('secret…', '{"tags":["home"]}') → 'sha256=9f2c…'
 */
export const rebuildSignature = (secret: string, rawBody: string) =>
  `sha256=${createHmac('sha256', secret).update(rawBody, 'utf8').digest('hex')}`

/** Compares in constant time, so the answer's timing tells nothing about the right signature. */
function signatureMatches(secret: string, rawBody: string, given: string) {
  const a = Buffer.from(given.trim().toLowerCase(), 'utf8')
  const b = Buffer.from(rebuildSignature(secret, rawBody), 'utf8')
  return a.length === b.length && timingSafeEqual(a, b)
}

const Body = z
  .object({
    paths: z.array(z.string().min(1).max(2000)).max(1000).optional(),
    tags: z.array(z.string().max(40)).max(1000).optional(),
  })
  .strict()

/**
 * The status of the site build: from this process's builder when it runs one, else from the
 * record in DIST_DIR and the marks in the database.
 */
export async function buildStatus(
  db: Db,
  opts: { builder?: BuilderView; distDir?: string },
): Promise<BuildStatus> {
  if (opts.builder) return opts.builder.status()
  const record = opts.distDir ? readRecord(opts.distDir) : null
  return statusOf(record, await changesSince(db, record?.changeId ?? 0))
}

export function siteHooks(deps: Deps, opts: { builder?: BuilderView; distDir?: string } = {}) {
  const app = new Hono()
  app.post(
    REBUILD_PATH,
    bodyLimit({ maxSize: 64 * 1024, onError: (c) => c.json({ error: '请求体过大' }, 413) }),
    async (c) => {
      const secret = deps.config.rebuildSecret
      if (!secret) return c.json({ error: '未配置 REBUILD_SECRET，重建 webhook 未开启' }, 503)
      const given = c.req.header(SIGNATURE_HEADER)
      if (!given) return c.json({ error: `缺少签名头 ${SIGNATURE_HEADER}: sha256=<hex>` }, 401)
      const raw = await c.req.text()
      if (!signatureMatches(secret, raw, given)) return c.json({ error: '签名不正确' }, 403)
      let parsed: z.infer<typeof Body>
      try {
        const r = Body.safeParse(raw.trim() ? JSON.parse(raw) : {})
        if (!r.success) return c.json({ error: `请求体应为 {paths?: string[], tags?: string[]}` }, 400)
        parsed = r.data
      } catch {
        return c.json({ error: '请求体不是 JSON' }, 400)
      }
      const unknown = (parsed.tags ?? []).filter((t) => !isChangeTag(t))
      if (unknown.length) return c.json({ error: `不认识的标记：${unknown.slice(0, 5).join(', ')}` }, 400)
      const badPath = (parsed.paths ?? []).find((p) => !p.startsWith('/'))
      if (badPath !== undefined) return c.json({ error: `路径应以 / 开头：${badPath.slice(0, 100)}` }, 400)
      // Neither paths nor tags: the whole site.
      const asked: ChangeTag[] = [
        ...((parsed.tags ?? []) as ChangeTag[]),
        ...(parsed.paths ?? []).map(tagForPath),
      ]
      const tags = [...new Set(asked.length ? asked : (['all'] as ChangeTag[]))]
      await markChanged(deps.db, tags, dbTime(deps.now()))
      return c.json({ queued: tags, changeId: await latestChange(deps.db) }, 202)
    },
  )
  app.get(STATUS_PATH, async (c) => {
    c.header('Cache-Control', 'no-store')
    return c.json(await buildStatus(deps.db, opts))
  })
  return app
}
