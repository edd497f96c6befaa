/**
 * Amounts a person types — a publish form's price, a course section's price, the wallet top-up
 * (accounts §5 "Price input": digits and one point, at most 2 decimals, at most 8 characters).
 * What was typed is checked, never quietly changed: -1 is not turned into 1, nor 99.999 into
 * 99.99; each is refused with its own message. The forms and the server call the same rule.
 */
import { yuanToFen } from '../money.ts'

/** The longest amount the price box takes (accounts §5). */
export const PRICE_INPUT_MAX = 8

export type PriceChecked = { fen: number; error: null } | { fen: null; error: string }

/**
 * checkPrice('12.5') → { fen: 1250, error: null }; checkPrice('-1') → 价格不能为负数;
 * checkPrice('99.999') → 价格最多两位小数; checkPrice('12元', '充值金额') → 充值金额须为数字.
 * A number (a JSON body) is read as it prints. Leading zeros and a lone point ('007', '5.',
 * '.5') are the same amount and pass. An empty amount is the caller's to name (请填写…).
 */
export function checkPrice(raw: unknown, noun = '价格'): PriceChecked {
  const s = typeof raw === 'number' || typeof raw === 'string' ? String(raw).trim() : ''
  const no = (error: string): PriceChecked => ({ fen: null, error })
  if (/^-\s*\d/.test(s)) return no(`${noun}不能为负数`)
  if (!/^\d*\.?\d*$/.test(s) || !/\d/.test(s)) return no(`${noun}须为数字`)
  if (/\.\d{3,}$/.test(s)) return no(`${noun}最多两位小数`)
  if (s.length > PRICE_INPUT_MAX) return no(`${noun}不能超过${PRICE_INPUT_MAX}位`)
  const fen = yuanToFen(s.replace(/^\./, '0.').replace(/\.$/, ''))
  return fen === null ? no(`${noun}须为数字`) : { fen, error: null }
}

/** A wallet top-up, in fen (storefront §7 Recharge/PostRechargeAppend). */
export const TOP_UP_MIN_FEN = 1
export const TOP_UP_MAX_FEN = 5_000_000
export const TOP_UP_RANGE = '充值金额须为0.01到50000元'

/** checkTopUp('100') → { fen: 10000, error: null }; '' → 请填写充值金额; '0' or '50000.01' → TOP_UP_RANGE. */
export function checkTopUp(raw: unknown): PriceChecked {
  if (raw === undefined || raw === null || String(raw).trim() === '')
    return { fen: null, error: '请填写充值金额' }
  const r = checkPrice(raw, '充值金额')
  if (r.error !== null) return r
  return r.fen < TOP_UP_MIN_FEN || r.fen > TOP_UP_MAX_FEN ? { fen: null, error: TOP_UP_RANGE } : r
}
