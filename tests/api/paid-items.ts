/**
 * Paid posts, tasks and courses with an author and buyers, for the tests of issue 39 (a paid
 * task's contacts, takedowns with a choice):
 *   const t = await paidItem(h, { status: 20, priceFen: 990 })
 *   const buyer = await boughtBy(h, t.id, 990)
 */
import { randomInt } from 'node:crypto'
import { expect } from 'vitest'
import { dbTime } from '../../server/time.ts'
import { LISTED } from '../../src/lib/constants.ts'
import type { Harness } from './harness.ts'
import { newUser } from './session.ts'

/** A listed item of a new author with contacts no other test uses: its id, title, author, phone. */
export async function paidItem(h: Harness, a: { status: 10 | 20 | 30; priceFen: number }) {
  const author = await newUser(h)
  const at = dbTime(h.now())
  const title = `付费${randomInt(0, 1e9)}`
  const tel = `137${String(randomInt(0, 1e8)).padStart(8, '0')}`
  const { id } = await h.db
    .insertInto('articles')
    .values({
      status: a.status,
      title,
      content: '<p>正文</p>',
      brief: '简介',
      // A city like the seeded ones: the listing's tests read every task's city.
      city: a.status === 20 ? '深圳' : '',
      price_fen: a.priceFen,
      post_name: `联系人${randomInt(0, 1e6)}`,
      tel,
      addressx: `测试路${randomInt(0, 1e6)}号`,
      ext: LISTED,
      is_show: 1,
      create_id: author.id,
      create_time: at,
      update_time: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return { id, title, author, tel }
}

/** A new user who bought item `id` whole, paid from a balance of just `priceFen`: them and the order's id. */
export async function boughtBy(h: Harness, id: number, priceFen: number) {
  const buyer = await newUser(h)
  await h.db.updateTable('users').set({ balance_fen: priceFen }).where('id', '=', buyer.id).execute()
  const order = await h.post<number>(
    '/api/Orders/PostOrdersAppend',
    { list: [{ articleId: id }] },
    buyer.auth,
  )
  expect(order.http).toBe(200)
  const paid = await h.get('/api/Orders/GetOrdersPay', { id: order.data, way: 'balance' }, buyer.auth)
  expect(paid.data).toEqual({ status: 20 })
  return { ...buyer, orderId: order.data }
}
