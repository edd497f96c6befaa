import { z } from '../../contract/index.ts'

/** An order's price as it was placed (issue 24; src/lib/rules/pricing.ts priceOrder), beside costPrice and tolCost. */
export const Breakdown = {
  memberOff: z.number().openapi({ description: '会员折扣减去的金额（元）' }),
  promoOff: z.number().openapi({ description: '满减金额（元）' }),
  promoTitle: z.string().openapi({ description: '所享满减，如 满300减30；无则为空' }),
  couponOff: z.number().openapi({ description: '优惠券抵扣（元）' }),
  couponTitle: z.string().openapi({ description: '所用优惠券名称；无则为空' }),
  offerApplied: z.enum(['', 'promotion', 'coupon']).openapi({
    description: '优惠券不可与满减同享时所选的一项：promotion 满减，coupon 优惠券；未发生取舍为空',
  }),
  offerNote: z
    .string()
    .openapi({ description: '取舍的原因，如 优惠券不可与满减同享，已为您选择更优惠的满减；无则为空' }),
  shipping: z.number().openapi({ description: '运费（元），0 为包邮' }),
  buyerNote: z.string().openapi({ description: '买家留言' }),
}
