/**
 * What marketing types on the selling-tool screens (issue 24): a coupon (优惠券), a 满减
 * promotion and a shipping template. The back office's forms check with these before sending;
 * the admin calls check again with the same functions, then what only the database knows (that a
 * category, product or province exists, what was claimed). Each checker answers the first broken
 * field in the form's order, with its message, or the cleaned value in fen, tenths of 折 and
 * stored times ('2026-11-26 09:30:00', China time).
 *
 * The words a coupon is shown with (满300减30, 全场商品) are pricing.ts's couponRuleText and
 * couponScopeText.
 */
import { type Checked, type Input, len, passed, refusal, text } from './fields.ts'
import { checkPrice } from './price.ts'

export const COUPON_TITLE_MAX = 30
export const PROMOTION_TITLE_MAX = 30
export const TEMPLATE_NAME_MAX = 20
/** A coupon's total: enough for a national campaign, not a typo of extra digits. */
export const COUPON_TOTAL_MAX = 1_000_000
/** Categories or products one coupon names. */
export const SCOPE_IDS_MAX = 200
/** One rate per province of the region picker (34). */
export const TEMPLATE_RATES_MAX = 40

export const COUPON_KINDS = ['amount', 'rate'] as const
export type CouponKind = (typeof COUPON_KINDS)[number]
export const COUPON_SCOPES = ['all', 'category', 'products'] as const
export type CouponScope = (typeof COUPON_SCOPES)[number]

/** A coupon as stored: money in fen, the rate in tenths of 折 (90 is 9折), times as stored. */
export interface CouponInput {
  title: string
  kind: CouponKind
  thresholdFen: number
  /** kind 'amount': 减Y; 0 for a rate coupon. */
  amountFen: number
  /** kind 'rate': 10..99 tenths of 折; 100 (full price) for an amount coupon. */
  rateTenths: number
  /** kind 'rate': the most it takes off, 0 for no cap; 0 for an amount coupon. */
  capFen: number
  scope: CouponScope
  /** Sorted, without repeats; [] for scope 'all'. */
  scopeIds: number[]
  includeCourses: boolean
  /** 可与满减同享 (issue 39): false, the default, lets the buyer have the better of coupon and 满减. */
  stacksWithPromotion: boolean
  totalLimit: number
  perUserLimit: number
  startTime: string
  endTime: string
}

export type CouponField =
  | 'title'
  | 'kind'
  | 'threshold'
  | 'amount'
  | 'rate'
  | 'cap'
  | 'scope'
  | 'scopeIds'
  | 'includeCourses'
  | 'stacksWithPromotion'
  | 'totalLimit'
  | 'perUserLimit'
  | 'startTime'
  | 'endTime'

export interface PromotionInput {
  title: string
  /** null: store-wide. */
  classId: number | null
  thresholdFen: number
  offFen: number
  startTime: string
  endTime: string
}

export type PromotionField = 'title' | 'classId' | 'threshold' | 'off' | 'startTime' | 'endTime'

export interface TemplateInput {
  name: string
  freeAboveFen: number
  baseFen: number
  rates: { province: string; feeFen: number }[]
}

export type TemplateField =
  | 'name'
  | 'freeAbove'
  | 'base'
  | 'rates'
  | `rates.${number}.province`
  | `rates.${number}.fee`

type Result<T, F extends string> = Checked<T, F>
const no = <F extends string>(field: F, error: string) => ({ ...refusal(field, error), value: null })

/**
 * A stored time from what a form sends: '2026-11-26 09:30' or with seconds (a 'T' between is
 * accepted, as a datetime-local input gives it); null when it is not a real calendar time.
 * storedTime('2026-02-30 10:00') → null.
 */
