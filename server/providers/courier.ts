import { createHash } from 'node:crypto'
import { COURIERS, type CourierName, companyOf } from '../../src/lib/couriers.ts'
import type { Config } from '../config.ts'
import { dbTime } from '../time.ts'
import { kuaidi100Courier } from './kuaidi100.ts'

/**
 * Couriers behind one interface. An operator ships an order (`npm run ops -- ship`): the courier
 * books a waybill (company and number); Express/GetWay asks it for the waybill's tracking and
 * keeps the answer in the waybills row (status, locus).
 *
 * The simulated courier (the default) needs no account anywhere and writes a realistic
 * timeline that grows with the time since shipping — 已揽收, 运输中, 到达, 派送中, 已签收 — with
 * places and times drawn deterministically from the waybill number, so asking twice at the same
 * moment answers the same. COURIER=kuaidi100 tracks real parcels through 快递100's real-time
 * query (./kuaidi100.ts); it books nothing, so the operator types the waybill the courier's own
 * system printed.
 */

/** One entry of a waybill's timeline, as accounts §3 names its fields. */
export interface LocusEntry {
  upload_Time: string
  status: string
  infoContent: string
  processInfo: string
}

export interface Shipment {
  company: string
  number: string
  /** When the parcel was handed over (orders.way_time). */
  shippedAt: Date
  /** The receiver's city and district, where it travels to. */
  city: string
  area: string
  /** The receiver's phone: 顺丰 shows a waybill's route only to who knows its last 4 digits. */
  phone?: string
}

/** A waybill's tracking: its status (已揽收, 运输中 … 已签收) and timeline, newest first. */
export interface Tracking {
  status: string
  locus: LocusEntry[]
}

/** The statuses after which a waybill changes no more: its kept tracking is never asked again. */
export const FINAL_STATUSES: readonly string[] = ['已签收', '已退签']

export interface CourierProvider {
  /** Who answers, for the operator: 模拟快递, 快递100 https://poll.kuaidi100.com. */
  readonly name: string
  /**
   * How long a waybill's kept tracking stays fresh (ms): no new question about it before. 0 asks
   * on every read; a real provider limits how often one waybill may be asked.
   */
  readonly refreshMs: number
  /** The companies it can ship with, by what an operator may type. */
  company(given?: string): string | undefined
  /** Books a parcel with `company`: its waybill number. Absent: the operator types the number. */
  book?(company: string, at: Date): string
  /** The waybill as of `now`; throws when the provider did not answer with a tracking. */
  track(s: Shipment, now: Date): Promise<Tracking>
}

/** Each company's waybill number, from digits drawn for it. */
const NUMBERS: Record<CourierName, (digits: (n: number) => string) => string> = {
  顺丰速运: (d) => `SF${d(13)}`,
  中通快递: (d) => `7${d(13)}`,
  圆通速递: (d) => `YT${d(13)}`,
  韵达快递: (d) => `43${d(13)}`,
  京东物流: (d) => `JDVA${d(11)}`,
}
const COMPANIES = COURIERS.map((c) => ({
  name: c.name,
  number: NUMBERS[c.name],
}))
export const DEFAULT_COURIER = COURIERS[0].name
export const COURIER_NAMES = COMPANIES.map((c) => c.name)

/** Where every parcel leaves from: the company's warehouse. */
const ORIGIN = { city: '苏州', point: '苏州工业园区营业点', hub: '苏州转运中心' }
const HOUR = 3_600_000

/** Deterministic numbers from a waybill number: byte i of its SHA-256, 0..255. */
const bytesOf = (s: string) => createHash('sha256').update(s, 'utf8').digest()

export function simulatedCourier(): CourierProvider {
  return {
    name: '模拟快递',
    refreshMs: 0,
    company: companyOf,
    book(company, at) {
      const c = COMPANIES.find((x) => x.name === company) ?? COMPANIES[0]
      const seed = bytesOf(`${company}${at.getTime()}${Math.random()}`)
      let i = 0
      const digits = (n: number) =>
        Array.from({ length: n }, () => String((seed[i++ % seed.length] ?? 0) % 10)).join('')
      return (c as (typeof COMPANIES)[number]).number(digits)
    },
    async track(s, now) {
      const b = bytesOf(s.number)
      const jitter = (k: number, spanHours: number) => ((b[k] ?? 0) / 255) * spanHours * HOUR
      const hub = s.city.replace(/市$/, '') || '目的地'
      const area = s.area || hub
      const courier = `${String(b[9] ?? 0)
        .padStart(3, '0')
        .slice(-2)}`
      const start = s.shippedAt.getTime()
      const steps = [
        {
          at: start,
          status: '已揽收',
          info: `快件已由【${ORIGIN.point}】揽收`,
          process: `${s.company}已收取快件`,
        },
        {
          at: start + 2 * HOUR + jitter(0, 3),
          status: '运输中',
          info: `快件已到达【${ORIGIN.hub}】`,
          process: `快件在【${ORIGIN.hub}】完成分拣，准备发往【${hub}集散中心】`,
        },
        {
          at: start + 8 * HOUR + jitter(1, 6),
          status: '运输中',
          info: `快件已从【${ORIGIN.hub}】发出，正在发往【${hub}集散中心】`,
          process: '快件正在运输途中',
        },
        {
          at: start + 20 * HOUR + jitter(2, 8),
          status: '到达',
          info: `快件已到达【${hub}集散中心】`,
          process: `快件到达【${hub}集散中心】，准备发往【${area}营业点】`,
        },
        {
          at: start + 30 * HOUR + jitter(3, 6),
          status: '派送中',
          info: `【${area}营业点】快递员（工号 10${courier}）正在派送途中，请保持电话畅通`,
          process: `【${area}营业点】派件员正在为您派件`,
        },
        {
          at: start + 36 * HOUR + jitter(4, 6),
          status: '已签收',
          info: '快件已签收，签收人：本人',
          process: `您的快件已签收，感谢使用${s.company}`,
        },
      ]
      const locus = steps
        .filter((x) => x.at <= now.getTime())
        .reverse()
        .map((x) => ({
          upload_Time: dbTime(new Date(x.at)),
          status: x.status,
          infoContent: x.info,
          processInfo: x.process,
        }))
      return { status: locus[0]?.status ?? '待揽收', locus }
    },
  }
}

/** The courier in use, as COURIER chooses (server/config.ts). */
export const courierProvider = (config: Config): CourierProvider =>
  config.courier.provider === 'kuaidi100' ? kuaidi100Courier(config.courier) : simulatedCourier()
