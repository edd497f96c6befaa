import { createHash } from 'node:crypto'
import { type CourierName, companyOf } from '../../src/lib/couriers.ts'
import type { Config } from '../config.ts'
import type { CheckResult } from './check.ts'
import type { CourierProvider, LocusEntry, Tracking } from './courier.ts'

/**
 * 快递100's real-time query (实时快递查询, COURIER=kuaidi100, README "Going live"): POST
 * /poll/query.do, form-urlencoded `customer`, `sign` and `param`, where param is the JSON
 * {com, num, phone, resultv2} and sign = MD5(param + key + customer) in upper-case hex. It only
 * tracks: it books no waybill, so the operator types the number the courier's own system printed.
 *
 * 快递100 locks a waybill asked more than 48 times in 24 hours (锁单: no updates for a day,
 * api.kuaidi100.com/document/suodanhouguo, which advises asking about once an hour): one question
 * per half hour at most stays under it, so that is how long a kept tracking stays fresh.
 */

export type Kuaidi100Settings = Extract<Config['courier'], { provider: 'kuaidi100' }>

export const KUAIDI100_REFRESH_MS = 30 * 60_000

/** Our companies by 快递100's codes (its 快递公司编码表). */
export const KUAIDI100_CODES: Record<CourierName, string> = {
  顺丰速运: 'shunfeng',
  中通快递: 'zhongtong',
  圆通速递: 'yuantong',
  韵达快递: 'yunda',
  京东物流: 'jd',
}

/** The sign 快递100 checks: kuaidi100Sign('{"com":"yunda"}', 'key', 'CUST') → 32 upper-case hex digits. */
export const kuaidi100Sign = (param: string, key: string, customer: string) =>
  createHash('md5').update(`${param}${key}${customer}`, 'utf8').digest('hex').toUpperCase()

/** The waybill's state (the answer's `state`) in our words. */
const STATES: Record<string, string> = {
  '0': '运输中',
  '1': '已揽收',
  '2': '疑难件',
  '3': '已签收',
  '4': '已退签',
  '5': '派送中',
  '6': '退回中',
  '7': '转投中',
  '8': '清关中',
  '10': '待清关',
  '11': '清关中',
  '12': '已清关',
  '13': '清关异常',
  '14': '已拒签',
}

/** Each route's status as resultv2=1 names it, in the same words. */
const ROUTE_STATUSES: Record<string, string> = {
  在途: '运输中',
  揽收: '已揽收',
  疑难: '疑难件',
  签收: '已签收',
  退签: '已退签',
  派件: '派送中',
  退回: '退回中',
  转投: '转投中',
  转单: '转投中',
  清关: '清关中',
  待清关: '待清关',
  清关中: '清关中',
  已清关: '已清关',
  清关异常: '清关异常',
  拒签: '已拒签',
}

/** What the operator can do about an error answer, by its returnCode. */
const HINTS: Record<string, string> = {
  '400': '核对 KUAIDI100_CUSTOMER（公司编号）与快递公司',
  '408': '单号与收件人手机号后四位不符',
  '500': '快递公司尚无此单号的物流信息，或单号不属于该快递公司',
  '501': '快递100 服务暂时异常，请稍后再试',
  '502': '快递100 服务繁忙，请稍后再试',
  '503': '签名错误：核对 KUAIDI100_KEY 与 KUAIDI100_CUSTOMER 是否配对',
  '601': '授权 key 已过期或没有可用单量：请在快递100 企业管理后台充值',
}

/** 快递100 did not answer with a tracking. Holds nothing secret: it is logged and shown to the operator. */
export class Kuaidi100Error extends Error {
  /** The answer's returnCode (400, 503 …), or 'network'. */
  readonly code: string
  constructor(code: string, message: string) {
    super(message)
    this.code = code
  }
}

interface Route {
  time?: string
  ftime?: string
  context?: string
  location?: string
  areaName?: string
  status?: string
}

interface Answer {
  result?: boolean
  returnCode?: string
  message?: string
  status?: string
  state?: string
  data?: Route[]
}