export function storedTime(v: unknown): string | null {
  if (typeof v !== 'string') return null
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(v.trim())
  if (!m) return null
  const [y, mo, d, h, mi, s] = m.slice(1).map((x) => Number(x ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ]
  const t = new Date(Date.UTC(y, mo - 1, d, h, mi, s))
  const real =
    t.getUTCFullYear() === y &&
    t.getUTCMonth() === mo - 1 &&
    t.getUTCDate() === d &&
    t.getUTCHours() === h &&
    t.getUTCMinutes() === mi
  return real ? `${m[1]}-${m[2]}-${m[3]} ${m[4]}:${m[5]}:${m[6] ?? '00'}` : null
}

/** An amount in yuan that must be given: its fen, or the message. Blank → 请填写<noun>. */
function money(
  input: Input,
  key: string,
  noun: string,
): { fen: number; error: null } | { fen: null; error: string } {
  const raw = input[key]
  if (raw === undefined || raw === null || text(input, key) === '')
    return { fen: null, error: `请填写${noun}` }
  return checkPrice(raw, noun)
}

/** A whole number as typed or sent; NaN when it is not one. */
const whole = (input: Input, key: string) => {
  const s = text(input, key)
  return /^\d{1,10}$/.test(s) ? Number(s) : Number.NaN
}

/** The dates every selling tool has: both given, real, the end after the start. */
function dates<F extends string>(
  input: Input,
  fields: { start: F; end: F },
): Result<{ startTime: string; endTime: string }, F> {
  const startTime = storedTime(input.startTime)
  const endTime = storedTime(input.endTime)
  if (!text(input, 'startTime')) return no(fields.start, '请选择开始时间')
  if (!startTime) return no(fields.start, '开始时间格式不正确，应为yyyy-mm-dd hh:mm')
  if (!text(input, 'endTime')) return no(fields.end, '请选择结束时间')
  if (!endTime) return no(fields.end, '结束时间格式不正确，应为yyyy-mm-dd hh:mm')
  // By the minute, as they are chosen: 00:00 to 00:00 is no time at all, whatever seconds are kept.
  if (endTime.slice(0, 16) <= startTime.slice(0, 16)) return no(fields.end, '结束时间须晚于开始时间')
  return { error: null, field: null, value: { startTime, endTime } }
}

/** The ids of a scope picker: an array of ids or '3,7'; null when one is not an id. */
function ids(v: unknown): number[] | null {
  const parts = Array.isArray(v) ? v : typeof v === 'string' ? v.split(',').filter((s) => s.trim()) : []
  const out: number[] = []
  for (const p of parts) {
    const s = typeof p === 'number' || typeof p === 'string' ? String(p).trim() : ''
    if (!/^[1-9]\d{0,9}$/.test(s)) return null
    out.push(Number(s))
  }
  return [...new Set(out)].sort((a, b) => a - b)
}

/**
 * checkCoupon({ title: '满300减30', kind: 'amount', threshold: 300, amount: 30, scope: 'all',
 * totalLimit: 100, perUserLimit: 1, startTime: '2026-12-01 00:00', endTime: '2026-12-31 23:59' })
 * → { thresholdFen: 30000, amountFen: 3000, rateTenths: 100, … }. A rate coupon gives `rate` in 折
 * (1 to 9.9, one decimal) and `cap` in yuan (0 or blank: no cap).
 */
export function checkCoupon(input: Input): Result<CouponInput, CouponField> {
  const title = text(input, 'title')
  if (!title) return no('title', '请填写优惠券名称')
  if (len(title) > COUPON_TITLE_MAX) return no('title', `优惠券名称不能超过${COUPON_TITLE_MAX}个字`)
  const kind = text(input, 'kind') as CouponKind
  if (!COUPON_KINDS.includes(kind)) return no('kind', '请选择优惠券类型')
  // No threshold is 无门槛: blank counts as 0.
  const threshold =
    text(input, 'threshold') === '' ? { fen: 0, error: null } : checkPrice(input.threshold, '使用门槛')
  if (threshold.error !== null) return no('threshold', threshold.error)
  let amountFen = 0
  let rateTenths = 100
  let capFen = 0
  if (kind === 'amount') {
    const amount = money(input, 'amount', '减免金额')
    if (amount.error !== null) return no('amount', amount.error)
    if (amount.fen <= 0) return no('amount', '减免金额须大于0')
    if (threshold.fen > 0 && amount.fen >= threshold.fen) return no('amount', '减免金额须小于使用门槛')
    amountFen = amount.fen
  } else {
    const r = text(input, 'rate')
    if (!r) return no('rate', '请填写折扣')
    if (!/^\d(\.\d)?$/.test(r) || Number(r) < 1 || Number(r) > 9.9)
      return no('rate', '折扣须为1到9.9折，最多一位小数')
    rateTenths = Math.round(Number(r) * 10)
    const cap = text(input, 'cap') === '' ? { fen: 0, error: null } : checkPrice(input.cap, '最多减免')
    if (cap.error !== null) return no('cap', cap.error)
    capFen = cap.fen
  }
  const scope = (text(input, 'scope') || 'all') as CouponScope
  if (!COUPON_SCOPES.includes(scope)) return no('scope', '请选择适用范围')
  const scopeIds = scope === 'all' ? [] : ids(input.scopeIds)
  if (scopeIds === null) return no('scopeIds', '适用范围的编号不正确')
  if (scope !== 'all' && scopeIds.length === 0)
    return no('scopeIds', scope === 'category' ? '请选择适用的分类' : '请选择适用的商品')
  if (scopeIds.length > SCOPE_IDS_MAX) return no('scopeIds', `适用范围最多${SCOPE_IDS_MAX}项`)
  const courses = input.includeCourses ?? false
  if (typeof courses !== 'boolean') return no('includeCourses', '请选择是否可用于课程')
  const stacks = input.stacksWithPromotion ?? false
  if (typeof stacks !== 'boolean') return no('stacksWithPromotion', '请选择是否可与满减同享')
  const totalLimit = whole(input, 'totalLimit')
  if (!text(input, 'totalLimit')) return no('totalLimit', '请填写发放总量')
  if (!(totalLimit >= 1 && totalLimit <= COUPON_TOTAL_MAX))
    return no('totalLimit', `发放总量须为1到${COUPON_TOTAL_MAX}之间的整数`)
  const perUserLimit = text(input, 'perUserLimit') === '' ? 1 : whole(input, 'perUserLimit')
  if (!(perUserLimit >= 1 && perUserLimit <= totalLimit))
    return no('perUserLimit', '每人限领须为1到发放总量之间的整数')
  const d = dates<CouponField>(input, { start: 'startTime', end: 'endTime' })
  if (d.error !== null) return d
  return passed({
    title,
    kind,
    thresholdFen: threshold.fen,
    amountFen,
    rateTenths,
    capFen,
    scope,
    scopeIds,
    includeCourses: courses,
    stacksWithPromotion: stacks,
    totalLimit,
    perUserLimit,
    ...d.value,
  })
}

/**
 * checkPromotion({ title: '满300减30', classId: null, threshold: 300, off: 30, startTime, endTime })
 * → { classId: null, thresholdFen: 30000, offFen: 3000, … }. classId null or blank: store-wide.
 */
export function checkPromotion(input: Input): Result<PromotionInput, PromotionField> {
  const title = text(input, 'title')
  if (!title) return no('title', '请填写活动名称')
  if (len(title) > PROMOTION_TITLE_MAX) return no('title', `活动名称不能超过${PROMOTION_TITLE_MAX}个字`)
  const rawClass = text(input, 'classId')
  if (rawClass && !/^[1-9]\d{0,9}$/.test(rawClass)) return no('classId', '请选择商品分类')
  const threshold = money(input, 'threshold', '满减门槛')
  if (threshold.error !== null) return no('threshold', threshold.error)
  if (threshold.fen <= 0) return no('threshold', '满减门槛须大于0')
  const off = money(input, 'off', '减免金额')
  if (off.error !== null) return no('off', off.error)
  if (off.fen <= 0) return no('off', '减免金额须大于0')
  if (off.fen >= threshold.fen) return no('off', '减免金额须小于满减门槛')
  const d = dates<PromotionField>(input, { start: 'startTime', end: 'endTime' })
  if (d.error !== null) return d
  return passed({
    title,
    classId: rawClass ? Number(rawClass) : null,
    thresholdFen: threshold.fen,
    offFen: off.fen,
    ...d.value,
  })
}

/**
 * checkShippingTemplate({ name: '标准运费', freeAbove: 99, base: 10, rates: [{ province: '新疆维吾尔自治区', fee: 25 }] })
 * → { freeAboveFen: 9900, baseFen: 1000, rates: [{ province: '新疆维吾尔自治区', feeFen: 2500 }] }.
 * freeAbove blank or 0: never free by amount; base 0 with no rates: 包邮.
 */
export function checkShippingTemplate(input: Input): Result<TemplateInput, TemplateField> {
  const name = text(input, 'name')
  if (!name) return no('name', '请填写模板名称')
  if (len(name) > TEMPLATE_NAME_MAX) return no('name', `模板名称不能超过${TEMPLATE_NAME_MAX}个字`)
  const freeAbove =
    text(input, 'freeAbove') === '' ? { fen: 0, error: null } : checkPrice(input.freeAbove, '包邮门槛')
  if (freeAbove.error !== null) return no('freeAbove', freeAbove.error)
  const base = money(input, 'base', '基础运费')
  if (base.error !== null) return no('base', base.error)
  const raw = input.rates ?? []
  if (!Array.isArray(raw) || !raw.every((r) => typeof r === 'object' && r !== null))
    return no('rates', '地区运费格式不正确')
  if (raw.length > TEMPLATE_RATES_MAX) return no('rates', `地区运费不能超过${TEMPLATE_RATES_MAX}项`)
  const rates: TemplateInput['rates'] = []
  for (const [i, r] of (raw as Input[]).entries()) {
    const province = text(r, 'province')
    if (!province) return no(`rates.${i}.province`, `请选择第${i + 1}项的省份`)
    if (rates.some((x) => x.province === province)) return no(`rates.${i}.province`, `${province}重复了`)
    const fee = money(r, 'fee', `${province}的运费`)
    if (fee.error !== null) return no(`rates.${i}.fee`, fee.error)
    rates.push({ province, feeFen: fee.fen })
  }
  return { error: null, field: null, value: { name, freeAboveFen: freeAbove.fen, baseFen: base.fen, rates } }
}

/** The shown/stopped switch of an edit: absent keeps it; anything but a boolean is refused. */
function withShow<T, F extends string>(
  r: Result<T, F>,
  input: Input,
): Result<T & { isShow?: boolean }, F | 'isShow'> {
  if (r.error !== null) return r
  const v = input.isShow
  if (v !== undefined && typeof v !== 'boolean') return no('isShow', '请选择是否启用')
  const value: T & { isShow?: boolean } = { ...r.value, ...(v === undefined ? {} : { isShow: v }) }
  return { error: null, field: null, value }
}

/** checkCouponEdit({ ...coupon, isShow: false }): the coupon form of an edit, which may also stop or restart it. */
export const checkCouponEdit = (input: Input) => withShow(checkCoupon(input), input)

/** checkPromotionEdit({ ...promotion, isShow: false }): the promotion form of an edit. */
export const checkPromotionEdit = (input: Input) => withShow(checkPromotion(input), input)

/** Whether a customer holding `held` of a coupon (used ones too) has their share: no more to claim. */
export const hasShare = (held: number, perUserLimit: number) => held >= perUserLimit
