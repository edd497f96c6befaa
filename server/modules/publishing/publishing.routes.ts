import { type ComplaintForm, checkComplaint } from '../../../src/lib/rules/complaint.ts'
import {
  type Checked,
  checked,
  type Input,
  isFilePath,
  len,
  refusal,
  text,
} from '../../../src/lib/rules/fields.ts'
import {
  checkHandleNote,
  checkTakedown,
  MODERATION_TEXT_MAX,
  TAKEDOWN_CHOICES,
} from '../../../src/lib/rules/moderation.ts'
import { adminRoute } from '../../admin/admin-route.ts'
import { moderationCalls } from '../../admin/moderation.ts'
import { answers, apiRoute, BAD_INPUT, jsonBody, pagedOf, z } from '../../contract/index.ts'
import { field, id, idBody, int, objectBody, oneOf, page, ruleBody, str } from '../../contract/params.ts'
import { signedIn } from '../../http.ts'

const tags = ['发布']

export const POST_NAME_MAX = 20

export interface ArticleAppend extends ComplaintForm {
  /** 联系人; the author's nickname when blank. */
  postName: string
  /** The cover: the posted one when it is a file of ours, else the first material. */
  imgurl: string
}

/**
 * A complaint's body (accounts §5, status 50) after its rule, then the contact name. The other
 * kinds go through checkPublish (src/lib/rules/publish.ts) in the handler, which knows the user.
 */
export function checkComplaintAppend(input: Input): Checked<ArticleAppend> {
  const r = checkComplaint(input)
  if (r.error !== null) return r
  const postName = text(input, 'postName')
  if (len(postName) > POST_NAME_MAX)
    return checked(refusal('postName', `联系人名称不能超过${POST_NAME_MAX}个字`), null as never)
  const cover = text(input, 'imgurl')
  return checked(null, {
    ...r.value,
    postName,
    imgurl: cover && isFilePath(cover) ? cover : (r.value.files[0] ?? ''),
  })
}

/** The fields of a publish or edit form (accounts §2, §3 Article), as documented; read as they come. */
const publishDoc = {
  status: field('integer', '10 社区，20 任务，30 课程，50 投诉建议'),
  title: field('string', '标题，至多20字'),
  imgurl: field('string', '封面：本人上传的图片或站点图片（正文中的图片同样）；投诉建议为空时用第一个材料'),
  classId: field('integer', '分类编号（对应类型的分类字典）'),
  free: field('integer', '1 收费，2 免费（免费时价格为 0）'),
  price: field('string', '价格（元）：数字，至多两位小数、8位长度'),
  tag: field('string', '标签，逗号分隔，至多3个（对应类型的标签字典）'),
  content: field('string', '正文 HTML（富文本编辑器），至多2000字符；保存前按白名单清洗'),
  brief: field('string', '摘要 HTML；空时取正文前100字。投诉建议：投诉内容，至多100字'),
  city: field('string', '任务：城市（城市字典）'),
  postName: field('string', '任务：联系人，至多20字'),
  tel: field('string', '任务：联系电话，至多11位'),
  addressx: field('string', '任务：联系地址，至多50字'),
  imgurls: field('string', '投诉建议：本人上传的材料的文件地址，逗号连接，1到2个'),
  list: field(
    'array',
    '课程：目录 [{ id（编辑已有节时）, title（至多20字）, imgurl（本人上传的 mp4/pdf，至多2GB（以 Upload/PostResumable 分片上传）；保存时收费节的文件移入私密区，免费节的移入公开区）, status（1 收费，2 免费）, price, params（时长秒数） }]',
  ),
}

export const appendArticle = apiRoute('post', '/Article/PostArticleAppend', tags, {
  summary:
    '发布社区帖子（10）、任务（20）、课程（30，需认证）或投诉建议（50）。按规格的顺序校验，正文清洗后保存，立即上架',
  middleware: [signedIn],
  request: {
    body: jsonBody(objectBody(publishDoc)),
  },
  responses: answers(z.string().openapi({ description: '发布成功 / 提交成功' }), [401, 413]),
})

