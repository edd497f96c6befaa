/**
 * The back office's order calls (issue 20), declared with adminRoute: the list, one order in
 * full, the waiting counts, the CSV export, and the actions — ship, confirm a transfer, decide
 * after-sales, issue an invoice (with its file), refund a refund-due payment. Each action calls
 * the same service function as `npm run ops` and answers the order as it is afterwards.
 */
import { ORDER_STATUS_FILTERS } from '../../../src/lib/constants.ts'
import {
  checkAfterSalesDecision,
  checkInvoiceIssue,
  checkOrderNote,
  checkReturnReceipt,
  checkTransferReceipt,
} from '../../../src/lib/rules/back-office.ts'
import { checkInvoiceReissue, checkInvoiceVoid } from '../../../src/lib/rules/invoice-correction.ts'
import { adminRoute } from '../../admin/admin-route.ts'
import { answers, fileBody, jsonBody, pagedOf, z } from '../../contract/index.ts'
import {
  day,
  daysInOrder,
  field,
  int,
  objectBody,
  oneOf,
  page,
  pathStr,
  ruleBody,
  str,
} from '../../contract/params.ts'
import { Breakdown, InvoiceRecord } from '../orders/order-shapes.ts'

/** The back office's queues of work: what the dashboard counts and the list's `queue` filter shows. */
export const ORDER_QUEUES = ['ship', 'transfer', 'after-sales', 'approval', 'invoice', 'refund-due'] as const
export type OrderQueue = (typeof ORDER_QUEUES)[number]

/** The list's sortable columns (pageOrder), newest first by default. */
export const ORDER_SORTS = ['createTime', 'payTime', 'tolCost'] as const

const statusText = { description: '10 待付款，20 待发货，30 待收货，40 已完成，100 已取消' }

/** One order as the back office lists it. */
export const AdminOrderRow = z
  .object({
    id: z.number().int(),
    code: z.string(),
    status: z.number().int().openapi(statusText),
    statusText: z.string(),
    kind: z.enum(['goods', 'article']).openapi({ description: 'goods 商品；article 课程/帖子/任务' }),
    title: z.string().openapi({ description: '第一件商品的名称，多件时加 等N件' }),
    tolCost: z.number().openapi({ description: '实付金额（元）' }),
    payWay: z.string().openapi({ description: 'alipay、wechat、balance、union；未支付时为空' }),
    buyerId: z.number().int(),
    buyerTel: z.string().openapi({ description: '买家账号手机号' }),
    buyerName: z.string().openapi({ description: '买家昵称' }),
    recName: z.string(),
    recTel: z.string(),
    createTime: z.string(),
    payTime: z.string(),
    afterStatus: z.number().int().openapi({
      description:
        '售后：0 无，10 申请中，11 待财务审批，12 待寄回，13 待验收，14 待退款，20 已退款，21 已换货，30 已驳回',
    }),
    afterStatusText: z.string(),
    invoiceStatus: z.number().int().openapi({
      description: '发票：0 未申请，10 申请中，20 已开票，30 已作废（退款红冲），40 待重开（财务红冲）',
    }),
    invoiceStatusText: z.string(),
    transfer: z.boolean().openapi({ description: '买家选择了对公转账（待财务确认收款）' }),
    refundDue: z.number().int().openapi({ description: '待退款的付款笔数（订单已取消后到账的付款）' }),
  })
  .openapi('AdminOrderRow')
export type AdminOrderRow = z.infer<typeof AdminOrderRow>

/** One staff action on the order, from the audit log. */
const HistoryEntry = z.object({
  at: z.string(),
  staff: z.string().openapi({ description: '操作人；ops 为服务器命令行' }),
  action: z
    .string()
    .openapi({ description: 'order.ship、order.confirm-transfer、order.after-sales.approve …' }),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  detail: z.string().openapi({ description: '操作结果的中文说明：订单待收货，运单 中通快递 7312' }),
})

/** A staff member's internal note on the order (never shown to the buyer). */
const OrderNote = z.object({
  id: z.number().int(),
  at: z.string(),
  staff: z.string().openapi({ description: '写备注的后台账号' }),
  text: z.string(),
})

