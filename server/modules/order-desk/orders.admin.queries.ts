/**
 * What the back office reads of orders (issue 20): the filtered list, the queues of work and
 * their counts, and one order in full (its parts in order-detail-parts.ts, the CSV exports in
 * order-exports.ts). The writes are the service functions of
 * fulfilment and payments, shared with `npm run ops`.
 */
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely'
import { OrderStatus } from '../../../src/lib/constants.ts'
import { fenToYuan } from '../../../src/lib/money.ts'
import {
  AFTER_KINDS,
  type AfterKind,
  orderStateText,
  PaymentStatusText,
  refundRouteText,
  UNDECIDED_AFTER_STATUSES,
} from '../../../src/lib/order-states.ts'
import { discountZhe } from '../../../src/lib/rules/pricing.ts'
import { searchAudit } from '../../admin/audit.ts'
import { type Database, type Db, isPg } from '../../db/index.ts'
import { likeContains, type Paged } from '../../db/sql.ts'
import { refuse } from '../../http.ts'
import type { CourierProvider } from '../../providers/courier.ts'
import { trackedWaybills } from '../fulfilment/fulfilment.queries.ts'
import { currentRequest } from '../orders/after-sales.ts'
import { invoiceHistory } from '../orders/invoice-records.ts'
import { orderLines, toShip } from '../orders/order-lines.ts'
import {
  AfterStatus,
  AfterStatusText,
  BREAKDOWN_COLUMNS,
  breakdownOf,
  InvoiceStatus,
  invoiceStatusText,
  OrderTypes,
  payDeadline,
} from '../orders/orders.queries.ts'
import { PaymentStatus } from '../payments/payments.queries.ts'
import { TransferOutcomeText } from '../payments/transfers.ts'
import {
  afterSalesView,
  approverName,
  historyDetail,
  lineText,
  orderRequests,
  requestedOf,
} from './order-detail-parts.ts'
import { orderNotes } from './order-notes.ts'
import { orderSearch, searchCount, searchText } from './order-search.ts'
import type { AdminOrder, AdminOrderRow, OrderQueue } from './orders.admin-routes.ts'
import { orderTimeline } from './timeline.ts'
export interface OrderFilters {
  status?: number | undefined
  code?: string | undefined
  tel?: string | undefined
  from?: string | undefined
  to?: string | undefined
  queue?: OrderQueue | undefined
  /** One search over code, buyer's phone and names, receiver, line titles (order-search.ts). */
  q?: string | undefined
  /** Exactly these orders (导出所选). */
  codes?: string[] | undefined
}

type Eb = ExpressionBuilder<Database & { o: Database['orders']; u: Database['users'] }, 'o' | 'u'>

/**
 * The queues of work, one condition each: what the dashboard counts and what `queue=` lists.
 * - ship: paid goods orders awaiting shipment with no after-sales request open;
 * - transfer: unpaid orders whose buyer chose the corporate transfer (finance confirms);
 * - after-sales: requests to decide (申请中, 待财务审批) and goods sent back to receive (待验收);
 * - approval: refunds above REFUND_APPROVAL_LIMIT waiting for finance's approval (待财务审批);
 * - invoice: invoices applied for and not yet issued (a refunded order's is withdrawn);
 * - refund-due: orders with a payment the provider took after the order stopped being unpaid.
 */
const QUEUES: Record<OrderQueue, (eb: Eb) => Expression<SqlBool>> = {
  ship: (eb) =>
    eb.and([
      eb('o.status', '=', OrderStatus.unshipped),
      eb('o.after_status', 'not in', UNDECIDED_AFTER_STATUSES),
    ]),
  transfer: (eb) =>
    eb.and([eb('o.status', '=', OrderStatus.unpaid), eb('o.transfer_deadline', 'is not', null)]),
  'after-sales': (eb) =>
    eb('o.after_status', 'in', [AfterStatus.applied, AfterStatus.awaitingFinance, AfterStatus.returning]),
  approval: (eb) => eb('o.after_status', '=', AfterStatus.awaitingFinance),
  // Applications to issue, and invoices finance red-lettered to correct (待重开).
  invoice: (eb) =>
    eb.or([
      eb.and([
        eb('o.invoice_status', '=', InvoiceStatus.applied),
        eb('o.after_status', '!=', AfterStatus.refunded),
      ]),
      eb('o.invoice_status', '=', InvoiceStatus.reopening),
    ]),
  'refund-due': (eb) =>
    eb.or([
      eb.exists(
        eb
          .selectFrom('payments as p')
          .select('p.id')
          .whereRef('p.order_id', '=', 'o.id')
          .where('p.status', '=', PaymentStatus.refundDue),
      ),
      eb.exists(
        eb
          .selectFrom('refunds as r')
          .select('r.id')
          .whereRef('r.order_id', '=', 'o.id')
          .where('r.status', '=', PaymentStatus.refundDue),
      ),
    ]),
}

