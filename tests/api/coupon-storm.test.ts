/**
 * Orders naming coupons of one campaign, their payments and cancels, all at once (issue 23, on
 * SQLite and PostgreSQL): nothing fails — on PostgreSQL a counter of the campaign's uses, locked
 * before the SKU by an order and after it by a cancel, deadlocked about once per 15 s of
 * `npm run load:orders` (migration 26 counts the uses instead) — each claimed coupon stands for at
 * most one order, and stock, balances and every order's figures reconcile.
 */
import { expect, it } from 'vitest'
import { defaultConfig } from '../../server/config.ts'
import { prepareStorm, reconcile, storm } from '../load/storm.ts'
import { product } from './fixtures.ts'
import { startServer } from './harness.ts'

// A storm's few buyers leave many orders unpaid: it tests coupons and the books, not the hold cap.
const h = startServer({ config: () => ({ holds: { ...defaultConfig().holds, unpaidOrders: 1000 } }) })

it('places, pays and cancels orders with coupons of one campaign at once, and the books reconcile', async () => {
  // A product of its own: other files' sales of the first listed SKUs are not this test's.
  const p = await product(h.db, [
    { priceFen: 9_900, stock: 0 },
    { priceFen: 19_900, stock: 0 },
  ])
  const s = await prepareStorm(h.db, {
    buyers: 12,
    skus: 2,
    skuIds: p.skuIds,
    stock: 5_000,
    couponsEach: 3,
    tag: `C${process.pid % 1000}`,
  })
  const acks = await storm(h.base, () => h.sign(), s, { seconds: 4, concurrency: 16 })
  expect([...acks.other.keys()]).toEqual([])
  expect(acks.orders.size).toBeGreaterThan(20)
  expect(acks.cancelled.size).toBeGreaterThan(0)
  expect(await reconcile(h.db, s, acks)).toEqual([])
}, 60_000)
