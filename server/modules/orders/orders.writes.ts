/**
 * Placing, cancelling and expiring orders. Every amount comes from the database (the body's
 * titles, images and prices are ignored); stock is taken by a conditional update in the order's
 * own transaction and given back in the transaction that cancels or expires it.
 */
import { randomInt } from 'node:crypto'
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely'
import { ArticleStatus, LISTED, LISTED_KINDS, OFF_SHELF, OrderStatus } from '../../../src/lib/constants.ts'
import { isFreeSection } from '../../../src/lib/rules/course.ts'
import { holdCap, tooManyUnits } from '../../../src/lib/rules/holds.ts'
import { checkBuyerNote } from '../../../src/lib/rules/order-note.ts'
import type { PriceLine } from '../../../src/lib/rules/pricing.ts'
import type { Db } from '../../db/index.ts'
import type { Database } from '../../db/schema.ts'
import { isUniqueViolation } from '../../db/sql.ts'
import { ApiError, refuse } from '../../http.ts'
import { notify } from '../../notify.ts'
import { dbTime } from '../../time.ts'
import { notifyRestocked } from '../catalog/stock-alerts.ts'
import { articlePriceLine, ownsWholeCourse, WHOLE_COURSE_OWNED } from './course-upgrade.ts'
import { checkUnpaidCap, type Holds } from './order-holds.ts'
import { type CouponChoice, giveBackCoupon, type Priced, priceFor, spendCoupon } from './order-pricing.ts'

export const QUANTITY_MAX = 99_999
const QUANTITY_MESSAGE = `购买数量须为1到${QUANTITY_MAX}之间的整数`

export interface Receiver {
  recName: string
  recTel: string
  recProvince: string
  recCity: string
  recArea: string
  recStreet: string
  recAddress: string
  recAddressx: string
  nickName: string
}

interface Line {
  spu_id: number | null
  sku_id: number | null
  article_id: number | null
  section_id: number | null
  title: string
  imgurl: string
  price_fen: number
  quantity: number
}

/** 'D' + yyyymmddhhmmss (China time) + 4 random digits: D202601021304051234. */
export const orderCode = (at: Date) =>
  `D${dbTime(at).replace(/\D/g, '')}${String(randomInt(0, 10_000)).padStart(4, '0')}`

const firstImage = (imgurls: string) => imgurls.split(',')[0]?.trim() ?? ''

/**
 * Runs `first` (the unpaid-orders cap, which locks the buyer), inserts the order, its lines and
 * its price breakdown, uses its coupon, then runs `take` (stock) in the same transaction; a code already taken (two orders in one second drew the same 4 digits)
 * retries the whole transaction. Stock is taken last so that a SKU's row — the one every buyer of
 * it waits for — stays locked only from its update to the commit, not across the inserts' round
 * trips (PostgreSQL: many buyers of one SKU queue on that lock; npm run load:orders, load:flash).
 */