/** One step of the order's timeline (server/modules/order-desk/timeline.ts). */
const TimelineEvent = z.object({
  at: z.string(),
  kind: z.string().openapi({
    description:
      'placed 下单，paid 付款，shipped 发货，track 物流，received 收货，after-sales 售后，refund 退款，invoice 发票，staff 后台操作，note 备注',
  }),
  actor: z.string().openapi({ description: '买家、系统或后台账号' }),
  text: z.string(),
})

const Locus = z.object({ time: z.string(), status: z.string(), text: z.string() })
const LineQtyShape = z.object({ lineId: z.number().int(), quantity: z.number().int() })

/** One order in full, as the back office's detail shows it. */
export const AdminOrder = AdminOrderRow.extend({
  costPrice: z.number().openapi({ description: '商品金额（元）' }),
  discount: z.number().openapi({ description: '下单时的会员折扣（折）' }),
  ...Breakdown,
  wayTime: z.string(),
  finishTime: z.string(),
  payDeadline: z.string().openapi({ description: '待付款订单的付款截止时间；其他状态为空' }),
  recAddress: z.string(),
  recAddressx: z.string(),
  buyer: z.object({
    id: z.number().int(),
    code: z.string(),
    tel: z.string(),
    nickName: z.string(),
    realName: z.string(),
  }),
  items: z.array(
    z.object({
      lineId: z.number().int().openapi({ description: '商品行编号：分包发货与售后按它指明商品' }),
      title: z.string(),
      imgurl: z.string(),
      price: z.number().openapi({ description: '单价（元）' }),
      quantity: z.number().int(),
      shipped: z.number().int().openapi({ description: '已发出数量（不含已取消的包裹）' }),
      refunded: z.number().int().openapi({ description: '已退款数量' }),
      toShip: z.number().int().openapi({ description: '待发数量' }),
      paid: z.number().openapi({ description: '此行实付（元）：优惠按金额比例分摊' }),
      spuId: z
        .number()
        .int()
        .nullable()
        .openapi({ description: '商品行的商品编号（后台商品页）；课程/帖子/任务为 null' }),
      articleId: z
        .number()
        .int()
        .nullable()
        .openapi({ description: '课程/帖子/任务行的编号；商品行为 null' }),
    }),
  ),
  shipments: z
    .array(
      z.object({
        id: z.number().int(),
        courier: z.string().openapi({ description: '快递公司' }),
        waybill: z.string().openapi({ description: '运单号' }),
        lines: z.array(LineQtyShape),
        shippedAt: z.string(),
        status: z.string().openapi({ description: '最新物流状态；已取消的包裹为 已取消' }),
        cancelledAt: z.string().openapi({ description: '取消时间；未取消为空' }),
        replacement: z.boolean().openapi({ description: '换货寄出的新商品' }),
        locus: z.array(Locus).openapi({ description: '物流轨迹，最新在前' }),
      }),
    )
    .openapi({ description: '包裹：一单可分多个包裹发出，每个包裹一个运单' }),
  refunds: z.array(
    z.object({
      id: z.number().int(),
      amount: z.number(),
      way: z.string(),
      route: z.string().openapi({ description: '原路退回，或 线下退款（财务转账）' }),
      status: z.number().int().openapi({ description: '30 待退款（待财务转账），40 已退款' }),
      statusText: z.string(),
      outTradeNo: z.string().openapi({ description: '所退付款的付款单号；财务登记转账退款时用' }),
      createTime: z.string(),
      refundTime: z.string(),
      gatewayNote: z.string().openapi({
        description: '支付渠道所说的退款失败原因（微信支付退款异常或关闭，退回待退款）；无则为空',
      }),
    }),
  ),
  payments: z.array(
    z.object({
      outTradeNo: z.string().openapi({ description: '付款单号' }),
      way: z.string(),
      amount: z.number().openapi({ description: '金额（元）' }),
      status: z.number().int().openapi({ description: '10 待支付，20 已支付，30 待退款，40 已退款' }),
      statusText: z.string(),
      createTime: z.string(),
      paidTime: z.string(),
      refundTime: z.string(),
    }),
  ),
  waybills: z.array(
    z.object({
      company: z.string(),
      number: z.string(),
      status: z.string(),
      createTime: z.string(),
      locus: z.array(Locus).openapi({ description: '物流轨迹，最新在前' }),
    }),
  ),
  afterSales: z.object({
    remarks: z.string().openapi({ description: '买家填写的退款原因' }),
    imgs: z.array(z.string()),
    rejectReason: z.string(),
    kind: z.string().openapi({ description: 'refund 仅退款，return 退货退款，exchange 换货；无申请为空' }),
    kindText: z.string(),
    status: z.number().int(),
    state: z.string().openapi({
      description: '售后状态：申请中、待财务审批、待寄回、待验收、待退款、已退款、已换货、已驳回',
    }),
    lines: z.array(LineQtyShape).openapi({ description: '申请的商品行与数量；整单申请为全部' }),
    refundable: z.number().openapi({ description: '可退金额上限（元）' }),
    limit: z.number().openapi({
      description: '此订单运营还可独自批准的退款（元）：REFUND_APPROVAL_LIMIT 减去已退金额；超过须财务审批',
    }),
    amount: z.number().openapi({ description: '已批准的退款金额（元）' }),
    approvedBy: z.string().openapi({ description: '超额退款的第一位审批人' }),
    returnWaybill: z.string().openapi({ description: '买家寄回的快递与运单号' }),
    returnAddress: z.string(),
  }),
  invoice: z
    .object({
      types: z.string(),
      companyName: z.string(),
      companyCode: z.string(),
      companyAddress: z.string(),
      companyTel: z.string(),
      bank: z.string(),
      account: z.string(),
      name: z.string().openapi({ description: '收票人' }),
      tel: z.string(),
      address: z.string(),
      number: z.string().openapi({ description: '最近开具的发票号码（已红冲的也给出）' }),
      file: z.string().openapi({ description: '电子发票文件的限时链接；无文件时为空' }),
      time: z.string().openapi({ description: '开票时间' }),
    })
    .nullable()
    .openapi({ description: '买家申请发票时所选的发票信息；未申请为 null' }),
  invoiceRecords: z.array(InvoiceRecord).openapi({ description: '发票记录（开具与红冲），按时间先后' }),
  transfers: z
    .array(
      z.object({
        kind: z.string().openapi({ description: 'payment 收到的对公转账，refund 财务转回的退款' }),
        amount: z.number().openapi({ description: '到账（或退回）金额（元）' }),
        reference: z.string().openapi({ description: '银行流水号' }),
        payer: z.string().openapi({ description: '付款户名（退款为收款户名）' }),
        receivedAt: z.string().openapi({ description: '到账日期 YYYY-MM-DD' }),
        outcome: z
          .string()
          .openapi({ description: 'matched 金额一致，short 少付，over 多付，refund 已退回' }),
        outcomeText: z.string(),
        slip: z.string().openapi({ description: '银行回单的限时链接；未上传为空' }),
        staff: z.string().openapi({ description: '登记的后台账号；ops 为服务器命令行' }),
        time: z.string().openapi({ description: '登记时间' }),
      }),
    )
    .openapi({ description: '财务登记的对公转账到账与退回记录，旧的在前' }),
  history: z
    .array(HistoryEntry)
    .openapi({ description: '此订单的后台操作记录（发货、确认收款、售后审核、开票、退款），新的在前' }),
  notes: z.array(OrderNote).openapi({ description: '后台内部备注，新的在前；买家看不到' }),
  timeline: z.array(TimelineEvent).openapi({
    description: '订单的全部经过，旧的在前：下单、付款、发货与物流、收货、售后、退款、发票、后台操作与备注',
  }),
}).openapi('AdminOrder')
export type AdminOrder = z.infer<typeof AdminOrder>

