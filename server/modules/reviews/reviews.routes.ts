import { checkAddition, checkReview, REVIEW_IMAGES_MAX, REVIEW_MAX } from '../../../src/lib/rules/review.ts'
import { moderationCalls } from '../../admin/moderation.ts'
import { answers, apiRoute, pagedOf, z } from '../../contract/index.ts'
import { field, id, int, oneOf, page } from '../../contract/params.ts'
import { ruleRequest } from '../../contract/requests.ts'
import { signedIn } from '../../http.ts'
import { OwnReview, ReviewAddition, ReviewItem, ReviewSummary } from './reviews.queries.ts'

export { OwnReview, ReviewAddition, ReviewItem, ReviewSummary }

const tags = ['评价']

export const ReviewPage = pagedOf(ReviewItem).extend({ summary: ReviewSummary })

export const OrderReviewLine = z
  .object({
    spuId: z.number().int(),
    title: z.string().openapi({ description: '订单中的商品名称（含规格）' }),
    imgurl: z.string(),
    review: OwnReview.nullable().openapi({ description: '尚未评价时为 null' }),
  })
  .openapi('OrderReviewLine')

export const OrderReviews = z
  .object({
    canReview: z.boolean().openapi({ description: '订单已完成（40）：可以评价' }),
    list: z.array(OrderReviewLine).openapi({ description: '订单中的每种商品一行' }),
  })
  .openapi('OrderReviews')

export const getReviewsPage = apiRoute('get', '/Reviews/GetReviewsPage', tags, {
  summary: '商品的评价：新的在前，分页；hasImg=1 只看有图的；附汇总（平均分、条数、有图条数）',
  request: {
    query: z.object({
      spuId: id('商品编号'),
      hasImg: oneOf('是否只看有图', ['0', '1']),
      ...page,
    }),
  },
  responses: answers(ReviewPage, [404]),
})

export const getReviewsSummary = apiRoute('get', '/Reviews/GetReviewsSummary', tags, {
  summary: '商品评价汇总：平均分（一位小数）、条数、有图条数',
  request: { query: z.object({ spuId: id('商品编号') }) },
  responses: answers(ReviewSummary, [404]),
})

export const getOrderReviews = apiRoute('get', '/Reviews/GetReviewsOrder', tags, {
  summary: '自己订单中每种商品的评价状态（订单详情的 评价 / 追评 按钮）',
  middleware: [signedIn],
  request: { query: z.object({ orderId: id('订单编号') }) },
  responses: answers(OrderReviews, [401, 404]),
})

const textDoc = (what: string) => field('string', `${what}，纯文本，至多 ${REVIEW_MAX} 字`)
const imgsDoc = field('string', `上传的图片路径，逗号分隔，至多 ${REVIEW_IMAGES_MAX} 张（可选）`)

export const postReview = apiRoute('post', '/Reviews/PostReviewsAppend', tags, {
  summary: '评价已完成订单中的一种商品：1-5 星、文字、至多 6 张图；每个订单的每种商品一次',
  middleware: [signedIn],
  request: ruleRequest(checkReview, {
    orderId: field('integer', '订单编号'),
    spuId: field('integer', '商品编号'),
    stars: field('integer', '星级 1-5'),
    content: textDoc('评价内容'),
    imgs: imgsDoc,
  }),
  responses: answers(OwnReview, [401, 404, 409]),
})

export const postAddition = apiRoute('post', '/Reviews/PostReviewsAddition', tags, {
  summary: '追评：对自己的评价追加一次文字与图片',
  middleware: [signedIn],
  request: ruleRequest(checkAddition, {
    id: field('integer', '评价编号'),
    content: textDoc('追评内容'),
    imgs: imgsDoc,
  }),
  responses: answers(OwnReview, [401, 404, 409]),
})

// --- the back office: hiding reviews ----------------------------------------------------------

export const ModeratedReview = z
  .object({
    id: z.number().int(),
    spuId: z.number().int(),
    productTitle: z.string(),
    skuTitle: z.string(),
    orderId: z.number().int(),
    orderCode: z.string(),
    userId: z.number().int(),
    nickName: z.string().openapi({ description: '评价人昵称（未打码）' }),
    stars: z.number().int(),
    content: z.string(),
    imgs: z.array(z.string()),
    addition: ReviewAddition.nullable(),
    hidden: z.boolean().openapi({ description: '已隐藏：不在商品页、评价列表与汇总中' }),
    createTime: z.string(),
  })
  .openapi('ModeratedReview')
export type ModeratedReview = z.infer<typeof ModeratedReview>

export const {
  list: getAdminReviews,
  down: postReviewHide,
  up: postReviewShow,
} = moderationCalls({
  path: 'reviews',
  idLabel: '评价编号',
  item: ModeratedReview,
  writer: '评价人',
  list: [
    '商品评价（含已隐藏的）：按编号、商品、星级、是否隐藏查找，新的在前',
    z.object({
      id: int('评价编号', { min: 1 }),
      spuId: int('商品编号', { min: 1 }),
      stars: int('星级', { min: 1, max: 5 }),
      hidden: oneOf('是否隐藏', ['1', '0']),
      ...page,
    }),
  ],
  down: ['hide', '隐藏评价（须填原因，通知评价人）。已隐藏：409'],
  up: ['show', '恢复显示隐藏的评价（通知评价人；原因可选）。未隐藏：409'],
})
