/**
 * Orders staff build for a customer (代客下单, issue 40 item 1). A draft names the customer, SKUs
 * and quantities, one of the customer's addresses and (optionally) invoice titles, and a staff
 * discount within the staff member's limit (src/lib/rules/draft-order.ts). It holds nothing:
 * no stock, no coupon. Sending it places an ordinary unpaid order through placeGoodsOrder, the
 * service buyers' orders go through (stock held, the unpaid cap, priceFor with the customer's
 * level and priceOrder's step 4b for the discount), and claims the draft in that order's own
 * transaction: a draft sent twice, at once or not, makes one order. The customer is told in
 * /message and by SMS, and pays it on /pay like any order (balance, online, 对公转账); finance
 * records a transfer for it as for any order (orders.money).
 */
import { sql } from 'kysely'
import { LISTED } from '../../../src/lib/constants.ts'
import { fenToYuan } from '../../../src/lib/money.ts'
import { checkStaffDiscount, percentToBp } from '../../../src/lib/rules/draft-order.ts'
import { type Actor, audit } from '../../admin/audit.ts'
import type { Config } from '../../config.ts'
import { parseId } from '../../contract/params.ts'
import type { Db } from '../../db/index.ts'
import { likeContains } from '../../db/sql.ts'
import { refuse } from '../../http.ts'
import { notify } from '../../notify.ts'
import type { SmsProvider } from '../../providers/sms.ts'
import { dbTime } from '../../time.ts'
import { requireCustomer } from '../accounts/customers.queries.ts'
import { priceFor } from '../orders/order-pricing.ts'
import { goodsLines, placeGoodsOrder, type Receiver } from '../orders/orders.writes.ts'
import { addresses, invoices, list, ownedRow } from '../owned/owned.queries.ts'

/** draft_orders.status */
export const DraftStatus = { draft: 0, sent: 10 } as const

export const DRAFT_MISSING = '草稿订单不存在'
export const DRAFT_SENT = '草稿已发送给客户，不能再修改'
const LINES_MAX = 50

export interface DraftLine {
  skuId: number
  quantity: number
}

/** A draft as the editor sends it, read and checked (the discount against the sender's roles). */
export interface DraftInput {
  userId: number
  lines: DraftLine[]
  discountBp: number
  addressId: number | null
  invoiceId: number | null
}

const optionalId = (v: unknown, message: string): number | null => {
  if (v === undefined || v === null || v === '' || v === 0) return null
  const id = parseId(v)
  if (id === null) throw refuse(message)
  return id
}

/**
 * The body of a create or edit, { userId, lines: [{ skuId, quantity }], discountPercent?,
 * addressId?, invoiceId? }, with clear refusals; the discount within what `roles` may grant.
 */
export function readDraft(body: Record<string, unknown>, roles: readonly string[]): DraftInput {
  const userId = parseId(body.userId)
  if (userId === null) throw refuse('请选择客户')
  const raw = Array.isArray(body.lines) ? (body.lines as unknown[]) : []
  if (raw.length === 0) throw refuse('请添加商品')
  if (raw.length > LINES_MAX) throw refuse(`一张草稿最多${LINES_MAX}种商品`)
  const lines = raw.map((x) => {
    const l = (x !== null && typeof x === 'object' ? x : {}) as Record<string, unknown>
    const skuId = parseId(l.skuId)
    if (skuId === null) throw refuse('请选择商品规格')
    const quantity = Number(l.quantity)
    if (!Number.isInteger(quantity) || quantity < 1 || quantity > 99_999)
      throw refuse('购买数量须为1到99999之间的整数')
    return { skuId, quantity }
  })
  const percent =
    body.discountPercent === undefined || body.discountPercent === null ? 0 : Number(body.discountPercent)
  const why = checkStaffDiscount(percent, roles)
  if (why) throw refuse(why)
  return {
    userId,
    lines,
    discountBp: percentToBp(percent),
    addressId: optionalId(body.addressId, '收货地址不存在'),
    invoiceId: optionalId(body.invoiceId, '发票抬头不存在'),
  }
}

/**
 * Checks what the draft names against the database: the customer, each SKU listed (off-shelf and
 * limit refusals as the checkout's), the address and invoice title theirs. No address named: the
 * customer's default one, if any.
 */
async function checked(db: Db, config: Config, d: DraftInput): Promise<DraftInput> {
  await requireCustomer(db, d.userId)
  await goodsLines(db, d.lines, config.holds.skuUnits)
  if (d.addressId !== null) await ownedRow(db, 'addresses', d.addressId, d.userId, '收货地址不存在')
  if (d.invoiceId !== null) await ownedRow(db, 'invoice_infos', d.invoiceId, d.userId, '发票抬头不存在')
  const addressId = d.addressId ?? (await list(db, addresses, d.userId))[0]?.id ?? null
  return { ...d, addressId }
}

