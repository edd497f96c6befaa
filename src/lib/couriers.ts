/**
 * The courier companies an operator may ship with, the short names `npm run ops -- ship`
 * accepts for each, and the shape of each company's waybill number: one list for the courier
 * provider (server/providers/courier.ts), the back office's 发货 dialog and the server's check of
 * a typed waybill. The first is the default.
 *
 * The shapes are those the companies print (顺丰 SF + 13 digits, 圆通 YT + 13, 京东 JD + 13
 * letters or digits, 中通 12 or 14 digits, 韵达 13 or 15): a typo is caught before a parcel is
 * recorded with a number nobody can track.
 */
export const COURIERS = [
  { name: '顺丰速运', keys: ['sf', '顺丰'], waybill: /^SF\d{13}$/, format: '顺丰运单号应为 SF 加 13 位数字' },
  {
    name: '中通快递',
    keys: ['zto', '中通'],
    waybill: /^\d{12}(\d{2})?$/,
    format: '中通运单号应为 12 或 14 位数字',
  },
  {
    name: '圆通速递',
    keys: ['yto', '圆通'],
    waybill: /^YT\d{13}$/,
    format: '圆通运单号应为 YT 加 13 位数字',
  },
  {
    name: '韵达快递',
    keys: ['yd', 'yunda', '韵达'],
    waybill: /^\d{13}(\d{2})?$/,
    format: '韵达运单号应为 13 或 15 位数字',
  },
  {
    name: '京东物流',
    keys: ['jd', '京东'],
    waybill: /^JD[0-9A-Z]{13}$/,
    format: '京东运单号应为 JD 加 13 位字母或数字',
  },
] as const

export type CourierName = (typeof COURIERS)[number]['name']

/**
 * Why a typed waybill number does not fit its company, or null when it does (letters are taken
 * in upper case, spaces dropped: waybillRefusal('顺丰速运', 'sf 1234567890123') → null).
 * waybillRefusal('顺丰速运', 'SF123') → '顺丰运单号应为 SF 加 13 位数字'
 */
export function waybillRefusal(company: string, number: string): string | null {
  const n = normalWaybill(number)
  const c = COURIERS.find((x) => x.name === company)
  // A company without a known format (one 快递100 names) still gets a number it can take.
  if (!c) return WAYBILL_NUMBER.test(n) ? null : WAYBILL_NUMBER_MESSAGE
  return c.waybill.test(n) ? null : c.format
}

/** A waybill number as stored: no spaces, letters in upper case. */
export const normalWaybill = (number: string) => number.replace(/\s+/g, '').toUpperCase()

/** A waybill number of a company without its own format (快递100 takes at most 32 characters). */
export const WAYBILL_NUMBER = /^[A-Za-z0-9-]{6,32}$/
export const WAYBILL_NUMBER_MESSAGE = '运单号应为 6–32 位字母或数字'

/**
 * One of the companies by what an operator typed: its name or a short name (any case); the
 * default when nothing was typed. companyOf('ZTO') → '中通快递'; companyOf('平安快递') → undefined
 */
export function companyOf(given?: string): CourierName | undefined {
  if (given === undefined || given.trim() === '') return COURIERS[0].name
  const g = given.trim()
  return COURIERS.find((c) => c.name === g || (c.keys as readonly string[]).includes(g.toLowerCase()))?.name
}