/**
 * FROM orders o WHERE the filters (JOIN users u for the phone filter only: a count of 10,000
 * matches took twice as long with it). `probe`: the search as a test of each row rather than the
 * rows it reads (orderSearch).
 */
export function filtered(db: Db, f: OrderFilters, probe = false) {
  return db
    .selectFrom('orders as o')
    .$if(Boolean(f.tel), (q) => q.innerJoin('users as u', 'u.id', 'o.user_id'))
    .where((eb) => {
      const all: Expression<SqlBool>[] = []
      if (f.status === OrderStatus.afterSales) all.push(eb('o.types', '=', OrderTypes.afterSales))
      else if (f.status !== undefined) all.push(eb('o.status', '=', f.status))
      if (f.code) all.push(sql<SqlBool>`o.code LIKE ${likeContains(f.code)} ESCAPE '\\'`)
      if (f.tel) {
        const p = likeContains(f.tel)
        all.push(sql<SqlBool>`(u.tel LIKE ${p} ESCAPE '\\' OR o.rec_tel LIKE ${p} ESCAPE '\\')`)
      }
      if (f.from) all.push(eb('o.create_time', '>=', `${f.from} 00:00:00`))
      if (f.to) all.push(eb('o.create_time', '<=', `${f.to} 23:59:59`))
      if (f.queue) all.push(QUEUES[f.queue](eb as unknown as Eb))
      all.push(...orderSearch(db, 'o.id', f.q, probe))
      if (f.codes) all.push(eb('o.code', 'in', f.codes))
      return eb.and(all)
    })
}

const ROW_COLUMNS = [
  'o.id',
  'o.code',
  'o.status',
  'o.cost_price_fen',
  'o.tol_cost_fen',
  'o.pay_way',
  'o.user_id',
  'u.tel as buyer_tel',
  'u.nick_name as buyer_name',
  'o.rec_name',
  'o.rec_tel',
  'o.create_time',
  'o.pay_time',
  'o.after_status',
  'o.invoice_status',
  'o.transfer_deadline',
] as const

const SORTS = {
  createTime: sql`o.create_time`,
  payTime: sql`COALESCE(o.pay_time, '')`,
  tolCost: sql`o.tol_cost_fen`,
} as const

