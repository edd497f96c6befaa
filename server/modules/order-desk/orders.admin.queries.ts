/**
 * What the back office reads of orders (issue 20): the filtered list, the queues of work and
 * their counts, one order in full, and the CSV export. The writes are the service functions of
 * fulfilment and payments, shared with `npm run ops`.
 */
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely'
import { OrderStatus, OrderStatusText } from '../../../src/lib/constants.ts'
import { fenToYuan } from '../../../src/lib/money.ts'
import {
  AFTER_KINDS,
  type AfterKind,
  goodsComeBack,
  orderStateText,
  PaymentStatusText,
  refundRouteText,
  UNDECIDED_AFTER_STATUSES,
} from '../../../src/lib/order-states.ts'
import { payWayName } from '../../../src/lib/pay-ways.ts'
import { discountZhe } from '../../../src/lib/rules/pricing.ts'
import { searchAudit } from '../../admin/audit.ts'
import { type Database, type Db, isPg } from '../../db/index.ts'
import { likeContains, type Paged } from '../../db/sql.ts'
import { refuse } from '../../http.ts'
import type { CourierProvider } from '../../providers/courier.ts'
import { trackedWaybills } from '../fulfilment/fulfilment.queries.ts'
import { currentRequest, refundableFen } from '../orders/after-sales.ts'
import { type OrderLine, orderLines, toShip } from '../orders/order-lines.ts'
import {
  AfterStatus,
  AfterStatusText,
  BREAKDOWN_COLUMNS,
  breakdownOf,
  InvoiceStatus,
  invoiceStatusText,
  issuedInvoice,
  OrderTypes,
  payDeadline,
} from '../orders/orders.queries.ts'
import { PaymentStatus } from '../payments/payments.queries.ts'
import { TransferOutcomeText } from '../payments/transfers.ts'
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
  invoice: (eb) =>
    eb.and([
      eb('o.invoice_status', '=', InvoiceStatus.applied),
      eb('o.after_status', '!=', AfterStatus.refunded),
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
function filtered(db: Db, f: OrderFilters, probe = false) {
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
const readRows = (db: Db, ids: number[]) =>
  db
    .selectFrom('orders as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .select(ROW_COLUMNS)
    .where('o.id', 'in', ids)
    .execute()

/** What a page of rows needs besides themselves: each order's title, kind and refund-due count. */
async function extrasOf(db: Db, ids: number[]) {
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
function adminRow(r: RowData, extras: Awaited<ReturnType<typeof extrasOf>>): AdminOrderRow {
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

/** Lines and quantities as staff read them: '种植体 × 2、手套 × 1'. */
const lineText = (
  items: { lineId: number; title: string }[],
  lines: { lineId: number; quantity: number }[],
) =>
  lines
    .map((l) => `${items.find((i) => i.lineId === l.lineId)?.title ?? l.lineId} × ${l.quantity}`)
    .join('、')

/** A request's stored lines, or for a whole-order request every line not yet refunded. */
const requestedOf = (stored: string, lines: OrderLine[]) => {
  const given = JSON.parse(stored) as { lineId: number; quantity: number }[]
  return given.length
    ? given
    : lines.map((l) => ({ lineId: l.id, quantity: l.quantity - l.refunded })).filter((l) => l.quantity > 0)
}

/** Every after-sales request of an order the buyer did not withdraw, oldest first. */
const orderRequests = (db: Db, orderId: number) =>
  db
    .selectFrom('after_sales')
    .select(['kind', 'lines', 'create_time', 'return_time', 'return_company', 'return_waybill'])
    .where('order_id', '=', orderId)
    .where('status', '!=', 0)
    .orderBy('id')
    .execute()

/** The staff member's name for an approver's id. */
const approverName = async (db: Db, id: number | null) =>
  id === null
    ? ''
    : ((await db.selectFrom('staff').select('username').where('id', '=', id).executeTakeFirst())?.username ??
      '')

/** The order's newest after-sales request as staff read it; empty fields when there is none. */
async function afterSalesView(
  db: Db,
  o: { tol_cost_fen: number; after_remarks: string; after_imgs: string; after_reject_reason: string },
  lines: OrderLine[],
  r: Awaited<ReturnType<typeof currentRequest>>,
  nameOf: typeof approverName,
  returnAddress: string,
): Promise<Omit<AdminOrder['afterSales'], 'limit'>> {
  const base = {
    remarks: o.after_remarks,
    imgs: o.after_imgs.split(',').filter(Boolean),
    rejectReason: o.after_reject_reason,
  }
  if (!r)
    return {
      ...base,
      kind: '',
      kindText: '',
      status: 0,
      state: '',
      lines: [],
      refundable: 0,
      amount: 0,
      approvedBy: '',
      returnWaybill: '',
      returnAddress: '',
    }
  const asked = requestedOf(r.lines, lines)
  const open = r.status === AfterStatus.applied || r.status === AfterStatus.awaitingFinance
  let refundable = 0
  if (open && r.kind !== 'exchange') {
    const picked = asked.flatMap((a) => {
      const line = lines.find((l) => l.id === a.lineId)
      return line ? [{ line, quantity: Math.min(a.quantity, line.quantity - line.refunded) }] : []
    })
    refundable = refundableFen(
      lines,
      picked.filter((p) => p.quantity > 0),
      o.tol_cost_fen,
    )
  }
  return {
    ...base,
    kind: r.kind,
    kindText: AFTER_KINDS[r.kind as AfterKind] ?? '',
    status: r.status,
    state: AfterStatusText[r.status] ?? '',
    lines: asked,
    refundable: fenToYuan(refundable),
    amount: fenToYuan(r.amount_fen),
    approvedBy: await nameOf(db, r.approved_by),
    returnWaybill: r.return_waybill ? `${r.return_company} ${r.return_waybill}` : '',
    returnAddress: goodsComeBack(r.kind) ? returnAddress : '',
  }
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
  const [extras, lines, payments, waybills, history, request, refunds, notes, transfers] = await Promise.all([
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
        'p.out_trade_no',
      ])
      .where('r.order_id', '=', o.id)
      .orderBy('r.id')
      .execute(),
    orderNotes(db, o.id),
    db.selectFrom('transfer_receipts').selectAll().where('order_id', '=', o.id).orderBy('id').execute(),
  ])
  // Staff keep an issued invoice's number and file once it is void (已作废): finance voids or
  // reverses that very invoice with the tax office. The buyer's order shows neither then.
  const invoice = issuedInvoice({ ...o, after_status: AfterStatus.none }, fileLink)
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
            number: invoice.invoiceNumber,
            file: invoice.invoiceFile,
            time: o.invoice_time ?? '',
          },
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

/**
 * How each recorded field of an order action reads, in the order a line says them (the stored
 * record's key order is not kept by PostgreSQL's jsonb). Fields not here are left out: a file path.
 */
const HISTORY_FIELDS: Record<string, (v: unknown) => string> = {
  status: (v) => `订单${OrderStatusText[Number(v)] ?? v}`,
  afterStatus: (v) => `售后${AfterStatusText[Number(v)] ?? v}`,
  paymentStatus: (v) => `付款${PaymentStatusText[Number(v)] ?? v}`,
  invoiceStatus: (v) => (Number(v) === InvoiceStatus.issued ? '发票已开具' : ''),
  payment: (v) => `付款单 ${v}`,
  amount: (v) => `${v} 元`,
  payWay: (v) => payWayName(String(v)),
  way: (v) => payWayName(String(v)),
  refund: (v) => `退款 ${String(v).replace(/ (\w+)$/, (_, w: string) => ` 元（${payWayName(w)}）`)}`,
  reference: (v) => `流水号 ${v}`,
  outcome: (v) => TransferOutcomeText[String(v)] ?? '',
  waybill: (v) => `运单 ${v}`,
  invoiceNumber: (v) => `发票号码 ${v}`,
  reason: (v) => `原因：${v}`,
  note: (v) => `备注：${v}`,
}

/**
 * An order action's record as staff read it: historyDetail({ waybill: '中通快递 7312', status: 30 })
 * → '订单待收货，运单 中通快递 7312'.
 */
export const historyDetail = (after: Record<string, unknown> | null) =>
  Object.entries(HISTORY_FIELDS)
    .map(([k, say]) => (after && k in after ? say(after[k]) : ''))
    .filter(Boolean)
    .join('，')

// --- the CSV export ------------------------------------------------------------------------

const CSV_HEADER = [
  '订单号',
  '下单时间',
  '状态',
  '商品',
  '实付金额（元）',
  '支付方式',
  '支付时间',
  '买家手机',
  '买家昵称',
  '收货人',
  '收货电话',
  '售后',
  '退款金额（元）',
  '退款时间',
  '发票',
]

/**
 * One CSV cell: quoted when it holds a comma, quote or line break; a cell that a spreadsheet
 * would run as a formula (=, +, -, @ first) is prefixed with ' so it stays text.
 * csvCell('=1+1') → "'=1+1"; csvCell('a,"b"') → '"a,""b"""'
 */
export function csvCell(v: string | number): string {
  let s = String(v)
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s
}

const csvLine = (cells: (string | number)[]) => `${cells.map(csvCell).join(',')}\r\n`

/**
 * Sales given back: the after-sales refunds paid (refunds status 40), as `p` joined to their order
 * `o`: not a second payment of an order already paid or cancelled, which went back as it came and
 * was never a sale, and not a transfer's refund finance has yet to pay. The dashboard's 退款 and
 * the CSV's 退款金额 both.
 */
export const salesRefunds = (db: Db) =>
  db
    .selectFrom('refunds as p')
    .innerJoin('orders as o', 'o.id', 'p.order_id')
    .where('p.status', '=', PaymentStatus.refunded)

/** What after-sales gave back of each order among `ids`, and when the last of it went (salesRefunds). */
async function refundsOf(db: Db, ids: number[]) {
  const rows = await salesRefunds(db)
    .select((e) => [
      'p.order_id',
      e.fn.sum<number>('p.amount_fen').as('fen'),
      e.fn.max('p.refund_time').as('at'),
    ])
    .where('p.order_id', 'in', ids)
    .groupBy('p.order_id')
    .execute()
  return new Map(rows.map((r) => [r.order_id as number, { fen: Number(r.fen), at: r.at ?? '' }]))
}
const BATCH = 500

/**
 * A CSV file made while it is sent: a BOM (Excel reads UTF-8 only with one) and `header`, then
 * each batch `next` gives, until it gives none: a long export never holds its whole list.
 */
function csvStream(header: string[], next: () => Promise<(string | number)[][]>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  let started = false
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true
        controller.enqueue(encoder.encode(`\uFEFF${csvLine(header)}`))
        return
      }
      const rows = await next()
      if (!rows.length) controller.close()
      else controller.enqueue(encoder.encode(rows.map(csvLine).join('')))
    },
  })
}

