/**
 * One sign secret and demo data only where wanted (issue 13, parts 3 and 4): the configuration a
 * production start gets, the build's check of the bundle's secret against a running API, and the
 * first start of a production database (reference data, no demo accounts).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { defaultConfig, loadConfig } from '../../server/config.ts'
import { type Db, isPg, openDb } from '../../server/db/index.ts'
import { migrate } from '../../server/db/migrations.ts'
import { hasDemoAccounts, hasDemoStaff, isSeeded, seed } from '../../server/seed/index.ts'
import { bundleSignRefusal } from '../../src/lib/build/bundle-sign.ts'
import { DEV_SIGN_IV, DEV_SIGN_KEY } from '../../src/lib/sign.ts'
import { startServer } from './harness.ts'

const h = startServer()
const PROD = {
  NODE_ENV: 'production',
  SIGN_KEY: 'ProdKey000000001',
  SIGN_IV: 'ProdIv0000000001',
  // A staging site's choice: both online ways in the sandbox, by name and with its own key.
  PAYMENT_PROVIDER: 'sandbox',
  PAYMENT_SANDBOX_SECRET: 'staging-sandbox-key-0001',
}

describe('configuration of a production start', () => {
  it('refuses the development sign secret under NODE_ENV=production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /SIGN_KEY: 生产环境.*不能使用开发用的签名密钥/,
    )
    expect(() => loadConfig({ ...PROD, SIGN_IV: DEV_SIGN_IV })).toThrow(/开发用的签名密钥/)
    expect(loadConfig({}).signKey).toBe(DEV_SIGN_KEY) // outside production the default stays
  })

  it('takes payments in the sandbox in production only when named, and never with its development key', () => {
    const { PAYMENT_PROVIDER: _, ...unnamed } = PROD
    expect(() => loadConfig(unnamed)).toThrow(
      /PAYMENT_PROVIDER: 生产环境 \(NODE_ENV=production\) 中 ALIPAY、WECHATPAY 仍由支付沙箱代收.*请设置 ALIPAY=live、WECHATPAY=live/,
    )
    const { PAYMENT_SANDBOX_SECRET: __, ...devKey } = PROD
    expect(() => loadConfig(devKey)).toThrow(/PAYMENT_SANDBOX_SECRET: 生产环境.*任何人都能伪造沙箱的支付通知/)
    expect(loadConfig(PROD).paymentProvider).toBe('sandbox')
    // Outside production the sandbox stays the default, development key included.
    expect(loadConfig({}).paymentProvider).toBe('sandbox')
  })

  it('creates no demo data in production unless DEMO_DATA=on says so', () => {
    expect(loadConfig({}).demoData).toBe(true)
    expect(loadConfig(PROD).demoData).toBe(false)
    expect(loadConfig({ ...PROD, DEMO_DATA: 'on' }).demoData).toBe(true)
    expect(loadConfig({ DEMO_DATA: 'off' }).demoData).toBe(false)
    expect(() => loadConfig({ DEMO_DATA: 'no' })).toThrow(/DEMO_DATA 只能是 on 或 off/)
  })

  it("builds the browser bundle with the server's own secret unless PUBLIC_SIGN_* is set", () => {
    expect(loadConfig(PROD).bundleSign).toEqual({ key: PROD.SIGN_KEY, iv: PROD.SIGN_IV })
    expect(loadConfig({ ...PROD, PUBLIC_SIGN_KEY: 'OtherKey00000001' }).bundleSign).toEqual({
      key: 'OtherKey00000001',
      iv: PROD.SIGN_IV,
    })
  })
})

describe("the build's check of the bundle's secret", () => {
  it('passes when the API accepts it and stops the build with a clear message when it does not', async () => {
    const config = defaultConfig()
    expect(await bundleSignRefusal(h.base, { key: config.signKey, iv: config.signIv })).toBeNull()
    const refusal = await bundleSignRefusal(h.base, { key: 'OtherKey00000001', iv: config.signIv })
    expect(refusal).toContain('站点构建已停止')
    expect(refusal).toContain('请求签名无效')
    expect(refusal).toContain('PUBLIC_SIGN_KEY')
  })

  it('leaves an API that cannot be reached to the build’s own calls (no false alarm)', async () => {
    expect(await bundleSignRefusal('http://127.0.0.1:9', { key: DEV_SIGN_KEY, iv: DEV_SIGN_IV })).toBeNull()
  })
})

describe('first start of a production database (seed without demo data)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'portal-prod-'))
  let db: Db | undefined
  const schema = `prod_${process.pid}_${Date.now()}`
  afterAll(async () => {
    if (db && isPg(db)) await sql`DROP SCHEMA IF EXISTS ${sql.id(schema)} CASCADE`.execute(db)
    await db?.destroy()
    rmSync(dir, { recursive: true, force: true })
  })

  it('writes regions, dictionaries and the configuration texts, and no account, balance or content', async () => {
    const url = inject('dbUrl')
    db = url ? await openDb({ url, schema }) : await openDb({ file: join(dir, 'portal.db') })
    await migrate(db)
    expect(await isSeeded(db)).toBe(false)
    const summary = await seed(db, { uploadDir: join(dir, 'uploads'), demo: false })
    expect(summary.classifies).toBeGreaterThan(0)
    expect(summary.regions).toBeGreaterThan(0)
    expect(summary.users + summary.products + summary.orders + summary.transactions).toBe(0)
    const count = async (t: 'users' | 'product_spus' | 'articles' | 'wallet_transactions' | 'configs') =>
      Number(
        (
          await db!
            .selectFrom(t)
            .select((e) => e.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      )
    expect(await count('users')).toBe(0)
    expect(await count('product_spus')).toBe(0)
    expect(await count('articles')).toBe(0)
    expect(await count('wallet_transactions')).toBe(0)
    expect(await count('configs')).toBeGreaterThan(0)
    // The next start sees a seeded database and lists no demo accounts.
    expect(await isSeeded(db)).toBe(true)
    expect(await hasDemoAccounts(db)).toBe(false)
    expect(await hasDemoAccounts(h.db)).toBe(true)
    // Nor demo staff with the published password (issue 20).
    expect(summary.staff).toBe(0)
    expect(await hasDemoStaff(db)).toBe(false)
    expect(await hasDemoStaff(h.db)).toBe(true)
  })
})
