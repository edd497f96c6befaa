import { OrderStatus, PAID_ORDER_STATUSES } from '../../../src/lib/constants.ts'
import { maskPhone } from '../../../src/lib/format.ts'
import { fenToYuan } from '../../../src/lib/money.ts'
import {
  AFTER_KINDS,
  type AfterKind,
  AfterStatus,
  AfterStatusText,
  InvoiceStatusText,
  orderStateText,
} from '../../../src/lib/order-states.ts'
import { InvoiceStatus } from '../../../src/lib/rules/invoice-correction.ts'
import { discountZhe } from '../../../src/lib/rules/pricing.ts'
import type { Db } from '../../db/index.ts'
import { inRange, mapPage, type Page, pagedList, type TimeRange } from '../../db/sql.ts'
import { dbTime, fromDbTime } from '../../time.ts'

export { PAID_ORDER_STATUSES }

const AFTER_SALES_TYPES = 10

/** orders.types: 0 none, 10 an after-sales request is open. */
export const OrderTypes = { normal: 0, afterSales: AFTER_SALES_TYPES } as const
/** orders.after_status (migrations 4, 32): the newest after-sales request's state. */
/** orders.invoice_status (migrations 4, 38): one source with the admin screens. */
export { AfterStatus, AfterStatusText, InvoiceStatus }

/**
 * The invoice's state as the buyer reads it: 申请中, 已开票, 已作废 (a refund red-lettered it),
 * 待重开 (finance red-lettered it to issue a corrected one); an application on a refunded order
 * (after_status 20) is withdrawn (已取消), derived: nothing was issued to red-letter.
 */
export function invoiceStatusText(invoiceStatus: number, afterStatus: number): string {
  if (afterStatus === AfterStatus.refunded && invoiceStatus === InvoiceStatus.applied) return '已取消'
  return InvoiceStatusText[invoiceStatus] ?? ''
}

/**
 * The current invoice's number and a link to its file (a private upload: `fileLink` signs it for
 * a while), while it stands (已开票); both '' before it is issued and once it is red-lettered.
 */
export function issuedInvoice(
  o: { invoice_status: number; invoice_number: string; invoice_file: string },
  fileLink: (path: string) => string,
) {
  const stands = o.invoice_status === InvoiceStatus.issued
  return {
    invoiceNumber: stands ? o.invoice_number : '',
    invoiceFile: stands && o.invoice_file ? fileLink(o.invoice_file) : '',
  }
}

/**
 * When an unpaid order expires: its transfer deadline once the payer chose a corporate transfer,
 * else `expiryMinutes` after it was made; '' for any other status.
 */
export function payDeadline(
  o: { status: number; create_time: string; transfer_deadline: string | null },
  expiryMinutes: number,
): string {
  if (o.status !== OrderStatus.unpaid) return ''
  return o.transfer_deadline ?? dbTime(new Date(fromDbTime(o.create_time).getTime() + expiryMinutes * 60_000))
}
const NEWEST = [['o.id', 'desc']] as const

const customerOrderList = pagedList({
  key: 'o.id',
  filtered: (db, v: TimeRange & { introducerId: number }) =>
    db
      .selectFrom('orders as o')
      .where(
        'o.user_id',
        'in',
        db.selectFrom('users').select('id').where('introducer_id', '=', v.introducerId),
      )
      .where('o.status', 'in', PAID_ORDER_STATUSES)
      .where((e) => e.and(inRange('o.create_time', v))),
  read: (db, ids) =>
    db
      .selectFrom('orders as o')
      .innerJoin('users as u', 'u.id', 'o.user_id')
      .select(['o.id', 'o.code', 'o.rec_tel', 'o.tol_cost_fen', 'o.create_time', 'o.status'])
      .select(['u.nick_name', 'u.avatar_url'])
      .where('o.id', 'in', ids),
})

/**
 * The paid orders of the introducer's customers (accounts §2 "Customer orders"), matching the
 * totals of Users/GetUsersIntroducer.
 */
export async function customerOrders(db: Db, introducerId: number, range: TimeRange, page: Page) {
  const result = await customerOrderList(db, { introducerId, ...range }, NEWEST, page)
  return mapPage(result, (r) => ({
    id: r.id,
    code: r.code,
    nickName: r.nick_name,
    avatarUrl: r.avatar_url,
    recTel: maskPhone(r.rec_tel),
    tolCost: fenToYuan(r.tol_cost_fen),
    createTime: r.create_time,
    status: r.status,
  }))
}

interface OwnOrderValues extends TimeRange {
  userId: number
  status?: number
  afterSalesTypes?: number
}

const ownOrderList = pagedList({
  key: 'o.id',
  filtered: (db, v: OwnOrderValues) => {
    let q = db
      .selectFrom('orders as o')
      .where('o.user_id', '=', v.userId)
      .where((e) => e.and(inRange('o.create_time', v)))
    if (v.afterSalesTypes !== undefined) q = q.where('o.types', '=', v.afterSalesTypes)
    if (v.status !== undefined) q = q.where('o.status', '=', v.status)
    return q
  },
  read: (db, ids) => db.selectFrom('orders as o').select(CARD_COLUMNS).where('o.id', 'in', ids),
})

