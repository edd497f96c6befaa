import { rm } from 'node:fs/promises'
import {
  UPLOAD_DAILY_BYTES,
  UPLOAD_MAX_BYTES,
  UPLOAD_QUOTA_REACHED,
  UPLOAD_TOO_BIG,
} from '../../../src/lib/constants.ts'
import { BAD_INPUT, ok, router } from '../../contract/index.ts'
import { refuse, requireUser } from '../../http.ts'
import { chinaDayStart, dbTime } from '../../time.ts'
import { sendPrivateFile } from './private-files.ts'
import { ownedPaths, recordUpload, uploadsSince, withinQuota } from './uploads.queries.ts'
import * as routes from './uploads.routes.ts'
import {
  ACCEPTED_TEXT,
  BodyRefused,
  incomingDir,
  keepFile,
  kindOf,
  receiveMultipart,
} from './uploads.service.ts'

/** The upload call's full path: the only call the API's 1 MB form limit does not cover. */
export const UPLOAD_PATH = `/api${routes.upload.path}`

/** Room for the multipart framing and the purpose field around the file itself. */
const FRAMING = 64 * 1024
const NO_FILE = '请选择要上传的文件'
const QUOTA = () => refuse(UPLOAD_QUOTA_REACHED, 429)

/** Upload/PostUpload (accounts §5, §7; issue 13): one file, multipart field `file`, optional `purpose`. */
export const uploads = router()
  .openapi(routes.upload, async (c) => {
    const { db, config, now } = c.get('deps')
    const user = requireUser(c)
    const declared = Number(c.req.header('content-length') ?? Number.NaN)
    if (declared > UPLOAD_MAX_BYTES + FRAMING) throw refuse(UPLOAD_TOO_BIG, 413)
    const at = now()
    const dayStart = dbTime(new Date(chinaDayStart(at)))
    // The quota is asked before a byte is read, and the file may not outgrow what is left of it.
    const used = await uploadsSince(db, user.id, dayStart)
    if (!withinQuota(used, 1)) throw QUOTA()
    const room = UPLOAD_DAILY_BYTES - used.bytes
    if (declared > room + FRAMING) throw QUOTA()
    const received = await receiveMultipart(c.req.raw.body, c.req.header('content-type') ?? '', {
      tmpDir: incomingDir(config),
      maxBody: Math.min(UPLOAD_MAX_BYTES, room) + FRAMING,
      maxFile: Math.min(UPLOAD_MAX_BYTES, room),
    }).catch((e: unknown) => {
      if (!(e instanceof BodyRefused)) throw e
      if (e.reason === 'too-big') throw room < UPLOAD_MAX_BYTES ? QUOTA() : refuse(UPLOAD_TOO_BIG, 413)
      throw refuse(e.reason === 'not-multipart' ? NO_FILE : BAD_INPUT)
    })
    const file = received.file
    if (!file || file.size === 0) {
      if (file) await rm(file.tmp, { force: true })
      throw refuse(NO_FILE)
    }
    const purpose = received.fields.get('purpose') || 'public'
    const kind = kindOf(file.head)
    const refusal = !kind
      ? refuse(`仅支持上传${ACCEPTED_TEXT}`)
      : !(routes.UPLOAD_PURPOSES as readonly string[]).includes(purpose)
        ? refuse('上传用途须为public或private')
        : null
    if (refusal || !kind) {
      await rm(file.tmp, { force: true })
      throw refusal
    }
    const path = await keepFile(config, purpose === 'private' ? 'private' : 'public', file, kind.ext)
    // Counted again with the user locked: parallel uploads cannot pass the quota together. A file
    // refused here stays on disk under its content name, unrecorded (the same bytes may be anyone's).
    const recorded = await recordUpload(db, {
      userId: user.id,
      path,
      mime: kind.mime,
      size: file.size,
      originalName: file.name,
      at: dbTime(at),
      dayStart,
    })
    if (!recorded) throw QUOTA()
    return ok(c, { path })
  })
  .openapi(routes.getPrivateFile, async (c) => {
    const { db, config, now } = c.get('deps')
    const user = requireUser(c)
    const { path } = c.req.valid('query')
    // Another user's file answers like a missing one: a path tells nobody whether it exists.
    if (!(await ownedPaths(db, user.id, [path])).has(path)) throw refuse('文件不存在', 404)
    // A file (or, in a bucket, a redirect to a short-lived link to it), not the envelope the
    // typed answers describe (the route declares it as binary).
    const sent = await sendPrivateFile(c, config, path, { maxAge: 0, now: now() })
    if (!sent) throw refuse('文件不存在', 404)
    return sent as never
  })