async function insertOrder(
  db: Db,
  order: {
    userId: number
    receiver: Receiver | null
    lines: Line[]
    at: Date
    priced: Priced
    buyerNote: string
    /** The invoice title staff chose on a draft order (invoice_infos.id); the buyer applies for the invoice as usual. */
    invoiceId?: number | null
  },
  take: (trx: Db) => Promise<void>,
  first?: (trx: Db) => Promise<void>,
  placed?: (trx: Db, orderId: number) => Promise<void>,
): Promise<number> {
  const { breakdown: b, discountTenths, coupon } = order.priced
  const r = order.receiver
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction().execute(async (trx) => {
        await first?.(trx)
        const { id } = await trx
          .insertInto('orders')
          .values({
            code: orderCode(order.at),
            user_id: order.userId,
            status: OrderStatus.unpaid,
            types: 0,
            cost_price_fen: b.subtotalFen,
            tol_cost_fen: b.totalFen,
            discount: Math.floor(discountTenths / 10),
            discount_tenths: discountTenths,
            member_off_fen: b.memberOffFen,
            group_off_fen: b.groupOffFen,
            group_title: b.groupTitle,
            credit_fen: b.creditFen,
            promo_off_fen: b.promotion?.offFen ?? 0,
            promo_title: b.promotion?.title ?? '',
            coupon_off_fen: b.coupon?.offFen ?? 0,
            coupon_title: b.coupon?.title ?? '',
            offer_choice: b.offerChoice?.applied ?? '',
            offer_note: b.offerChoice?.reason ?? '',
            user_coupon_id: coupon?.id ?? null,
            staff_off_fen: b.staffOffFen,
            invoice_id: order.invoiceId ?? null,
            shipping_fen: b.shippingFen,
            buyer_note: order.buyerNote,
            rec_name: r?.recName ?? '',
            rec_tel: r?.recTel ?? '',
            rec_province: r?.recProvince ?? '',
            rec_city: r?.recCity ?? '',
            rec_area: r?.recArea ?? '',
            rec_street: r?.recStreet ?? '',
            rec_address:
              r?.recAddress ||
              (r ? [r.recProvince, r.recCity, r.recArea, r.recStreet].filter(Boolean).join(',') : ''),
            rec_addressx: r?.recAddressx ?? '',
            nick_name: r?.nickName || order.priced.nickName,
            create_time: dbTime(order.at),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
        await trx
          .insertInto('order_items')
          .values(order.lines.map((l) => ({ ...l, order_id: id })))
          .execute()
        if (coupon) await spendCoupon(trx, coupon, order.userId, id, order.at)
        await placed?.(trx, id)
        await take(trx)
        return id
      })
    } catch (e) {
      if (attempt < 5 && isUniqueViolation(e)) continue
      throw e
    }
  }
}

/** What the buyer may add to an order besides its lines: a coupon (see CouponChoice) and 买家留言. */
export interface OrderExtras {
  userCouponId?: CouponChoice
  buyerNote?: string
}

/**
 * What an order staff build for a customer adds (代客下单, order-desk/draft-orders.ts): their
 * discount (priceOrder step 4b), the invoice title, and `placed`, run in the order's own
 * transaction with its id (the draft's claim: a draft sent twice makes one order).
 */
export interface StaffExtras {
  staffDiscountBp: number
  invoiceId: number | null
  placed: (trx: Db, orderId: number) => Promise<void>
}

/** The goods a buyer wants, read and checked: the order's lines and what pricing needs of each. */
export interface GoodsLines {
  lines: Line[]
  pricing: PriceLine[]
  stock: Map<number, number>
}

/**
 * Reads the wanted SKUs: every one listed (its SPU shown and 是), else 商品已下架; quantities
 * whole from 1 to QUANTITY_MAX, else the quantity message; at most holdCap(skuUnits, the
 * product's order_limit) of one SKU, else `${title}最多购买10件`. One line per SKU, in id order:
 * two orders locking the same SKUs lock them in the same order.
 */
