import { type CommentForm, checkComment } from '../../../src/lib/rules/comment.ts'
import { type Checked, checked, type Input } from '../../../src/lib/rules/fields.ts'
import { moderationCalls } from '../../admin/moderation.ts'
import { answers, apiRoute, pagedOf, z } from '../../contract/index.ts'
import { field, id, int, oneOf, page, parseId } from '../../contract/params.ts'
import { ruleRequest } from '../../contract/requests.ts'
import { signedIn } from '../../http.ts'
import { CommentNodeSchema } from '../content/comment-tree.ts'

const tags = ['评论']

/** The body of PostCommentAppend: the item's id in unionId (storefront §9), then the comment rule. */
function checkCommentBody(input: Input): Checked<CommentForm & { articleId: number }> {
  const articleId = parseId(input.unionId)
  if (articleId === null) return { error: '请提供内容编号', field: 'unionId', value: null }
  const r = checkComment(input)
  return r.error === null ? checked(null, { ...r.value, articleId }) : r
}

export const CommentReply = z
  .object({
    id: z.number().int().openapi({ description: '回复（评论）的编号' }),
    articleId: z.number().int(),
    articleStatus: z.number().int().openapi({ description: '10 社区，20 任务，30 课程' }),
    typeText: z.string().openapi({ description: '社区、任务或课程' }),
    title: z.string().openapi({ description: '内容标题' }),
    replierName: z.string(),
    replierAvatar: z.string(),
    content: z.string().openapi({ description: '纯文本，按文本显示' }),
    imgurl: z.string(),
    createTime: z.string(),
  })
  .openapi('CommentReply', { description: '别人对我的评论的回复（消息中心的评论回复）' })

export const getComments = apiRoute('get', '/Comment/GetCommentQuery', tags, {
  summary: '内容的评论：主题新的在前，分页；每条带全部回复（旧的在前）',
  request: { query: z.object({ id: id('内容编号'), ...page }) },
  responses: answers(
    pagedOf(CommentNodeSchema).extend({
      commentTotal: z
        .number()
        .int()
        .openapi({ description: '全部可见评论数（含回复）：详情页的“评论N”“N 条评论”' }),
    }),
    [404],
  ),
})

export const appendComment = apiRoute('post', '/Comment/PostCommentAppend', tags, {
  summary: '发表评论或回复；每人每 60 秒至多 5 条',
  middleware: [signedIn],
  request: ruleRequest(checkCommentBody, {
    unionId: field('integer', '评论的内容（社区、任务或课程）编号'),
    content: field('string', '评论内容，纯文本，至多 500 字'),
    imgurl: field('string', '上传的图片路径（可选）'),
    parentId: field('integer', '回复的评论编号（可选）'),
  }),
  responses: answers(CommentNodeSchema, [401, 404, 429]),
})

export const getReplies = apiRoute('get', '/Comment/GetCommentReplyPage', tags, {
  summary: '别人对我的评论的回复，新的在前',
  middleware: [signedIn],
  request: { query: z.object({ ...page }) },
  responses: answers(pagedOf(CommentReply), [401]),
})

// --- the back office: hiding comments (issue 20) -------------------------------------------

const ModeratedComment = z
  .object({
    id: z.number().int(),
    articleId: z.number().int(),
    articleTitle: z.string(),
    kindText: z.string().openapi({ description: '社区、任务或课程' }),
    parentId: z.number().int().nullable(),
    content: z.string().openapi({ description: '纯文本，按文本显示' }),
    imgurl: z.string(),
    hidden: z.boolean().openapi({ description: '已隐藏：不在公开的评论列表与回复消息中' }),
    userId: z.number().int(),
    nickName: z.string(),
    createTime: z.string(),
  })
  .openapi('ModeratedComment')
export type ModeratedComment = z.infer<typeof ModeratedComment>

export const {
  list: getAdminComments,
  down: postCommentHide,
  up: postCommentRestore,
} = moderationCalls({
  path: 'comments',
  idLabel: '评论编号',
  item: ModeratedComment,
  writer: '评论人',
  list: [
    '评论（含已隐藏的）：按评论编号、所属内容编号、是否隐藏查找，新的在前',
    z.object({
      id: int('评论编号', { min: 1 }),
      articleId: int('内容编号', { min: 1 }),
      hidden: oneOf('是否隐藏', ['1', '0']),
      ...page,
    }),
  ],
  down: ['hide', '隐藏评论（须填原因，通知评论人）。已隐藏：409'],
  up: ['restore', '恢复显示隐藏的评论（通知评论人；原因可选）。未隐藏：409'],
})
