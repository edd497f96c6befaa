// The back office's order search at size (issue 38): seeds the demo, then ORDERS orders (100,000)
// of 5,000 buyers with 1-3 lines of the demo's product titles, written through migration 34's
// triggers as placing an order writes them, and times the list call's read (adminOrders: the count
// and the first page of 20, newest first) for each kind of search, RUNS times after a warm-up:
// p50 and p99 in ms. `scan` is the same search without the index (a LIKE over every order's
// text) for comparison. SQLite in a temporary file; PostgreSQL with DATABASE_URL (a schema of its
// own, dropped after).
//
//   npx node scripts/bench-order-search.ts                      SQLite, 100,000 orders
//   DATABASE_URL=postgres://… npx node scripts/bench-order-search.ts
//   ORDERS=20000 RUNS=50 npx node scripts/bench-order-search.ts
//   DB_FILE=/tmp/orders.db npx node scripts/bench-order-search.ts   SQLite kept in that file; a second run reuses it
//   DB_SCHEMA=orders_bench DATABASE_URL=…                           PostgreSQL kept in that schema, the same
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import { isPg, openDb } from '../server/db/index.ts'
import { migrate } from '../server/db/migrations.ts'
import { adminOrders } from '../server/modules/order-desk/orders.admin.queries.ts'
import { seed } from '../server/seed/index.ts'
import { Random } from '../server/seed/random.ts'
import { GIVEN_NAMES, SURNAMES } from '../server/seed/text.ts'

const ORDERS = Number(process.env.ORDERS ?? 100_000)
const RUNS = Number(process.env.RUNS ?? 200)
const BUYERS = 5_000
const BATCH = 500

