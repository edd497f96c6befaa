/**
 * An order's timeline for the back office (issue 38): everything that happened to it, oldest
 * first, as one list of { at, kind, actor, text }. Each source below turns one part of what
 * adminOrder read (the order's times, payments, waybills with their kept track, the audit rows,
 * the notes) into events; orderTimeline merges them and sorts by time, a tie kept in the order
 * of TIMELINE_SOURCES (placed before paid at the same second) and then of its source.
 *
 * To add a source (parcels, after-sales steps): read what it needs into TimelineFacts, write a
 * `(facts) => TimelineEvent[]`, and put it in TIMELINE_SOURCES where a tie should place it. An
 * audit action a source tells better goes into TOLD_ELSEWHERE, so the staff source leaves it out.
 */
import { actionText } from '../../../src/lib/audit-text.ts'
import { payWayName } from '../../../src/lib/pay-ways.ts'

export interface TimelineEvent {
  /** China time 'YYYY-MM-DD HH:MM:SS'. */
  at: string
  /** placed, paid, shipped, track, received, after-sales, refund, invoice, staff, note. */
  kind: string
  /** '买家', '系统' or the staff member's username. */
  actor: string
  text: string
}

export const BUYER = '买家'
export const SYSTEM = '系统'

/** What the sources read: the order as adminOrder has it. Money in yuan. */
export interface TimelineFacts {
  order: {
    /** goods: shipped and received; article: a course, post or task, delivered when paid. */
    kind: 'goods' | 'article'
    createTime: string
    tolCost: number
    finishTime: string
    invoiceTime: string
    invoiceNumber: string
  }
  /** The invoice records (issue 39), oldest first; without them the one issued invoice of the order's times. */
  invoices?: { kind: string; number: string; reason: string; staff: string; time: string }[]
  payments: { outTradeNo: string; way: string; amount: number; paidTime: string; refundTime: string }[]
  waybills: {
    company: string
    number: string
    createTime: string
    /** What the parcel holds: '种植体 × 2、手套 × 1' ('' when unknown). */
    contents?: string
    /** A replacement an exchange sent. */
    replacement?: boolean
    /** The kept track, newest first as the courier answers it. */
    locus: { time: string; status: string; text: string }[]
  }[]
  /** The buyer's after-sales requests, oldest first: when asked, what, and when the goods were sent back. */
  requests?: { at: string; kindText: string; lines: string; returnAt: string; returnWaybill: string }[]
  /** What after-sales paid back (refunds rows): 30 due (finance transfers it), 40 paid. */
  refunds?: { amount: number; route: string; createTime: string; refundTime: string; status: number }[]
  /** The order's audit rows, any order. */
  audit: {
    at: string
    staff: string
    action: string
    detail: string
    after: Record<string, unknown> | null
  }[]
  notes: { at: string; staff: string; text: string }[]
}

export type TimelineSource = (f: TimelineFacts) => TimelineEvent[]

const yuan = (v: number) => `${v.toFixed(2)} 元`

/** The staff member whose audit row of `action` matches, else '系统' (a job, or `npm run ops` as ops). */
const staffOf = (
  f: TimelineFacts,
  action: string,
  matches: (after: Record<string, unknown>) => boolean = () => true,
) => f.audit.find((a) => a.action === action && a.after !== null && matches(a.after))?.staff ?? SYSTEM

const placed: TimelineSource = (f) => [
  {
    at: f.order.createTime,
    kind: 'placed',
    actor: BUYER,
    text: `买家下单，订单金额 ${yuan(f.order.tolCost)}`,
  },
]

/** Each payment taken, its way; a transfer confirmed by finance is theirs. */
const paid: TimelineSource = (f) =>
  f.payments
    .filter((p) => p.paidTime)
    .map((p) => ({
      at: p.paidTime,
      kind: 'paid',
      actor: p.way === 'union' ? staffOf(f, 'order.confirm-transfer') : BUYER,
      text: `${payWayName(p.way)}付款 ${yuan(p.amount)}（付款单 ${p.outTradeNo}）`,
    }))

/** Each waybill booked (by the staff member who shipped it), then its kept track, oldest first. */
const shipped: TimelineSource = (f) =>
  f.waybills.flatMap((w) => [
    {
      at: w.createTime,
      kind: 'shipped',
      actor: staffOf(f, 'order.ship', (a) => String(a.waybill ?? '').endsWith(w.number)),
      text: `${w.replacement ? '换货发出' : '发货'}：${w.company} ${w.number}${w.contents ? `（${w.contents}）` : ''}`,
    },
    ...[...w.locus].reverse().map((l) => ({
      at: l.time,
      kind: 'track',
      actor: SYSTEM,
      text: `${w.company} ${l.status}：${l.text}`,
    })),
  ])

