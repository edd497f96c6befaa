import { describe, expect, inject, it } from 'vitest'
import { startServer } from '../tests/api/harness.ts'
import { changesSince, latestChange } from './changes.ts'
import { defaultConfig } from './config.ts'
import { isPg, openDb } from './db/index.ts'
import { markForRebuild, OpsError } from './ops.ts'
import { createPortal } from './server.ts'
import { databaseId, withBuildLock } from './site-builder.ts'
import { REBUILD_PATH, rebuildSignature, SIGNATURE_HEADER, STATUS_PATH } from './site-hooks.ts'

const h = startServer()
const SECRET = 'a-rebuild-secret-of-the-backend'

/** The portal with a webhook secret, answering in-process. */
const portal = (secret: string | null = SECRET) =>
  createPortal({
    db: h.db,
    config: defaultConfig({ uploadDir: inject('uploadDir'), rebuildSecret: secret ?? undefined }),
    now: () => new Date(),
  })

const hook = (body: string, headers: Record<string, string> = {}) =>
  portal().request(REBUILD_PATH, {
    method: 'POST',
    body,
    headers: { 'Content-Type': 'application/json', ...headers },
  })

const signed = (body: string, secret = SECRET) => ({ [SIGNATURE_HEADER]: rebuildSignature(secret, body) })

describe('npm run ops -- rebuild (after an operator edits products, banners, FAQ or settings)', () => {
  it('marks paths and tags as the webhook does; nothing given is the whole site', async () => {
    const before = await latestChange(h.db)
    const said = await markForRebuild(h.db, ['/productdetail/7/', 'banner', '/'], new Date())
    expect(said).toMatch(/^已排队：product:7, banner, home（变更 #\d+）$/)
    expect((await changesSince(h.db, before)).tags).toEqual(
      expect.arrayContaining(['product:7', 'banner', 'home']),
    )
    expect(await markForRebuild(h.db, [], new Date())).toMatch(/^已排队：all/)
  })

  it('refuses an unknown tag, marking nothing', async () => {
    const before = await latestChange(h.db)
    await expect(markForRebuild(h.db, ['home', 'homepage'], new Date())).rejects.toBeInstanceOf(OpsError)
    expect(await changesSince(h.db, before)).toEqual({ tags: [], upTo: before })
  })
})

describe('POST /hooks/rebuild (the company backend asks for pages)', () => {
  it('with a good signature: marks the tags and the paths (as tags), 202 with what was queued', async () => {
    const before = await latestChange(h.db)
    const body = JSON.stringify({ paths: ['/detail/12/', '/productdetail?id=3', '/course/'], tags: ['home'] })
    const res = await hook(body, signed(body))
    expect(res.status).toBe(202)
    const answer = (await res.json()) as { queued: string[]; changeId: number }
    expect(answer.queued).toEqual(['home', 'article:12', 'product:3', 'list:30'])
    expect(answer.changeId).toBeGreaterThan(before)
    const marked = await changesSince(h.db, before)
    expect(marked.tags).toEqual(expect.arrayContaining(['home', 'article:12', 'product:3', 'list:30']))
  })

  it('an empty body asks for the whole site', async () => {
    const res = await hook('', signed(''))
    expect(res.status).toBe(202)
    expect(((await res.json()) as { queued: string[] }).queued).toEqual(['all'])
  })

  it('refuses a missing signature (401) and a wrong one (403), marking nothing', async () => {
    const before = await latestChange(h.db)
    const body = JSON.stringify({ tags: ['all'] })
    expect((await hook(body)).status).toBe(401)
    expect((await hook(body, signed(body, 'another-secret-entirely'))).status).toBe(403)
    expect((await hook(body, { [SIGNATURE_HEADER]: 'sha256=' })).status).toBe(403)
    // Signed for another body: the signature covers the exact bytes.
    expect((await hook(JSON.stringify({ tags: ['home'] }), signed(body))).status).toBe(403)
    expect(await changesSince(h.db, before)).toEqual({ tags: [], upTo: before })
  })

  it('is off (503) when REBUILD_SECRET is not set, whatever is sent', async () => {
    const body = JSON.stringify({ tags: ['all'] })
    const res = await portal(null).request(REBUILD_PATH, { method: 'POST', body, headers: signed(body) })
    expect(res.status).toBe(503)
    // The test server runs with the default configuration: no secret.
    const real = await fetch(`${h.base}${REBUILD_PATH}`, { method: 'POST', body, headers: signed(body) })
    expect(real.status).toBe(503)
  })

  it('refuses unknown tags, bad paths and bodies that are not the shape (400)', async () => {
    for (const body of [
      JSON.stringify({ tags: ['article:x'] }),
      JSON.stringify({ tags: ['drop table'] }),
      JSON.stringify({ paths: ['detail/1/'] }),
      JSON.stringify({ paths: '/detail/1/' }),
      JSON.stringify({ other: 1 }),
      'not json',
    ]) {
      expect((await hook(body, signed(body))).status, body).toBe(400)
    }
  })
})

describe('GET /hooks/status', () => {
  it('answers the last build (none without a DIST_DIR) and what is queued', async () => {
    const res = await portal().request(STATUS_PATH)
    expect(res.status).toBe(200)
    const s = (await res.json()) as { last: unknown; queued: { count: number }; timings: unknown }
    expect(s.last).toBeNull()
    expect(s.queued.count).toBeGreaterThan(0)
    expect(s.timings).toEqual({
      full: { last: null, median: null, count: 0 },
      partial: { last: null, median: null, count: 0 },
    })
  })
})

describe('one builder at a time across processes', () => {
  it('on PostgreSQL only one process holds the build lock; on SQLite (one process) it just runs', async () => {
    if (!isPg(h.db)) {
      expect(await withBuildLock(h.db, async () => 1)).toEqual({ ran: true, value: 1 })
      return
    }
    // A second "process": its own pool on the same database.
    const other = await openDb({ url: inject('dbUrl'), schema: inject('dbSchema') })
    try {
      let release = () => {}
      const held = new Promise<void>((ok) => {
        release = ok
      })
      const first = withBuildLock(h.db, () => held.then(() => 'built'))
      await new Promise((ok) => setTimeout(ok, 100))
      expect(await withBuildLock(other, async () => 'also')).toEqual({ ran: false })
      release()
      expect(await first).toEqual({ ran: true, value: 'built' })
      expect(await withBuildLock(other, async () => 'now')).toEqual({ ran: true, value: 'now' })
    } finally {
      await other.destroy()
    }
  })

  it('knows its database by when it was created (a re-seed is another database)', async () => {
    const id = await databaseId(h.db)
    expect(id).toMatch(/^\d{4}-\d{2}-\d{2}T/)
    expect(await databaseId(h.db)).toBe(id)
  })
})
