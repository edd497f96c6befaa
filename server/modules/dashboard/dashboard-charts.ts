/**
 * The dashboard's charts: the last 30 China days of sales, orders by status, top products and
 * courses, new customers and wallet top-ups. Each figure is computed only for a staff member whose
 * roles hold one of its permissions (CHART_PERMISSIONS, the one table). Stored times are China
 * wall-clock text ('yyyy-mm-dd hh:mm:ss', server/time.ts), so a China day is the first ten
 * characters on SQLite and PostgreSQL alike, and a window is a plain text comparison.
 */
import { type RawBuilder, sql } from 'kysely'
import { ArticleStatus, OrderStatusText } from '../../../src/lib/constants.ts'
import { can, type Permission } from '../../../src/lib/permissions.ts'
import type { Db } from '../../db/index.ts'
import { dbTime } from '../../time.ts'
import { salesRefunds } from '../order-desk/order-exports.ts'
import { soldFen, soldLines } from '../orders/sales.ts'
import { WalletGroup } from '../payments/payments.queries.ts'

export const CHART_DAYS = 30
export const TOP_N = 10

/**
 * Who sees which figure: orders.read (operator, finance) the sales and statuses, customers.read
 * (operator, finance) new customers and top-ups; the top sellers also catalog.write (marketing),
 * who prices and promotes them. admin holds every permission.
 */
export const CHART_PERMISSIONS = {
  sales: ['orders.read'],
  statuses: ['orders.read'],
  top: ['orders.read', 'catalog.write'],
  customers: ['customers.read'],
  topUps: ['customers.read'],
} as const satisfies Record<string, readonly Permission[]>
export type Chart = keyof typeof CHART_PERMISSIONS

export const chartsFor = (roles: readonly string[]): Chart[] =>
  (Object.keys(CHART_PERMISSIONS) as Chart[]).filter((k) => CHART_PERMISSIONS[k].some((p) => can(roles, p)))

export interface SalesDay {
  day: string
  /** Orders placed that day. */
  orders: number
  /** Total of the orders paid that day (tol_cost_fen by pay_time). */
  paidFen: number
  /** Sales given back that day: payments of after-sales refunded orders (status 40 by refund_time). */
  refundFen: number
}
export interface TopItem {
  id: number
  title: string
  quantity: number
  amountFen: number
}
export interface DashboardCharts {
  /** The 30 China days, oldest first, ending today. */
  days: string[]
  sales?: SalesDay[]
  /** Orders placed in the window, by their status now. */
  statuses?: { status: number; label: string; count: number }[]
  topProducts?: TopItem[]
  topCourses?: TopItem[]
  customers?: { day: string; count: number }[]
  topUps?: { day: string; count: number; amountFen: number }[]
}

const DAY_MS = 86_400_000
const dayOf = (column: string): RawBuilder<string> => sql<string>`substr(${sql.ref(column)}, 1, 10)`
const num = (v: unknown) => Number(v ?? 0)

/** Per-day figures of one table over the window: {day → row}. */
async function perDay<K extends string>(
  rows: Promise<({ day: string } & Record<K, unknown>)[]>,
): Promise<Map<string, Record<K, number>>> {
  const out = new Map<string, Record<K, number>>()
  for (const { day, ...rest } of await rows) {
    out.set(day, Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, num(v)])) as Record<K, number>)
  }
  return out
}

