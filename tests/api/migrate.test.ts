import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Kysely, sql } from 'kysely'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { type Db, isPg, openDb } from '../../server/db/index.ts'
import { migrate, migrations } from '../../server/db/migrations.ts'

// This project's database: the api project runs it on SQLite, api-pg on PostgreSQL.
const kind = inject('testDb')
const url = inject('dbUrl')
const dir = mkdtempSync(join(tmpdir(), 'portal-migrate-'))
const opened: Db[] = []
afterAll(async () => {
  for (const db of opened) {
    if (isPg(db)) await sql`DROP SCHEMA IF EXISTS ${sql.id(schemaOf(db))} CASCADE`.execute(db)
    await db.destroy()
  }
  rmSync(dir, { recursive: true, force: true })
})
const schemas = new WeakMap<Db, string>()
const schemaOf = (db: Db) => schemas.get(db) ?? ''

/** An empty database of its own (a schema on PostgreSQL, a file on SQLite), dropped after the run. */
async function emptyDatabase(kind: 'sqlite' | 'pg', prefix: string): Promise<Db> {
  const schema = `${prefix}_${process.pid}_${Date.now()}_${opened.length}`
  const db = kind === 'pg' ? await openDb({ url, schema }) : await openDb({ file: join(dir, `${schema}.db`) })
  schemas.set(db, schema)
  opened.push(db)
  return db
}

/** A database as the version before the Migrator left it: its schema, schema_migrations, data. */
async function legacyDatabase(kind: 'sqlite' | 'pg'): Promise<Db> {
  const db = await emptyDatabase(kind, 'm')
  // The versions that database had, 1 and 2; the Migrator brings it the newer ones.
  for (const m of Object.values(migrations).slice(0, 2)) await m.up(db as unknown as Kysely<unknown>)
  await sql`CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`.execute(
    db,
  )
  await sql`INSERT INTO schema_migrations VALUES (1, 'initial schema', 'x'), (2, 'soft delete', 'x')`.execute(
    db,
  )
  await db
    .insertInto('users')
    .values({ code: 'U000001', tel: '13800000099', nick_name: '老用户', create_time: '2026-01-01 00:00:00' })
    .execute()
  return db
}

describe(`a database made before the Migrator (${kind})`, () => {
  it('migrates forward without running a shipped version again, and loses nothing', async () => {
    const db = await legacyDatabase(kind)
    expect(await migrate(db)).toEqual(Object.keys(migrations).slice(2))
    const recorded = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(db)
    expect(recorded.rows.map((r) => r.name)).toEqual(Object.keys(migrations))
    const users = await db.selectFrom('users').select(['tel', 'nick_name']).execute()
    expect(users).toEqual([{ tel: '13800000099', nick_name: '老用户' }])
    // Twice is as once.
    expect(await migrate(db)).toEqual([])
  })

  it('builds a new database with every version', async () => {
    const db = await emptyDatabase(kind, 'n')
    expect(await migrate(db)).toEqual(Object.keys(migrations))
    expect(await db.selectFrom('users').select('id').execute()).toEqual([])
  })
})

