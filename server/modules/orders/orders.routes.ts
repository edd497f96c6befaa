import { answers, createRoute, pagedOf, z } from '../../contract/index.ts'
import { flag, page, range } from '../../contract/params.ts'
import { signedIn } from '../../http.ts'

const tags = ['订单']

export const OrderItem = z
  .object({
    imgurl: z.string(),
    title: z.string(),
    price: z.number().openapi({ description: '单价（元）' }),
    quantity: z.number().int(),
  })
  .openapi('OrderItem')
export type OrderItem = z.infer<typeof OrderItem>

/** One of the user's own orders (storefront §4). */
export const OrderCard = z
  .object({
    id: z.number().int(),
    code: z.string().openapi({ description: '订单号' }),
    status: z
      .number()
      .int()
      .openapi({ description: '10 待付款，20 待发货，30 待收货，40 已完成，100 已取消' }),
    statusText: z.string(),
    types: z.number().int().openapi({ description: '10：退款/售后' }),
    costPrice: z.number().openapi({ description: '商品金额（元）' }),
    tolCost: z.number().openapi({ description: '实付金额（元）' }),
    recName: z.string(),
    recTel: z.string(),
    recAddress: z.string().openapi({ description: '省,市,区,街道' }),
    recAddressx: z.string().openapi({ description: '详细地址' }),
    createTime: z.string(),
    payTime: z.string().openapi({ description: '未支付时为空' }),
    wayTime: z.string().openapi({ description: '未发货时为空' }),
    finishTime: z.string().openapi({ description: '未完成时为空' }),
    ext: z.string().openapi({ description: '商品清单 JSON：[{imgurl, title, quantity}]' }),
    itemList: z.array(OrderItem),
  })
  .openapi('OrderCard')
export type OrderCard = z.infer<typeof OrderCard>

/** An order of one of the introducer's customers (Orders/GetOrdersPage?introducer=1). */
export const CustomerOrder = z
  .object({
    id: z.number().int(),
    code: z.string(),
    nickName: z.string().openapi({ description: '客户昵称' }),
    avatarUrl: z.string(),
    recTel: z.string().openapi({ description: '打码的收货电话' }),
    tolCost: z.number().openapi({ description: '实付金额（元）' }),
    createTime: z.string(),
    status: z.number().int(),
  })
  .openapi('CustomerOrder')
export type CustomerOrder = z.infer<typeof CustomerOrder>

export const getOrders = createRoute({
  method: 'get',
  path: '/Orders/GetOrdersPage',
  tags,
  summary:
    '自己的订单，按状态筛选（-1 为退款/售后）；introducer=1 时为介绍人的客户的已支付订单，与 GetUsersIntroducer 的合计一致',
  middleware: [signedIn],
  request: {
    query: z.object({
      introducer: flag('1：客户的订单'),
      // Read by the handler: the introducer list ignores it, as it always has.
      status: z
        .string()
        .optional()
        .openapi({ type: 'integer', enum: [10, 20, 30, 40, 100, -1], description: '订单状态' }),
      ...page,
      ...range,
    }),
  },
  responses: answers(z.union([pagedOf(OrderCard), pagedOf(CustomerOrder)]), [401]),
})