export const updateArticle = apiRoute('post', '/Article/PostArticleUpdate', tags, {
  summary: '编辑自己发布的帖子、任务或课程：与发布相同的规则；别人的内容按不存在回答（404）',
  middleware: [signedIn],
  request: {
    body: jsonBody(objectBody({ id: field('integer', '内容编号'), ...publishDoc })),
  },
  responses: answers(z.string().openapi({ description: '发布成功' }), [401, 404, 413]),
})

export const toggleListing = apiRoute('post', '/Article/PostArticleExt', tags, {
  summary: '自己发布的内容上架/下架切换；回答新的上架标记。被平台下架的内容不能自行上架（403），须由运营恢复',
  middleware: [signedIn],
  request: { body: jsonBody(idBody('内容编号')) },
  responses: answers(z.enum(['是', '否']).openapi({ description: '是 上架，否 下架' }), [401, 403, 404]),
})

export const deleteArticle = apiRoute('post', '/Article/PostArticleDeleteIsshow', tags, {
  summary: '删除自己发布的内容（不再显示）',
  middleware: [signedIn],
  request: { body: jsonBody(idBody('内容编号')) },
  responses: answers(z.string().openapi({ description: '删除成功' }), [401, 404]),
})

/** One month of one of the author's items (issue 39): who bought it and what it brought in. */
export const AuthorSale = z
  .object({
    month: z.string().openapi({ description: '付款月份（北京时间），如 2026-12' }),
    id: z.number().int().openapi({ description: '内容编号' }),
    status: z.number().int().openapi({ description: '10 社区，20 任务，30 课程' }),
    title: z.string(),
    buyers: z.number().int().openapi({ description: '当月购买人数（同一人买多节算一人）' }),
    amount: z.number().openapi({ description: '当月销售额（元）：买家实付，已退款的订单不计' }),
  })
  .openapi('AuthorSale')

export const getArticleSales = apiRoute('get', '/Article/GetArticleSales', tags, {
  summary:
    '我发布的内容卖了多少：按月、按内容的购买人数与销售额（退款后），与后台看板的热销统计同一规则。新月份在前',
  middleware: [signedIn],
  request: {
    query: z.object({
      status: int('内容类型：10 社区，20 任务，30 课程；不填为全部', { values: [10, 20, 30] }),
    }),
  },
  responses: answers(z.array(AuthorSale), [401]),
})

// --- the back office: moderation (issue 20) ------------------------------------------------

const TakedownRefund = z
  .object({
    buyers: z.number().int().openapi({ description: '购买者人数' }),
    orders: z.number().int().openapi({ description: '已付款的订单数' }),
    amount: z.number().openapi({ description: '退款合计（元）：各订单实付减去已退的部分' }),
  })
  .openapi('TakedownRefund', { description: '违规下架并退款退回余额的购买者、订单与金额' })
export type TakedownRefund = z.infer<typeof TakedownRefund>

const ModeratedArticle = z
  .object({
    id: z.number().int(),
    status: z.number().int().openapi({ description: '10 社区，20 任务，30 课程' }),
    kindText: z.string(),
    title: z.string(),
    imgurl: z.string(),
    listed: z.boolean().openapi({ description: '当前是否上架' }),
    moderated: z.boolean().openapi({ description: '被平台下架：作者不能自行上架，须由运营恢复' }),
    authorId: z.number().int().nullable(),
    authorName: z.string(),
    authorTel: z.string(),
    createTime: z.string(),
    refunded: TakedownRefund.optional().openapi({
      description: '违规下架并退款时：本次退款的购买者数、订单数与金额',
    }),
  })
  .openapi('ModeratedArticle')
export type ModeratedArticle = z.infer<typeof ModeratedArticle>

