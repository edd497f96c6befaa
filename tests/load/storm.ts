/**
 * An order-and-payment storm against a running server, and the books it must leave balanced.
 * Used by `npm run load:orders` (throughput), the crash test (tests/api/crash.test.ts: SIGKILL in
 * the middle) and the soak (scripts/soak.ts).
 *
 *   const s = await prepareStorm(db, { buyers: 40, skus: 5, stock: 3000 })
 *   const acks = await storm(base, sign, s, { seconds: 10, concurrency: 32 })
 *   const problems = await reconcile(db, s, acks)   // [] when everything adds up
 */
import { randomInt } from 'node:crypto'
import { sql } from 'kysely'
import type { Db } from '../../server/db/index.ts'
import { issueToken } from '../../server/modules/accounts/sessions.ts'
import { LISTED, OrderStatus } from '../../src/lib/constants.ts'
import { balanceOf, stockOf } from '../api/fixtures.ts'
import { apiClient } from './client.ts'

export interface StormState {
  skus: { id: number; spuId: number }[]
  /** coupons: the buyer's claimed coupons (user_coupons ids) that orders may name. */
  buyers: { id: number; token: string; coupons: number[] }[]
  stock: number
  balanceFen: number
  /** The storm's own coupon (无门槛减5), or null when it runs without coupons. */
  couponId: number | null
}

/** What the server acknowledged (answered 200): the orders it created and the ones it says are paid. */
export interface Acks {
  orders: Set<number>
  paid: Set<number>
  cancelled: Set<number>
  soldOut: number
  /** Orders refused because the coupon they named was used by another of the buyer's orders meanwhile. */
  couponTaken: number
  /** Refusals other than stock, and failures to reach the server (a killed one), by message. */
  other: Map<string, number>
  seconds: number
}

