/**
 * Buying one course section (storefront §1/§3, issue 19): an order of `{articleId, sectionId}`
 * paid from the balance unlocks that section alone; the next stays locked, the course too, and
 * the bought section cannot be bought again.
 */
import { describe, expect, it } from 'vitest'
import type { ArticleDetail } from '../../../src/lib/api/types.ts'
import { LISTED } from '../../../src/lib/constants.ts'
import { balanceOf } from '../../../tests/api/fixtures.ts'
import { startServer } from '../../../tests/api/harness.ts'
import { newUser } from '../../../tests/api/session.ts'
import { markChanged } from '../../changes.ts'
import { dbTime } from '../../time.ts'

const h = startServer()

/** A listed paid course of the seed whose 2nd and 3rd sections are each sold on their own. */
async function courseWithSoldSections() {
  const courses = await h.db
    .selectFrom('articles')
    .select(['id', 'price_fen'])
    .where('status', '=', 30)
    .where('ext', '=', LISTED)
    .where('is_show', '=', 1)
    .where('price_fen', '>', 0)
    .orderBy('id')
    .execute()
  for (const c of courses) {
    const { data } = await h.get<ArticleDetail>('/api/Article/GetArticle', { id: c.id })
    const [, second, third] = data.list
    if (second && third && [second, third].every((s) => s.status === 1 && s.price > 0))
      return { course: data, second, third }
  }
  throw new Error('no paid course with two sold sections in the seed')
}

describe('buying one course section', () => {
  it('unlocks section 2 alone; section 3 and the course stay locked; a second purchase is refused', async () => {
    const { course, second, third } = await courseWithSoldSections()
    const buyer = await newUser(h)
    const secondFen = Math.round(second.price * 100)
    await h.db.updateTable('users').set({ balance_fen: secondFen }).where('id', '=', buyer.id).execute()
    const article = async () =>
      (await h.get<ArticleDetail>('/api/Article/GetArticle', { id: course.id }, buyer.auth)).data
    const section = (a: ArticleDetail, id: number) => a.list.find((s) => s.id === id)

    const before = await article()
    expect([section(before, second.id)?.unlock, section(before, third.id)?.unlock]).toEqual([0, 0])

    const order = await h.post<number>(
      '/api/Orders/PostOrdersAppend',
      { list: [{ articleId: course.id, sectionId: second.id }] },
      buyer.auth,
    )
    expect(order.http).toBe(200)
    const detail = await h.get<{ tolCost: number; articleId: number }>(
      '/api/Orders/GetOrders',
      { id: order.data },
      buyer.auth,
    )
    // The section's own price, not the course's.
    expect(detail.data).toMatchObject({ tolCost: second.price, articleId: course.id })
    const paid = await h.get('/api/Orders/GetOrdersPay', { id: order.data, way: 'balance' }, buyer.auth)
    expect(paid.data).toEqual({ status: 20 })

    const after = await article()
    expect(section(after, second.id)).toMatchObject({ unlock: 1 })
    expect(section(after, second.id)?.url).not.toBe('')
    expect(section(after, third.id)).toMatchObject({ unlock: 0, imgurl: '', url: '' })
    expect(after.unlock).toBe(0)
    expect(await balanceOf(h.db, buyer.id)).toBe(0)

    const again = await h.post(
      '/api/Orders/PostOrdersAppend',
      { list: [{ articleId: course.id, sectionId: second.id }] },
      buyer.auth,
    )
    expect([again.http, again.data]).toEqual([400, '已经购买过了'])
    // Section 3 is still for sale, on its own or with the course.
    const thirdOrder = await h.post(
      '/api/Orders/PostOrdersAppend',
      { list: [{ articleId: course.id, sectionId: third.id }] },
      buyer.auth,
    )
    expect(thirdOrder.http).toBe(200)
  })

  it('never charges twice for one thing: a second 立即购买 goes to the waiting order, and an order left unpaid is not paid once what it sells is owned', async () => {
    const { course, second } = await courseWithSoldSections()
    const buyer = await newUser(h)
    await h.db.updateTable('users').set({ balance_fen: 1_000_000 }).where('id', '=', buyer.id).execute()
    const place = async (line: { articleId: number; sectionId?: number }) =>
      (await h.post<number>('/api/Orders/PostOrdersAppend', { list: [line] }, buyer.auth)).data
    const pay = (id: number) => h.get<unknown>('/api/Orders/GetOrdersPay', { id, way: 'balance' }, buyer.auth)
    const balance = () => balanceOf(h.db, buyer.id)

    // Two tabs' 立即购买 of the whole course: one order to pay.
    const whole = await place({ articleId: course.id })
    expect(await place({ articleId: course.id })).toBe(whole)
    // A section order left unpaid, then the whole course bought.
    const sectionOrder = await place({ articleId: course.id, sectionId: second.id })
    expect(sectionOrder).not.toBe(whole)
    expect((await pay(whole)).http).toBe(200)
    const after = await balance()
    expect(after).toBe(1_000_000 - Math.round(course.price * 100))

    // The section order now sells nothing new: refused, cancelled, and nothing charged.
    const refused = await pay(sectionOrder)
    expect([refused.http, refused.data]).toEqual([400, '已经购买过了'])
    expect(await balance()).toBe(after)
    const status = await h.get<{ status: number }>('/api/Orders/GetOrders', { id: sectionOrder }, buyer.auth)
    expect(status.data.status).toBe(100)
    const purchases = await h.db
      .selectFrom('purchases')
      .select(['section_id'])
      .where('user_id', '=', buyer.id)
      .execute()
    expect(purchases).toEqual([{ section_id: null }])
  })

  it('every paid section bought one by one opens the course, and the whole course is not sold again', async () => {
    const { course } = await courseWithSoldSections()
    const buyer = await newUser(h)
    await h.db.updateTable('users').set({ balance_fen: 10_000_000 }).where('id', '=', buyer.id).execute()
    const article = async () =>
      (await h.get<ArticleDetail>('/api/Article/GetArticle', { id: course.id }, buyer.auth)).data
    const paidSections = course.list.filter((s) => !(s.status === 2 || s.price === 0))
    expect(paidSections.length).toBeGreaterThan(1)
    for (const s of paidSections) {
      const placed = await h.post<number>(
        '/api/Orders/PostOrdersAppend',
        { list: [{ articleId: course.id, sectionId: s.id }] },
        buyer.auth,
      )
      expect(
        (await h.get('/api/Orders/GetOrdersPay', { id: placed.data, way: 'balance' }, buyer.auth)).http,
      ).toBe(200)
    }
    const opened = await article()
    expect([opened.unlock, opened.list.every((s) => s.unlock === 1)]).toEqual([1, true])
    const whole = await h.post(
      '/api/Orders/PostOrdersAppend',
      { list: [{ articleId: course.id }] },
      buyer.auth,
    )
    expect([whole.http, whole.data]).toEqual([400, '已经购买过了'])
  })
})