/** At most this many orders are named at once (the export of the chosen rows). */
export const ORDER_CODES_MAX = 500

/** codes=D1,D2: exactly these orders (导出所选), at most ORDER_CODES_MAX. */
const orderCodes = z
  .string()
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v.trim() === '') return undefined
    const codes = [...new Set(v.split(',').map((c) => c.trim()))].filter(Boolean)
    const fail = (message: string) => {
      ctx.addIssue({ code: 'custom', message })
      return z.NEVER
    }
    if (codes.length > ORDER_CODES_MAX) return fail(`一次最多导出${ORDER_CODES_MAX}个订单`)
    if (codes.some((c) => !/^[A-Za-z0-9]{1,40}$/.test(c))) return fail('订单号不正确')
    return codes
  })
  .openapi({
    type: 'string',
    description: `只要这些订单：订单号以逗号分隔，至多 ${ORDER_CODES_MAX} 个`,
  })

/** The filters of the list and of the export (the export ignores paging and sort). */
export const orderFilters = {
  status: int('订单状态', { values: ORDER_STATUS_FILTERS, about: '10、20、30、40、100，-1 为退款/售后' }),
  code: str('订单号（包含）', 40),
  tel: str('买家或收货人手机号（包含）', 20),
  from: day('下单开始日期'),
  to: day('下单结束日期'),
  queue: oneOf('待办', ORDER_QUEUES),
  q: str('搜索内容', 50).openapi({
    description: '搜索（包含，不分大小写）：订单号、买家手机号、昵称或姓名、收货人姓名或电话、商品名称',
  }),
  codes: orderCodes,
}

