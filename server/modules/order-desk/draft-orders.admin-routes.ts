/**
 * 代客下单 (issue 40 item 1), permission orders.draft: staff build a draft order for a customer,
 * preview its price, edit or delete it until sent, and send it (an ordinary unpaid order).
 * The wire shapes of create ({ id }) and send ({ code }) are the issue's.
 */
import { adminRoute } from '../../admin/admin-route.ts'
import { answers, jsonBody, pagedOf, z } from '../../contract/index.ts'
import { field, id, int, objectBody, page, str } from '../../contract/params.ts'

const P = 'orders.draft'
const draftId = z.object({ id: id('草稿编号') })

const draftDoc = {
  userId: field('integer', '客户（用户编号）'),
  lines: field('array', '商品 [{ skuId, quantity }]'),
  discountPercent: field('number', '折扣（%）：运营至多 5，管理员 0 到 100（不含 100）；不填为 0'),
  addressId: field('integer', '客户的收货地址编号；不填为其默认地址'),
  invoiceId: field('integer', '客户的发票抬头编号；可不填'),
}

const Line = z.object({ skuId: z.number().int(), quantity: z.number().int() })

const Choices = z.object({
  userId: z.number().int(),
  tel: z.string(),
  nickName: z.string(),
  memberDiscount: z.number().openapi({ description: '会员折扣（折），10 为无折扣' }),
  addresses: z.array(z.object({ id: z.number().int(), text: z.string(), isDefault: z.boolean() })),
  invoices: z.array(z.object({ id: z.number().int(), text: z.string() })),
})

export const DraftRow = z
  .object({
    id: z.number().int(),
    userId: z.number().int(),
    customerTel: z.string(),
    customerName: z.string(),
    items: z.number().int().openapi({ description: '商品件数' }),
    discountPercent: z.number(),
    status: z.number().int().openapi({ description: '0 草稿，10 已发送' }),
    statusText: z.string(),
    staff: z.string().openapi({ description: '建单的后台账号' }),
    updateTime: z.string(),
    sentTime: z.string(),
    orderCode: z.string().openapi({ description: '发送后生成的订单号；草稿为空' }),
    orderTotal: z.number().nullable().openapi({ description: '订单应付（元）；草稿为 null' }),
  })
  .openapi('DraftOrderRow')

export const Draft = z
  .object({
    id: z.number().int(),
    userId: z.number().int(),
    lines: z.array(Line),
    discountPercent: z.number(),
    addressId: z.number().int().nullable(),
    invoiceId: z.number().int().nullable(),
    status: z.number().int(),
    staff: z.string(),
    createTime: z.string(),
    updateTime: z.string(),
    sentTime: z.string(),
    orderCode: z.string(),
    customer: Choices,
  })
  .openapi('DraftOrder')

export const DraftPreview = z
  .object({
    lines: z.array(
      z.object({ skuId: z.number().int(), title: z.string(), price: z.number(), quantity: z.number().int() }),
    ),
    subtotal: z.number(),
    memberOff: z.number(),
    memberDiscount: z.number().openapi({ description: '客户的会员折扣（折）' }),
    groupOff: z.number().openapi({ description: '协议价优惠的金额（元），客户所在机构分组的价目表' }),
    groupTitle: z.string(),
    promoOff: z.number(),
    promoTitle: z.string(),
    staffOff: z.number().openapi({ description: '专属折扣减去的金额（元）' }),
    shipping: z.number(),
    total: z.number(),
  })
  .openapi('DraftOrderPreview')

export const getDrafts = adminRoute('get', '/admin/draft-orders', P, {
  summary: '代客下单：草稿与已发送的列表，新的在前',
  request: {
    query: z.object({ status: int('状态', { values: [0, 10], about: '0 草稿，10 已发送' }), ...page }),
  },
  responses: answers(pagedOf(DraftRow), [401]),
})

export const postDraft = adminRoute('post', '/admin/draft-orders', P, {
  summary: '新建代客下单草稿（不占库存）',
  request: { body: jsonBody(objectBody(draftDoc)) },
  responses: answers(z.object({ id: z.number().int() }), [401, 404]),
})

export const postDraftPreview = adminRoute('post', '/admin/draft-orders/preview', P, {
  summary: '草稿的实时价格：客户的会员价、满减、运费与专属折扣，与下单时相同',
  request: { body: jsonBody(objectBody(draftDoc)) },
  responses: answers(DraftPreview, [401, 404]),
})

export const getDraftSkus = adminRoute('get', '/admin/draft-orders/skus', P, {
  summary: '选择商品：在售商品规格，按商品名称或规格查找',
  request: { query: z.object({ q: str('商品名称', 30) }) },
  responses: answers(
    z.array(
      z.object({ skuId: z.number().int(), title: z.string(), price: z.number(), stock: z.number().int() }),
    ),
    [401],
  ),
})

export const getDraftCustomer = adminRoute('get', '/admin/draft-orders/customers/{userId}', P, {
  summary: '客户的收货地址、发票抬头与会员折扣（草稿从中选择）',
  request: { params: z.object({ userId: id('用户编号') }) },
  responses: answers(Choices, [401, 404]),
})

export const getDraft = adminRoute('get', '/admin/draft-orders/{id}', P, {
  summary: '一张草稿',
  request: { params: draftId },
  responses: answers(Draft, [401, 404]),
})

export const putDraft = adminRoute('put', '/admin/draft-orders/{id}', P, {
  summary: '修改草稿（发送前）',
  request: { params: draftId, body: jsonBody(objectBody(draftDoc)) },
  responses: answers(z.object({ id: z.number().int() }), [401, 404]),
})

export const deleteDraft = adminRoute('delete', '/admin/draft-orders/{id}', P, {
  summary: '删除草稿（发送前）',
  request: { params: draftId },
  responses: answers(z.literal('删除成功'), [401, 404]),
})

export const postDraftSend = adminRoute('post', '/admin/draft-orders/{id}/send', P, {
  summary: '发送给客户：生成待付款订单（占用库存），短信与站内消息通知客户付款',
  request: { params: draftId },
  responses: answers(z.object({ code: z.string() }), [401, 404]),
})