export async function goodsLines(
  db: Db,
  wanted: { skuId: number | null; quantity: unknown }[],
  skuUnits: number,
): Promise<GoodsLines> {
  const known = wanted.map((w) => w.skuId).filter((id): id is number => id !== null)
  const rows =
    known.length === 0
      ? []
      : await db
          .selectFrom('product_skus as k')
          .innerJoin('product_spus as p', 'p.id', 'k.spu_id')
          .select([
            'k.id',
            'k.spu_id',
            'k.title as sku_title',
            'k.price_fen',
            'k.img',
            'k.stock',
            'p.title',
            'p.imgurls',
            'p.class_id',
            'p.shipping_template_id',
            'p.order_limit',
          ])
          .where('k.id', 'in', known)
          .where('k.removed_time', 'is', null)
          .where('p.is_show', '=', 1)
          .where('p.ext', '=', LISTED)
          .execute()
  const byId = new Map(rows.map((r) => [r.id, r]))
  if (wanted.some((w) => w.skuId === null || !byId.has(w.skuId))) throw refuse(OFF_SHELF)
  const bySku = new Map<number, number>()
  for (const w of wanted) {
    const q =
      typeof w.quantity === 'string' && /^\d+$/.test(w.quantity.trim()) ? Number(w.quantity) : w.quantity
    if (typeof q !== 'number' || !Number.isInteger(q) || q < 1 || q > QUANTITY_MAX)
      throw refuse(QUANTITY_MESSAGE)
    bySku.set(w.skuId as number, (bySku.get(w.skuId as number) ?? 0) + q)
  }
  const chosen = [...bySku.keys()].sort((a, b) => a - b)
  const result: GoodsLines = { lines: [], pricing: [], stock: new Map() }
  for (const skuId of chosen) {
    const r = byId.get(skuId)
    const quantity = bySku.get(skuId) ?? 0
    if (!r || quantity > QUANTITY_MAX) throw refuse(QUANTITY_MESSAGE)
    const title = `${r.title} ${r.sku_title}`
    const cap = holdCap(skuUnits, r.order_limit)
    if (quantity > cap) throw refuse(tooManyUnits(title, cap))
    result.lines.push({
      spu_id: r.spu_id,
      sku_id: r.id,
      article_id: null,
      section_id: null,
      title,
      imgurl: r.img || firstImage(r.imgurls),
      price_fen: r.price_fen,
      quantity,
    })
    result.pricing.push({
      kind: 'goods',
      skuId: r.id,
      spuId: r.spu_id,
      classId: r.class_id,
      templateId: r.shipping_template_id,
      priceFen: r.price_fen,
      quantity,
    })
    result.stock.set(r.id, Number(r.stock))
  }
  return result
}

/**
 * A goods order: the lines of goodsLines, priced by priceFor (the coupon named, if any, must
 * apply), stock taken with `stock = stock - q WHERE stock >= q`; a short SKU refuses
 * `${title}库存不足` and nothing is kept. A buyer holding `holds.unpaidOrders` unpaid goods orders
 * is refused in the same transaction (checkUnpaidCap).
 */
export async function placeGoodsOrder(
  db: Db,
  userId: number,
  receiver: Receiver,
  wanted: { skuId: number | null; quantity: unknown }[],
  at: Date,
  holds: Holds,
  extras: OrderExtras = {},
  staff?: StaffExtras,
): Promise<number> {
  const buyerNote = (extras.buyerNote ?? '').trim()
  const noteRefusal = checkBuyerNote(buyerNote)
  if (noteRefusal) throw refuse(noteRefusal)
  const { lines, pricing, stock } = await goodsLines(db, wanted, holds.skuUnits)
  // Short by the stock just read: refused before any transaction. In a flash sale nearly every
  // buyer ends here once the stock is gone, costing one read instead of a transaction of five
  // statements (npm run load:flash). Enough stock read is no promise: the conditional update below decides.
  for (const l of lines)
    if ((stock.get(l.sku_id as number) ?? 0) < l.quantity) throw refuse(`${l.title}库存不足`)
  const choice = extras.userCouponId ?? 0
  const priced = await priceFor(
    db,
    userId,
    pricing,
    receiver.recProvince,
    choice,
    at,
    true,
    staff?.staffDiscountBp,
  )
  const take = async (trx: Db) => {
    for (const l of lines) {
      const taken = await trx
        .updateTable('product_skus')
        .set((e) => ({ stock: e('stock', '-', l.quantity) }))
        .where('id', '=', l.sku_id as number)
        .where('removed_time', 'is', null)
        .where('stock', '>=', l.quantity)
        .executeTakeFirst()
      if (Number(taken.numUpdatedRows) !== 1) throw refuse(`${l.title}库存不足`)
    }
  }
  const capped = (trx: Db) => checkUnpaidCap(trx, userId, holds.unpaidOrders)
  const invoiceId = staff?.invoiceId ?? null
  return insertOrder(
    db,
    { userId, receiver, lines, at, priced, buyerNote, invoiceId },
    take,
    capped,
    staff?.placed,
  )
}

