import { bodyLimit } from 'hono/body-limit'
import { UPLOAD_MAX_BYTES, UPLOAD_MAX_MB, UPLOAD_TOO_BIG } from '../../../src/lib/constants.ts'
import { answers, createRoute, z } from '../../contract/index.ts'
import { ACCEPTED_TEXT } from './uploads.service.ts'

const tags = ['上传']

export const UploadResult = z
  .object({
    path: z.string().openapi({
      description:
        '存储路径，按文件内容命名，如 /uploads/u/01/<32位十六进制>.png（同样的内容得到同样的路径）；表单里保存这个值',
      example: '/uploads/u/01/0123456789abcdef0123456789abcdef.png',
    }),
  })
  .openapi('UploadResult')

export const upload = createRoute({
  method: 'post',
  path: '/Upload/PostUpload',
  tags,
  summary: `上传一个文件（至多${UPLOAD_MAX_MB}MB）。按文件内容识别类型：${ACCEPTED_TEXT}`,
  // Refused while it streams in, before 20 MB sit in memory (a little room for the multipart framing).
  middleware: [
    bodyLimit({
      maxSize: UPLOAD_MAX_BYTES + 64 * 1024,
      onError: (c) => c.json({ status: 413, data: UPLOAD_TOO_BIG }, 413),
    }),
  ],
  request: {
    body: {
      required: true,
      content: {
        // A plain OpenAPI schema, not zod: a zod schema here would make @hono/zod-openapi gate
        // the content type (415 for a JSON body, which has always answered 请选择要上传的文件)
        // and parse the whole form before the handler. The handler reads the file itself.
        'multipart/form-data': {
          schema: {
            type: 'object',
            properties: { file: { type: 'string', format: 'binary', description: '要上传的文件' } },
            required: ['file'],
          },
        },
      },
    },
  },
  responses: answers(UploadResult, [401, 413]),
})
