/**
 * Orders placed through the real calls, for API tests that need one in a given state.
 *   const o = await placeOrder(h, me, { pay: 'balance' })   // status 20, { id, code, skuId }
 */
import { expect } from 'vitest'
import type { Db } from '../../server/db/index.ts'
import { product } from './fixtures.ts'
import type { Harness } from './harness.ts'

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

/**
 * An order of one item placed by `u` (a signed-in customer): left unpaid, paid from the balance
 * (status 20; the balance is topped up first), or with a way chosen that leaves it unpaid
 * (union: a corporate transfer to confirm; alipay/wechat: a pending payment).
 */
export async function placeOrder(
  h: Harness,
  u: { id: number; auth: Record<string, string> },
  opts: { pay?: 'balance' | 'union' | 'alipay' | 'wechat'; priceFen?: number; receiverTel?: string } = {},
) {
  const priceFen = opts.priceFen ?? 10_000
  const skuId = await ownSku(h.db, priceFen)
  const placed = await h.post<number>(
    '/api/Orders/PostOrdersAppend',
    { ...ADDRESS, recTel: opts.receiverTel ?? ADDRESS.recTel, list: [{ skuId, quantity: 1 }] },
    u.auth,
  )
  expect(placed.status).toBe(200)
  const id = placed.data
  if (opts.pay === 'balance')
    await h.db
      .updateTable('users')
      .set((e) => ({ balance_fen: e('balance_fen', '+', priceFen) }))
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
