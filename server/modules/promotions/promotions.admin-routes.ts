/**
 * The back office's selling tools (issue 24, permission promotions.write): coupons with their
 * usage, 满减 promotions, shipping templates. Bodies are checked by src/lib/rules/promotion.ts,
 * the functions the screens run before sending.
 */

import {
  COUPON_TITLE_MAX,
  checkCoupon,
  checkCouponEdit,
  checkPromotion,
  checkPromotionEdit,
  checkShippingTemplate,
} from '../../../src/lib/rules/promotion.ts'
import { adminRoute } from '../../admin/admin-route.ts'
import { answers, jsonBody, pagedOf, z } from '../../contract/index.ts'
import { field, id, oneOf, page, ruleBody, str } from '../../contract/params.ts'
import { ruleRequest } from '../../contract/requests.ts'
import { Coupon, Promotion, ShippingTemplate } from './promotions.routes.ts'

const STATE = z.enum(['未开始', '进行中', '已结束', '已停用'])
const STATE_FILTER = ['upcoming', 'live', 'ended', 'stopped'] as const

export const AdminCoupon = Coupon.extend({
  totalLimit: z.number().int(),
  claimed: z.number().int(),
  used: z.number().int(),
  isShow: z.boolean(),
  state: STATE,
  createTime: z.string(),
}).openapi('AdminCoupon', { description: '优惠券（后台）' })

export const AdminCouponDetail = AdminCoupon.extend({
  usage: z.object({
    claimed: z.number().int(),
    used: z.number().int(),
    unusedExpired: z.number().int().openapi({ description: '领取后未使用且已过期' }),
    ordersPaid: z.number().int().openapi({ description: '用券并已支付的订单数' }),
    offTotal: z.number().openapi({ description: '这些订单的优惠券减免合计（元）' }),
    salesTotal: z.number().openapi({ description: '这些订单的实付合计（元）' }),
  }),
}).openapi('AdminCouponDetail')

export const AdminPromotion = Promotion.extend({
  isShow: z.boolean(),
  state: STATE,
  createTime: z.string(),
}).openapi('AdminPromotion')

export const AdminTemplate = ShippingTemplate.extend({
  products: z.number().int().openapi({ description: '使用它的商品数（默认模板含未指定模板的商品）' }),
  isDefault: z.boolean(),
}).openapi('AdminShippingTemplate')

const AdminTemplates = z.object({ defaultId: z.number().int().nullable(), templates: z.array(AdminTemplate) })

const couponDoc = {
  title: field('string', `名称，至多${COUPON_TITLE_MAX}字`),
  kind: field('string', 'amount 满减券，rate 折扣券'),
  threshold: field('number', '使用门槛（元），0 为无门槛'),
  amount: field('number', '减免金额（元，满减券）'),
  rate: field('number', '折扣（折扣券）：1 到 9.9 折'),
  cap: field('number', '最多减免（元，折扣券），0 为不限'),
  scope: field('string', 'all 全场，category 指定分类，products 指定商品'),
  scopeIds: field('array', '分类或商品编号'),
  includeCourses: field('boolean', '课程、付费内容也可用'),
  stacksWithPromotion: field('boolean', '可与满减同享；不填为否（买家得到两者中更优惠的一项）'),
  totalLimit: field('integer', '发放总量'),
  perUserLimit: field('integer', '每人限领'),
  startTime: field('string', '开始时间 yyyy-mm-dd hh:mm'),
  endTime: field('string', '结束时间 yyyy-mm-dd hh:mm'),
}
const promotionDoc = {
  title: field('string', '活动名称'),
  classId: field('integer', '商品分类编号；null 为全场'),
  threshold: field('number', '满（元）'),
  off: field('number', '减（元）'),
  startTime: field('string', '开始时间 yyyy-mm-dd hh:mm'),
  endTime: field('string', '结束时间 yyyy-mm-dd hh:mm'),
}
const templateDoc = {
  name: field('string', '模板名称'),
  freeAbove: field('number', '满此金额包邮（元），0 为不按金额包邮'),
  base: field('number', '基础运费（元）'),
  rates: field('array', '地区运费 [{ province: 省份名称, fee: 元 }]'),
}
const isShowDoc = { isShow: field('boolean', '启用（false 即停用）') }

const P = 'promotions.write'
const couponId = z.object({ id: id('优惠券编号') })
const promotionId = z.object({ id: id('满减活动编号') })
const templateId = z.object({ id: id('运费模板编号') })

/**
 * The create, edit and stop calls of a coupon or a 满减, the same for both (offer-writes.ts):
 * POST /admin/{path}, PUT and POST …/stop on /admin/{path}/{id}, each answering the item.
 */