describe('what was bought, after its author unlists or deletes it', () => {
  it('stays readable to its buyers, a platform takedown included; an order placed before cannot be paid; a learner counts once', async () => {
    const { course, second, third } = await courseWithSoldSections()
    const row = () =>
      h.db
        .selectFrom('articles')
        .select(['ext', 'is_show', 'moderated', 'hits_true'])
        .where('id', '=', course.id)
        .executeTakeFirstOrThrow()
    const saved = await row()
    // As the author's and the operator's writes do: the row, and the mark that empties the read cache.
    const set = async (v: { ext?: string; is_show?: number; moderated?: number }) => {
      await h.db.updateTable('articles').set(v).where('id', '=', course.id).execute()
      await markChanged(h.db, [`article:${course.id}`], dbTime(new Date()))
    }
    // An anonymous answer may come from the read cache until it has seen the mark (≤ 1 s).
    const anonymous = () =>
      expect.poll(async () => {
        const r = await open()
        return `${r.http} ${r.data}`
      })
    const buyer = await newUser(h)
    const late = await newUser(h)
    for (const u of [buyer, late])
      await h.db.updateTable('users').set({ balance_fen: 10_000_000 }).where('id', '=', u.id).execute()
    const buy = async (u: typeof buyer, line: { articleId: number; sectionId?: number }) => {
      const placed = await h.post<number>('/api/Orders/PostOrdersAppend', { list: [line] }, u.auth)
      return {
        id: placed.data,
        paid: await h.get('/api/Orders/GetOrdersPay', { id: placed.data, way: 'balance' }, u.auth),
      }
    }
    const open = (auth?: Record<string, string>) =>
      h.get<ArticleDetail | string>('/api/Article/GetArticle', { id: course.id }, auth)

    // Two sections by one buyer: one more learner, not two.
    expect((await buy(buyer, { articleId: course.id, sectionId: second.id })).paid.http).toBe(200)
    expect((await buy(buyer, { articleId: course.id, sectionId: third.id })).paid.http).toBe(200)
    expect((await row()).hits_true).toBe(saved.hits_true + 1)
    // Another customer's order, left unpaid.
    const waiting = await h.post<number>(
      '/api/Orders/PostOrdersAppend',
      { list: [{ articleId: course.id }] },
      late.auth,
    )

    try {
      await set({ ext: '否' }) // the author's 下架
      const kept = await open(buyer.auth)
      expect(kept.http).toBe(200)
      const sections = (kept.data as ArticleDetail).list.filter(
        (s) => s.id === second.id || s.id === third.id,
      )
      expect(sections.map((s) => s.unlock)).toEqual([1, 1])
      expect([(await open(late.auth)).http, (await open(late.auth)).data]).toEqual([404, '当前商品已经下架'])
      await anonymous().toBe('404 当前商品已经下架')
      // The order placed before is not paid for an item no longer sold: refused, cancelled, nothing charged.
      const refused = await h.get('/api/Orders/GetOrdersPay', { id: waiting.data, way: 'balance' }, late.auth)
      expect([refused.http, refused.data]).toEqual([400, '当前商品已经下架'])
      const order = await h.get<{ status: number }>('/api/Orders/GetOrders', { id: waiting.data }, late.auth)
      expect(order.data.status).toBe(100)
      expect(await balanceOf(h.db, late.id)).toBe(10_000_000)

      await set({ is_show: 0 }) // the author's 删除
      expect((await open(buyer.auth)).http).toBe(200)
      await anonymous().toBe('404 内容不存在或已删除')
      const joined = await h.get<{ id: number }[]>(
        '/api/Article/GetArticleQuery',
        { status: 30, isMapping: 1 },
        buyer.auth,
      )
      expect(joined.data.map((a) => a.id)).toContain(course.id)

      // Taken down by the platform, the default way: its buyers keep reading, nobody else does
      // (违规下架并退款 refunds them and ends it: payments/takedown.test.ts).
      await set({ is_show: 1, moderated: 1 })
      expect((await open(buyer.auth)).http).toBe(200)
      expect([(await open(late.auth)).http, (await open(late.auth)).data]).toEqual([404, '当前商品已经下架'])
      await anonymous().toBe('404 当前商品已经下架')
    } finally {
      await set({ ext: saved.ext, is_show: saved.is_show, moderated: saved.moderated })
    }
  })
})