const dir = mkdtempSync(join(tmpdir(), 'portal-order-search-'))
const url = process.env.DATABASE_URL
const schema = process.env.DB_SCHEMA ?? `order_search_${process.pid}`
const kept = url ? process.env.DB_SCHEMA : process.env.DB_FILE
const reuse = kept !== undefined && (url ? await schemaHasOrders() : existsSync(kept))
const db = url ? await openDb({ url, schema }) : await openDb({ file: kept ?? join(dir, 'portal.db') })
const kind = isPg(db) ? 'PostgreSQL' : 'SQLite'
try {
  const rnd = new Random(38)
  const name = () => `${rnd.pick(SURNAMES)}${rnd.pick(GIVEN_NAMES)}`
  const tel = () => `1${rnd.pick(['3', '5', '8'])}${String(rnd.int(0, 999_999_999)).padStart(9, '0')}`
  if (!reuse) await fill()
  async function fill() {
    await migrate(db)
    await seed(db, { uploadDir: join(dir, 'uploads') })
    const titles = await db.selectFrom('product_spus').select(['id', 'title']).execute()

    const started = Date.now()
    const buyerIds: number[] = []
    for (let i = 0; i < BUYERS; i += BATCH) {
      const rows = Array.from({ length: Math.min(BATCH, BUYERS - i) }, (_, j) => ({
        code: `B${String(i + j).padStart(7, '0')}`,
        tel: tel(),
        nick_name: rnd.int(0, 3)
          ? `${rnd.pick(GIVEN_NAMES)}${rnd.pick(['医生', '诊所', '口腔', '小助手', ''])}`
          : '',
        real_name: rnd.int(0, 2) ? name() : '',
        create_time: '2026-01-01 00:00:00',
      }))
      const ids = await db.insertInto('users').values(rows).returning('id').execute()
      buyerIds.push(...ids.map((r) => r.id))
    }
    const day = (n: number) =>
      new Date(Date.UTC(2025, 0, 1) + n * 60_000).toISOString().replace('T', ' ').slice(0, 19)
    for (let i = 0; i < ORDERS; i += BATCH) {
      await db.transaction().execute(async (t) => {
        const rows = Array.from({ length: Math.min(BATCH, ORDERS - i) }, (_, j) => ({
          code: `D${String(i + j).padStart(12, '0')}${rnd.int(1000, 9999)}`,
          user_id: rnd.pick(buyerIds),
          status: rnd.pick([10, 20, 30, 40, 40, 40, 100]),
          cost_price_fen: 10_000,
          tol_cost_fen: 10_000,
          rec_name: name(),
          rec_tel: tel(),
          create_time: day(i + j),
        }))
        const ids = await t.insertInto('orders').values(rows).returning('id').execute()
        const lines = ids.flatMap(({ id }) =>
          Array.from({ length: rnd.int(1, 3) }, () => {
            const p = rnd.pick(titles)
            return { order_id: id, spu_id: p.id, title: p.title, price_fen: 10_000, quantity: 1 }
          }),
        )
        await t.insertInto('order_items').values(lines).execute()
      })
      if ((i / BATCH) % 40 === 0) process.stdout.write(`\r${kind}: ${i + BATCH} orders…`)
    }
    const seconds = (Date.now() - started) / 1000
    console.log(
      `\r${kind}: ${ORDERS} orders of ${BUYERS} buyers written in ${seconds.toFixed(0)} s (${((seconds * 1000) / ORDERS).toFixed(2)} ms an order with its lines, triggers included)`,
    )
    // As autovacuum leaves a table after a load: its visibility map set, its statistics fresh.
    await sql.raw(isPg(db) ? 'VACUUM ANALYZE' : 'ANALYZE').execute(db)
    return titles
  }

  const sample = (
    (await db.selectFrom('product_spus').select('title').orderBy('id').offset(7).limit(1).executeTakeFirst())
      ?.title ?? ''
  ).replace(/\s/g, '')
  const fragment = [...sample].slice(2, 6).join('')
  const nick = `${GIVEN_NAMES[4]}诊所`
  const middle = await db
    .selectFrom('orders')
    .select('rec_tel')
    .where('rec_tel', '!=', '')
    .orderBy('id', 'desc')
    .offset(ORDERS / 2)
    .limit(1)
    .executeTakeFirst()
  const someTel = middle?.rec_tel ?? '13900000000'
  const searches: [string, string][] = [
    [`product title fragment '${fragment}'`, fragment],
    [`1 character '${SURNAMES[3]}'`, SURNAMES[3] as string],
    [
      `2 characters '${SURNAMES[5]}${GIVEN_NAMES[2]?.[0] ?? ''}'`,
      `${SURNAMES[5]}${GIVEN_NAMES[2]?.[0] ?? ''}`,
    ],
    [`3+ characters, a phone's 7 digits '${someTel.slice(3, 10)}'`, someTel.slice(3, 10)],
    [`3+ characters, a nick name '${nick}'`, nick],
  ]
  const ms = (f: () => Promise<unknown>) => {
    const t0 = performance.now()
    return f().then(() => performance.now() - t0)
  }
  const pct = (xs: number[], p: number) => {
    const s = [...xs].sort((a, b) => a - b)
    return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0
  }
  for (const [label, q] of searches) {
    const read = () => adminOrders(db, { q, pageIndex: 0, pageSize: 20 })
    const first = await read()
    for (let i = 0; i < 5; i++) await read()
    const times: number[] = []
    for (let i = 0; i < RUNS; i++) times.push(await ms(read))
    // The same search without the index: LIKE over every order's text (|| '' keeps the index out).
    const like = `%${q.toLowerCase()}%`
    const scan: number[] = []
    for (let i = 0; i < Math.max(5, RUNS / 20); i++)
      scan.push(
        await ms(() => sql`SELECT COUNT(*) FROM order_search WHERE (text || '') LIKE ${like}`.execute(db)),
      )
    console.log(
      `${kind} ${label}: ${first.pageTotal} orders; p50 ${pct(times, 50).toFixed(2)} ms, p99 ${pct(times, 99).toFixed(2)} ms (count + first page, ${RUNS} runs); without the index the count alone p50 ${pct(scan, 50).toFixed(1)} ms`,
    )
  }
} finally {
  if (isPg(db) && !kept) await sql`DROP SCHEMA IF EXISTS ${sql.id(schema)} CASCADE`.execute(db)
  await db.destroy()
  rmSync(dir, { recursive: true, force: true })
  if (kept) console.log(`the database stays in ${kept}`)
}

/** A kept PostgreSQL schema filled by an earlier run. */
async function schemaHasOrders() {
  const probe = await openDb({ url: url as string, schema })
  try {
    return await sql`SELECT 1 FROM order_search LIMIT 1`.execute(probe).then(
      (r) => r.rows.length > 0,
      () => false,
    )
  } finally {
    await probe.destroy()
  }
}
