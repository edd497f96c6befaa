import { UPLOAD_MAX_BYTES, UPLOAD_TOO_BIG } from '../../../src/lib/constants.ts'
import { BAD_INPUT, ok, router } from '../../contract/index.ts'
import { refuse, requireUser } from '../../http.ts'
import { dbTime } from '../../time.ts'
import { recordUpload } from './uploads.queries.ts'
import * as routes from './uploads.routes.ts'
import { ACCEPTED_TEXT, kindOf, storeFile } from './uploads.service.ts'

/** The upload call's full path: the only call the API's 1 MB form limit does not cover. */
export const UPLOAD_PATH = `/api${routes.upload.path}`

/** Upload/PostUpload (accounts §5, §7): one file, multipart field `file`. */
export const uploads = router().openapi(routes.upload, async (c) => {
  const { db, config, now } = c.get('deps')
  const user = requireUser(c)
  const form = await c.req.parseBody().catch(() => {
    throw refuse(BAD_INPUT)
  })
  const file = form.file
  if (!(file instanceof File) || file.size === 0) throw refuse('请选择要上传的文件')
  if (file.size > UPLOAD_MAX_BYTES) throw refuse(UPLOAD_TOO_BIG, 413)
  const bytes = new Uint8Array(await file.arrayBuffer())
  const kind = kindOf(bytes)
  if (!kind) throw refuse(`仅支持上传${ACCEPTED_TEXT}`)

  const at = dbTime(now())
  const path = await storeFile(config.uploadDir, kind.ext, bytes)
  await recordUpload(db, {
    userId: user.id,
    path,
    mime: kind.mime,
    size: bytes.length,
    originalName: file.name,
    at,
  })
  return ok(c, { path })
})