type RowData = Awaited<ReturnType<typeof readRows>>[number]
export const readRows = (db: Db, ids: number[]) =>
  db
    .selectFrom('orders as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .select(ROW_COLUMNS)
    .where('o.id', 'in', ids)
    .execute()

/** What a page of rows needs besides themselves: each order's title, kind and refund-due count. */
export async function extrasOf(db: Db, ids: number[]) {
  const items = new Map<number, { titles: string[]; article: boolean; shipped: boolean }>()
  const due = new Map<number, number>()
  if (!ids.length) return { items, due }
  const [itemRows, dueRows] = await Promise.all([
    db
      .selectFrom('order_items')
      .select(['order_id', 'title', 'article_id', 'shipped_qty'])
      .where('order_id', 'in', ids)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('payments')
      .select(['order_id', sql<number>`COUNT(*)`.as('n')])
      .where('order_id', 'in', ids)
      .where('status', '=', PaymentStatus.refundDue)
      .groupBy('order_id')
      .execute(),
  ])
  for (const r of itemRows) {
    const e = items.get(r.order_id) ?? { titles: [], article: false, shipped: false }
    e.titles.push(r.title)
    e.article ||= r.article_id !== null
    e.shipped ||= r.shipped_qty > 0
    items.set(r.order_id, e)
  }
  for (const r of dueRows) if (r.order_id !== null) due.set(r.order_id, Number(r.n))
  return { items, due }
}

/** One listed order: adminRow(row, extras) → { code, statusText: '待发货', title: '种植体等2件', … } */
export function adminRow(r: RowData, extras: Awaited<ReturnType<typeof extrasOf>>): AdminOrderRow {
  const it = extras.items.get(r.id)
  const first = it?.titles[0] ?? ''
  return {
    id: r.id,
    code: r.code,
    status: r.status,
    statusText: orderStateText({
      status: r.status,
      afterStatus: r.after_status,
      partShipped: it?.shipped ?? false,
    }),
    kind: it?.article ? 'article' : 'goods',
    title: (it?.titles.length ?? 0) > 1 ? `${first}等${it?.titles.length}件` : first,
    tolCost: fenToYuan(r.tol_cost_fen),
    payWay: r.pay_way,
    buyerId: r.user_id,
    buyerTel: r.buyer_tel ?? '',
    buyerName: r.buyer_name,
    recName: r.rec_name,
    recTel: r.rec_tel,
    createTime: r.create_time,
    payTime: r.pay_time ?? '',
    afterStatus: r.after_status,
    afterStatusText: AfterStatusText[r.after_status] ?? '',
    invoiceStatus: r.invoice_status,
    invoiceStatusText: invoiceStatusText(r.invoice_status, r.after_status),
    transfer: r.status === OrderStatus.unpaid && r.transfer_deadline !== null,
    refundDue: extras.due.get(r.id) ?? 0,
  }
}

/**
 * The back office's order list: filtered, sorted by pageOrder (createTime, payTime, tolCost;
 * ties by id) in pageSort's direction, newest first by default.
 */
export async function adminOrders(
  db: Db,
  f: OrderFilters & {
    pageOrder?: keyof typeof SORTS | undefined
    pageSort?: 'asc' | 'desc' | undefined
    pageIndex: number
    pageSize: number
  },
): Promise<Paged<AdminOrderRow>> {
  const dir = f.pageSort ?? 'desc'
  const count = (base: ReturnType<typeof filtered>) =>
    base
      .select(sql<number>`COUNT(*)`.as('n'))
      .executeTakeFirst()
      .then((r) => Number(r?.n ?? 0))
  const page = (base: ReturnType<typeof filtered>) =>
    base
      .select('o.id')
      .orderBy(SORTS[f.pageOrder ?? 'createTime'], dir)
      .orderBy('o.id', dir)
      .limit(f.pageSize)
      .offset(f.pageIndex * f.pageSize)
      .execute()
  const [total, found] = await countAndPage(db, f, count, page)
  const ids = found.map((r) => r.id)
  const [rows, extras] = await Promise.all([ids.length ? readRows(db, ids) : [], extrasOf(db, ids)])
  const byId = new Map(rows.map((r) => [r.id, r]))
  return {
    pageData: ids.flatMap((id) => {
      const r = byId.get(id)
      return r ? [adminRow(r, extras)] : []
    }),
    pageIndex: f.pageIndex,
    pageSize: f.pageSize,
    pageTotal: total,
  }
}

/** No filter but the search. */
const ONLY_SEARCH = (f: OrderFilters) =>
  [f.status, f.code, f.tel, f.from, f.to, f.queue, f.codes].every((v) => v === undefined || v === '')

/** Matches above which a page of a search is read in the list's order (adminOrders). */
const PROBE_ABOVE = 1_000

/**
 * The count and the page of a list, at once; on SQLite with a search the count first, which says
 * how to read the page. Many matches: walk the list's own order and test each row, which stops
 * after a page (0.5 ms instead of 3.9 for 2,372 matches of 20,000); few: read the matches and
 * sort them.
 */
async function countAndPage<P>(
  db: Db,
  f: OrderFilters,
  count: (base: ReturnType<typeof filtered>) => Promise<number>,
  page: (base: ReturnType<typeof filtered>) => Promise<P>,
): Promise<[number, P]> {
  // The search alone: its index counts it.
  const counted = f.q && searchText(f.q) && ONLY_SEARCH(f) ? searchCount(db, f.q) : count(filtered(db, f))
  if (isPg(db) || !f.q) return Promise.all([counted, page(filtered(db, f))])
  const total = await counted
  return [total, await page(filtered(db, f, total > PROBE_ABOVE))]
}

/**
 * How many wait in a queue, for the dashboard (staff/dashboard.ts): orders, except refund-due,
 * which counts payments (one cancelled order may have been paid twice).
 */
export async function queueCount(db: Db, queue: OrderQueue): Promise<number> {
  const n = sql<number>`COUNT(*)`.as('n')
  if (queue !== 'refund-due')
    return Number((await filtered(db, { queue }).select(n).executeTakeFirst())?.n ?? 0)
  // Payments owed back, each once: an after-sales refund due (a refunds row), or a payment due
  // back as a whole for which no such refund stands (a duplicate payment).
  const [refunds, payments] = await Promise.all([
    db.selectFrom('refunds').select(n).where('status', '=', PaymentStatus.refundDue).executeTakeFirst(),
    db
      .selectFrom('payments as p')
      .select(n)
      .where('p.status', '=', PaymentStatus.refundDue)
      .where('p.order_id', 'is not', null)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('refunds as r')
              .select('r.id')
              .whereRef('r.payment_id', '=', 'p.id')
              .where('r.status', '=', PaymentStatus.refundDue),
          ),
        ),
      )
      .executeTakeFirst(),
  ])
  return Number(refunds?.n ?? 0) + Number(payments?.n ?? 0)
}