describe(`migration 9: content orders left awaiting shipment complete (${kind})`, () => {
  it('moves paid course/post/task orders at 20 to 40 at their pay time, except an open after-sales request', async () => {
    const db = await emptyDatabase(kind, 'c')
    // The schema as version 8 left it, its versions recorded the legacy way (migrate adopts them).
    for (const m of Object.values(migrations).slice(0, 8)) await m.up(db as unknown as Kysely<unknown>)
    await sql`CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`.execute(
      db,
    )
    for (let v = 1; v <= 8; v++) await sql`INSERT INTO schema_migrations VALUES (${v}, 'v', 'x')`.execute(db)
    const { id: userId } = await db
      .insertInto('users')
      .values({ code: 'U000001', tel: '13800000098', create_time: '2026-01-01 00:00:00' })
      .returning('id')
      .executeTakeFirstOrThrow()
    const t = '2026-01-01 00:00:00'
    const article = await db
      .insertInto('articles')
      .values({ status: 30, title: '课程', create_time: t, update_time: t })
      .returning('id')
      .executeTakeFirstOrThrow()
    const spu = await db
      .insertInto('product_spus')
      .values({ title: '商品', create_time: t })
      .returning('id')
      .executeTakeFirstOrThrow()
    const sku = await db
      .insertInto('product_skus')
      .values({ spu_id: spu.id, title: '规格', price_fen: 100 })
      .returning('id')
      .executeTakeFirstOrThrow()
    const order = async (code: string, status: number, line: 'article' | 'goods', afterStatus = 0) => {
      const paid = status === 10 ? null : '2026-01-02 10:00:00'
      const values = {
        code,
        user_id: userId,
        status,
        cost_price_fen: 100,
        tol_cost_fen: 100,
        after_status: afterStatus,
        types: afterStatus === 10 ? 10 : 0,
        create_time: '2026-01-02 09:59:00',
        pay_time: paid,
      }
      // Version 8 has no transfer_deadline yet: insert without the newer column.
      const { id } = await sql<{
        id: number
      }>`INSERT INTO orders (code, user_id, status, cost_price_fen, tol_cost_fen, after_status, types, create_time, pay_time) VALUES (${values.code}, ${values.user_id}, ${values.status}, ${values.cost_price_fen}, ${values.tol_cost_fen}, ${values.after_status}, ${values.types}, ${values.create_time}, ${values.pay_time}) RETURNING id`
        .execute(db)
        .then((r) => r.rows[0] as { id: number })
      await db
        .insertInto('order_items')
        .values({
          order_id: id,
          title: code,
          price_fen: 100,
          quantity: 1,
          article_id: line === 'article' ? article.id : null,
          sku_id: line === 'goods' ? sku.id : null,
        })
        .execute()
    }
    await order('stuck', 20, 'article')
    await order('asking', 20, 'article', 10)
    await order('goods', 20, 'goods')
    await order('unpaid', 10, 'article')
    expect(await migrate(db)).toEqual(Object.keys(migrations).slice(8))
    const rows = await db
      .selectFrom('orders')
      .select(['code', 'status', 'finish_time', 'transfer_deadline'])
      .orderBy('id')
      .execute()
    expect(rows).toEqual([
      { code: 'stuck', status: 40, finish_time: '2026-01-02 10:00:00', transfer_deadline: null },
      { code: 'asking', status: 20, finish_time: null, transfer_deadline: null },
      { code: 'goods', status: 20, finish_time: null, transfer_deadline: null },
      { code: 'unpaid', status: 10, finish_time: null, transfer_deadline: null },
    ])
  })
})

/**
 * A database of its own at the version before `version`, recorded as Kysely records what it ran,
 * so migrate runs `version` and what follows only: the names those are.
 */
async function databaseBefore(version: number, prefix: string) {
  const db = await emptyDatabase(kind, prefix)
  const names = Object.keys(migrations)
  const at = names.findIndex((n) => n.startsWith(`${String(version).padStart(4, '0')}_`))
  for (const m of Object.values(migrations).slice(0, at)) await m.up(db as unknown as Kysely<unknown>)
  await sql`CREATE TABLE kysely_migration (name varchar(255) NOT NULL PRIMARY KEY, timestamp varchar(255) NOT NULL)`.execute(
    db,
  )
  await sql`CREATE TABLE kysely_migration_lock (id varchar(255) NOT NULL PRIMARY KEY, is_locked integer NOT NULL DEFAULT 0)`.execute(
    db,
  )
  for (const name of names.slice(0, at))
    await sql`INSERT INTO kysely_migration VALUES (${name}, ${new Date().toISOString()})`.execute(db)
  return { db, rest: names.slice(at) }
}

describe(`migration 34: the orders that exist become searchable (${kind})`, () => {
  it('fills order_search and its indexes for orders placed before it', async () => {
    const { db, rest } = await databaseBefore(34, 's')
    const t = '2026-01-01 00:00:00'
    const user = await db
      .insertInto('users')
      .values({ code: 'U000001', tel: '13800000097', nick_name: '老买家', create_time: t })
      .returning('id')
      .executeTakeFirstOrThrow()
    const order = await sql<{
      id: number
    }>`INSERT INTO orders (code, user_id, cost_price_fen, tol_cost_fen, create_time, rec_name) VALUES ('D2026', ${user.id}, 100, 100, ${t}, '王五') RETURNING id`
      .execute(db)
      .then((r) => r.rows[0] as { id: number })
    await db
      .insertInto('order_items')
      .values({ order_id: order.id, title: '根管锉 Pro', price_fen: 100, quantity: 1 })
      .execute()
    expect(await migrate(db)).toEqual(rest)
    const row = await db.selectFrom('order_search').select('text').executeTakeFirstOrThrow()
    expect(row.text.split('\u001f')).toEqual(['d2026', '13800000097', '老买家', '', '王五', '', '根管锉 pro'])
    const found = isPg(db)
      ? await sql`SELECT id FROM order_search WHERE text LIKE '%锉 p%' AND title_grams(text) @> ARRAY['锉']`.execute(
          db,
        )
      : await sql`SELECT rowid FROM order_search_fts WHERE order_search_fts MATCH '"锉 p"' UNION ALL SELECT id FROM order_search_grams WHERE gram = '锉'`.execute(
          db,
        )
    expect(found.rows.length).toBe(isPg(db) ? 1 : 2)
  })
})