const Complaint = z
  .object({
    id: z.number().int(),
    content: z.string().openapi({ description: '投诉内容' }),
    files: z.array(z.string()).openapi({ description: '材料（上传的文件地址）' }),
    postName: z.string(),
    tel: z.string(),
    userId: z.number().int().nullable(),
    nickName: z.string(),
    createTime: z.string(),
    handled: z.boolean(),
    handledTime: z.string().nullable(),
    handledBy: z.string(),
    note: z.string().openapi({ description: '处理说明（运营的记录，不发给投诉人）' }),
    about: ModeratedArticle.nullable().openapi({ description: '运营关联的被投诉内容' }),
  })
  .openapi('Complaint')
export type Complaint = z.infer<typeof Complaint>

const complaintParam = z.object({ id: id('投诉编号') })

export const {
  list: getAdminArticles,
  down: postArticleUnlist,
  up: postArticleRestore,
} = moderationCalls({
  path: 'articles',
  idLabel: '内容编号',
  item: ModeratedArticle,
  writer: '作者',
  list: [
    '查找帖子、任务、课程（按编号或标题、类型、上架状态），新的在前',
    z.object({
      q: str('编号或标题', 50),
      kind: oneOf('类型', ['10', '20', '30']),
      state: oneOf('状态', ['listed', 'unlisted', 'moderated']),
      ...page,
    }),
  ],
  down: [
    'unlist',
    `平台下架（须填原因，通知作者）；作者不能自行重新上架。refund=false（默认）：${TAKEDOWN_CHOICES.keep}；refund=true：${TAKEDOWN_CHOICES.refund}，每个已付款订单退回购买者余额并通知。已被下架：409`,
  ],
  downBody: {
    check: checkTakedown,
    doc: {
      refund: field('boolean', `true：${TAKEDOWN_CHOICES.refund}；false 或不填：${TAKEDOWN_CHOICES.keep}`),
    },
  },
  up: ['restore', '恢复平台下架的内容（重新上架，通知作者；原因可选）。未被平台下架：409'],
})

export const getArticleTakedown = adminRoute('get', '/admin/articles/{id}/takedown', 'moderation', {
  summary: `若现在${TAKEDOWN_CHOICES.refund}：将退款的购买者数、订单数与金额（下架对话框显示）`,
  request: { params: z.object({ id: id('内容编号') }) },
  responses: answers(TakedownRefund, [401, 404]),
})

export const getComplaints = adminRoute('get', '/admin/complaints', 'moderation', {
  summary: '投诉建议：waiting 待处理（旧的在前），handled 已处理，不填为全部（新的在前）',
  request: { query: z.object({ state: oneOf('状态', ['waiting', 'handled']), ...page }) },
  responses: answers(pagedOf(Complaint), [401]),
})

export const getComplaint = adminRoute('get', '/admin/complaints/{id}', 'moderation', {
  summary: '一条投诉：内容、材料、投诉人、处理情况、关联的内容',
  request: { params: complaintParam },
  responses: answers(Complaint, [401, 404]),
})

export const postComplaintHandle = adminRoute('post', '/admin/complaints/{id}/handle', 'moderation', {
  summary: '标记投诉已处理（须填处理说明）。已处理：409 该投诉已处理',
  request: {
    params: complaintParam,
    body: jsonBody(
      ruleBody(checkHandleNote, { note: field('string', `处理说明，至多${MODERATION_TEXT_MAX}字`) }),
    ),
  },
  responses: answers(Complaint, [401, 404, 409]),
})

export const postComplaintSubject = adminRoute('post', '/admin/complaints/{id}/subject', 'moderation', {
  summary: '关联投诉所指的帖子、任务或课程（articleId 为 null 时取消关联）',
  request: {
    params: complaintParam,
    body: jsonBody(
      z.object(
        {
          articleId: z
            .number({ error: '请提供正确的内容编号' })
            .int({ error: '请提供正确的内容编号' })
            .min(1, { error: '请提供正确的内容编号' })
            .nullable(),
        },
        { error: BAD_INPUT },
      ),
    ),
  },
  responses: answers(Complaint, [401, 404]),
})