/**
 * One order in full for the back office, by its code; 404 订单不存在. Its waybills are tracked
 * as of `now` (as the buyer's 物流信息 is); `fileLink` signs the invoice file's link.
 */
export async function adminOrder(
  db: Db,
  courier: CourierProvider,
  code: string,
  now: Date,
  fileLink: (path: string) => string,
  expiryMinutes: number,
  returnAddress = '',
  limitFen = 0,
): Promise<AdminOrder> {
  const o = await db
    .selectFrom('orders as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .leftJoin('invoice_infos as i', 'i.id', 'o.invoice_id')
    .select(ROW_COLUMNS)
    .select([
      'o.discount_tenths',
      ...BREAKDOWN_COLUMNS,
      'o.way_time',
      'o.finish_time',
      'o.rec_address',
      'o.rec_addressx',
      'o.after_remarks',
      'o.after_imgs',
      'o.after_reject_reason',
      'o.invoice_id',
      'o.invoice_number',
      'o.invoice_file',
      'o.invoice_time',
      'u.code as buyer_code',
      'u.real_name as buyer_real_name',
      'i.types as i_types',
      'i.company_name',
      'i.company_code',
      'i.company_address',
      'i.company_tel',
      'i.bank',
      'i.account',
      'i.name as i_name',
      'i.tel as i_tel',
      'i.province as i_province',
      'i.city as i_city',
      'i.area as i_area',
      'i.addressx as i_addressx',
    ])
    .where('o.code', '=', code)
    .executeTakeFirst()
  if (!o) throw refuse('订单不存在', 404)
  const [extras, lines, payments, waybills, history, request, refunds, notes, transfers, invoices] =
    await Promise.all([
      extrasOf(db, [o.id]),
      orderLines(db, o.id),
      db
        .selectFrom('payments')
        .select(['out_trade_no', 'way', 'amount_fen', 'status', 'create_time', 'paid_time', 'refund_time'])
        .where('order_id', '=', o.id)
        .orderBy('id')
        .execute(),
      trackedWaybills(db, courier, o.id, now),
      searchAudit(db, { target: `order:${o.code}`, pageIndex: 0, pageSize: 100 }),
      currentRequest(db, o.id),
      db
        .selectFrom('refunds as r')
        .leftJoin('payments as p', 'p.id', 'r.payment_id')
        .select([
          'r.id',
          'r.amount_fen',
          'r.way',
          'r.status',
          'r.create_time',
          'r.refund_time',
          'r.gateway_note',
          'p.out_trade_no',
        ])
        .where('r.order_id', '=', o.id)
        .orderBy('r.id')
        .execute(),
      orderNotes(db, o.id),
      db.selectFrom('transfer_receipts').selectAll().where('order_id', '=', o.id).orderBy('id').execute(),
      invoiceHistory(db, o.id, fileLink),
    ])
  const answer: Omit<AdminOrder, 'timeline'> = {
    ...adminRow(o, extras),
    costPrice: fenToYuan(o.cost_price_fen),
    discount: discountZhe(o.discount_tenths),
    ...breakdownOf(o),
    wayTime: o.way_time ?? '',
    finishTime: o.finish_time ?? '',
    payDeadline: payDeadline(o, expiryMinutes),
    recAddress: o.rec_address,
    recAddressx: o.rec_addressx,
    buyer: {
      id: o.user_id,
      code: o.buyer_code,
      tel: o.buyer_tel ?? '',
      nickName: o.buyer_name,
      realName: o.buyer_real_name,
    },
    items: lines.map((l) => ({
      lineId: l.id,
      title: l.title,
      imgurl: l.imgurl,
      price: fenToYuan(l.priceFen),
      quantity: l.quantity,
      shipped: l.shipped,
      refunded: l.refunded,
      toShip: toShip(l),
      paid: fenToYuan(l.paidFen),
      spuId: l.spuId,
      articleId: l.articleId,
    })),
    shipments: waybills.map((w) => ({
      id: w.id,
      courier: w.company,
      waybill: w.number,
      lines: w.lines,
      shippedAt: w.createTime,
      status: w.status,
      cancelledAt: w.cancelTime,
      replacement: w.afterSaleId !== null,
      locus: w.locus.map((l) => ({ time: l.upload_Time, status: l.status, text: l.infoContent })),
    })),
    refunds: refunds.map((r) => ({
      id: r.id,
      amount: fenToYuan(r.amount_fen),
      way: r.way,
      route: refundRouteText(r.way),
      status: r.status,
      statusText: PaymentStatusText[r.status] ?? '',
      outTradeNo: r.out_trade_no ?? '',
      createTime: r.create_time,
      refundTime: r.refund_time ?? '',
      gatewayNote: r.gateway_note,
    })),
    payments: payments.map((p) => ({
      outTradeNo: p.out_trade_no,
      way: p.way,
      amount: fenToYuan(p.amount_fen),
      status: p.status,
      // A QR code asked for but never paid, on an order since paid another way or cancelled:
      // nothing will come of it, so not 待支付.
      statusText:
        p.status === PaymentStatus.pending && o.status !== OrderStatus.unpaid
          ? '未支付（已失效）'
          : (PaymentStatusText[p.status] ?? ''),
      createTime: p.create_time,
      paidTime: p.paid_time ?? '',
      refundTime: p.refund_time ?? '',
    })),
    waybills: waybills
      .filter((w) => !w.cancelTime)
      .map((w) => ({
        company: w.company,
        number: w.number,
        status: w.status,
        createTime: w.createTime,
        locus: w.locus.map((l) => ({ time: l.upload_Time, status: l.status, text: l.infoContent })),
      })),
    afterSales: {
      ...(await afterSalesView(db, o, lines, request, approverName, returnAddress)),
      // What an operator may still approve alone on this order: the limit less what it got back.
      limit: fenToYuan(Math.max(0, limitFen - refunds.reduce((n, r) => n + r.amount_fen, 0))),
    },
    invoice:
      o.invoice_id === null
        ? null
        : {
            types: o.i_types ?? '',
            companyName: o.company_name ?? '',
            companyCode: o.company_code ?? '',
            companyAddress: o.company_address ?? '',
            companyTel: o.company_tel ?? '',
            bank: o.bank ?? '',
            account: o.account ?? '',
            name: o.i_name ?? '',
            tel: o.i_tel ?? '',
            address: [o.i_province, o.i_city, o.i_area, o.i_addressx].filter(Boolean).join(' '),
            // Staff keep the newest issued invoice's number and file once it is red-lettered too.
            number: o.invoice_number,
            file: o.invoice_file ? fileLink(o.invoice_file) : '',
            time: o.invoice_time ?? '',
          },
    invoiceRecords: invoices,
    transfers: transfers.map((r) => ({
      kind: r.kind,
      amount: fenToYuan(r.amount_fen),
      reference: r.reference,
      payer: r.payer,
      receivedAt: r.received_at,
      outcome: r.outcome,
      outcomeText: TransferOutcomeText[r.outcome] ?? r.outcome,
      slip: r.slip ? fileLink(r.slip) : '',
      staff: r.staff_username,
      time: r.create_time,
    })),
    history: history.pageData.map(({ at, staff, action, before, after }) => ({
      at,
      staff,
      action,
      before,
      after,
      detail: historyDetail(after),
    })),
    notes,
  }
  return {
    ...answer,
    timeline: orderTimeline({
      order: {
        kind: answer.kind,
        createTime: answer.createTime,
        tolCost: answer.tolCost,
        finishTime: answer.finishTime,
        invoiceTime: o.invoice_time ?? '',
        invoiceNumber: o.invoice_number,
      },
      invoices,
      payments: answer.payments,
      waybills: answer.shipments
        .filter((w) => !w.cancelledAt)
        .map((w) => ({
          company: w.courier,
          number: w.waybill,
          createTime: w.shippedAt,
          contents: lineText(answer.items, w.lines),
          replacement: w.replacement,
          locus: w.locus,
        })),
      requests: (await orderRequests(db, o.id)).map((r) => ({
        at: r.create_time,
        kindText: AFTER_KINDS[r.kind as AfterKind] ?? r.kind,
        lines: r.lines === '[]' ? '整单' : lineText(answer.items, requestedOf(r.lines, lines)),
        returnAt: r.return_time ?? '',
        returnWaybill: `${r.return_company} ${r.return_waybill}`.trim(),
      })),
      refunds: answer.refunds,
      audit: answer.history,
      notes,
    }),
  }
}
