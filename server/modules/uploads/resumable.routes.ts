import {
  COURSE_UPLOAD_QUOTA_REACHED,
  RESUMABLE_PART_MB,
  SECTION_FILE_MAX_BYTES,
  SECTION_FILE_RULE,
  UPLOAD_QUOTA_REACHED,
} from '../../../src/lib/constants.ts'
import { answers, apiRoute, jsonBody, z } from '../../contract/index.ts'
import { signedIn } from '../../http.ts'
import { UPLOAD_PURPOSES, UploadResult } from './uploads.routes.ts'

const tags = ['上传']

/** An upload id as start answers it: 32 hex. */
const uploadId = z
  .string({ error: '请提供上传编号' })
  .regex(/^[0-9a-f]{32}$/, { error: '上传编号不正确' })
  .openapi({ description: '分片上传的编号（开始上传时得到）', example: '0123456789abcdef0123456789abcdef' })

export const ResumableUpload = z
  .object({
    id: uploadId,
    name: z.string().openapi({ description: '文件名（仅作记录）' }),
    size: z.number().int().openapi({ description: '文件的字节数' }),
    partSize: z
      .number()
      .int()
      .openapi({ description: `每个分片的字节数（${RESUMABLE_PART_MB}MB；最后一片可以更小）` }),
    partCount: z.number().int().openapi({ description: '分片总数' }),
    via: z.enum(['api', 's3']).openapi({
      description:
        '分片发往哪里：api 为本站（PUT Upload/PutResumablePart，带与其他调用相同的请求头）；s3 为对象存储（PUT 到预签名地址，不带其他请求头）',
    }),
    state: z.enum(['open', 'completing', 'done', 'aborted']).openapi({
      description: 'open 上传中；completing 正在合并；done 已完成（见 path）；aborted 已取消或已过期',
    }),
    done: z
      .array(z.number().int())
      .openapi({ description: '已完整收到的分片序号（从 1 开始）：继续上传时跳过它们' }),
    path: z.string().nullable().openapi({ description: '完成后的存储路径，否则为 null' }),
  })
  .openapi('ResumableUpload')

export const startResumable = apiRoute('post', '/Upload/PostResumable', tags, {
  summary: `开始分片上传一个课程文件（mp4 或 pdf，至多2GB；issue 22）。须为可创建课程的认证用户。每个文件计入每天的上传个数（超出回答 429：${UPLOAD_QUOTA_REACHED}）；课程文件另有每天 10GB 的总量（超出回答 429：${COURSE_UPLOAD_QUOTA_REACHED}）`,
  description: `回答上传编号、分片大小与分片数。之后：Upload/PostResumableParts 取得各分片的上传地址并 PUT 分片；Upload/GetResumable 查询已收到的分片（断线或刷新后从那里继续）；Upload/PostResumableComplete 合并并得到存储路径（与 Upload/PostUpload 的 path 相同，可直接保存到课程的节）；Upload/PostResumableAbort 取消。超过一天未完成的上传会被自动清理。大于2GB回答：${SECTION_FILE_RULE}`,
  middleware: [signedIn],
  request: {
    body: jsonBody(
      z.object({
        name: z
          .string({ error: '请提供文件名' })
          .trim()
          .min(1, { error: '请提供文件名' })
          .max(200, { error: '文件名不能超过200个字' })
          .openapi({ description: '文件名，扩展名须为 .mp4 或 .pdf', example: '第1讲 开髓.mp4' }),
        size: z
          .number({ error: '请提供文件大小' })
          .int({ error: '文件大小不正确' })
          .min(1, { error: '文件不能为空' })
          .max(SECTION_FILE_MAX_BYTES, { error: SECTION_FILE_RULE })
          .openapi({ description: '文件的字节数，至多 2147483648（2GB）', example: 31457280 }),
        purpose: z
          .enum(UPLOAD_PURPOSES, { error: '上传用途须为public或private' })
          .default('private')
          .openapi({ description: '课程文件默认 private（发布时免费节的文件转为公开）' }),
      }),
    ),
  },
  responses: answers(ResumableUpload, [401, 429]),
})