function offerCalls<
  const Path extends string,
  T extends z.ZodType,
  P extends z.ZodObject,
  C extends z.ZodType,
  E extends z.ZodType,
>(o: {
  path: Path
  item: T
  params: P
  create: [summary: string, body: C]
  edit: [summary: string, body: E, refusals: number[]]
  stop: string
}) {
  const base = `/admin/${o.path}` as const
  return {
    create: adminRoute('post', base, P, {
      summary: o.create[0],
      request: { body: jsonBody(o.create[1]) },
      responses: answers(o.item, [401]),
    }),
    edit: adminRoute('put', `${base}/{id}`, P, {
      summary: o.edit[0],
      request: { params: o.params, body: jsonBody(o.edit[1]) },
      responses: answers(o.item, o.edit[2]),
    }),
    stop: adminRoute('post', `${base}/{id}/stop`, P, {
      summary: o.stop,
      request: { params: o.params },
      responses: answers(o.item, [401, 404, 409]),
    }),
  }
}

export const getAdminCoupons = adminRoute('get', '/admin/coupons', P, {
  summary:
    '优惠券列表：按状态（upcoming 未开始、live 进行中、ended 已结束、stopped 已停用）与名称查找，新的在前',
  request: { query: z.object({ state: oneOf('状态', STATE_FILTER), q: str('名称', 30), ...page }) },
  responses: answers(pagedOf(AdminCoupon), [401]),
})

export const getAdminCoupon = adminRoute('get', '/admin/coupons/{id}', P, {
  summary: '一张优惠券及其使用情况',
  request: { params: couponId },
  responses: answers(AdminCouponDetail, [401, 404]),
})

export const {
  create: postAdminCoupon,
  edit: putAdminCoupon,
  stop: postAdminCouponStop,
} = offerCalls({
  path: 'coupons',
  item: AdminCoupon,
  params: couponId,
  create: ['新建优惠券', ruleBody(checkCoupon, couponDoc)],
  edit: [
    '修改优惠券（完整表单）；已有用户领取后只能改名称、延后结束时间、发放总量（不少于已领取）和启用状态（409）',
    ruleBody(checkCouponEdit, { ...couponDoc, ...isShowDoc }),
    [401, 404, 409],
  ],
  stop: '停用优惠券：不再展示和领取；已领取的在有效期内仍可使用。已停用：409',
})

export const getAdminPromotions = adminRoute('get', '/admin/promotions', P, {
  summary: '满减活动（全部，新的在前），可按状态筛选',
  request: { query: z.object({ state: oneOf('状态', STATE_FILTER) }) },
  responses: answers(z.array(AdminPromotion), [401]),
})

export const {
  create: postAdminPromotion,
  edit: putAdminPromotion,
  stop: postAdminPromotionStop,
} = offerCalls({
  path: 'promotions',
  item: AdminPromotion,
  params: promotionId,
  create: ['新建满减活动（全场或一个商品分类）；相关商品页随后重建', ruleBody(checkPromotion, promotionDoc)],
  edit: [
    '修改满减活动（完整表单，可含 isShow）',
    ruleBody(checkPromotionEdit, { ...promotionDoc, ...isShowDoc }),
    [401, 404],
  ],
  stop: '停用满减活动。已停用：409',
})

export const getAdminTemplates = adminRoute('get', '/admin/shipping-templates', P, {
  summary: '运费模板、各自的商品数与默认模板',
  responses: answers(AdminTemplates, [401]),
})

export const postAdminTemplate = adminRoute('post', '/admin/shipping-templates', P, {
  summary: '新建运费模板',
  request: ruleRequest(checkShippingTemplate, templateDoc),
  responses: answers(AdminTemplate, [401]),
})

export const putAdminTemplate = adminRoute('put', '/admin/shipping-templates/{id}', P, {
  summary: '修改运费模板；使用它的商品的“包邮”标签与商品页随之更新',
  request: { params: templateId, body: jsonBody(ruleBody(checkShippingTemplate, templateDoc)) },
  responses: answers(AdminTemplate, [401, 404]),
})

export const postAdminTemplateDefault = adminRoute('post', '/admin/shipping-templates/{id}/default', P, {
  summary: '设为默认模板：未指定模板的商品按它计运费',
  request: { params: templateId },
  responses: answers(AdminTemplate, [401, 404]),
})

export const deleteAdminTemplate = adminRoute('delete', '/admin/shipping-templates/{id}', P, {
  summary: '删除运费模板；默认模板或仍有商品使用时：409 运费模板正在使用，不能删除',
  request: { params: templateId },
  responses: answers(z.object({ id: z.number().int() }), [401, 404, 409]),
})
