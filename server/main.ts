import { existsSync, mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { serve } from '@hono/node-server'
import { buildSite } from './build-site.ts'
import { loadConfig } from './config.ts'
import { openDb } from './db/index.ts'
import { migrate } from './db/migrations.ts'
import { startOrderExpiry, startReceiptJob } from './modules/orders/orders.service.ts'
import { closeBeforeExpiry } from './modules/payments/payments.queries.ts'
import { startBannerClock } from './modules/site/banners.service.ts'
import { startResumableCleanup } from './modules/uploads/resumable.ts'
import { paymentProviders } from './providers/payment.ts'
import { logSms, smsProvider } from './providers/sms.ts'
import { DEMO_ACCOUNTS, DEMO_STAFF, hasDemoAccounts, hasDemoStaff, isSeeded, seed } from './seed/index.ts'
import { createPortal } from './server.ts'
import { createSiteBuilder, siteBuilderDeps } from './site-builder.ts'

/** `npm start`: migrate, seed on first start, and serve API + uploads + site on one port. */
async function main() {
  const started = performance.now()
  const config = loadConfig()
  if (!config.databaseUrl) mkdirSync(dirname(config.sqliteFile), { recursive: true })
  mkdirSync(config.uploadDir, { recursive: true })
  const db = await openDb({ url: config.databaseUrl, file: config.sqliteFile, pool: config.pgPool })
  const applied = await migrate(db)
  if (applied.length) console.log(`[db] 已应用迁移 ${applied.join(', ')}`)
  if (!(await isSeeded(db))) {
    // Demo accounts with a published password only where wanted: not in production (DEMO_DATA).
    console.log(
      config.demoData
        ? '[seed] 首次启动，正在生成演示数据…'
        : '[seed] 首次启动，写入地区、字典与站点配置（不含演示数据）…',
    )
    await seed(db, {
      uploadDir: config.uploadDir,
      privateDir: config.privateDir,
      demo: config.demoData,
      log: (s) => console.log(`[seed] ${s}`),
    })
  }

  const stopExpiry = startOrderExpiry({
    db,
    now: () => new Date(),
    minutes: config.orderExpiryMinutes,
    beforeCancel: (orderId) => closeBeforeExpiry(db, paymentProviders(config), orderId, new Date()),
    log: (s) => console.log(s),
  })
  const stopReceipt = startReceiptJob({
    db,
    now: () => new Date(),
    days: config.receiptDays,
    log: (s) => console.log(s),
  })

  // Course file uploads left unfinished for a day give their parts back (resumable.ts).
  const stopUploadCleanup = startResumableCleanup({
    db,
    config,
    now: () => new Date(),
    log: (s) => console.log(s),
  })

  const { distDir } = config
  mkdirSync(distDir, { recursive: true })
  // The site is pre-rendered from this very API and kept up to date by the site builder, which
  // follows the change marks of content writes (server/site-builder.ts).
  const site = {
    apiBase: `http://127.0.0.1:${config.port}`,
    distDir,
    siteUrl: config.siteUrl,
    // One secret: the pages are built, and the browser signs, with the server's own (issue 13).
    sign: { key: config.signKey, iv: config.signIv },
    bundleSign: config.bundleSign,
  }
  const builder =
    !process.argv.includes('--no-build') && existsSync('src/pages')
      ? createSiteBuilder(
          await siteBuilderDeps({
            db,
            distDir,
            build: (plan, signal) => buildSite(site, plan, signal),
            // The pay gateway is in every page's policy (form-action): switching it rebuilds them.
            settings: [
              site.siteUrl,
              site.bundleSign.key,
              site.bundleSign.iv,
              ...(config.alipay ? [config.alipay.gateway] : []),
              // The bucket taking upload parts is in every page's connect-src (csp.ts partOrigin).
              ...(config.s3 ? [config.s3.endpoint, config.s3.bucket] : []),
            ],
          }),
        )
      : undefined
  const sms = smsProvider(config.sms)
  const app = createPortal({ db, config, now: () => new Date(), sms }, { distDir, builder })
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host })
  await new Promise((r) => server.once('listening', r))

  // A timed banner's start or end rebuilds the pages that show banners (banners.service.ts).
  const stopBannerClock = builder ? startBannerClock(db, () => new Date()) : () => {}
  if (builder) {
    // Built in the background once the API answers; meanwhile the last good site is served.
    const start = await builder.start()
    console.log(
      start.build
        ? `[site] ${start.why}：正在后台生成静态站点${existsSync(join(distDir, 'index.html')) ? '，先提供上一次生成的站点' : ''}…`
        : `[site] ${start.why}，直接提供 ${distDir}`,
    )
  }

  console.log(`\n门户已启动 (${((performance.now() - started) / 1000).toFixed(1)}s): ${config.siteUrl}`)
  console.log(`数据库: ${config.databaseUrl ? 'PostgreSQL' : config.sqliteFile}`)
  // Only a live provider is announced: without SMS_PROVIDER the start reads as it always did.
  if (sms !== logSms) console.log(`短信: ${sms.name}`)
  if (await hasDemoAccounts(db)) {
    console.log('演示账号 (手机号 / 密码):')
    for (const a of DEMO_ACCOUNTS) console.log(`  ${a.role.padEnd(8, '　')} ${a.tel} / ${a.password}`)
  }
  // Staff with the published password only on a demo database and never with DEMO_DATA=off.
  if (config.demoData && (await hasDemoStaff(db))) {
    console.log(`后台演示账号 (${config.siteUrl}/admin/，用户名 / 密码):`)
    for (const s of DEMO_STAFF) console.log(`  ${s.role.padEnd(8, '　')} ${s.username} / ${s.password}`)
  }

  const stop = () => {
    stopExpiry()
    stopBannerClock()
    stopReceipt()
    stopUploadCleanup()
    void builder?.stop()
    server.close()
    void db.destroy().then(() => process.exit(0))
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}

main().catch((e: unknown) => {
  console.error('启动失败:', e instanceof Error ? e.message : e)
  process.exit(1)
})
