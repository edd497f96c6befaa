// The indexed title search answers exactly what the LIKE over every row answered (issue 23), on
// the demo data and on random queries, and the index follows every write of a title.
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { LISTED } from '../../src/lib/constants.ts'
import { startServer } from '../../tests/api/harness.ts'
import { productPage } from '../modules/catalog/catalog.queries.ts'
import { articlePage } from '../modules/content/content.queries.ts'
import type { Db } from './index.ts'
import { likeContains, type Order, type Paged, textLike } from './sql.ts'

const h = startServer()
const KINDS = [10, 20, 30] as const
const NEWEST: Order = [['a.id', 'desc']]
const BY_PRICE: Order = [
  ['a.price_fen', 'asc'],
  ['a.id', 'asc'],
]

/** What the listings answered before the index: LOWER(title) LIKE over every listed row. */
async function oldIds(
  db: Db,
  table: 'articles' | 'product_spus',
  text: string,
  status?: number,
  order = 'id DESC',
) {
  const rows = await db
    .selectFrom(`${table} as t` as 'articles as t')
    .select('t.id')
    .where('t.is_show', '=', 1)
    .where('t.ext', '=', LISTED)
    .$if(status !== undefined, (q) => q.where('t.status', '=', status as number))
    .where(textLike('t.title', likeContains(text)))
    .orderBy(sql.raw(order))
    .execute()
  return rows.map((r) => r.id)
}

const ids = (p: Paged<{ id: number }>) => p.pageData.map((r) => r.id)
const page = { pageIndex: 0, pageSize: 100 }

/** Both answers for one text: every kind of article and the products, same rows, order and total. */
async function same(text: string) {
  for (const status of KINDS) {
    const before = await oldIds(h.db, 'articles', text, status)
    const now = await articlePage(h.db, { status, isPrice: 2, title: text }, NEWEST, page)
    expect({ text, status, total: now.pageTotal, ids: ids(now) }).toEqual({
      text,
      status,
      total: before.length,
      ids: before.slice(0, 100),
    })
  }
  const before = await oldIds(h.db, 'product_spus', text)
  const now = await productPage(h.db, { title: text }, [['p.id', 'desc']], page)
  expect({ text, total: now.pageTotal, ids: ids(now) }).toEqual({
    text,
    total: before.length,
    ids: before.slice(0, 100),
  })
}