export async function dashboardCharts(db: Db, roles: readonly string[], now: Date): Promise<DashboardCharts> {
  const days = Array.from({ length: CHART_DAYS }, (_, i) =>
    dbTime(new Date(now.getTime() - (CHART_DAYS - 1 - i) * DAY_MS)).slice(0, 10),
  )
  const from = `${days[0]} 00:00:00`
  const to = `${days[CHART_DAYS - 1]} 23:59:59`
  const show = new Set(chartsFor(roles))
  const out: DashboardCharts = { days }

  if (show.has('sales')) {
    const dayCol = (c: string) => dayOf(c).as('day')
    const [placed, paid, refunded] = await Promise.all([
      perDay(
        db
          .selectFrom('orders')
          .select((e) => [dayCol('create_time'), e.fn.countAll().as('n')])
          .where('create_time', '>=', from)
          .where('create_time', '<=', to)
          .groupBy(dayOf('create_time'))
          .execute(),
      ),
      perDay(
        db
          .selectFrom('orders')
          .select((e) => [dayCol('pay_time'), e.fn.sum('tol_cost_fen').as('fen')])
          .where('pay_time', '>=', from)
          .where('pay_time', '<=', to)
          .groupBy(dayOf('pay_time'))
          .execute(),
      ),
      perDay(
        salesRefunds(db)
          .select((e) => [dayCol('p.refund_time'), e.fn.sum('p.amount_fen').as('fen')])
          .where('p.refund_time', '>=', from)
          .where('p.refund_time', '<=', to)
          .groupBy(dayOf('p.refund_time'))
          .execute(),
      ),
    ])
    out.sales = days.map((day) => ({
      day,
      orders: placed.get(day)?.n ?? 0,
      paidFen: paid.get(day)?.fen ?? 0,
      refundFen: refunded.get(day)?.fen ?? 0,
    }))
  }

  if (show.has('statuses')) {
    const rows = await db
      .selectFrom('orders')
      .select((e) => ['status', e.fn.countAll().as('n')])
      .where('create_time', '>=', from)
      .where('create_time', '<=', to)
      .groupBy('status')
      .execute()
    const counts = new Map(rows.map((r) => [num(r.status), num(r.n)]))
    out.statuses = Object.entries(OrderStatusText).map(([s, label]) => ({
      status: Number(s),
      label,
      count: counts.get(Number(s)) ?? 0,
    }))
  }

  if (show.has('top')) {
    // What sold in the window: the one rule of sold lines and their amounts (orders/sales.ts),
    // the authors' sales in 我的发布 too.
    const top = (key: 'spu_id' | 'article_id') =>
      soldLines(db)
        .$if(key === 'article_id', (q) =>
          q.innerJoin('articles as a', 'a.id', 'i.article_id').where('a.status', '=', ArticleStatus.course),
        )
        .$if(key === 'spu_id', (q) => q.innerJoin('product_spus as p', 'p.id', 'i.spu_id'))
        .select((e) => [
          sql<number>`${sql.ref(`i.${key}`)}`.as('id'),
          // The product's or course's own title: a line's names one SKU or one section of it.
          e.fn.max(sql.ref<string>(key === 'spu_id' ? 'p.title' : 'a.title')).as('title'),
          e.fn.sum('i.quantity').as('quantity'),
          soldFen().as('fen'),
        ])
        .where(`i.${key}`, 'is not', null)
        .where('o.pay_time', '>=', from)
        .where('o.pay_time', '<=', to)
        .groupBy(`i.${key}`)
        .orderBy('fen', 'desc')
        .orderBy('id')
        .limit(TOP_N)
        .execute()
        .then((rows) =>
          rows.map((r) => ({
            id: num(r.id),
            title: String(r.title),
            quantity: num(r.quantity),
            amountFen: num(r.fen),
          })),
        )
    ;[out.topProducts, out.topCourses] = await Promise.all([top('spu_id'), top('article_id')])
  }

  if (show.has('customers')) {
    const joined = await perDay(
      db
        .selectFrom('users')
        .select((e) => [dayOf('create_time').as('day'), e.fn.countAll().as('n')])
        .where('create_time', '>=', from)
        .where('create_time', '<=', to)
        .groupBy(dayOf('create_time'))
        .execute(),
    )
    out.customers = days.map((day) => ({ day, count: joined.get(day)?.n ?? 0 }))
  }

  if (show.has('topUps')) {
    const ups = await perDay(
      db
        .selectFrom('wallet_transactions')
        .select((e) => [
          dayOf('create_time').as('day'),
          e.fn.countAll().as('n'),
          e.fn.sum('price_fen').as('fen'),
        ])
        .where('groups', '=', WalletGroup.recharge)
        .where('create_time', '>=', from)
        .where('create_time', '<=', to)
        .groupBy(dayOf('create_time'))
        .execute(),
    )
    out.topUps = days.map((day) => ({ day, count: ups.get(day)?.n ?? 0, amountFen: ups.get(day)?.fen ?? 0 }))
  }
  return out
}