const stored = (d: DraftInput) => ({
  user_id: d.userId,
  lines: JSON.stringify(d.lines),
  address_id: d.addressId,
  invoice_id: d.invoiceId,
  discount_bp: d.discountBp,
})

/** What the audit keeps of a draft: the customer, lines, discount (%), address and invoice title. */
const audited = (d: DraftInput) => ({
  userId: d.userId,
  lines: d.lines,
  discountPercent: d.discountBp / 100,
  addressId: d.addressId,
  invoiceId: d.invoiceId,
})

export async function createDraft(
  db: Db,
  config: Config,
  actor: Actor,
  input: DraftInput,
  now: Date,
): Promise<{ id: number }> {
  const d = await checked(db, config, input)
  const at = dbTime(now)
  return db.transaction().execute(async (t) => {
    const { id } = await t
      .insertInto('draft_orders')
      .values({
        ...stored(d),
        staff_id: actor.staffId,
        staff_username: actor.username,
        create_time: at,
        update_time: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await audit(t, actor, now, {
      action: 'draft-order.create',
      target: `draft-order:${id}`,
      after: audited(d),
    })
    return { id }
  })
}

/** A draft's row; 404 when there is none. */
async function draftRow(db: Db, id: number) {
  const r = await db.selectFrom('draft_orders').selectAll().where('id', '=', id).executeTakeFirst()
  if (!r) throw refuse(DRAFT_MISSING, 404)
  return r
}

const inputOf = (r: Awaited<ReturnType<typeof draftRow>>): DraftInput => ({
  userId: r.user_id,
  lines: JSON.parse(r.lines) as DraftLine[],
  discountBp: r.discount_bp,
  addressId: r.address_id,
  invoiceId: r.invoice_id,
})

/** Overwrites an unsent draft; refused (DRAFT_SENT) once sent, by the update's own condition. */
export async function editDraft(
  db: Db,
  config: Config,
  actor: Actor,
  id: number,
  input: DraftInput,
  now: Date,
): Promise<{ id: number }> {
  const before = await draftRow(db, id)
  if (before.status !== DraftStatus.draft) throw refuse(DRAFT_SENT)
  const d = await checked(db, config, input)
  await db.transaction().execute(async (t) => {
    const moved = await t
      .updateTable('draft_orders')
      .set({ ...stored(d), update_time: dbTime(now) })
      .where('id', '=', id)
      .where('status', '=', DraftStatus.draft)
      .executeTakeFirst()
    if (Number(moved.numUpdatedRows) !== 1) throw refuse(DRAFT_SENT)
    await audit(t, actor, now, {
      action: 'draft-order.edit',
      target: `draft-order:${id}`,
      before: audited(inputOf(before)),
      after: audited(d),
    })
  })
  return { id }
}

/** Deletes an unsent draft (the audit keeps what it was); a sent one stays with its order. */
export async function deleteDraft(db: Db, actor: Actor, id: number, now: Date) {
  const before = await draftRow(db, id)
  await db.transaction().execute(async (t) => {
    const gone = await t
      .deleteFrom('draft_orders')
      .where('id', '=', id)
      .where('status', '=', DraftStatus.draft)
      .executeTakeFirst()
    if (Number(gone.numDeletedRows) !== 1) throw refuse('草稿已发送给客户，不能删除')
    await audit(t, actor, now, {
      action: 'draft-order.delete',
      target: `draft-order:${id}`,
      before: audited(inputOf(before)),
    })
  })
}

/**
 * The price the customer would pay for the draft now: priceFor, the same path as the checkout's
 * quote (their level, the 满减 running, shipping to the address's province), no coupon, and the
 * staff discount as priceOrder's step 4b. In yuan.
 */
export async function previewDraft(db: Db, config: Config, d: DraftInput, now: Date) {
  await requireCustomer(db, d.userId)
  const { lines, pricing } = await goodsLines(db, d.lines, config.holds.skuUnits)
  const address =
    d.addressId === null
      ? null
      : await ownedRow(db, 'addresses', d.addressId, d.userId, '收货地址不存在').catch(() => null)
  const p = await priceFor(db, d.userId, pricing, address?.province ?? '', 0, now, false, d.discountBp)
  const b = p.breakdown
  return {
    lines: lines.map((l) => ({
      skuId: l.sku_id as number,
      title: l.title,
      price: fenToYuan(l.price_fen),
      quantity: l.quantity,
    })),
    subtotal: fenToYuan(b.subtotalFen),
    memberOff: fenToYuan(b.memberOffFen),
    memberDiscount: p.discountTenths / 10,
    groupOff: fenToYuan(b.groupOffFen),
    groupTitle: b.groupTitle,
    promoOff: fenToYuan(b.promotion?.offFen ?? 0),
    promoTitle: b.promotion?.title ?? '',
    staffOff: fenToYuan(b.staffOffFen),
    shipping: fenToYuan(b.shippingFen),
    total: fenToYuan(b.totalFen),
  }
}

/** The list's rows, newest first; `status` 0 drafts, 10 sent, absent all. */
export async function listDrafts(
  db: Db,
  q: { status?: number | undefined; pageIndex: number; pageSize: number },
) {
  let base = db.selectFrom('draft_orders as d')
  if (q.status !== undefined) base = base.where('d.status', '=', q.status)
  const [count, rows] = await Promise.all([
    base.select((e) => e.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    base
      .innerJoin('users as u', 'u.id', 'd.user_id')
      .leftJoin('orders as o', 'o.id', 'd.order_id')
      .select([
        'd.id',
        'd.user_id',
        'd.lines',
        'd.discount_bp',
        'd.status',
        'd.staff_username',
        'd.update_time',
        'd.sent_time',
        'u.tel',
        'u.nick_name',
        'o.code',
        'o.tol_cost_fen',
      ])
      .orderBy('d.id', 'desc')
      .limit(q.pageSize)
      .offset(q.pageIndex * q.pageSize)
      .execute(),
  ])
  return {
    pageData: rows.map((r) => ({
      id: r.id,
      userId: r.user_id,
      customerTel: r.tel ?? '',
      customerName: r.nick_name,
      items: (JSON.parse(r.lines) as DraftLine[]).reduce((n, l) => n + l.quantity, 0),
      discountPercent: r.discount_bp / 100,
      status: r.status,
      statusText: r.status === DraftStatus.sent ? '已发送' : '草稿',
      staff: r.staff_username,
      updateTime: r.update_time,
      sentTime: r.sent_time ?? '',
      orderCode: r.code ?? '',
      orderTotal: r.tol_cost_fen === null ? null : fenToYuan(r.tol_cost_fen),
    })),
    pageIndex: q.pageIndex,
    pageSize: q.pageSize,
    pageTotal: Number(count.n),
  }
}

/** The customer's addresses and invoice titles the editor picks from, and their member level. */
export async function customerChoices(db: Db, userId: number) {
  await requireCustomer(db, userId)
  const [user, a, i] = await Promise.all([
    db
      .selectFrom('users')
      .select(['tel', 'nick_name', 'discount_tenths'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow(),
    list(db, addresses, userId),
    list(db, invoices, userId),
  ])
  return {
    userId,
    tel: user.tel ?? '',
    nickName: user.nick_name,
    memberDiscount: user.discount_tenths / 10,
    addresses: a.map((x) => ({
      id: x.id,
      text: `${x.name} ${x.tel} ${x.address} ${x.addressDetail}`,
      isDefault: x.status === 1,
    })),
    invoices: i.map((x) => ({
      id: x.id,
      text: `${x.companyName}${x.companyCode ? `（${x.companyCode}）` : ''}`,
    })),
  }
}

/** One draft as the editor opens it: its fields, its customer's choices, the order once sent. */
export async function draftDetail(db: Db, id: number) {
  const r = await draftRow(db, id)
  const order = r.order_id
    ? await db.selectFrom('orders').select(['code', 'status']).where('id', '=', r.order_id).executeTakeFirst()
    : undefined
  return {
    id: r.id,
    userId: r.user_id,
    lines: JSON.parse(r.lines) as DraftLine[],
    discountPercent: r.discount_bp / 100,
    addressId: r.address_id,
    invoiceId: r.invoice_id,
    status: r.status,
    staff: r.staff_username,
    createTime: r.create_time,
    updateTime: r.update_time,
    sentTime: r.sent_time ?? '',
    orderCode: order?.code ?? '',
    customer: await customerChoices(db, r.user_id),
  }
}

/** The customer's SMS text for a sent draft: the order, what it costs, where to pay it. */
export const draftSmsText = (code: string, total: number) =>
  `业务人员已为您下单（订单号${code}，应付¥${total.toFixed(2)}），请登录商城在“我的订单”中付款，可用余额、在线支付或对公转账。`

/**
 * Sends the draft: the order is placed by placeGoodsOrder for the customer with the draft's
 * address, discount and invoice title; in that transaction the draft is claimed (0 → 10 with the
 * order's id, only if unchanged since read), audited, and the customer notified with the pay
 * link. Sent twice at once: one claim wins, the other's order rolls back (DRAFT_SENT). After the
 * commit, the SMS (its failure is logged; the order and the notice stand). Answers { code }.
 */
export async function sendDraft(
  db: Db,
  config: Config,
  sms: SmsProvider | undefined,
  actor: Actor,
  id: number,
  now: Date,
  log: (line: string) => void = console.log,
): Promise<{ code: string }> {
  const r = await draftRow(db, id)
  if (r.status !== DraftStatus.draft) throw refuse('草稿已发送给客户，不能重复发送')
  if (r.address_id === null) throw refuse('请选择收货地址')
  const a = await ownedRow(db, 'addresses', r.address_id, r.user_id, '收货地址已被客户删除，请重新选择')
  const receiver: Receiver = {
    recName: a.name,
    recTel: a.tel,
    recProvince: a.province,
    recCity: a.city,
    recArea: a.area,
    recStreet: a.street,
    recAddress: '',
    recAddressx: a.address_detail,
    nickName: '',
  }
  const d = inputOf(r)
  const placed = async (t: Db, orderId: number) => {
    const claimed = await t
      .updateTable('draft_orders')
      .set({ status: DraftStatus.sent, order_id: orderId, sent_time: dbTime(now) })
      .where('id', '=', id)
      .where('status', '=', DraftStatus.draft)
      .where('update_time', '=', r.update_time)
      .where('lines', '=', r.lines)
      .executeTakeFirst()
    if (Number(claimed.numUpdatedRows) !== 1) {
      const still = await t
        .selectFrom('draft_orders')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirst()
      throw refuse(
        still?.status === DraftStatus.sent ? '草稿已发送给客户，不能重复发送' : '草稿刚被修改，请重新发送',
      )
    }
    const o = await t
      .selectFrom('orders')
      .select(['code', 'tol_cost_fen'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow()
    const total = fenToYuan(o.tol_cost_fen)
    await audit(t, actor, now, {
      action: 'draft-order.send',
      target: `draft-order:${id}`,
      before: { status: DraftStatus.draft },
      after: { status: DraftStatus.sent, order: o.code, total },
    })
    await notify(
      t,
      r.user_id,
      '业务人员已为您下单',
      `订单 ${o.code} 应付¥${total.toFixed(2)}，请前往付款：${config.siteUrl}/pay?id=${orderId}（可用余额、在线支付或对公转账）`,
      now,
    )
  }
  const orderId = await placeGoodsOrder(
    db,
    r.user_id,
    receiver,
    d.lines,
    now,
    config.holds,
    { userCouponId: 0 },
    { staffDiscountBp: d.discountBp, invoiceId: d.invoiceId, placed },
  )
  const o = await db
    .selectFrom('orders as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .select(['o.code', 'o.tol_cost_fen', 'u.tel'])
    .where('o.id', '=', orderId)
    .executeTakeFirstOrThrow()
  const tel = o.tel ?? ''
  if (sms?.sendOrderNotice && tel) {
    const text = draftSmsText(o.code, fenToYuan(o.tol_cost_fen))
    await sms.sendOrderNotice(tel, { order: o.code, text }).catch((e: unknown) => {
      log(`[sms] 代客下单通知发送失败 ${tel.slice(0, 3)}****${tel.slice(-4)} via ${sms.name}：${String(e)}`)
    })
  }
  return { code: o.code }
}

/** The editor's SKU picker: listed SKUs whose product title (or SKU title) holds `q`, at most 20. */
export async function searchSkus(db: Db, q: string) {
  const pattern = likeContains(q.trim())
  const rows = await db
    .selectFrom('product_skus as k')
    .innerJoin('product_spus as p', 'p.id', 'k.spu_id')
    .select(['k.id', 'k.title as sku', 'k.price_fen', 'k.stock', 'p.title'])
    .where('k.removed_time', 'is', null)
    .where('p.is_show', '=', 1)
    .where('p.ext', '=', LISTED)
    .where(sql<boolean>`(p.title LIKE ${pattern} ESCAPE '\\' OR k.title LIKE ${pattern} ESCAPE '\\')`)
    .orderBy('p.id', 'desc')
    .orderBy('k.id')
    .limit(20)
    .execute()
  return rows.map((r) => ({
    skuId: r.id,
    title: `${r.title} ${r.sku}`,
    price: fenToYuan(r.price_fen),
    stock: Number(r.stock),
  }))
}