/**
 * The user's own orders (storefront §4), filtered by status (-1 is after-sales, i.e. types 10)
 * and by `types` (0 ordinary, 10 after-sales requested; status -1 wins when both are given).
 */
export async function ownOrders(
  db: Db,
  userId: number,
  q: TimeRange & { status?: number; types?: number },
  page: Page,
  expiryMinutes: number,
) {
  const afterSales = q.status === OrderStatus.afterSales
  const result = await ownOrderList(
    db,
    {
      userId,
      stime: q.stime,
      etime: q.etime,
      status: afterSales ? undefined : q.status,
      afterSalesTypes: afterSales ? AFTER_SALES_TYPES : q.types,
    },
    NEWEST,
    page,
  )
  const items = await itemsOf(
    db,
    result.pageData.map((o) => o.id),
  )
  const pageData = result.pageData.map((r) => orderCard(r, items.get(r.id) ?? [], expiryMinutes))
  return { ...result, pageData }
}

type CardRow = Awaited<ReturnType<typeof ownOrderList>>['pageData'][number]
type Item = {
  lineId: number
  imgurl: string
  title: string
  price: number
  quantity: number
  articleId: number | null
  shipped: number
  refunded: number
}

/** One order as the wire's OrderCard. */
function orderCard(r: CardRow, items: Item[], expiryMinutes: number) {
  // lineId (issue 38) names a line in after-sales requests: an added field, the spec's stay.
  const itemList = items.map(({ lineId, imgurl, title, price, quantity, shipped, refunded }) => ({
    lineId,
    imgurl,
    title,
    price,
    quantity,
    shipped,
    refunded,
  }))
  const articleId = items.find((i) => i.articleId !== null)?.articleId ?? null
  return {
    id: r.id,
    code: r.code,
    status: r.status,
    statusText: orderStateText({
      status: r.status,
      afterStatus: r.after_status,
      partShipped: items.some((i) => i.shipped > 0),
    }),
    types: r.types,
    costPrice: fenToYuan(r.cost_price_fen),
    tolCost: fenToYuan(r.tol_cost_fen),
    recName: r.rec_name,
    recTel: r.rec_tel,
    recAddress: r.rec_address,
    recAddressx: r.rec_addressx,
    createTime: r.create_time,
    payTime: r.pay_time ?? '',
    wayTime: r.way_time ?? '',
    finishTime: r.finish_time ?? '',
    payDeadline: payDeadline(r, expiryMinutes),
    afterStatus: r.after_status,
    invoiceStatus: r.invoice_status,
    invoiceStatusText: invoiceStatusText(r.invoice_status, r.after_status),
    // Goods, or content (a course, paid post or task) delivered when paid: orders hold one or the other.
    kind: articleId === null ? ('goods' as const) : ('article' as const),
    articleId,
    // `ext` is the storefront's JSON list of items (storefront §3); itemList the same as objects.
    ext: JSON.stringify(itemList.map(({ imgurl, title, quantity }) => ({ imgurl, title, quantity }))),
    itemList,
    ...breakdownOf(r),
  }
}

/** The columns of `orders as o` that breakdownOf reads. */
export const BREAKDOWN_COLUMNS = [
  'o.member_off_fen',
  'o.group_off_fen',
  'o.group_title',
  'o.credit_fen',
  'o.promo_off_fen',
  'o.promo_title',
  'o.coupon_off_fen',
  'o.coupon_title',
  'o.staff_off_fen',
  'o.offer_choice',
  'o.offer_note',
  'o.shipping_fen',
  'o.buyer_note',
] as const

/** The stored offer_choice as the wire's offerApplied: 'promotion', 'coupon' or '' (no choice made). */
const offerApplied = (s: string): '' | 'promotion' | 'coupon' =>
  s === 'promotion' || s === 'coupon' ? s : ''

/** An order's price as it was placed (issue 24), for the buyer's and the back office's views. */
export const breakdownOf = (r: {
  member_off_fen: number
  group_off_fen: number
  group_title: string
  credit_fen: number
  promo_off_fen: number
  promo_title: string
  coupon_off_fen: number
  coupon_title: string
  staff_off_fen: number
  offer_choice: string
  offer_note: string
  shipping_fen: number
  buyer_note: string
}) => ({
  memberOff: fenToYuan(r.member_off_fen),
  groupOff: fenToYuan(r.group_off_fen),
  groupTitle: r.group_title,
  creditOff: fenToYuan(r.credit_fen),
  promoOff: fenToYuan(r.promo_off_fen),
  promoTitle: r.promo_title,
  couponOff: fenToYuan(r.coupon_off_fen),
  couponTitle: r.coupon_title,
  staffOff: fenToYuan(r.staff_off_fen),
  offerApplied: offerApplied(r.offer_choice),
  offerNote: r.offer_note,
  shipping: fenToYuan(r.shipping_fen),
  buyerNote: r.buyer_note,
})

