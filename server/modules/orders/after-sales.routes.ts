import { answers, apiRoute, jsonBody, z } from '../../contract/index.ts'
import { field, objectBody } from '../../contract/params.ts'
import { signedIn } from '../../http.ts'

const tags = ['订单']

/**
 * A buyer's call on one of their orders: a JSON body of `fields` (read as it comes and checked by
 * the handler), answered with `done` (提交成功) or 401/404.
 */
const orderCall = (path: string, summary: string, fields: Parameters<typeof objectBody>[0], done: string) =>
  apiRoute('post', path, tags, {
    summary,
    middleware: [signedIn],
    request: { body: jsonBody(objectBody(fields)) },
    responses: answers(z.string().openapi({ description: done }), [401, 404]),
  })

export const postRefund = orderCall(
  '/Orders/PostOrdersRefund',
  '申请退款/售后：待发货（20）或已完成（40）且无进行中的售后；之后 types 10、售后状态 10 申请中。规则见 src/lib/rules/refund.ts',
  {
    id: field('integer', '订单编号（规格的请求体没有它；本站客户端会带上）'),
    afterRemarks: field('string', '退款原因，必填，最多 100 字'),
    extMore: field('string', '图片路径，逗号分隔，1 到 3 张'),
    kind: field('string', 'refund 仅退款（缺省）| return 退货退款 | exchange 换货'),
    lines: field('array', '[{ lineId, quantity }]：申请的商品行与数量；缺省为整单'),
  },
  '提交成功',
)

export const postReturn = orderCall(
  '/Orders/PostOrdersReturn',
  '退货退款或换货获批后，填写寄回商品的快递公司与运单号；之后售后状态 13 待验收',
  {
    id: field('integer', '订单编号'),
    company: field('string', '快递公司，如 顺丰速运'),
    number: field('string', '运单号'),
  },
  '提交成功',
)

export const postTypes = orderCall(
  '/Orders/PostOrdersTypes',
  '取消售后申请（仅申请中）：types 回到 0，售后状态 0',
  { id: field('integer', '订单编号') },
  '取消成功',
)

export const postInvoice = orderCall(
  '/Orders/PostOrdersInvoice',
  '为待收货（30）或已完成（40）的订单申请发票，每单一次；invoiceId 为自己的发票信息。之后发票状态 10 申请中，运营开具后 20',
  {
    id: field('integer', '订单编号'),
    invoiceId: field('integer', '发票信息编号（Invoice/GetInvoicePage 的 id）；缺少时答 请选择发票'),
  },
  '申请成功',
)
