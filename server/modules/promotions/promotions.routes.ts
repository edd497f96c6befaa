/**
 * The customer's selling-tool calls (issue 24): the coupons a product or course offers, claiming
 * one, 我的优惠券, the 满减 promotions and the shipping templates. The lists are public and
 * read-cached (server/read-cache.ts); the writes of the back office mark `offers` so they show at once.
 */

import { answers, apiRoute, pagedOf, z } from '../../contract/index.ts'
import { field, int, oneOf, page, parseId } from '../../contract/params.ts'
import { ruleRequest } from '../../contract/requests.ts'
import { signedIn } from '../../http.ts'

const tags = ['优惠']
const yuan = (description: string) => z.number().openapi({ description: `${description}（元）` })

export const Coupon = z
  .object({
    id: z.number().int(),
    title: z.string(),
    kind: z.enum(['amount', 'rate']).openapi({ description: 'amount 满减券，rate 折扣券' }),
    threshold: yuan('使用门槛，0 为无门槛'),
    amount: yuan('减免金额（满减券）'),
    rate: z.number().openapi({ description: '折扣（折扣券）：9 即9折，8.5 即8.5折；满减券为 10' }),
    cap: yuan('最多减免（折扣券），0 为不限'),
    scope: z.enum(['all', 'category', 'products']),
    scopeIds: z.array(z.number().int()).openapi({ description: '适用的分类或商品编号' }),
    includeCourses: z.boolean().openapi({ description: '课程、付费内容也可用' }),
    stacksWithPromotion: z.boolean().openapi({ description: '可与满减同享；否则与满减只取更优惠的一项' }),
    startTime: z.string(),
    endTime: z.string(),
    left: z.number().int().openapi({ description: '还可领取的张数' }),
    perUserLimit: z.number().int(),
    mine: z.number().int().optional().openapi({
      description:
        '调用者已领取的张数（含已使用、已过期）：登录时 GetCouponsList 才给；达到 perUserLimit 即“已领取”',
    }),
    ruleText: z.string().openapi({ example: '满300减30' }),
    scopeText: z.string().openapi({ example: '全场商品' }),
  })
  .openapi('Coupon', { description: '优惠券' })
export type Coupon = z.infer<typeof Coupon>

export const MyCoupon = Coupon.extend({
  userCouponId: z.number().int(),
  couponId: z.number().int(),
  status: z
    .union([z.literal(0), z.literal(1), z.literal(2)])
    .openapi({ description: '0 可用，1 已使用，2 已过期' }),
  statusText: z.string(),
  claimTime: z.string(),
  useTime: z.string().nullable(),
  orderCode: z.string().nullable().openapi({ description: '使用它的订单号' }),
}).openapi('MyCoupon', { description: '我领取的一张优惠券；id 即 userCouponId' })
export type MyCoupon = z.infer<typeof MyCoupon>

export const Promotion = z
  .object({
    id: z.number().int(),
    title: z.string(),
    classId: z.number().int().nullable().openapi({ description: '适用的商品分类；null 为全场' }),
    threshold: yuan('满'),
    off: yuan('减'),
    startTime: z.string(),
    endTime: z.string(),
  })
  .openapi('Promotion', { description: '满减活动' })
export type Promotion = z.infer<typeof Promotion>

export const ShippingTemplate = z
  .object({
    id: z.number().int(),
    name: z.string(),
    freeAbove: yuan('满此金额包邮，0 为不按金额包邮'),
    base: yuan('基础运费'),
    rates: z.array(z.object({ province: z.string(), fee: yuan('该省运费') })),
    label: z
      .string()
      .nullable()
      .openapi({ description: '商品上显示的“包邮”或“满¥99.00包邮”；收运费时为 null' }),
  })
  .openapi('ShippingTemplate', { description: '运费模板' })
export type ShippingTemplate = z.infer<typeof ShippingTemplate>

export const getCoupons = apiRoute('get', '/Coupons/GetCouponsList', tags, {
  summary:
    '可领取的优惠券：在有效期内、未领完、适用于该商品（spuId）或课程（articleId）的；不带参数时为全部。按减免金额从大到小',
  request: {
    query: z.object({ spuId: int('商品编号', { min: 1 }), articleId: int('课程或内容编号', { min: 1 }) }),
  },
  responses: answers(z.array(Coupon)),
})

export const claimCoupon = apiRoute('post', '/Coupons/PostCouponsClaim', tags, {
  summary: '领取优惠券。拒绝依次为：优惠券不存在、活动未开始、优惠券已过期、优惠券已领完、每人限领N张',
  middleware: [signedIn],
  request: ruleRequest(
    (input) => {
      const id = parseId(input.id)
      return id === null
        ? { error: '请提供优惠券编号', field: 'id', value: null }
        : { error: null, field: null, value: { id } }
    },
    { id: field('integer', '优惠券编号') },
  ),
  responses: answers(z.string().openapi({ example: '领取成功' }), [401, 404, 409]),
})

export const getMyCoupons = apiRoute('get', '/Coupons/GetMyCouponsPage', tags, {
  summary: '我的优惠券：status 0 可用（未使用且未过期），1 已使用，2 已过期',
  middleware: [signedIn],
  request: { query: z.object({ status: oneOf('状态', ['0', '1', '2']), ...page }) },
  responses: answers(pagedOf(MyCoupon), [401]),
})

export const getPromotions = apiRoute('get', '/Promotions/GetPromotionsList', tags, {
  summary: '进行中的满减活动',
  responses: answers(z.array(Promotion)),
})

export const getShippingTemplates = apiRoute('get', '/Shipping/GetShippingTemplates', tags, {
  summary: '运费模板及默认模板（商品未指定模板时用默认模板）',
  responses: answers(
    z.object({ defaultId: z.number().int().nullable(), templates: z.array(ShippingTemplate) }),
  ),
})
