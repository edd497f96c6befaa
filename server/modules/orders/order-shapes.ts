import { z } from '../../contract/index.ts'

/** An order's price as it was placed (issue 24; src/lib/rules/pricing.ts priceOrder), beside costPrice and tolCost. */
export const Breakdown = {
  memberOff: z.number().openapi({ description: '会员折扣减去的金额（元）' }),
  creditOff: z
    .number()
    .openapi({ description: '已购章节抵扣（元）：补差价购买整套课程时，已为本课程各节实付的金额' }),
  promoOff: z.number().openapi({ description: '满减金额（元）' }),
  promoTitle: z.string().openapi({ description: '所享满减，如 满300减30；无则为空' }),
  couponOff: z.number().openapi({ description: '优惠券抵扣（元）' }),
  couponTitle: z.string().openapi({ description: '所用优惠券名称；无则为空' }),
  shipping: z.number().openapi({ description: '运费（元），0 为包邮' }),
  buyerNote: z.string().openapi({ description: '买家留言' }),
}
