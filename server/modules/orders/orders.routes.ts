import { answers, apiRoute, jsonBody, pagedOf, z } from '../../contract/index.ts'
import { field, flag, id, int, objectBody, page, range, str } from '../../contract/params.ts'
import { signedIn } from '../../http.ts'
import { Breakdown } from './order-shapes.ts'

const tags = ['订单']

export const OrderItem = z
  .object({
    lineId: z.number().int().openapi({ description: '商品行编号（售后申请的 lines 用它指明商品）' }),
    shipped: z.number().int().openapi({ description: '已发出数量' }),
    refunded: z.number().int().openapi({ description: '已退款数量' }),
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
    payDeadline: z.string().openapi({
      description:
        '待付款订单的付款截止时间（逾期自动取消）：选择对公转账后为下单后 TRANSFER_EXPIRY_HOURS 小时，否则下单后 ORDER_EXPIRY_MINUTES 分钟；其他状态为空',
    }),
    afterStatus: z.number().int().openapi({
      description: '售后状态：0 无，10 申请中，20 已退款（订单随之为 100），30 已驳回（可再申请）',
    }),
    invoiceStatus: z.number().int().openapi({ description: '发票状态：0 未申请，10 申请中，20 已开票' }),
    invoiceStatusText: z
      .string()
      .openapi({ description: "'' | 申请中 | 已开票 | 已作废（已开票后退款）| 已取消（申请中退款）" }),
    kind: z.enum(['goods', 'article']).openapi({
      description: 'goods 商品订单；article 课程/帖子/任务订单（付款即交付，付款后为 40 已完成）',
    }),
    articleId: z.number().int().nullable().openapi({ description: 'article 订单所购的内容编号' }),
    ext: z.string().openapi({ description: '商品清单 JSON：[{imgurl, title, quantity}]' }),
    itemList: z.array(OrderItem),
    ...Breakdown,
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

export const getOrders = apiRoute('get', '/Orders/GetOrdersPage', tags, {
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
      types: int('售后类型', { min: 0, max: 10, about: '0 普通，10 已申请售后（status=-1 时忽略）' }),
      tag: str('接受但忽略（规格未说明其含义）'),
      types2: str('接受但忽略（规格未说明其含义）'),
      ...page,
      ...range,
    }),
  },
  responses: answers(z.union([pagedOf(OrderCard), pagedOf(CustomerOrder)]), [401]),
})

/** One of the user's own orders in full (Orders/GetOrders). */
export const OrderDetail = OrderCard.extend({
  list: z.array(OrderItem).openapi({ description: '商品清单，与 itemList 相同' }),
  discount: z.number().openapi({ description: '下单时的会员折扣（折，如 8.5；10 为无折扣）' }),
  payWay: z.string().openapi({ description: '支付方式：alipay、wechat、balance、union；未支付时为空' }),
  afterStatusText: z.string().openapi({
    description: "'' | 申请中 | 待财务审批 | 待寄回 | 待验收 | 待退款 | 已退款 | 已换货 | 已驳回",
  }),
  afterSale: z
    .object({
      kind: z.string().openapi({ description: 'refund 仅退款，return 退货退款，exchange 换货' }),
      kindText: z.string(),
      state: z.string(),
      lines: z.array(z.object({ lineId: z.number().int(), quantity: z.number().int() })),
      amount: z.number().openapi({ description: '批准的退款金额（元）' }),
      returnAddress: z.string().openapi({ description: '待寄回时：寄回地址' }),
      returnWaybill: z.string().openapi({ description: '已寄回时：快递公司与运单号' }),
    })
    .nullable()
    .openapi({ description: '最近一次售后申请；无申请为 null' }),
  afterRemarks: z.string().openapi({ description: '退款原因' }),
  afterImgs: z.string().openapi({ description: '售后图片，逗号分隔' }),
  afterRejectReason: z.string().openapi({ description: '驳回原因；未驳回时为空' }),
  invoiceTitle: z.string().openapi({ description: '所选发票信息的公司名称；未申请时为空' }),
  invoiceNumber: z.string().openapi({ description: '已开票时的发票号码；否则（含已作废）为空' }),
  invoiceFile: z.string().openapi({
    description: '电子发票文件的限时链接（签名地址，约一小时有效）；纸质发票、未开票或已作废时为空',
  }),
  hasWaybill: z.number().int().openapi({ description: '1：有运单（可看物流信息）' }),
}).openapi('OrderDetail')
export type OrderDetail = z.infer<typeof OrderDetail>

const orderId = { id: id('订单编号') }

export const getOrder = apiRoute('get', '/Orders/GetOrders', tags, {
  summary: '自己的一个订单（他人的订单答 404 订单不存在）',
  middleware: [signedIn],
  request: { query: z.object(orderId) },
  responses: answers(OrderDetail, [401, 404]),
})

