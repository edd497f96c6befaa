import { z } from '../../contract/index.ts'

/** An order's price as it was placed (issue 24; src/lib/rules/pricing.ts priceOrder), beside costPrice and tolCost. */
export const Breakdown = {
  memberOff: z.number().openapi({ description: '会员折扣减去的金额（元）' }),
  groupOff: z.number().openapi({ description: '协议价（客户组价目表）减去的金额（元）' }),
  groupTitle: z.string().openapi({ description: '所享价目表名称；无则为空' }),
  creditOff: z
    .number()
    .openapi({ description: '已购章节抵扣（元）：补差价购买整套课程时，已为本课程各节实付的金额' }),
  promoOff: z.number().openapi({ description: '满减金额（元）' }),
  promoTitle: z.string().openapi({ description: '所享满减，如 满300减30；无则为空' }),
  couponOff: z.number().openapi({ description: '优惠券抵扣（元）' }),
  couponTitle: z.string().openapi({ description: '所用优惠券名称；无则为空' }),
  staffOff: z
    .number()
    .openapi({ description: '专属折扣（元）：业务人员代客下单时给予的折扣；买家自己下的单为 0' }),
  offerApplied: z.enum(['', 'promotion', 'coupon']).openapi({
    description: '优惠券不可与满减同享时所选的一项：promotion 满减，coupon 优惠券；未发生取舍为空',
  }),
  offerNote: z
    .string()
    .openapi({ description: '取舍的原因，如 优惠券不可与满减同享，已为您选择更优惠的满减；无则为空' }),
  shipping: z.number().openapi({ description: '运费（元），0 为包邮' }),
  buyerNote: z.string().openapi({ description: '买家留言' }),
}

/** One invoice record of an order (issue 39, invoice-records.ts invoiceHistory), as staff read it. */
export const InvoiceRecord = z.object({
  id: z.number().int(),
  kind: z.enum(['issue', 'red']).openapi({ description: 'issue 开具，red 红冲' }),
  kindText: z.string(),
  number: z.string().openapi({ description: '发票号码；红冲为红字发票号码（退款自动红冲时为空）' }),
  file: z.string().openapi({ description: '发票文件的限时链接；无文件时为空' }),
  amount: z.number().openapi({ description: '开具金额，或红冲冲销的金额（元）' }),
  title: z.string().openapi({ description: '发票抬头（公司名称）' }),
  taxCode: z.string(),
  reason: z.string().openapi({ description: '红冲原因；退款自动红冲为 退款' }),
  staff: z.string().openapi({ description: '经办人；迁移补录的为空' }),
  time: z.string(),
})