/** The line of an article (course, paid post, task) or of one section of a course, with its author. */
export async function articleLine(
  db: Db,
  want: { articleId: number; sectionId?: number },
): Promise<{ line: Line; authorId: number | null }> {
  const a = await db
    .selectFrom('articles')
    .select(['id', 'title', 'imgurl', 'imgurls', 'price_fen', 'create_id', 'status'])
    .where('id', '=', want.articleId)
    .where('is_show', '=', 1)
    .where('ext', '=', LISTED)
    .where('status', 'in', LISTED_KINDS)
    .executeTakeFirst()
  if (!a) throw refuse(OFF_SHELF)
  let priceFen = a.price_fen
  let title = a.title
  let sectionId: number | null = null
  if (want.sectionId !== undefined) {
    const s = await db
      .selectFrom('course_sections')
      .select(['id', 'title', 'status', 'price_fen'])
      .where('id', '=', want.sectionId)
      .where('article_id', '=', a.id)
      .executeTakeFirst()
    if (!s || a.status !== ArticleStatus.course) throw refuse(OFF_SHELF)
    sectionId = s.id
    title = `${a.title} ${s.title}`
    priceFen = isFreeSection({ status: s.status, price: s.price_fen }) ? 0 : s.price_fen
  }
  const line: Line = {
    spu_id: null,
    sku_id: null,
    article_id: a.id,
    section_id: sectionId,
    title,
    imgurl: a.imgurl || firstImage(a.imgurls),
    price_fen: priceFen,
    quantity: 1,
  }
  return { line, authorId: a.create_id }
}

/** What buying (or paying for) a course, section, post or task one owns already is refused with. */
export const BOUGHT_ALREADY = '已经购买过了'

/**
 * An article (course, paid post, task) or one paid section of a course. A free one is joined at
 * once — a purchases row without an order, only the first time — and answers 0; a paid one answers
 * the new unpaid order's id, priced with the coupon named, if any (one that includes courses).
 * Owning it already (or having bought it) is refused.
 */