const codeParam = z.object({ code: pathStr('订单号', 40) })
const orderAnswer = answers(AdminOrder, [401, 404])

export const getOrders = adminRoute('get', '/admin/orders', 'orders.read', {
  summary: '订单列表：按状态、订单号、手机号、下单日期与待办筛选，可排序',
  request: {
    query: z
      .object({
        ...orderFilters,
        pageOrder: oneOf('排序字段', ORDER_SORTS),
        pageSort: oneOf('排序方向', ['asc', 'desc']),
        ...page,
      })
      .superRefine(daysInOrder),
  },
  responses: answers(pagedOf(AdminOrderRow), [401]),
})

const { 200: _json, ...csvRefusals } = answers(z.string(), [401])

/** The transfer fields finance records, as the calls document them. */
const transferFields = {
  amount: field('number', '到账金额（元，至多两位小数）'),
  reference: field('string', '银行流水号（至多 64 个字符）'),
  payer: field('string', '付款户名（至多 100 字）'),
  receivedAt: field('string', '到账日期 YYYY-MM-DD；缺省为今天'),
}

export const getTransfersExport = adminRoute('get', '/admin/orders/transfers/export', 'orders.money', {
  summary:
    '导出对公转账对账表（CSV，UTF-8 带 BOM）：每笔登记的到账与退回一行，列 订单号、应付金额、到账金额、差额、流水号、付款户名、到账日期、结果、确认人、确认时间；按到账日期筛选',
  request: {
    query: z
      .object({ from: day('到账开始日期'), to: day('到账结束日期'), code: str('订单号（包含）', 40) })
      .superRefine(daysInOrder),
  },
  responses: {
    200: { description: 'CSV 文件', content: { 'text/csv': { schema: { type: 'string' } } } },
    ...csvRefusals,
  },
})

export const getOrdersExport = adminRoute('get', '/admin/orders/export', 'orders.export', {
  summary: '导出筛选出的订单（CSV，UTF-8 带 BOM，Excel 可直接打开），边查边写',
  request: { query: z.object(orderFilters).superRefine(daysInOrder) },
  responses: {
    200: { description: 'CSV 文件', content: { 'text/csv': { schema: { type: 'string' } } } },
    ...csvRefusals,
  },
})

export const getOrder = adminRoute('get', '/admin/orders/{code}', 'orders.read', {
  summary: '一个订单的全部信息：商品、付款、物流轨迹、售后、发票、买家与后台操作记录',
  request: { params: codeParam },
  responses: orderAnswer,
})

export const postShip = adminRoute('post', '/admin/orders/{code}/ship', 'orders.fulfil', {
  summary:
    '发货（待发货且无售后申请的商品订单）：向快递公司下单或填写运单号，订单变为 30 待收货，买家收到通知',
  request: {
    params: codeParam,
    body: jsonBody(
      z.object({
        courier: z
          .string()
          .max(20)
          .optional()
          .openapi({ description: '快递公司名称或代号（sf、zto、yto、yd、jd）；缺省为顺丰速运' }),
        number: z.string().trim().max(40, '运单号过长').optional().openapi({
          description: '快递公司的运单号；接入快递100 (COURIER=kuaidi100) 时必填，模拟快递缺省时自动分配',
        }),
      }),
    ),
  },
  responses: orderAnswer,
})

