import { LISTED_KINDS, PRODUCT_LIKE_STATUS } from '../../../src/lib/constants.ts'
import type { Checked, Input } from '../../../src/lib/rules/fields.ts'
import { answers, apiRoute, z } from '../../contract/index.ts'
import { field, id, int, parseId } from '../../contract/params.ts'
import { ruleRequest } from '../../contract/requests.ts'
import { signedIn } from '../../http.ts'

const tags = ['收藏']

/** The kinds of favourites: the article statuses 10, 20, 30, and 40 for a product (accounts §4). */
export const LIKE_KINDS: readonly number[] = [...LISTED_KINDS, PRODUCT_LIKE_STATUS]

export const Favourite = z
  .object({
    tagId: z.number().int().openapi({ description: '收藏的内容或商品编号' }),
    status: z.number().int().openapi({ description: '10 社区，20 任务，30 课程，40 产品' }),
    title: z.string(),
    imgurl: z.string(),
    extFlag: z.string().openapi({ description: '标签，逗号分隔' }),
    ext: z.string().openapi({ description: '价格（元），两位小数的文本' }),
    urls: z.string().openapi({ description: '详情页地址' }),
    listed: z.boolean().openapi({
      description: '是否在架：下架或已删除的为 false（卡片显示已下架；已删除的保留收藏时的标题、图片和价格）',
    }),
  })
  .openapi('Favourite', { description: '收藏的一项（/fav 的卡片）' })

/** tagId and status of PostUserLikeAppend; the card itself is read from the database. */
function checkLike(input: Input): Checked<{ tagId: number; status: number }> {
  const tagId = parseId(input.tagId)
  const status = Number(input.status)
  if (tagId === null) return { error: '请提供收藏内容的编号', field: 'tagId', value: null }
  if (!LIKE_KINDS.includes(status)) return { error: '收藏类型不正确', field: 'status', value: null }
  return { error: null, field: null, value: { tagId, status } }
}

const signed = { middleware: [signedIn] }

export const appendLike = apiRoute('post', '/UserLike/PostUserLikeAppend', tags, {
  summary: '收藏；重复收藏仍只有一条',
  ...signed,
  request: ruleRequest(checkLike, {
    tagId: field('integer', '内容或商品编号'),
    status: field('integer', '40 产品，否则为内容的 status（10、20、30）'),
    title: field('string', '不使用：标题、图片、标签和价格取自数据库'),
  }),
  responses: answers(z.string().openapi({ example: '收藏成功' }), [401, 404]),
})

export const deleteLike = apiRoute('get', '/UserLike/GetUserLikeDeleteWhere', tags, {
  summary: '取消收藏',
  ...signed,
  request: {
    query: z.object({ id: id('收藏内容的编号'), status: int('收藏类型', { min: 10, max: 40 }) }),
  },
  responses: answers(z.string().openapi({ example: '取消收藏' }), [401]),
})

export const getLikes = apiRoute('get', '/UserLike/GetUserLikeQuery', tags, {
  summary: '我的收藏，新的在前；status 为收藏类型，不给则全部',
  ...signed,
  request: { query: z.object({ status: int('收藏类型', { min: 10, max: 40 }) }) },
  responses: answers(z.array(Favourite), [401]),
})