export async function placeArticleOrder(
  db: Db,
  userId: number,
  want: { articleId: number; sectionId?: number },
  at: Date,
  extras: OrderExtras = {},
): Promise<number> {
  const { line, authorId } = await articleLine(db, want)
  const articleId = line.article_id as number
  const owned = await db
    .selectFrom('purchases')
    .select(['section_id'])
    .where('user_id', '=', userId)
    .where('article_id', '=', articleId)
    .execute()
  const has = owned.some((p) => p.section_id === null || p.section_id === line.section_id)
  if (line.price_fen === 0) {
    // Free: joining twice changes nothing. The whole item (not a free section) is what is joined.
    if (!has && line.section_id === null) {
      await db.transaction().execute(async (trx) => {
        // Two joins at once: the unique purchase index keeps one row, and one learner more.
        const joined = await trx
          .insertInto('purchases')
          .values({
            user_id: userId,
            article_id: articleId,
            section_id: null,
            order_id: null,
            create_time: dbTime(at),
          })
          .onConflict((oc) => oc.doNothing())
          .returning('id')
          .executeTakeFirst()
        if (!joined) return
        await trx
          .updateTable('articles')
          .set((e) => ({ hits_true: e('hits_true', '+', 1) }))
          .where('id', '=', articleId)
          .execute()
      })
    }
    return 0
  }
  if (authorId === userId) throw refuse('不能购买自己发布的内容')
  const ownedIds = owned.map((p) => p.section_id)
  // Once the whole course is owned no section is sold again; a section owned on its own is not sold twice.
  if (line.section_id !== null && (await ownsWholeCourse(db, articleId, ownedIds)))
    throw refuse(WHOLE_COURSE_OWNED)
  if (has) throw refuse(BOUGHT_ALREADY)
  // The whole course when every section is free or bought one by one sells nothing more.
  if (line.section_id === null && (await ownsWholeCourse(db, articleId, ownedIds)))
    throw refuse(BOUGHT_ALREADY)
  // The whole of a course with sections paid already costs its upgrade price (course-upgrade.ts).
  const pricing = await articlePriceLine(db, userId, line)
  // A second 立即购买 (another tab, back after leaving the pay page) goes to the order already
  // waiting to be paid for the same thing, instead of making a second one to pay.
  const waiting = await db
    .selectFrom('orders as o')
    .innerJoin('order_items as i', 'i.order_id', 'o.id')
    .select(['o.id', 'o.credit_fen'])
    .where('o.user_id', '=', userId)
    .where('o.status', '=', OrderStatus.unpaid)
    .where('i.article_id', '=', articleId)
    .where((e) =>
      line.section_id === null ? e('i.section_id', 'is', null) : e('i.section_id', '=', line.section_id),
    )
    .orderBy('o.id', 'desc')
    .executeTakeFirst()
  if (waiting) {
    // Unless its credit is not today's (a section paid since it was placed): its price no longer
    // holds, so it goes (its coupon given back) and the upgrade is priced anew. The credit comes
    // before the coupon, so it is priced here without one.
    const creditNow = pricing.creditFen
      ? (await priceFor(db, userId, [pricing], '', 0, at, false)).breakdown.creditFen
      : 0
    if (waiting.credit_fen === creditNow) return waiting.id
    await cancelOrder(db, userId, waiting.id).catch((e: unknown) => {
      // Paid or cancelled meanwhile: the new order's payment checks what is owned then.
      if (!(e instanceof ApiError)) throw e
    })
  }
  const priced = await priceFor(db, userId, [pricing], '', extras.userCouponId ?? 0, at, true)
  return insertOrder(db, { userId, receiver: null, lines: [line], at, priced, buyerNote: '' }, async () => {})
}

/**
 * Gives back the stock of an order's goods, inside the transaction that cancelled or refunded it;
 * a SKU back from sold out tells its 到货通知 subscribers (stock-alerts.ts).
 */
export async function giveBackStock(trx: Db, orderId: number) {
  const items = await trx
    .selectFrom('order_items')
    .select(['sku_id', 'quantity'])
    .where('order_id', '=', orderId)
    .where('sku_id', 'is not', null)
    .orderBy('sku_id')
    .execute()
  for (const i of items) {
    await trx
      .updateTable('product_skus')
      .set((e) => ({ stock: e('stock', '+', i.quantity) }))
      .where('id', '=', i.sku_id as number)
      .execute()
  }
  await notifyRestocked(
    trx,
    items.map((i) => i.sku_id as number),
  )
}

type Filter = (e: ExpressionBuilder<Database, 'orders'>) => Expression<SqlBool>

/**
 * Moves an unpaid order to cancelled (100) and gives its stock and coupon back, once: the move is a
 * conditional update (status 10 and `also`), so of two processes (or a cancel racing the expiry
 * job) one acts. `then` runs in the same transaction when it acted; `expiredAt` marks the expiry
 * job's cancel (expired_time).
 */
async function cancelUnpaid(
  db: Db,
  orderId: number,
  also: Filter,
  then?: (trx: Db) => Promise<void>,
  expiredAt?: Date,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const changed = await trx
      .updateTable('orders')
      .set({ status: OrderStatus.cancelled, ...(expiredAt ? { expired_time: dbTime(expiredAt) } : {}) })
      .where('id', '=', orderId)
      .where('status', '=', OrderStatus.unpaid)
      .where(also)
      .executeTakeFirst()
    if (Number(changed.numUpdatedRows) !== 1) return false
    await giveBackStock(trx, orderId)
    await giveBackCoupon(trx, orderId)
    await then?.(trx)
    return true
  })
}

