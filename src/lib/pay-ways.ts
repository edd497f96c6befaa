/**
 * THE payment ways (storefront §2 "Payment page", §7 GetOrdersPay `way`), read by the pay page,
 * the order list and detail, the back office, the CSV, the dashboard and the providers alike.
 * Adding a way is one entry here and, for an online one, one provider file in server/providers/
 * that server/providers/payment.ts picks by the entry's `provider`.
 *
 * - `name`: how the way is shown everywhere (pay page, order detail, admin, CSV, history);
 * - `icon`: the badge beside the name, a glyph on the way's colour (no brand artwork is shipped);
 * - `online`: paid at a gateway that notifies us; the others are the balance and the transfer;
 * - `provider`: the provider family that takes an online way (its live adapter or the sandbox);
 * - `refundTo`: where an approved refund goes, as the buyer's notice says it;
 * - `devices`: how the way is paid on each device (deviceOf): `qr` the QR code (or the provider's
 *   PC page), `h5` the provider's phone page, `jsapi` WeChat's own pay sheet (its browser only),
 *   `outside` not in this browser (WeChat's does not open Alipay: the link is copied to the phone's
 *   own browser), `direct` the same everywhere (balance, transfer).
 */
export const PAY_WAYS = [
  {
    code: 'balance',
    name: '余额支付',
    icon: { glyph: '余', color: '#0f766e' },
    online: false,
    provider: null,
    refundTo: '已退回您的账户余额',
    devices: { desktop: 'direct', phone: 'direct', wechat: 'direct' },
  },
  {
    code: 'alipay',
    name: '支付宝',
    icon: { glyph: '支', color: '#1677ff' },
    online: true,
    provider: 'alipay',
    refundTo: '将原路退回支付宝',
    devices: { desktop: 'qr', phone: 'h5', wechat: 'outside' },
  },
  {
    code: 'wechat',
    name: '微信支付',
    icon: { glyph: '微', color: '#07c160' },
    online: true,
    provider: 'wechatpay',
    refundTo: '将原路退回微信支付',
    devices: { desktop: 'qr', phone: 'h5', wechat: 'jsapi' },
  },
  {
    code: 'union',
    name: '对公转账',
    icon: { glyph: '转', color: '#b45309' },
    online: false,
    provider: null,
    refundTo: '将由财务以对公转账退回',
    devices: { desktop: 'direct', phone: 'direct', wechat: 'direct' },
  },
] as const

type Entry = (typeof PAY_WAYS)[number]
export type PayWay = Entry['code']
/** A way paid at a gateway: 'alipay' | 'wechat'. */
export type OnlineWay = Extract<Entry, { online: true }>['code']
export type PayWayInfo = Entry

export const PAY_WAY_CODES = PAY_WAYS.map((w) => w.code) as [PayWay, ...PayWay[]]
export const ONLINE_WAYS = PAY_WAYS.filter((w): w is Extract<Entry, { online: true }> => w.online).map(
  (w) => w.code,
) as readonly OnlineWay[]

export const isPayWay = (way: string): way is PayWay => (PAY_WAY_CODES as readonly string[]).includes(way)
export const isOnlineWay = (way: string): way is OnlineWay => (ONLINE_WAYS as readonly string[]).includes(way)

/** The entry of a way, or undefined for a code no longer (or never) known. */
export const payWayOf = (way: string): PayWayInfo | undefined => PAY_WAYS.find((w) => w.code === way)

/** payWayName('wechat') → '微信支付'; an unknown code is shown as it is, '' stays ''. */
export const payWayName = (way: string): string => payWayOf(way)?.name ?? way

/** Where the buyer pays: a computer, a phone's own browser, or WeChat's browser (on a phone or not). */
export type Device = 'desktop' | 'phone' | 'wechat'
/** How a way is paid on a device (the entries' `devices`). */
export type PayScene = 'direct' | 'qr' | 'h5' | 'jsapi' | 'outside'

/** WeChat's browser says MicroMessenger in its user agent (phone, PC and Mac alike). */
export const isWechatBrowser = (userAgent: string) => /MicroMessenger/i.test(userAgent)

/**
 * The device, from the user agent and the screen: WeChat's browser first; a phone by its user
 * agent, or a narrow touch screen (a tablet's or an app's browser that hides its kind).
 */
export function deviceOf(userAgent: string, screenWidth: number, touch = false): Device {
  if (isWechatBrowser(userAgent)) return 'wechat'
  if (/Android|iPhone|iPod|Mobile|HarmonyOS/i.test(userAgent)) return 'phone'
  return touch && screenWidth < 768 ? 'phone' : 'desktop'
}

/** How `way` is paid on `device`; an unknown way: as on a desktop (its QR code). */
export const sceneOf = (way: string, device: Device): PayScene =>
  (payWayOf(way)?.devices[device] as PayScene | undefined) ?? 'qr'