/** The filtered orders as CSV, newest first, read BATCH at a time by id. */
export function ordersCsv(db: Db, f: OrderFilters): ReadableStream<Uint8Array> {
  let before: number | undefined
  return csvStream(CSV_HEADER, async () => {
    let q = filtered(db, f).select('o.id')
    if (before !== undefined) q = q.where('o.id', '<', before)
    const ids = (await q.orderBy('o.id', 'desc').limit(BATCH).execute()).map((r) => r.id)
    if (!ids.length) return []
    before = ids[ids.length - 1]
    const [rows, extras, refunds] = await Promise.all([
      readRows(db, ids),
      extrasOf(db, ids),
      refundsOf(db, ids),
    ])
    const byId = new Map(rows.map((r) => [r.id, r]))
    return ids.flatMap((id) => {
      const r = byId.get(id)
      if (!r) return []
      const a = adminRow(r, extras)
      const refund = refunds.get(id)
      return [
        [
          a.code,
          a.createTime,
          a.statusText,
          a.title,
          // What was paid: nothing for an order never paid (待付款, or cancelled unpaid).
          r.pay_time ? (r.tol_cost_fen / 100).toFixed(2) : '',
          payWayName(a.payWay),
          a.payTime,
          a.buyerTel,
          a.buyerName,
          a.recName,
          a.recTel,
          a.afterStatusText,
          refund ? (refund.fen / 100).toFixed(2) : '',
          refund?.at ?? '',
          a.invoiceStatusText,
        ],
      ]
    })
  })
}

