import {
  UPLOAD_DAILY_FILES,
  UPLOAD_DAILY_MB,
  UPLOAD_MAX_MB,
  UPLOAD_QUOTA_REACHED,
} from '../../../src/lib/constants.ts'
import { isPrivatePath } from '../../../src/lib/rules/files.ts'
import { answers, apiRoute, z } from '../../contract/index.ts'
import { signedIn } from '../../http.ts'
import { ACCEPTED_TEXT } from './uploads.service.ts'

const tags = ['上传']

export const UploadResult = z
  .object({
    path: z.string().openapi({
      description:
        '存储路径，按文件内容命名（同样的内容得到同样的路径）：公开文件 /uploads/u/01/<32位十六进制>.png，私密文件 /private/u/01/<32位十六进制>.png；表单里保存这个值',
      example: '/uploads/u/01/0123456789abcdef0123456789abcdef.png',
    }),
  })
  .openapi('UploadResult')

/** The upload's purposes: public (default) is served at its path; private never is (GetPrivateFile). */
export const UPLOAD_PURPOSES = ['public', 'private'] as const

export const upload = apiRoute('post', '/Upload/PostUpload', tags, {
  summary: `上传一个文件（至多${UPLOAD_MAX_MB}MB）。按文件内容识别类型：${ACCEPTED_TEXT}。每人每天至多${UPLOAD_DAILY_FILES}个文件、共${UPLOAD_DAILY_MB}MB（超出回答 429：${UPLOAD_QUOTA_REACHED}）`,
  description:
    '文件边接收边写入磁盘（不整体读入内存），超过大小立即回答 413。认证资料（营业执照、许可证、身份证）以 purpose=private 上传：存放在公开目录之外，只有上传者本人（Upload/GetPrivateFile）和运营命令能读取。课程各节的文件也以 private 上传：发布时免费节的文件转为公开，收费节的文件只通过已解锁用户的限时签名链接提供。',
  // The 20 MB limit is enforced by the handler while the body streams in (uploads.index.ts): a
  // body-limit middleware would buffer a chunked body whole before the handler sees it.
  middleware: [signedIn],
  request: {
    body: {
      required: true,
      content: {
        // A plain OpenAPI schema, not zod: a zod schema here would make @hono/zod-openapi gate
        // the content type (415 for a JSON body, which has always answered 请选择要上传的文件)
        // and parse the whole form before the handler. The handler reads the body itself.
        'multipart/form-data': {
          schema: {
            type: 'object',
            properties: {
              purpose: {
                type: 'string',
                enum: [...UPLOAD_PURPOSES],
                default: 'public',
                description:
                  'public：公开文件（头像、封面、正文图片）；private：私密文件（认证资料、课程文件）。放在 file 之前',
              },
              file: { type: 'string', format: 'binary', description: '要上传的文件' },
            },
            required: ['file'],
          },
        },
      },
    },
  },
  responses: answers(UploadResult, [401, 413, 429]),
})

/** ?path= of GetPrivateFile: one of our private paths. */
const privatePath = z
  .string()
  .optional()
  .transform((v, ctx) => {
    const p = v?.trim() ?? ''
    if (!p || !isPrivatePath(p)) {
      ctx.addIssue({ code: 'custom', message: p ? '文件路径不正确' : '请提供文件路径' })
      return z.NEVER
    }
    return p
  })
  .openapi({
    type: 'string',
    description: '私密文件的存储路径（上传时 purpose=private 得到的 path）',
    example: '/private/u/01/0123456789abcdef0123456789abcdef.png',
  })

const { 200: _json, ...fileRefusals } = answers(z.string(), [401, 404])

export const getPrivateFile = apiRoute('get', '/Upload/GetPrivateFile', tags, {
  summary: '读取自己上传的私密文件（认证资料等）：回答文件本身；别人的文件与不存在的一样回答 404',
  middleware: [signedIn],
  request: { query: z.object({ path: privatePath }) },
  responses: {
    200: {
      description: '文件内容（Content-Type 按文件类型），不可缓存',
      content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
    },
    ...fileRefusals,
  },
})
