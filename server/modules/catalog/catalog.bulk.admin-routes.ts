/** The product list's bulk call (issue 37, permission catalog.write): many products on or off the shelf. */
import { adminRoute } from '../../admin/admin-route.ts'
import { answers, jsonBody, z } from '../../contract/index.ts'

/** The most products one call lists or unlists: a page of the list, five times over. */
export const BULK_LISTING_MAX = 100

export const BulkListingAnswer = z
  .object({ changed: z.array(z.number().int()).openapi({ description: '状态有变化的商品编号' }) })
  .openapi('BulkListingAnswer', { description: '批量上下架的结果' })
export type BulkListingAnswer = z.infer<typeof BulkListingAnswer>

export const postProductsListing = adminRoute('post', '/admin/products/listing', 'catalog.write', {
  summary: '批量上架（listed: true）或下架商品；已是该状态的跳过；任一商品不存在：404，全部不变',
  request: {
    body: jsonBody(
      z.object({
        ids: z
          .array(z.number().int('商品编号不正确').positive('商品编号不正确'))
          .min(1, '请选择商品')
          .max(BULK_LISTING_MAX, `一次最多选择${BULK_LISTING_MAX}个商品`),
        listed: z.boolean(),
      }),
    ),
  },
  responses: answers(BulkListingAnswer, [401, 404]),
})