// --- the transfer reconciliation export (issue 39) -------------------------------------------

const TRANSFER_CSV_HEADER = [
  '订单号',
  '应付金额',
  '到账金额',
  '差额',
  '流水号',
  '付款户名',
  '到账日期',
  '结果',
  '确认人',
  '确认时间',
]

export interface TransferFilters {
  /** Received on or after this China day. */
  from?: string | undefined
  /** Received on or before this China day. */
  to?: string | undefined
  /** The order's code contains it. */
  code?: string | undefined
}

const yuan = (fen: number) => (fen / 100).toFixed(2)

/**
 * Finance's reconciliation of corporate transfers as CSV: a BOM, the header, then each transfer
 * recorded (received, or paid back for a refund) oldest first, BATCH at a time by id. 差额 is what
 * arrived less the payable (0.00 when it matched; a refund, 已退回, has none); a cell a spreadsheet would
 * run as a formula stays text (csvCell), so a short payment's negative 差额 reads '-10.00.
 */
export function transfersCsv(db: Db, f: TransferFilters): ReadableStream<Uint8Array> {
  let after = 0
  return csvStream(TRANSFER_CSV_HEADER, async () => {
    const rows = await db
      .selectFrom('transfer_receipts as r')
      .innerJoin('orders as o', 'o.id', 'r.order_id')
      .select([
        'r.id',
        'o.code',
        'o.tol_cost_fen',
        'r.kind',
        'r.amount_fen',
        'r.reference',
        'r.payer',
        'r.received_at',
        'r.outcome',
        'r.staff_username',
        'r.create_time',
      ])
      .where('r.id', '>', after)
      .$if(Boolean(f.from), (q) => q.where('r.received_at', '>=', f.from as string))
      .$if(Boolean(f.to), (q) => q.where('r.received_at', '<=', f.to as string))
      .$if(Boolean(f.code), (q) =>
        q.where(sql<SqlBool>`o.code LIKE ${likeContains(f.code as string)} ESCAPE '\\'`),
      )
      .orderBy('r.id')
      .limit(BATCH)
      .execute()
    after = rows[rows.length - 1]?.id ?? after
    return rows.map((r) => [
      r.code,
      yuan(r.tol_cost_fen),
      yuan(r.amount_fen),
      r.kind === 'refund' ? '' : yuan(r.amount_fen - r.tol_cost_fen),
      r.reference,
      r.payer,
      r.received_at,
      TransferOutcomeText[r.outcome] ?? r.outcome,
      r.staff_username,
      r.create_time,
    ])
  })
}