/** Buyers with a large balance and SKUs with a known stock, written straight to the database. */
export async function prepareStorm(
  db: Db,
  opts: {
    buyers: number
    skus: number
    stock: number
    balanceFen?: number
    tag?: string
    couponsEach?: number
    /** These SKUs (a test's own product, say) instead of the first `skus` listed ones. */
    skuIds?: number[]
  },
): Promise<StormState> {
  const balanceFen = opts.balanceFen ?? 10_000_000_000
  const tag = opts.tag ?? String(Date.now() % 100_000)
  const rows = await db
    .selectFrom('product_skus as k')
    .innerJoin('product_spus as p', 'p.id', 'k.spu_id')
    .select(['k.id', 'k.spu_id'])
    .where('p.ext', '=', LISTED)
    .where('p.is_show', '=', 1)
    .$if(opts.skuIds !== undefined, (q) => q.where('k.id', 'in', opts.skuIds ?? []))
    .orderBy('k.id')
    .limit(opts.skus)
    .execute()
  const skus = rows.map((r) => ({ id: r.id, spuId: r.spu_id }))
  await db
    .updateTable('product_skus')
    .set({ stock: opts.stock })
    .where(
      'id',
      'in',
      skus.map((s) => s.id),
    )
    .execute()
  const buyers: StormState['buyers'] = []
  const now = new Date()
  const couponsEach = opts.couponsEach ?? 0
  const coupon =
    couponsEach > 0
      ? await db
          .insertInto('coupons')
          .values({
            title: '压测无门槛减5',
            kind: 'amount',
            amount_fen: 500,
            total_limit: opts.buyers * couponsEach,
            per_user_limit: couponsEach,
            claimed: opts.buyers * couponsEach,
            start_time: '2026-01-01 00:00:00',
            end_time: '2099-12-31 23:59:59',
            create_time: '2026-01-01 00:00:00',
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      : null
  for (let i = 0; i < opts.buyers; i++) {
    const { id } = await db
      .insertInto('users')
      .values({
        code: `S${tag}${i}`,
        tel: `136${tag.padStart(5, '0').slice(-5)}${String(i).padStart(3, '0')}`,
        nick_name: `压测${i}`,
        balance_fen: balanceFen,
        create_time: '2026-01-01 00:00:00',
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const coupons: number[] = []
    for (let c = 0; coupon && c < couponsEach; c++) {
      const held = await db
        .insertInto('user_coupons')
        .values({ coupon_id: coupon.id, user_id: id, claim_time: '2026-01-01 00:00:00' })
        .returning('id')
        .executeTakeFirstOrThrow()
      coupons.push(held.id)
    }
    buyers.push({ id, token: await issueToken(db, id, now), coupons })
  }
  return { skus, buyers, stock: opts.stock, balanceFen, couponId: coupon?.id ?? null }
}

/** The receiver of every order a load run places. */
export const ADDRESS = {
  recName: '压测',
  recTel: '13700000000',
  recProvince: '江苏省',
  recCity: '苏州市',
  recArea: '姑苏区',
  recStreet: '平江街道',
  recAddress: '江苏省,苏州市,姑苏区,平江街道',
  recAddressx: '1号',
  nickName: '压测',
}

/**
 * `concurrency` loops, each placing an order for a random buyer and SKU, then paying it by
 * balance (70%), cancelling it (15%) or leaving it unpaid, until `seconds` have passed or `stop`
 * aborts. A call that cannot reach the server counts under `other` and the loop goes on.
 */
export const noAcks = (): Acks => ({
  orders: new Set(),
  paid: new Set(),
  cancelled: new Set(),
  soldOut: 0,
  couponTaken: 0,
  other: new Map(),
  seconds: 0,
})

/** …filling `acks` as it goes (pass your own to watch it), and answering it at the end. */
export async function storm(
  base: string,
  sign: () => string,
  s: StormState,
  opts: { seconds: number; concurrency: number; stop?: AbortSignal; acks?: Acks },
): Promise<Acks> {
  const acks = opts.acks ?? noAcks()
  const other = (why: string) => acks.other.set(why, (acks.other.get(why) ?? 0) + 1)
  const call = apiClient(base, sign, { connections: opts.concurrency, timeoutMs: 10_000 })
  const end = Date.now() + opts.seconds * 1000
  const started = performance.now()
  const going = () => Date.now() < end && !opts.stop?.aborted
  await Promise.all(
    Array.from({ length: opts.concurrency }, async () => {
      while (going()) {
        const buyer = s.buyers[randomInt(s.buyers.length)]!
        const sku = s.skus[randomInt(s.skus.length)]!
        // A third of the orders name one of the buyer's coupons, maybe one another order holds.
        const coupon =
          buyer.coupons.length && randomInt(3) === 0 ? buyer.coupons[randomInt(buyer.coupons.length)] : 0
        const r = await call('POST', '/api/Orders/PostOrdersAppend', buyer.token, {
          ...ADDRESS,
          list: [{ skuId: sku.id, spuId: sku.spuId, quantity: randomInt(1, 4) }],
          userCouponId: coupon,
        })
        if (r.status !== 200) {
          if (String(r.data).includes('库存不足')) acks.soldOut++
          else if (String(r.data).startsWith('优惠券不可用')) acks.couponTaken++
          else other(String(r.data))
          continue
        }
        const id = Number(r.data)
        acks.orders.add(id)
        const dice = randomInt(100)
        if (dice < 70) {
          const p = await call('GET', `/api/Orders/GetOrdersPay?id=${id}&way=balance`, buyer.token)
          if (p.status === 200) acks.paid.add(id)
          else other(String(p.data))
        } else if (dice < 85) {
          const c = await call('POST', '/api/Orders/PostOrdersStatus', buyer.token, {
            id,
            status: OrderStatus.cancelled,
          })
          if (c.status === 200) acks.cancelled.add(id)
          else other(String(c.data))
        }
      }
    }),
  )
  acks.seconds = (performance.now() - started) / 1000
  return acks
}

/**
 * The books after a storm, as a list of what does not add up (empty: all reconciled):
 * every acknowledged order exists with its items and its total; every acknowledged payment is a
 * paid order and every acknowledged cancel a cancelled one; no order of the storm lacks items
 * (half-written); per SKU stock + sold to the storm's buyers = initial stock; per buyer balance = initial − expenses +
 * income of their wallet records, and their paid orders add up to their expenses.
 */
export async function reconcile(db: Db, s: StormState, acks: Acks): Promise<string[]> {
  const problems: string[] = []
  const buyerIds = s.buyers.map((b) => b.id)
  const orders = await db
    .selectFrom('orders as o')
    .leftJoin('order_items as i', 'i.order_id', 'o.id')
    .select(['o.id', 'o.status', 'o.tol_cost_fen', 'o.user_coupon_id', sql<number>`COUNT(i.id)`.as('items')])
    .select(['o.cost_price_fen', 'o.member_off_fen', 'o.promo_off_fen', 'o.coupon_off_fen', 'o.shipping_fen'])
    .where('o.user_id', 'in', buyerIds)
    .groupBy(['o.id', 'o.status', 'o.tol_cost_fen', 'o.user_coupon_id'])
    .groupBy([
      'o.cost_price_fen',
      'o.member_off_fen',
      'o.promo_off_fen',
      'o.coupon_off_fen',
      'o.shipping_fen',
    ])
    .execute()
  const byId = new Map(orders.map((o) => [o.id, o]))
  for (const o of orders) {
    if (Number(o.items) === 0) problems.push(`order ${o.id}: no items (half-written)`)
    const figures = o.cost_price_fen - o.member_off_fen - o.promo_off_fen - o.coupon_off_fen + o.shipping_fen
    if (figures !== o.tol_cost_fen)
      problems.push(`order ${o.id}: breakdown ${figures} ≠ total ${o.tol_cost_fen}`)
  }
  problems.push(...(await reconcileCoupons(db, s, orders)))
  for (const id of acks.orders) if (!byId.has(id)) problems.push(`order ${id}: acknowledged but missing`)
  for (const id of acks.paid) {
    const st = byId.get(id)?.status
    if (st === undefined || st === OrderStatus.unpaid || st === OrderStatus.cancelled)
      problems.push(`order ${id}: payment acknowledged but status ${st}`)
  }
  for (const id of acks.cancelled)
    if (byId.get(id)?.status !== OrderStatus.cancelled)
      problems.push(`order ${id}: cancel acknowledged but status ${byId.get(id)?.status}`)

  for (const sku of s.skus) {
    const stock = await stockOf(db, sku.id)
    const sold = await db
      .selectFrom('order_items as i')
      .innerJoin('orders as o', 'o.id', 'i.order_id')
      .select(sql<number>`COALESCE(SUM(i.quantity), 0)`.as('n'))
      .where('i.sku_id', '=', sku.id)
      .where('o.status', '<>', OrderStatus.cancelled)
      // The storm's buyers only: prepareStorm set the stock, and the seed's own trade sold from
      // the same SKUs before it.
      .where('o.user_id', 'in', buyerIds)
      .executeTakeFirstOrThrow()
    if (stock < 0 || stock + Number(sold.n) !== s.stock)
      problems.push(`SKU ${sku.id}: stock ${stock} + sold ${sold.n} ≠ ${s.stock}`)
  }
  for (const b of s.buyers) {
    const balance_fen = await balanceOf(db, b.id)
    const moves = await db
      .selectFrom('wallet_transactions')
      .select(['tag', sql<number>`COALESCE(SUM(price_fen), 0)`.as('fen')])
      .where('user_id', '=', b.id)
      .groupBy('tag')
      .execute()
    const sum = (tag: number) => Number(moves.find((m) => m.tag === tag)?.fen ?? 0)
    const expected = s.balanceFen - sum(1) + sum(2)
    if (balance_fen !== expected) problems.push(`buyer ${b.id}: balance ${balance_fen} ≠ records ${expected}`)
    const paid = await db
      .selectFrom('orders')
      .select(sql<number>`COALESCE(SUM(tol_cost_fen), 0)`.as('fen'))
      .where('user_id', '=', b.id)
      .where('status', 'in', [OrderStatus.unshipped, OrderStatus.unreceived, OrderStatus.completed])
      .executeTakeFirstOrThrow()
    if (Number(paid.fen) !== sum(1))
      problems.push(`buyer ${b.id}: paid orders ${paid.fen} ≠ expense records ${sum(1)}`)
  }
  return problems
}

/**
 * Each of the storm's claimed coupons is used by at most one order that stands (not cancelled)
 * and is marked used exactly when one does.
 */
async function reconcileCoupons(
  db: Db,
  s: StormState,
  orders: { id: number; status: number; user_coupon_id: number | null }[],
): Promise<string[]> {
  if (s.couponId === null) return []
  const problems: string[] = []
  const standing = new Map<number, number[]>()
  for (const o of orders)
    if (o.user_coupon_id !== null && o.status !== OrderStatus.cancelled)
      standing.set(o.user_coupon_id, [...(standing.get(o.user_coupon_id) ?? []), o.id])
  const held = await db
    .selectFrom('user_coupons')
    .select(['id', 'status', 'order_id'])
    .where('coupon_id', '=', s.couponId)
    .execute()
  for (const c of held) {
    const by = standing.get(c.id) ?? []
    if (by.length > 1) problems.push(`coupon ${c.id}: used by ${by.length} orders (${by.join(', ')})`)
    const should = by.length === 1 ? { status: 10, order: by[0] } : { status: 0, order: null }
    if (c.status !== should.status || c.order_id !== should.order)
      problems.push(
        `coupon ${c.id}: status ${c.status} order ${c.order_id} ≠ ${should.status} ${should.order}`,
      )
  }
  return problems
}