/** The order completed: received by the buyer, or content delivered when paid. */
const received: TimelineSource = (f) => {
  if (!f.order.finishTime) return []
  const content = f.order.kind === 'article'
  return [
    {
      at: f.order.finishTime,
      kind: 'received',
      actor: content ? SYSTEM : BUYER,
      text: content ? '付款即交付，订单完成' : '确认收货，订单完成',
    },
  ]
}

/**
 * Money given back: each after-sales refund paid (a transfer's when finance recorded it, by
 * them), and each refunded payment no after-sales refund covers (a payment taken after the
 * order was cancelled or paid another way).
 */
const refunds: TimelineSource = (f) => {
  const afterSales = (f.refunds ?? [])
    .filter((r) => r.refundTime)
    .map((r) => ({
      at: r.refundTime,
      kind: 'refund',
      actor: r.route === '原路退回' ? SYSTEM : staffOf(f, 'payment.refund'),
      text: `售后退款 ${yuan(r.amount)}，${r.route}`,
    }))
  const told = new Set((f.refunds ?? []).map((r) => r.refundTime))
  const payments = f.payments
    .filter((p) => p.refundTime && !told.has(p.refundTime))
    .map((p) => ({
      at: p.refundTime,
      kind: 'refund',
      actor: staffOf(f, 'payment.refund', (a) => a.payment === p.outTradeNo),
      text: `退款 ${yuan(p.amount)} 原路退回${payWayName(p.way)}（付款单 ${p.outTradeNo}）`,
    }))
  return [...afterSales, ...payments]
}

/** The buyer's side of after-sales: each request, and goods sent back. */
const requests: TimelineSource = (f) =>
  (f.requests ?? []).flatMap((r) => [
    { at: r.at, kind: 'after-sales', actor: BUYER, text: `申请${r.kindText}：${r.lines}` },
    ...(r.returnAt
      ? [{ at: r.returnAt, kind: 'after-sales', actor: BUYER, text: `寄回商品：${r.returnWaybill}` }]
      : []),
  ])

/** An invoice record's line: '发票已开具，号码 X' or '发票已红冲，红字发票 R，原因：退款'. */
const invoiceLine = (r: { kind: string; number: string; reason: string }) =>
  r.kind === 'red'
    ? `发票已红冲${r.number ? `，红字发票 ${r.number}` : ''}，原因：${r.reason}`
    : `发票已开具${r.number ? `，号码 ${r.number}` : ''}`

const invoice: TimelineSource = (f) =>
  f.invoices
    ? f.invoices.map((r) => ({ at: r.time, kind: 'invoice', actor: r.staff || SYSTEM, text: invoiceLine(r) }))
    : f.order.invoiceTime
      ? [
          {
            at: f.order.invoiceTime,
            kind: 'invoice',
            actor: staffOf(f, 'order.invoice'),
            text: invoiceLine({ kind: 'issue', number: f.order.invoiceNumber, reason: '' }),
          },
        ]
      : []

/** Audit actions another source tells (with their staff member as actor). */
export const TOLD_ELSEWHERE = new Set([
  'order.ship',
  'order.confirm-transfer',
  'order.invoice',
  'order.invoice.void',
  'order.invoice.reissue',
  'order.note',
  'payment.refund',
])

/** The staff's other actions on the order: after-sales decisions, and what is added later. */
const staffActions: TimelineSource = (f) =>
  f.audit
    .filter((a) => !TOLD_ELSEWHERE.has(a.action))
    .map((a) => ({
      at: a.at,
      kind: a.action.startsWith('order.after-sales') ? 'after-sales' : 'staff',
      actor: a.staff,
      text: [actionText(a.action), a.detail].filter(Boolean).join('：'),
    }))

const notes: TimelineSource = (f) =>
  f.notes.map((n) => ({ at: n.at, kind: 'note', actor: n.staff, text: `备注：${n.text}` }))

/** The sources in the order a tie of times keeps them. */
export const TIMELINE_SOURCES: TimelineSource[] = [
  placed,
  paid,
  requests,
  staffActions,
  shipped,
  received,
  refunds,
  invoice,
  notes,
]

/** All the sources' events, oldest first: orderTimeline(facts) → [{ at, kind: 'placed', actor: '买家', … }, …] */
export function orderTimeline(f: TimelineFacts, sources: readonly TimelineSource[] = TIMELINE_SOURCES) {
  const all = sources.flatMap((source, rank) => source(f).map((e, i) => ({ e, rank, i })))
  all.sort((a, b) => (a.e.at < b.e.at ? -1 : a.e.at > b.e.at ? 1 : a.rank - b.rank || a.i - b.i))
  return all.map((x) => x.e)
}
