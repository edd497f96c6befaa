import { answers, apiRoute, jsonBody, z } from '../../contract/index.ts'
import { field, objectBody } from '../../contract/params.ts'
import { signedIn } from '../../http.ts'

const tags = ['订单']

export const postRefund = apiRoute('post', '/Orders/PostOrdersRefund', tags, {
  summary:
    '申请退款/售后：待发货（20）或已完成（40）且未在售后中（types 0）的订单；之后 types 10、售后状态 10 申请中。规则见 src/lib/rules/refund.ts',
  middleware: [signedIn],
  request: {
    body: jsonBody(
      objectBody({
        id: field('integer', '订单编号（规格的请求体没有它；本站客户端会带上）'),
        afterRemarks: field('string', '退款原因，必填，最多 100 字'),
        extMore: field('string', '图片路径，逗号分隔，1 到 3 张'),
        kind: field('string', 'refund 仅退款（缺省）| return 退货退款 | exchange 换货'),
        lines: field('array', '[{ lineId, quantity }]：申请的商品行与数量；缺省为整单'),
      }),
    ),
  },
  responses: answers(z.string().openapi({ description: '提交成功' }), [401, 404]),
})

export const postReturn = apiRoute('post', '/Orders/PostOrdersReturn', tags, {
  summary: '退货退款或换货获批后，填写寄回商品的快递公司与运单号；之后售后状态 13 待验收',
  middleware: [signedIn],
  request: {
    body: jsonBody(
      objectBody({
        id: field('integer', '订单编号'),
        company: field('string', '快递公司，如 顺丰速运'),
        number: field('string', '运单号'),
      }),
    ),
  },
  responses: answers(z.string().openapi({ description: '提交成功' }), [401, 404]),
})

export const postTypes = apiRoute('post', '/Orders/PostOrdersTypes', tags, {
  summary: '取消售后申请（仅申请中）：types 回到 0，售后状态 0',
  middleware: [signedIn],
  request: { body: jsonBody(objectBody({ id: field('integer', '订单编号') })) },
  responses: answers(z.string().openapi({ description: '取消成功' }), [401, 404]),
})

export const postInvoice = apiRoute('post', '/Orders/PostOrdersInvoice', tags, {
  summary:
    '为待收货（30）或已完成（40）的订单申请发票，每单一次；invoiceId 为自己的发票信息。之后发票状态 10 申请中，运营开具后 20',
  middleware: [signedIn],
  request: {
    body: jsonBody(
      objectBody({
        id: field('integer', '订单编号'),
        invoiceId: field('integer', '发票信息编号（Invoice/GetInvoicePage 的 id）；缺少时答 请选择发票'),
      }),
    ),
  },
  responses: answers(z.string().openapi({ description: '申请成功' }), [401, 404]),
})
