/**
 * Orders placed through the real calls, for API tests that need one in a given state: placed,
 * paid, shipped or received.
 *   const o = await placeOrder(h, me, { pay: 'balance' })   // status 20, { id, code, skuId }
 *   const s = await shippedOrder(h, me)                      // status 30
 */
import { expect } from 'vitest'
import type { Db } from '../../server/db/index.ts'
import { product } from './fixtures.ts'
import type { Harness } from './harness.ts'
import { ops } from './ops.ts'

export const ADDRESS = {
  recName: '李四',
  recTel: '13900000000',
  recProvince: '浙江省',
  recCity: '杭州市',
  recArea: '西湖区',
  recStreet: '文新街道',
  recAddressx: '文一西路 1 号',
  nickName: '李四',
}

/** A listed product of its own (one SKU of `priceFen`), so no other test's stock is touched. */
export const ownSku = async (db: Db, priceFen = 10_000, stock = 10) =>
  (await product(db, [{ priceFen, stock }])).skuIds[0] as number

type Customer = { id: number; auth: Record<string, string> }
type OrderOptions = {
  pay?: 'balance' | 'union' | 'alipay' | 'wechat'
  priceFen?: number
  quantity?: number
  receiverTel?: string
}

/**
 * An order of `quantity` (1) of one item placed by `u` (a signed-in customer): left unpaid, paid
 * from the balance (status 20; the balance is topped up first), or with a way chosen that leaves
 * it unpaid (union: a corporate transfer to confirm; alipay/wechat: a pending payment).
 */
export async function placeOrder(h: Harness, u: Customer, opts: OrderOptions = {}) {
  const priceFen = opts.priceFen ?? 10_000
  const quantity = opts.quantity ?? 1
  const skuId = await ownSku(h.db, priceFen)
  const placed = await h.post<number>(
    '/api/Orders/PostOrdersAppend',
    { ...ADDRESS, recTel: opts.receiverTel ?? ADDRESS.recTel, list: [{ skuId, quantity }] },
    u.auth,
  )
  expect(placed.status).toBe(200)
  const id = placed.data
  if (opts.pay === 'balance')
    await h.db
      .updateTable('users')
      .set((e) => ({ balance_fen: e('balance_fen', '+', priceFen * quantity) }))
      .where('id', '=', u.id)
      .execute()
  if (opts.pay)
    expect((await h.get('/api/Orders/GetOrdersPay', { id, way: opts.pay }, u.auth)).status).toBe(200)
  const { code } = await h.db
    .selectFrom('orders')
    .select('code')
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
  return { id, code, skuId }
}

/** An order of `u` paid from the balance and shipped by the ops command (status 30). */
export async function shippedOrder(h: Harness, u: Customer, opts: Omit<OrderOptions, 'pay'> = {}) {
  const o = await placeOrder(h, u, { ...opts, pay: 'balance' })
  await ops(h.db, ['ship', o.code])
  return o
}

/** A shipped order of `u` that `u` has received (status 40). */
export async function receivedOrder(h: Harness, u: Customer, opts: Omit<OrderOptions, 'pay'> = {}) {
  const o = await shippedOrder(h, u, opts)
  const r = await h.post('/api/Orders/PostOrdersStatus', { id: o.id, status: 40 }, u.auth)
  expect(r.data).toBe('确认收货成功')
  return o
}

/**
 * An order of `u` with two lines of two products of its own, paid from the balance (status 20):
 * line A `a.quantity` × `a.priceFen`, line B likewise. Answers the order and each line's SKU, SPU
 * and lineId, as issue 38's parcels and after-sales name them.
 */
export async function twoLineOrder(
  h: Harness,
  u: Customer,
  a = { priceFen: 30_000, quantity: 2 },
  b = { priceFen: 10_000, quantity: 1 },
) {
  const [pa, pb] = [await product(h.db, [{ ...a, stock: 10 }]), await product(h.db, [{ ...b, stock: 10 }])]
  const list = [
    { skuId: pa.skuIds[0] as number, quantity: a.quantity },
    { skuId: pb.skuIds[0] as number, quantity: b.quantity },
  ]
  const placed = await h.post<number>('/api/Orders/PostOrdersAppend', { ...ADDRESS, list }, u.auth)
  expect(placed.status).toBe(200)
  const id = placed.data
  await h.db
    .updateTable('users')
    .set((e) => ({
      balance_fen: e('balance_fen', '+', a.priceFen * a.quantity + b.priceFen * b.quantity + 10_000),
    }))
    .where('id', '=', u.id)
    .execute()
  expect((await h.get('/api/Orders/GetOrdersPay', { id, way: 'balance' }, u.auth)).status).toBe(200)
  const lines = await h.db
    .selectFrom('order_items')
    .select(['id', 'sku_id', 'spu_id'])
    .where('order_id', '=', id)
    .orderBy('id')
    .execute()
  const { code } = await h.db
    .selectFrom('orders')
    .select('code')
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
  const line = (i: number) => {
    const l = lines[i] as (typeof lines)[number]
    return { lineId: l.id, skuId: l.sku_id as number, spuId: l.spu_id as number }
  }
  return { id, code, a: line(0), b: line(1) }
}