const CARD_COLUMNS = [
  'o.id',
  'o.code',
  'o.status',
  'o.types',
  'o.cost_price_fen',
  'o.tol_cost_fen',
  'o.rec_name',
  'o.rec_tel',
  'o.rec_address',
  'o.rec_addressx',
  'o.create_time',
  'o.pay_time',
  'o.way_time',
  'o.finish_time',
  'o.after_status',
  'o.invoice_status',
  'o.transfer_deadline',
  ...BREAKDOWN_COLUMNS,
] as const

/**
 * One of the user's own orders in full (Orders/GetOrders): the card, its items in `list` too, the
 * discount in 折, the way it was paid, and whether it sells goods or an article (course, post, task).
 * Undefined when it is not the user's.
 */
export async function orderDetail(
  db: Db,
  userId: number,
  id: number,
  expiryMinutes: number,
  fileLink: (path: string) => string,
  returnAddress = '',
) {
  const r = await db
    .selectFrom('orders as o')
    .select(CARD_COLUMNS)
    .leftJoin('invoice_infos as i', 'i.id', 'o.invoice_id')
    .select(['o.discount_tenths', 'o.pay_way', 'o.after_remarks', 'o.after_imgs', 'o.after_reject_reason'])
    .select(['o.invoice_number', 'o.invoice_file'])
    // The title the current invoice carries: finance may correct it at a reissue (issue 39).
    .select((eb) =>
      eb.fn
        .coalesce(
          eb
            .selectFrom('invoice_records as ir')
            .select('ir.title')
            .whereRef('ir.order_id', '=', 'o.id')
            .where('ir.kind', '=', 'issue')
            .orderBy('ir.id', 'desc')
            .limit(1),
          'i.company_name',
        )
        .as('invoice_title'),
    )
    .where('o.id', '=', id)
    .where('o.user_id', '=', userId)
    .executeTakeFirst()
  if (!r) return undefined
  const card = orderCard(r, (await itemsOf(db, [r.id])).get(r.id) ?? [], expiryMinutes)
  const [waybill, request] = await Promise.all([
    db
      .selectFrom('waybills')
      .select('id')
      .where('order_id', '=', r.id)
      .where('cancel_time', 'is', null)
      .executeTakeFirst(),
    db
      .selectFrom('after_sales')
      .selectAll()
      .where('order_id', '=', r.id)
      .where('status', '!=', AfterStatus.none)
      .orderBy('id', 'desc')
      .executeTakeFirst(),
  ])
  return {
    ...card,
    list: card.itemList,
    discount: discountZhe(r.discount_tenths),
    payWay: r.pay_way,
    afterStatusText: AfterStatusText[r.after_status] ?? '',
    afterRemarks: r.after_remarks,
    afterImgs: r.after_imgs,
    afterRejectReason: r.after_reject_reason,
    afterSale: request
      ? {
          kind: request.kind,
          kindText: AFTER_KINDS[request.kind as AfterKind] ?? '',
          state: AfterStatusText[request.status] ?? '',
          lines: (JSON.parse(request.lines) as { lineId: number; quantity: number }[]).length
            ? (JSON.parse(request.lines) as { lineId: number; quantity: number }[])
            : card.itemList.map((i) => ({ lineId: i.lineId, quantity: i.quantity })),
          amount: fenToYuan(request.amount_fen),
          returnAddress: request.status === AfterStatus.awaitingReturn ? returnAddress : '',
          returnWaybill: request.return_waybill ? `${request.return_company} ${request.return_waybill}` : '',
        }
      : null,
    invoiceTitle: r.invoice_title ?? '',
    ...issuedInvoice(r, fileLink),
    hasWaybill: waybill ? 1 : 0,
  }
}

/** The status of one of the user's own orders, or undefined when it is not theirs. */
export async function orderStatus(db: Db, userId: number, id: number) {
  const r = await db
    .selectFrom('orders')
    .select('status')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return r?.status
}

/** The items of some orders in one query, by order id. */
async function itemsOf(db: Db, orderIds: number[]) {
  const byOrder = new Map<number, Item[]>()
  if (orderIds.length === 0) return byOrder
  const rows = await db
    .selectFrom('order_items')
    .select([
      'id',
      'order_id',
      'title',
      'imgurl',
      'price_fen',
      'quantity',
      'article_id',
      'shipped_qty',
      'refunded_qty',
    ])
    .where('order_id', 'in', orderIds)
    .orderBy('id')
    .execute()
  for (const r of rows) {
    const list = byOrder.get(r.order_id) ?? []
    list.push({
      lineId: r.id,
      shipped: r.shipped_qty,
      refunded: r.refunded_qty,
      imgurl: r.imgurl,
      title: r.title,
      price: fenToYuan(r.price_fen),
      quantity: r.quantity,
      articleId: r.article_id,
    })
    byOrder.set(r.order_id, list)
  }
  return byOrder
}
