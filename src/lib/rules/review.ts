import { type Checked, checked, firstError, type Input, isFilePath, len, list, text } from './fields.ts'

/** A review's text, and a 追评's, counted as a person counts characters (issue 24 item 6). */
export const REVIEW_MAX = 500
/** Images of a review, and of a 追评, through the uploader. */
export const REVIEW_IMAGES_MAX = 6
/** Stars run 1 to 5; the dialog's radio buttons and the server read them through checkReview. */
export const STARS_MAX = 5

/** What each star count means, for the dialog's radio labels and the list's screen-reader text. */
export const STAR_WORDS: Record<number, string> = {
  1: '很差',
  2: '较差',
  3: '一般',
  4: '满意',
  5: '非常满意',
}

export interface ReviewForm {
  orderId: number
  spuId: number
  stars: number
  /** Plain text, trimmed: shown as text, never as HTML. */
  content: string
  /** Uploaded image paths (the caller's own, checked by the server). */
  images: string[]
}

export interface AdditionForm {
  /** The review the 追评 belongs to. */
  id: number
  content: string
  images: string[]
}

export type ReviewField = 'orderId' | 'spuId' | 'stars' | 'content' | 'imgs'
export type AdditionField = 'id' | 'content' | 'imgs'

const MAX_ID = 2_147_483_647
/** A positive whole id from a body field, or null. */
const idOf = (input: Input, key: string): number | null => {
  const v = text(input, key)
  return /^\d{1,10}$/.test(v) && Number(v) >= 1 && Number(v) <= MAX_ID ? Number(v) : null
}

/** The text and images both a review and a 追评 carry, in the order the dialog shows them. */
const bodyChecks = (content: string, images: string[]) =>
  [
    ['content', !content, '请填写评价内容'],
    ['content', len(content) > REVIEW_MAX, `评价内容不能超过${REVIEW_MAX}个字`],
    ['imgs', images.length > REVIEW_IMAGES_MAX, `最多上传${REVIEW_IMAGES_MAX}张图片`],
    ['imgs', !images.every(isFilePath), '图片地址不正确'],
  ] as const

/**
 * A review (Reviews/PostReviewsAppend): the order and product it is about, 1-5 stars
 * (请选择评分), text required and at most 500 characters, at most 6 images. The order-detail
 * dialog runs it before sending; the server runs it on the body.
 */
export function checkReview(input: Input): Checked<ReviewForm, ReviewField> {
  const orderId = idOf(input, 'orderId')
  const spuId = idOf(input, 'spuId')
  const starsText = text(input, 'stars')
  const stars = /^[1-5]$/.test(starsText) ? Number(starsText) : 0
  const content = text(input, 'content')
  const images = list(input, 'imgs')
  return checked(
    firstError<ReviewField>([
      ['orderId', orderId === null, '请提供订单编号'],
      ['spuId', spuId === null, '请提供商品编号'],
      ['stars', stars === 0, '请选择评分'],
      ...bodyChecks(content, images),
    ]),
    { orderId: orderId ?? 0, spuId: spuId ?? 0, stars, content, images },
  )
}

/** A 追评 (Reviews/PostReviewsAddition): the review's id, then the same text and image limits. */
export function checkAddition(input: Input): Checked<AdditionForm, AdditionField> {
  const id = idOf(input, 'id')
  const content = text(input, 'content')
  const images = list(input, 'imgs')
  return checked(
    firstError<AdditionField>([['id', id === null, '请提供评价编号'], ...bodyChecks(content, images)]),
    { id: id ?? 0, content, images },
  )
}

/**
 * A reviewer's name as the public sees it: first and last character with stars between, as
 * Chinese shops show buyers. reviewerName('用户1234') → '用***4'; reviewerName('张三') → '张***';
 * reviewerName('') → '匿名用户'.
 */
export function reviewerName(nick: string): string {
  const chars = [...nick.trim()]
  if (chars.length === 0) return '匿名用户'
  if (chars.length <= 2) return `${chars[0]}***`
  return `${chars[0]}***${chars[chars.length - 1]}`
}

/** averageOf(14, 3) → 4.7: the mean of the stars to one decimal, half up; 0 when none. */
export function averageOf(sum: number, count: number): number {
  return count > 0 ? Math.round((sum * 10) / count) / 10 : 0
}

/** '4.8分 · 12条评价', or '暂无评价': the summary line of the product page. */
export function summaryLine(s: { average: number; count: number }): string {
  return s.count > 0 ? `${s.average.toFixed(1)}分 · ${s.count}条评价` : '暂无评价'
}