export const postConfirmTransfer = adminRoute(
  'post',
  '/admin/orders/{code}/confirm-transfer',
  'orders.money',
  {
    summary:
      '登记对公转账到账：到账金额、银行流水号、付款户名、到账日期与银行回单。金额等于应付金额时待付款订单变为已支付（支付方式 union）；少付或多付只作登记，订单仍待付款，买家收到通知 到账金额与应付金额不一致，请联系客服。一个流水号只能确认一个订单',
    request: {
      params: codeParam,
      body: jsonBody(
        ruleBody(checkTransferReceipt, {
          ...transferFields,
          slip: field(
            'string',
            '银行回单的存储路径（/private/…，先经 /api/admin/orders/invoice-file 上传）；可不填',
          ),
        }),
      ),
    },
    responses: orderAnswer,
  },
)

export const postShipments = adminRoute('post', '/admin/orders/{code}/shipments', 'orders.fulfil', {
  summary:
    '发出一个包裹：快递公司、运单号（手填时按该公司格式检查；不填由快递接口下单）与其中的商品行和数量（不填为全部未发商品）。全部发出后订单变为待收货，之前为部分发货',
  request: {
    params: codeParam,
    body: jsonBody(
      z.object({
        courier: z.string().max(20).optional().openapi({ description: '快递公司名称或代号；缺省为顺丰速运' }),
        waybill: z.string().max(40).optional().openapi({ description: '运单号' }),
        lines: z
          .array(z.object({ lineId: z.number().int(), quantity: z.number().int() }))
          .max(200)
          .optional()
          .openapi({ description: '包裹中的商品行与数量' }),
      }),
    ),
  },
  responses: orderAnswer,
})

export const postShipImport = adminRoute('post', '/admin/orders/shipments/import', 'orders.fulfil', {
  summary:
    '批量发货：CSV 文本，每行 订单号,快递公司,运单号（可带表头）；每行整单发出并各自回答结果，错误的行不影响其他行，至多 500 行',
  request: {
    body: jsonBody(
      z.object({
        csv: z.string().max(200_000, 'CSV 内容过长，请分批导入').openapi({ description: 'CSV 文件的文本' }),
      }),
    ),
  },
  responses: answers(
    z.object({
      shipped: z.number().int(),
      failed: z.number().int(),
      rows: z.array(
        z.object({
          row: z.number().int().openapi({ description: '文件中的行号（含表头）' }),
          code: z.string(),
          ok: z.boolean(),
          message: z.string().openapi({ description: '已发货：快递公司 运单号，或未发货的原因' }),
        }),
      ),
    }),
    [401],
  ),
})

export const postCancelShipment = adminRoute(
  'post',
  '/admin/orders/{code}/shipments/{id}/cancel',
  'orders.fulfil',
  {
    summary: '取消误发的包裹（买家确认收货前）：其商品回到待发货，销量随之退回',
    request: {
      params: codeParam.extend({
        id: z.coerce.number().int().positive().openapi({ description: '包裹编号' }),
      }),
    },
    responses: orderAnswer,
  },
)

export const postAfterSales = adminRoute('post', '/admin/orders/{code}/after-sales', 'orders.after-sales', {
  summary:
    '审核售后申请：approve 同意（仅退款即退款；退货退款与换货待买家寄回），reject 驳回（原因告知买家）。超过 REFUND_APPROVAL_LIMIT 的退款先记为待财务审批，由另一位财务或管理员再次调用本接口批准',
  request: {
    params: codeParam,
    body: jsonBody(
      ruleBody(checkAfterSalesDecision, {
        decision: field('string', 'approve 同意 | reject 驳回'),
        reason: field('string', '原因（至多 100 字），买家可见'),
        amount: field('number', '退款金额（元，两位小数）；缺省为可退全额'),
      }),
    ),
  },
  responses: orderAnswer,
})