describe(`migration 38: invoices issued before it get their records (${kind})`, () => {
  it('records each issued invoice, and the red-letter of one a refund voided (status 30)', async () => {
    const { db, rest } = await databaseBefore(38, 'i')
    const t = '2026-01-01 00:00:00'
    const user = await db
      .insertInto('users')
      .values({ code: 'U000002', tel: '13800000096', nick_name: '开票买家', create_time: t })
      .returning('id')
      .executeTakeFirstOrThrow()
    const info = await db
      .insertInto('invoice_infos')
      .values({
        user_id: user.id,
        types: '电子普通发票',
        company_name: '某某诊所',
        company_code: 'X1',
        create_time: t,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    // Issued and standing; issued then refunded (the old derived 已作废); applied only.
    const orders: [string, number, number][] = [
      ['I1', 20, 0],
      ['I2', 20, 20],
      ['I3', 10, 0],
    ]
    const ids: number[] = []
    for (const [code, invoiceStatus, afterStatus] of orders)
      ids.push(
        await sql<{
          id: number
        }>`INSERT INTO orders (code, user_id, cost_price_fen, tol_cost_fen, create_time, invoice_id, invoice_status, after_status, invoice_number, invoice_time) VALUES (${code}, ${user.id}, 5000, 5000, ${t}, ${info.id}, ${invoiceStatus}, ${afterStatus}, ${invoiceStatus === 20 ? `N${code}` : ''}, ${invoiceStatus === 20 ? '2026-01-02 10:00:00' : null}) RETURNING id`
          .execute(db)
          .then((r) => Number(r.rows[0]?.id)),
      )
    expect(await migrate(db)).toEqual(rest)
    const records = await db
      .selectFrom('invoice_records')
      .select(['order_id', 'kind', 'number', 'amount_fen', 'title', 'reason', 'create_time'])
      .orderBy('id')
      .execute()
    expect(records.map((r) => ({ ...r, amount_fen: Number(r.amount_fen) }))).toEqual([
      {
        order_id: ids[0],
        kind: 'issue',
        number: 'NI1',
        amount_fen: 5000,
        title: '某某诊所',
        reason: '',
        create_time: '2026-01-02 10:00:00',
      },
      {
        order_id: ids[1],
        kind: 'issue',
        number: 'NI2',
        amount_fen: 5000,
        title: '某某诊所',
        reason: '',
        create_time: '2026-01-02 10:00:00',
      },
      {
        order_id: ids[1],
        kind: 'red',
        number: '',
        amount_fen: 5000,
        title: '某某诊所',
        reason: '退款',
        create_time: '2026-01-02 10:00:00',
      },
    ])
    const statuses = await db.selectFrom('orders').select(['code', 'invoice_status']).orderBy('id').execute()
    expect(statuses).toEqual([
      { code: 'I1', invoice_status: 20 },
      { code: 'I2', invoice_status: 30 },
      { code: 'I3', invoice_status: 10 },
    ])
  })
})

describe(`migration 40: one purchase per buyer and course or section (${kind})`, () => {
  it('keeps the earliest of doubled purchases, and refuses a second one after', async () => {
    const db = await emptyDatabase(kind, 'p')
    const names = Object.keys(migrations)
    const at = names.findIndex((n) => n.startsWith('0040_'))
    for (const m of Object.values(migrations).slice(0, at)) await m.up(db as unknown as Kysely<unknown>)
    const t = '2026-01-01 00:00:00'
    const user = await db
      .insertInto('users')
      .values({ code: 'U000001', tel: '13800000096', create_time: t })
      .returning('id')
      .executeTakeFirstOrThrow()
    const course = await db
      .insertInto('articles')
      .values({ status: 30, title: '课程', create_time: t, update_time: t })
      .returning('id')
      .executeTakeFirstOrThrow()
    const section = await db
      .insertInto('course_sections')
      .values({ article_id: course.id, title: '第1节', imgurl: '/x.mp4' })
      .returning('id')
      .executeTakeFirstOrThrow()
    const buy = (section_id: number | null) =>
      db
        .insertInto('purchases')
        .values({ user_id: user.id, article_id: course.id, section_id, order_id: null, create_time: t })
        .returning('id')
        .executeTakeFirstOrThrow()
    const kept = [(await buy(null)).id, (await buy(section.id)).id]
    await buy(null)
    await buy(section.id)
    await migrations[names[at] as string]?.up(db as unknown as Kysely<unknown>)
    const rows = await db.selectFrom('purchases').select('id').orderBy('id').execute()
    expect(rows.map((r) => r.id)).toEqual(kept)
    await expect(buy(null)).rejects.toThrow()
    await expect(buy(section.id)).rejects.toThrow()
    const order = await db.selectFrom('orders').select('credit_fen').executeTakeFirst()
    expect(order).toBeUndefined()
  })
})

describe(`migration 39: the coupons that exist keep stacking with 满减 (${kind})`, () => {
  it('marks every coupon made before it 可与满减同享, and a new one not', async () => {
    const db = await emptyDatabase(kind, 's')
    // By name, not position: versions after 39 may follow it in the list.
    const v39 = Object.keys(migrations).findIndex((n) => n.startsWith('0039_'))
    const all = Object.values(migrations)
    for (const m of all.slice(0, v39)) await m.up(db as unknown as Kysely<unknown>)
    const coupon = (title: string) =>
      sql`INSERT INTO coupons (title, kind, total_limit, start_time, end_time, create_time)
          VALUES (${title}, 'amount', 10, '2026-01-01 00:00:00', '2026-12-31 23:59:59', '2026-01-01 00:00:00')`.execute(
        db,
      )
    await coupon('老券')
    await all[v39]?.up(db as unknown as Kysely<unknown>)
    await coupon('新券')
    const rows = await db
      .selectFrom('coupons')
      .select(['title', 'stacks_with_promotion'])
      .orderBy('id')
      .execute()
    expect(rows.map((r) => [r.title, Number(r.stacks_with_promotion)])).toEqual([
      ['老券', 1],
      ['新券', 0],
    ])
  })
})

describe(`migration 47: products from before keep their SKUs as one option (${kind})`, () => {
  it('gives each product the option 规格 with its live SKUs as values, and every SKU a unique code', async () => {
    const db = await emptyDatabase(kind, 'o')
    // By name, not position: versions after 47 may follow it, and 45/46 come from elsewhere.
    const names = Object.keys(migrations)
    const v47 = names.findIndex((n) => n.startsWith('0047_'))
    for (const n of names.slice(0, v47)) await migrations[n]?.up(db as unknown as Kysely<unknown>)
    const spu = await db
      .insertInto('product_spus')
      .values({ title: '老商品', create_time: '2026-01-01 00:00:00' })
      .returning('id')
      .executeTakeFirstOrThrow()
    const sku = (title: string, param: string, sort: number, removed: string | null = null) =>
      db
        .insertInto('product_skus')
        .values({ spu_id: spu.id, title, param, price_fen: 100, stock: 5, sort, removed_time: removed })
        .returning('id')
        .executeTakeFirstOrThrow()
    const big = await sku('大号', '', 2)
    const small = await sku('小号', '10支/盒', 1)
    const gone = await sku('旧款', '', 3, '2026-02-01 00:00:00')
    await migrations[names[v47] as string]?.up(db as unknown as Kysely<unknown>)
    const p = await db
      .selectFrom('product_spus')
      .select('options')
      .where('id', '=', spu.id)
      .executeTakeFirstOrThrow()
    expect(JSON.parse(p.options)).toEqual([{ name: '规格', values: ['小号 10支/盒', '大号'] }])
    const rows = await db
      .selectFrom('product_skus')
      .select(['id', 'options', 'code', 'stock'])
      .orderBy('id')
      .execute()
    expect(rows.map((r) => [r.id, JSON.parse(r.options), r.code, Number(r.stock)])).toEqual([
      [big.id, ['大号'], `SKU${big.id}`, 5],
      [small.id, ['小号 10支/盒'], `SKU${small.id}`, 5],
      [gone.id, [], `SKU${gone.id}`, 5],
    ])
    // The code is unique from now on.
    await expect(
      db
        .updateTable('product_skus')
        .set({ code: `SKU${big.id}` })
        .where('id', '=', small.id)
        .execute(),
    ).rejects.toThrow()
  })
})
