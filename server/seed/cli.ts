/**
 * npm run seed -- [--products N] [--articles N] [--reset]
 * Fills the database the server uses (DATABASE_URL, else SQLITE_FILE or data/portal.db) with demo data.
 */
import { mkdirSync, rmSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { parseArgs } from 'node:util'
import { sql } from 'kysely'
import { loadConfig } from '../config.ts'
import { type Db, openDb } from '../db/index.ts'
import { migrate } from '../db/migrations.ts'
import { DEMO_ACCOUNTS, DEMO_STAFF, isSeeded, seed } from './index.ts'

function count(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined
  const n = Number(value)
  if (!Number.isInteger(n) || n < 0 || n > 1_000_000) {
    console.error(`--${name} 须为 0 到 1000000 之间的整数，收到：${value}`)
    process.exit(2)
  }
  return n
}

async function main() {
  const { values } = parseArgs({
    options: {
      products: { type: 'string' },
      articles: { type: 'string' },
      reset: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  })
  if (values.help) {
    console.log('用法：npm run seed -- [--products N] [--articles N] [--reset]')
    return
  }
  const products = count('products', values.products)
  const articles = count('articles', values.articles)
  // The same settings the server reads, so both open the same database.
  const { databaseUrl: url, sqliteFile, uploadDir, privateDir, s3 } = loadConfig()

  if (!url) {
    mkdirSync(dirname(sqliteFile), { recursive: true })
    if (values.reset) {
      for (const suffix of ['', '-wal', '-shm']) rmSync(`${sqliteFile}${suffix}`, { force: true })
    }
  }
  const db: Db = await openDb(url ? { url } : { file: sqliteFile })
  try {
    if (url && values.reset) {
      await sql`DROP SCHEMA public CASCADE`.execute(db)
      await sql`CREATE SCHEMA public`.execute(db)
    }
    await migrate(db)
    if (await isSeeded(db)) {
      console.error(
        `数据库已有数据（${url ? 'DATABASE_URL' : sqliteFile}），未做任何修改。要清空后重新初始化，请运行：npm run seed -- --reset`,
      )
      process.exitCode = 1
      return
    }
    if (values.reset) {
      rmSync(join(uploadDir, 'seed'), { recursive: true, force: true })
      rmSync(join(privateDir, 'seed'), { recursive: true, force: true })
    }
    const started = performance.now()
    const summary = await seed(db, {
      products,
      articles,
      uploadDir,
      privateDir,
      s3,
      log: (s) => console.log(`  ${s}`),
    })
    const ms = Math.round(performance.now() - started)
    console.log(`\n已初始化 ${url ? 'PostgreSQL' : sqliteFile}，用时 ${(ms / 1000).toFixed(2)} 秒：`)
    console.table(summary)
    console.log('演示账号（密码相同）：')
    for (const a of DEMO_ACCOUNTS) console.log(`  ${a.tel} / ${a.password}  ${a.role}`)
    console.log('后台演示账号（/admin/，密码相同）：')
    for (const s of DEMO_STAFF) console.log(`  ${s.username} / ${s.password}  ${s.role}`)
  } finally {
    await db.destroy()
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? (e.stack ?? e.message) : e)
  process.exit(1)
})
