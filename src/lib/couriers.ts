/**
 * The courier companies an operator may ship with, and the short names `npm run ops -- ship`
 * accepts for each: one list for the courier provider (server/providers/courier.ts) and the back
 * office's 发货 dialog. The first is the default.
 */
export const COURIERS = [
  { name: '顺丰速运', keys: ['sf', '顺丰'] },
  { name: '中通快递', keys: ['zto', '中通'] },
  { name: '圆通速递', keys: ['yto', '圆通'] },
  { name: '韵达快递', keys: ['yd', 'yunda', '韵达'] },
  { name: '京东物流', keys: ['jd', '京东'] },
] as const

export type CourierName = (typeof COURIERS)[number]['name']

/** A waybill number an operator may type (快递100 takes at most 32 characters), and the refusal of another. */
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
