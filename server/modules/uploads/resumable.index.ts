import { COURSE_UPLOAD_QUOTA_REACHED, UPLOAD_QUOTA_REACHED } from '../../../src/lib/constants.ts'
import { mayCreateCourse } from '../../../src/lib/rules/publish.ts'
import type { Config } from '../../config.ts'
import { ok, router } from '../../contract/index.ts'
import { type Ctx, refuse, requireUser } from '../../http.ts'
import { chinaDayStart, dbTime } from '../../time.ts'
import { signedFileUrl } from './private-files.ts'
import * as routes from './resumable.routes.ts'
import {
  abortUpload,
  completeUpload,
  doneParts,
  ownUpload,
  partCount,
  partTargets,
  sectionExt,
  startUpload,
  touch,
  type Upload,
  UploadRefused,
  writePart,
} from './resumable.ts'
import { ownedPaths } from './uploads.queries.ts'

/** The local part call's full path: like the single upload, it streams a body over the 1 MB form limit. */
export const RESUMABLE_PART_PATH = `/api${routes.putResumablePart.path}`

const partUrl = (id: string, part: number) => `${RESUMABLE_PART_PATH}?id=${id}&part=${part}`

/** The wire shape of an upload, with the parts already stored. */
const described = async (config: Config, u: Upload) => ({
  id: u.id,
  name: u.name,
  size: u.size,
  partSize: u.part_size,
  partCount: partCount(u),
  via: config.s3 ? ('s3' as const) : ('api' as const),
  state: u.state,
  done: await doneParts(config, u),
  path: u.path,
})

/** The caller's upload of that id; another user's answers as a missing one (ids are not shared). */
async function mine(c: Ctx, id: string): Promise<Upload> {
  const u = await ownUpload(c.get('deps').db, requireUser(c).id, id)
  if (!u) throw refuse('上传不存在或已过期', 404)
  return u
}

const open = (u: Upload) => {
  if (u.state !== 'open')
    throw refuse(
      u.state === 'done'
        ? '该文件已上传完成'
        : u.state === 'completing'
          ? '文件正在合并，请稍候'
          : '上传已取消，请重新上传',
      409,
    )
}

/** A refusal of the storage steps as the caller's answer; anything else stays a server failure. */
const asRefusal = (e: unknown) => (e instanceof UploadRefused ? refuse(e.message, e.status) : e)

/**
 * Resumable uploads of course section files (issue 22; resumable.ts): start, part targets, the
 * local part PUT, status, complete and abort. Only the owner may touch an upload id.
 */
export const resumable = router()
  .openapi(routes.startResumable, async (c) => {
    const { db, config, now } = c.get('deps')
    const user = requireUser(c)
    const input = c.req.valid('json')
    const ext = sectionExt(input.name)
    if (!ext) throw refuse('仅支持上传mp4或pdf文件')
    // Course files are for those who may publish courses: the same gate as a new course.
    const who = await db
      .selectFrom('users')
      .select(['level', 'status'])
      .where('id', '=', user.id)
      .executeTakeFirst()
    if (!who || !mayCreateCourse(who)) throw refuse('请先进行账号认证')
    const at = now()
    const started = await startUpload(db, config, {
      userId: user.id,
      name: input.name,
      size: input.size,
      ext,
      tree: input.purpose === 'public' ? 'public' : 'private',
      at,
      dayStart: dbTime(new Date(chinaDayStart(at))),
    })
    if (started === 'files') throw refuse(UPLOAD_QUOTA_REACHED, 429)
    if (started === 'bytes') throw refuse(COURSE_UPLOAD_QUOTA_REACHED, 429)
    return ok(c, await described(config, started))
  })
  .openapi(routes.getResumable, async (c) => {
    const { config } = c.get('deps')
    return ok(c, await described(config, await mine(c, c.req.valid('query').id)))
  })
  .openapi(routes.resumableParts, async (c) => {
    const { db, config, now } = c.get('deps')
    const { id, parts } = c.req.valid('json')
    const u = await mine(c, id)
    open(u)
    const count = partCount(u)
    const wrong = parts.find((n) => n < 1 || n > count)
    if (wrong !== undefined) throw refuse(`分片序号须在1到${count}之间`)
    const targets = await partTargets(db, config, u, [...new Set(parts)], now(), (n) => partUrl(id, n))
    return ok(c, { via: config.s3 ? ('s3' as const) : ('api' as const), parts: targets })
  })
  .openapi(routes.putResumablePart, async (c) => {
    const { db, config, now } = c.get('deps')
    const q = c.req.valid('query')
    const u = await mine(c, q.id)
    if (config.s3) throw refuse('分片请直接上传到对象存储（Upload/PostResumableParts 给出的地址）', 409)
    open(u)
    const n = Number(q.part)
    if (n > partCount(u)) throw refuse(`分片序号须在1到${partCount(u)}之间`)
    const declared = Number(c.req.header('content-length') ?? Number.NaN)
    if (declared > u.part_size) throw refuse(`第${n}个分片超过应有的大小`, 413)
    await touch(db, u.id, now())
    const etag = await writePart(config, u, n, c.req.raw.body).catch((e: unknown) => {
      throw asRefusal(e)
    })
    c.header('ETag', `"${etag}"`)
    return ok(c, { part: n, etag })
  })
  .openapi(routes.completeResumable, async (c) => {
    const { db, config, now } = c.get('deps')
    const u = await mine(c, c.req.valid('json').id)
    const path = await completeUpload(db, config, u, now()).catch((e: unknown) => {
      throw asRefusal(e)
    })
    return ok(c, { path })
  })
  // A course video of hundreds of MB cannot be fetched whole into a blob to be shown to its
  // author (Upload/GetPrivateFile): the player reads it through a short-lived link, by ranges.
  .openapi(routes.privateFileLink, async (c) => {
    const { db, config, now } = c.get('deps')
    const { path } = c.req.valid('query')
    if (!(await ownedPaths(db, requireUser(c).id, [path])).has(path)) throw refuse('文件不存在', 404)
    return ok(c, { url: signedFileUrl(config.fileUrlSecret, path, now()) })
  })
  .openapi(routes.abortResumable, async (c) => {
    const { db, config, now } = c.get('deps')
    const u = await mine(c, c.req.valid('json').id)
    if (u.state === 'done') throw refuse('该文件已上传完成', 409)
    await abortUpload(db, config, u, now())
    return ok(c, '已取消')
  })