export const postReceiveReturn = adminRoute(
  'post',
  '/admin/orders/{code}/after-sales/receive',
  'orders.fulfil',
  {
    summary:
      '仓库验收买家寄回的商品：accept 已收货（退货退款即退款并回库存；换货即寄出新商品），refuse 拒收（须填原因）',
    request: {
      params: codeParam,
      body: jsonBody(
        ruleBody(checkReturnReceipt, {
          decision: field('string', 'accept 已收货 | refuse 拒收'),
          reason: field('string', '拒收原因（至多 100 字），买家可见'),
          courier: field('string', '换货：寄出新商品的快递公司'),
          waybill: field('string', '换货：运单号；不填由快递接口下单'),
        }),
      ),
    },
    responses: orderAnswer,
  },
)

export const postInvoice = adminRoute('post', '/admin/orders/{code}/invoice', 'orders.invoice', {
  summary: '开具发票：发票号码，及电子发票文件（先经 /api/admin/orders/invoice-file 上传）',
  request: {
    params: codeParam,
    body: jsonBody(
      ruleBody(checkInvoiceIssue, {
        number: field('string', '发票号码（字母和数字，至多 40 个）'),
        file: field('string', '电子发票文件的存储路径（/private/…）；纸质发票不填'),
      }),
    ),
  },
  responses: orderAnswer,
})

export const postInvoiceVoid = adminRoute('post', '/admin/orders/{code}/invoice/void', 'orders.invoice', {
  summary:
    '红冲当前发票：红字发票号码、红冲原因，及红字发票文件（可不填）；订单发票变为待重开，之后可重开发票',
  request: {
    params: codeParam,
    body: jsonBody(
      ruleBody(checkInvoiceVoid, {
        number: field('string', '红字发票号码（字母和数字，至多 40 个）'),
        file: field('string', '红字发票文件的存储路径（/private/…）；可不填'),
        reason: field('string', '红冲原因（至多 100 字）'),
      }),
    ),
  },
  responses: orderAnswer,
})

export const postInvoiceReissue = adminRoute(
  'post',
  '/admin/orders/{code}/invoice/reissue',
  'orders.invoice',
  {
    summary: '红冲后重开发票：发票号码、文件，及更正的抬头与税号（不填沿用上一张发票的）',
    request: {
      params: codeParam,
      body: jsonBody(
        ruleBody(checkInvoiceReissue, {
          number: field('string', '新发票号码（字母和数字，至多 40 个）'),
          file: field('string', '电子发票文件的存储路径（/private/…）；纸质发票不填'),
          title: field('string', '更正的发票抬头（公司名称，至多 20 字）；与税号同填或同不填'),
          taxCode: field('string', '更正的税号（18 位统一社会信用代码）'),
        }),
      ),
    },
    responses: orderAnswer,
  },
)

export const postInvoiceFile = adminRoute('post', '/admin/orders/invoice-file', 'orders.invoice', {
  summary: '上传电子发票文件（pdf 或图片，私密存放，买家经订单详情的限时链接查看）',
  request: {
    body: fileBody('发票文件'),
  },
  responses: answers(
    z.object({ path: z.string().openapi({ description: '发票文件的存储路径（/private/…）' }) }),
    [401, 413],
  ),
})

export const postRefundPayment = adminRoute('post', '/admin/payments/{outTradeNo}/refund', 'orders.money', {
  summary:
    '退回一笔待退款的付款（订单取消后才到账的付款）：经支付渠道原路退回，只退一次；对公转账由财务线下转回后登记，可附转回的金额、流水号、收款户名与日期（记入对账表）；回答其订单',
  request: {
    params: z.object({ outTradeNo: pathStr('付款单号', 60) }),
    body: { ...jsonBody(objectBody(transferFields)), required: false },
  },
  responses: orderAnswer,
})

export const postNote = adminRoute('post', '/admin/orders/{code}/notes', 'orders.read', {
  summary: '添加内部备注（1 到 500 字，只有后台可见）：记入操作日志，回答订单',
  request: {
    params: codeParam,
    body: jsonBody(
      ruleBody(checkOrderNote, {
        text: field('string', '备注内容（1 到 500 字），买家看不到'),
      }),
    ),
  },
  responses: orderAnswer,
})