export const getResumable = apiRoute('get', '/Upload/GetResumable', tags, {
  summary: '查询自己的一个分片上传：状态与已收到的分片。别人的上传编号与不存在的一样回答 404',
  middleware: [signedIn],
  request: { query: z.object({ id: uploadId }) },
  responses: answers(ResumableUpload, [401, 404]),
})

export const resumableParts = apiRoute('post', '/Upload/PostResumableParts', tags, {
  summary: '取得若干分片的上传地址（一次至多50个）。对象存储的预签名地址一小时内有效，过期后再取',
  middleware: [signedIn],
  request: {
    body: jsonBody(
      z.object({
        id: uploadId,
        parts: z
          .array(z.number({ error: '分片序号不正确' }).int({ error: '分片序号不正确' }), {
            error: '请提供分片序号',
          })
          .min(1, { error: '请提供分片序号' })
          .max(50, { error: '一次至多取50个分片的地址' })
          .openapi({ description: '分片序号，从 1 开始', example: [1, 2, 3] }),
      }),
    ),
  },
  responses: answers(
    z.object({
      via: z.enum(['api', 's3']),
      parts: z.array(
        z.object({
          part: z.number().int(),
          url: z.string().openapi({ description: '以 PUT 发送该分片的地址：本站为以 /api/ 开头的路径' }),
        }),
      ),
    }),
    [401, 404, 409],
  ),
})

export const putResumablePart = apiRoute('put', '/Upload/PutResumablePart', tags, {
  summary:
    '本站存储时上传一个分片（请求体即分片的字节，边接收边写盘，不整体读入内存）；回答该分片的 ETag（md5）。同一分片可重发',
  middleware: [signedIn],
  request: {
    query: z.object({
      id: uploadId,
      part: z
        .string({ error: '请提供分片序号' })
        .regex(/^[1-9]\d{0,4}$/, { error: '分片序号不正确' })
        .openapi({ description: '分片序号，从 1 开始', example: '1' }),
    }),
    body: {
      required: true,
      content: {
        // Plain OpenAPI, not zod: the handler streams the body itself.
        'application/octet-stream': { schema: { type: 'string', format: 'binary' } },
      },
    },
  },
  responses: answers(z.object({ part: z.number().int(), etag: z.string() }), [401, 404, 409, 413]),
})

const idBody = jsonBody(z.object({ id: uploadId }))

export const completeResumable = apiRoute('post', '/Upload/PostResumableComplete', tags, {
  summary:
    '合并分片：检查大小与文件内容（须为 mp4 或 pdf，否则不保存并取消此上传），按内容命名存放，回答存储路径。已完成的再调用回答同一路径',
  middleware: [signedIn],
  request: { body: idBody },
  responses: answers(UploadResult, [401, 404, 409]),
})

export const abortResumable = apiRoute('post', '/Upload/PostResumableAbort', tags, {
  summary: '取消一个未完成的分片上传，删除已收到的分片',
  middleware: [signedIn],
  request: { body: idBody },
  responses: answers(z.string(), [401, 404, 409]),
})

export const privateFileLink = apiRoute('get', '/Upload/GetPrivateFileLink', tags, {
  summary:
    '自己的一个私密文件（课程视频等大文件）的限时链接（60分钟）：播放器按需分段读取，不必整体下载。别人的文件与不存在的一样回答 404',
  middleware: [signedIn],
  request: {
    query: z.object({
      path: z
        .string({ error: '请提供文件路径' })
        .regex(/^\/private\/u\/[0-9a-f]{2}\/[0-9a-f]{32}\.(mp4|pdf)$/, { error: '文件路径不正确' })
        .openapi({
          description: '私密课程文件的存储路径',
          example: '/private/u/01/0123456789abcdef0123456789abcdef.mp4',
        }),
    }),
  },
  responses: answers(
    z.object({ url: z.string().openapi({ description: '以 /private/ 开头的限时链接' }) }),
    [401, 404],
  ),
})
