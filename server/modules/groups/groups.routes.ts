import { answers, apiRoute, z } from '../../contract/index.ts'
import { id } from '../../contract/params.ts'
import { signedIn } from '../../http.ts'

/**
 * The signed-in buyer's own prices of a product's SKUs (issue 40): the product page is built the
 * same for everyone, so its live island asks this for 会员价 / 协议价. Never read-cached (per user).
 */
export const MyPrices = z
  .array(
    z.object({
      skuId: z.number().int(),
      price: z.number().openapi({ description: '原价（元）' }),
      myPrice: z.number().openapi({ description: '我的单价（元）' }),
      kind: z
        .enum(['list', 'member', 'group'])
        .openapi({ description: 'list 原价，member 会员价，group 协议价' }),
      label: z.string().openapi({ description: '会员价、协议价；原价为空' }),
      groupTitle: z.string().openapi({ description: '协议价所属价目表；否则为空' }),
    }),
  )
  .openapi('MyPrices')

export const getMyPrices = apiRoute('get', '/ProductSpu/GetMyPrices', ['商品'], {
  summary: '我的价格：登录客户在该商品各规格上的实付单价（原价、会员价、协议价中最低者）',
  middleware: [signedIn],
  request: { query: z.object({ id: id('商品编号') }) },
  responses: answers(MyPrices, [401]),
})