/** The buyer's cancel (PostOrdersStatus {id, status: 100}): only from unpaid. */
export async function cancelOrder(db: Db, userId: number, orderId: number) {
  if (!(await cancelUnpaid(db, orderId, (e) => e('user_id', '=', userId))))
    throw refuse('当前订单状态不能取消')
}

/**
 * Past its deadline at `now`: the transfer deadline when the payer chose a corporate transfer,
 * else `minutes` after the order was made.
 */
const overdue =
  (now: Date, minutes: number): Filter =>
  (e) =>
    e.or([
      e.and([
        e('transfer_deadline', 'is', null),
        e('create_time', '<', dbTime(new Date(now.getTime() - minutes * 60_000))),
      ]),
      e('transfer_deadline', '<', dbTime(now)),
    ])

/**
 * The expiry job's one run: every order still unpaid past its deadline (ORDER_EXPIRY_MINUTES
 * after it was made, or its transfer deadline) is cancelled with its stock back, and the buyer
 * finds a notification in /message. Each is claimed by the conditional update, so several
 * processes running the job at once act once per order (one notification). `beforeCancel` first
 * closes the order's payments at their providers (payments closeBeforeExpiry): one found paid
 * pays the order instead, and false leaves the order for the next run. Answers how many this run
 * expired.
 */
export async function expireOrders(
  db: Db,
  now: Date,
  minutes: number,
  beforeCancel?: (orderId: number) => Promise<boolean>,
): Promise<number> {
  const due = await db
    .selectFrom('orders')
    .select(['id', 'code', 'user_id', 'transfer_deadline'])
    .where('status', '=', OrderStatus.unpaid)
    .where(overdue(now, minutes))
    .orderBy('id')
    .limit(500)
    .execute()
  let n = 0
  for (const o of due) {
    const transfer = o.transfer_deadline === null ? '' : '如已对公转账，请联系业务经理处理。'
    const told = (trx: Db) =>
      notify(trx, o.user_id, '订单已取消', `您的订单 ${o.code} 超时未支付，已自动取消。${transfer}`, now)
    if (beforeCancel && !(await beforeCancel(o.id))) continue
    // expired_time tells this end from a buyer's cancel: the transfer retry rule reads it (order-holds.ts).
    if (await cancelUnpaid(db, o.id, overdue(now, minutes), told, now)) n++
  }
  return n
}

/**
 * The buyer confirms receipt (PostOrdersStatus {id, status: 40}): 30 → 40 with finish_time, by a
 * conditional update; refused (当前订单状态不能确认收货) from any other status. No money or stock moves.
 */
export async function confirmReceipt(db: Db, userId: number, orderId: number, at: Date) {
  const changed = await db
    .updateTable('orders')
    .set({ status: OrderStatus.completed, finish_time: dbTime(at) })
    .where('id', '=', orderId)
    .where('user_id', '=', userId)
    .where('status', '=', OrderStatus.unreceived)
    .executeTakeFirst()
  if (Number(changed.numUpdatedRows) !== 1) throw refuse('当前订单状态不能确认收货')
}

/**
 * The receipt job's one run: every order still awaiting receipt (30) `days` after it was shipped
 * completes (40) by itself, finish_time now. Conditional per order, so concurrent runs act once.
 * Answers how many it completed.
 */
export async function completeReceived(db: Db, now: Date, days: number): Promise<number> {
  const before = dbTime(new Date(now.getTime() - days * 86_400_000))
  const due = await db
    .selectFrom('orders')
    .select('id')
    .where('status', '=', OrderStatus.unreceived)
    .where('way_time', '<', before)
    .orderBy('id')
    .limit(500)
    .execute()
  let n = 0
  for (const { id } of due) {
    const changed = await db
      .updateTable('orders')
      .set({ status: OrderStatus.completed, finish_time: dbTime(now) })
      .where('id', '=', id)
      .where('status', '=', OrderStatus.unreceived)
      .executeTakeFirst()
    if (Number(changed.numUpdatedRows) === 1) n++
  }
  return n
}