/** A small seeded generator, so a failing query can be run again. */
function random(seed: number) {
  let s = seed >>> 0
  return () => {
    s = (s + 0x6d2b79f5) >>> 0
    let t = s
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

async function insertArticle(title: string, status = 10) {
  const row = await h.db
    .insertInto('articles')
    .values({ status, title, create_time: '2026-01-01 00:00:00', update_time: '2026-01-01 00:00:00' })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

const found = async (text: string, status = 10) =>
  ids(await articlePage(h.db, { status, isPrice: 2, title: text }, NEWEST, page))

describe('title search on the index', () => {
  it('answers as the LIKE did on titles with case, %, _, quotes and non-ASCII letters', async () => {
    for (const title of ['AbC%_x 口腔"引号"', 'abc 100% 纯钛', 'a_b\\c 种植', 'ÄÖü Mixed CASE', "it's 口"]) {
      await insertArticle(title)
    }
    for (const text of [
      ...[
        '口',
        '口腔',
        'abc',
        'ABC',
        'Ab',
        'c%',
        '%',
        '_',
        '%_',
        '_b',
        '\\',
        '\\c',
        '"',
        '"引号"',
        "'",
        "'s",
      ],
      ...[
        'ä',
        'Ä',
        'äö',
        'ÄÖÜ',
        'mixed',
        'MIXED c',
        ' ',
        '  ',
        '100%',
        '0% 纯',
        'x'.repeat(50),
        '隐形矫治器',
      ],
    ]) {
      await same(text)
    }
  })

  it('answers as the LIKE did for random substrings of the demo titles, 1–5 characters', {
    timeout: 60_000,
  }, async () => {
    const titles = (
      await h.db
        .selectFrom('articles')
        .select('title')
        .union(h.db.selectFrom('product_spus').select('title'))
        .execute()
    ).map((r) => [...r.title])
    expect(titles.length).toBeGreaterThan(100)
    const seed = 20_230_023
    const next = random(seed)
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)] as T
    for (let i = 0; i < 150; i++) {
      const chars = pick(titles)
      const length = 1 + Math.floor(next() * 5)
      const start = Math.floor(next() * Math.max(1, chars.length - length + 1))
      let text = chars
        .slice(start, start + length)
        // Latin letters in either case, and now and then a % or _ that must stay literal.
        .map((c) => (next() < 0.5 ? c.toUpperCase() : c.toLowerCase()))
        .map((c) => (next() < 0.08 ? pick(['%', '_']) : c))
        .join('')
      if (!text) text = pick(['%', '_'])
      await same(text)
    }
  })

  it('pages and sorts the same way: free/paid filter, price order, a later page', async () => {
    for (const text of ['口', '课', '种植', '病例课']) {
      const before = await oldIds(h.db, 'articles', text, 30, 'price_fen ASC, id ASC')
      const now = await articlePage(h.db, { status: 30, isPrice: 2, title: text }, BY_PRICE, {
        pageIndex: 1,
        pageSize: 5,
      })
      expect(ids(now)).toEqual(before.slice(5, 10))
      expect(now.pageTotal).toBe(before.length)
    }
  })

  it('follows inserts, title changes and deletes, in the writing transaction', async () => {
    const id = await insertArticle('XyZ同步测试甲')
    for (const text of ['同', '同步', 'xyz同', 'Z同步测', '甲']) expect(await found(text)).toContain(id)

    await h.db.updateTable('articles').set({ title: 'Qw换名测试乙' }).where('id', '=', id).execute()
    for (const text of ['同步', 'xyz同', '甲']) expect(await found(text)).not.toContain(id)
    for (const text of ['换', '换名', 'QW换', '名测试乙']) expect(await found(text)).toContain(id)

    // A change of kind moves it from one listing's search to the other's (SQLite keeps the pieces by kind).
    await h.db.updateTable('articles').set({ status: 20 }).where('id', '=', id).execute()
    for (const text of ['换', '换名', '名测试乙']) {
      expect(await found(text)).not.toContain(id)
      expect(await found(text, 20)).toContain(id)
    }
    await h.db.updateTable('articles').set({ status: 10 }).where('id', '=', id).execute()
    for (const text of ['换', '名测试乙']) expect(await found(text)).toContain(id)

    // Another column's change leaves the index alone; a rolled-back title change leaves it too.
    await h.db.updateTable('articles').set({ hits: 7 }).where('id', '=', id).execute()
    await expect(
      h.db.transaction().execute(async (t) => {
        await t.updateTable('articles').set({ title: '回滚标题丙' }).where('id', '=', id).execute()
        throw new Error('roll back')
      }),
    ).rejects.toThrow('roll back')
    expect(await found('回滚')).not.toContain(id)
    expect(await found('换名测试')).toContain(id)

    await h.db.deleteFrom('articles').where('id', '=', id).execute()
    for (const text of ['换', '换名', 'qw换']) expect(await found(text)).not.toContain(id)
  })

  it('serves the public call: 搜索 a product by one character, two and more', async () => {
    const [product] = await h.db
      .selectFrom('product_spus')
      .select(['id', 'title'])
      .where('ext', '=', LISTED)
      .execute()
    const title = [...(product?.title ?? '')]
    for (const n of [1, 2, 4]) {
      const text = title.slice(0, n).join('')
      const r = await h.get<Paged<{ id: number }>>('/api/ProductSpu/GetProductSpuPage', {
        title: text,
        pageSize: 100,
      })
      const before = await oldIds(h.db, 'product_spus', text)
      expect(r.data.pageTotal).toBe(before.length)
      expect(ids(r.data)).toEqual(before.slice(0, 100))
    }
  })
})