/** An answer with a tracking, as our status and timeline (newest first, as 快递100 orders them). */
export function trackingOf(a: Answer): Tracking {
  const locus: LocusEntry[] = (a.data ?? []).map((r) => ({
    upload_Time: r.ftime || r.time || '',
    status: ROUTE_STATUSES[r.status ?? ''] ?? r.status ?? '',
    infoContent: r.context ?? '',
    processInfo: r.location || r.areaName || '',
  }))
  if (!locus.length) return { status: '待揽收', locus }
  return { status: STATES[a.state ?? ''] ?? locus[0]?.status ?? '运输中', locus }
}

const TIMEOUT_MS = 10_000

/**
 * Asks 快递100 about one waybill: its answer with a tracking, or a Kuaidi100Error carrying the
 * returnCode and 快递100's own message. `phone` goes as its last 4 digits: 顺丰 requires them, the
 * others take them, and 快递100 needs no more of the receiver's number than that.
 */
export async function queryKuaidi100(
  s: Kuaidi100Settings,
  com: string,
  num: string,
  phone?: string,
): Promise<Answer> {
  const last4 = phone?.replace(/\D/g, '').slice(-4)
  const param = JSON.stringify({ com, num, ...(last4 ? { phone: last4 } : {}), resultv2: '1' })
  let text: string
  try {
    const res = await fetch(`${s.url}/poll/query.do`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        customer: s.customer,
        sign: kuaidi100Sign(param, s.key, s.customer),
        param,
      }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    })
    text = await res.text()
  } catch (e) {
    console.warn(`[kuaidi100] ${com} ${num}: ${e instanceof Error ? e.message : e}`)
    throw new Kuaidi100Error('network', '未能连到快递100：检查网络与 KUAIDI100_URL')
  }
  let a: Answer
  try {
    a = JSON.parse(text) as Answer
  } catch {
    throw new Kuaidi100Error('answer', `快递100 的应答无法识别：${text.slice(0, 80)}`)
  }
  if (a.status === '200' && a.result !== false) return a
  const code = a.returnCode ?? a.status ?? 'unknown'
  const hint = HINTS[code]
  throw new Kuaidi100Error(
    code,
    `快递100 答复 ${code}：${a.message || '查询失败'}${hint ? `（${hint}）` : ''}`,
  )
}

/** The waybill the check asks about when none is configured: a number no parcel has. */
const CHECK_WAYBILL = { company: '中通快递' as CourierName, number: '73100000000000' }

/**
 * The provider check: one query, about KUAIDI100_CHECK_WAYBILL (公司 单号) or a number no
 * parcel has. 快递100 checks the customer and the sign before it looks the number up, so
 * 查询无结果 (500) proves both as well as a tracking does.
 */
export async function checkKuaidi100(s: Kuaidi100Settings): Promise<CheckResult> {
  let waybill = CHECK_WAYBILL
  if (s.checkWaybill) {
    const [given = '', number = ''] = s.checkWaybill.split(/[\s:：]+/)
    const company = companyOf(given)
    if (!company || !given || !number)
      return {
        ok: false,
        lines: [`KUAIDI100_CHECK_WAYBILL 应为「快递公司 单号」，如 zto 73100012345678：${s.checkWaybill}`],
      }
    waybill = { company, number }
  }
  const what = `${waybill.company} ${waybill.number}`
  try {
    const t = trackingOf(await queryKuaidi100(s, KUAIDI100_CODES[waybill.company], waybill.number))
    const newest = t.locus[0]
    return {
      ok: true,
      lines: [
        `授权与签名正常，${what}：${t.status}`,
        ...(newest ? [`${newest.upload_Time} ${newest.infoContent}`] : []),
      ],
    }
  } catch (e) {
    if (e instanceof Kuaidi100Error && e.code === '500')
      return {
        ok: true,
        lines: [`授权与签名正常（${what} 查询无结果${s.checkWaybill ? '' : '，测试单号本就不存在'}）`],
      }
    throw e
  }
}

export function kuaidi100Courier(s: Kuaidi100Settings): CourierProvider {
  return {
    name: `快递100 ${s.url}`,
    refreshMs: KUAIDI100_REFRESH_MS,
    company: companyOf,
    async track(w) {
      const com = KUAIDI100_CODES[w.company as CourierName]
      if (!com) throw new Kuaidi100Error('company', `快递100 不认识快递公司 ${w.company}`)
      return trackingOf(await queryKuaidi100(s, com, w.number, w.phone))
    },
  }
}