export const postOrderAppend = apiRoute('post', '/Orders/PostOrdersAppend', tags, {
  summary:
    '下单：商品（list 为 [{skuId, quantity}]，需收货地址）或一项课程/帖子/任务（list 为 [{articleId, sectionId?}]）。价格、标题、图片全部取自数据库；库存在同一事务中扣减。免费内容直接加入，答 0',
  middleware: [signedIn],
  request: {
    body: jsonBody(
      objectBody({
        recName: field('string', '收货人'),
        recTel: field('string', '收货电话'),
        recProvince: field('string', '省'),
        recCity: field('string', '市'),
        recArea: field('string', '区'),
        recStreet: field('string', '街道'),
        recAddress: field('string', '省,市,区,街道（缺省时由以上拼成）'),
        recAddressx: field('string', '详细地址'),
        nickName: field('string', '下单人昵称'),
        list: field(
          'array',
          '[{skuId, quantity, spuId?, title?, imgurl?}]（title/imgurl 忽略）或 [{articleId, sectionId?}]',
        ),
        userCouponId: field('integer', '所用优惠券（我的优惠券编号）；0 或不填为不用'),
        buyerNote: field('string', '买家留言，至多200字'),
      }),
    ),
  },
  responses: answers(z.number().int().openapi({ description: '新订单编号；免费内容加入时为 0' }), [401]),
})

const Off = z.object({
  id: z.number().int(),
  title: z.string(),
  off: z.number().openapi({ description: '元' }),
})

/** The checkout's figures for what would be ordered (issue 24). */
export const Quote = z
  .object({
    subtotal: z.number().openapi({ description: '商品金额（元，原价合计）' }),
    memberOff: z.number().openapi({ description: '会员折扣减去（元）' }),
    groupOff: z
      .number()
      .openapi({ description: '协议价减去（元）：客户组价目表的价格低于会员价的商品行，按协议价计' }),
    groupTitle: z.string().openapi({ description: '所享价目表名称（多个以、分隔）；无则为空' }),
    discountText: z.string().nullable().openapi({ description: '会员折扣，如 8.5折；无折扣为 null' }),
    creditOff: z.number().openapi({ description: '已购章节抵扣（元）：补差价购买整套课程' }),
    promotion: Off.nullable().openapi({ description: '所享满减' }),
    coupon: Off.nullable().openapi({ description: '所用优惠券（id 为我的优惠券编号）' }),
    userCouponId: z.number().int().openapi({ description: '所选优惠券；0 为不用' }),
    offerChoice: z
      .object({ applied: z.enum(['promotion', 'coupon']), reason: z.string() })
      .nullable()
      .openapi({
        description:
          '优惠券不可与满减同享且两者都适用时：所选的一项（更优惠的）及原因，如 优惠券不可与满减同享，已为您选择更优惠的满减；否则为 null',
      }),
    goods: z.number().openapi({ description: '商品应付（元）：减去折扣、满减与优惠券后' }),
    shipping: z.number().openapi({ description: '运费（元），0 为包邮' }),
    total: z.number().openapi({ description: '实付（元）' }),
    coupons: z
      .array(
        z.object({
          id: z.number().int().openapi({ description: '我的优惠券编号' }),
          couponId: z.number().int(),
          title: z.string(),
          ruleText: z.string().openapi({ description: '如 满300减30' }),
          scopeText: z.string().openapi({ description: '如 全场商品' }),
          startTime: z.string(),
          endTime: z.string(),
          usable: z.boolean(),
          reason: z.string().nullable().openapi({ description: '不可用的原因，如 未满¥300.00可用' }),
          off: z.number().openapi({ description: '用它可减（元）' }),
        }),
      )
      .openapi({ description: '我持有的未过期优惠券，可用的在前，各按可减多少排列' }),
    nextPromotion: z
      .object({ need: z.number(), off: z.number(), title: z.string() })
      .nullable()
      .openapi({ description: '再买 need 元可减 off 元；无则为 null' }),
  })
  .openapi('Quote')
export type Quote = z.infer<typeof Quote>

export const postOrderQuote = apiRoute('post', '/Orders/PostOrdersQuote', tags, {
  summary:
    '结算页的价格：与下单相同的请求体（收货省份决定运费），userCouponId 不填或 -1 时自动选最优的优惠券，0 为不用。与下单使用同一个计价函数',
  middleware: [signedIn],
  request: {
    body: jsonBody(
      objectBody({
        recProvince: field('string', '收货省份（未选时按基础运费）'),
        list: field('array', '与下单相同'),
        userCouponId: field('integer', '-1 或不填：自动选最优；0：不用；其他：我的优惠券编号'),
      }),
    ),
  },
  responses: answers(Quote, [401]),
})

export const postOrderStatus = apiRoute('post', '/Orders/PostOrdersStatus', tags, {
  summary:
    '改变订单状态：取消（status 100，仅待付款订单，库存退回，答 取消成功）或确认收货（status 40，仅待收货订单，答 确认收货成功）',
  middleware: [signedIn],
  request: {
    body: jsonBody(
      objectBody({
        id: field('integer', '订单编号'),
        status: field('integer', '目标状态：100 取消，40 确认收货'),
      }),
    ),
  },
  responses: answers(z.string().openapi({ description: '取消成功 / 确认收货成功' }), [401, 404]),
})
