/**
 * A small flash sale (issue 23; `npm run load:flash` is the full one): 300 buyers, 50 at once, on
 * one SKU with stock 20. Exactly 20 units are sold and paid, every other buyer is told 库存不足,
 * nothing answers 5xx, and stock, orders and balances reconcile. On SQLite and PostgreSQL.
 */
import { expect, it } from 'vitest'
import { flashProblems, flashSale } from '../load/flash.ts'
import { prepareStorm, reconcile } from '../load/storm.ts'
import { startServer } from './harness.ts'

const h = startServer()

it('sells exactly its stock to many buyers at once and the books reconcile', async () => {
  const s = await prepareStorm(h.db, { buyers: 300, skus: 1, stock: 20, tag: `F${process.pid % 1000}` })
  const r = await flashSale(h.base, () => h.sign(), s, {
    concurrency: 50,
    staticPath: '/api/Classify/GetClassifyQuerys',
  })
  // Latency is the load run's to judge on a quiet machine; here only what must hold anywhere.
  expect(
    flashProblems(r, s, { orderP99Ms: Number.POSITIVE_INFINITY, staticP99Ms: Number.POSITIVE_INFINITY }),
  ).toEqual([])
  expect(await reconcile(h.db, s, r.acks)).toEqual([])
}, 120_000)
