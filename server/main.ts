import cluster from 'node:cluster'
import { existsSync, mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { serve } from '@hono/node-server'
import { bucketUrl, fileOrigins } from '../src/lib/files-base.ts'
import { buildSite } from './build-site.ts'
import { type Config, loadConfig } from './config.ts'
import { type Db, openDb } from './db/index.ts'
import { migrate } from './db/migrations.ts'
import { lead, leaseHolderId, SITE_LEASE } from './lease.ts'
import { startStockAlertTexts } from './modules/catalog/stock-alerts.ts'
import { startOrderExpiry, startReceiptJob } from './modules/orders/orders.service.ts'
import { closeBeforeExpiry } from './modules/payments/provider-recovery.ts'
import { startOfferClock } from './modules/promotions/offer-marks.ts'
import { startBannerClock } from './modules/site/banners.service.ts'
import { startResumableCleanup } from './modules/uploads/resumable.ts'
import { paymentProviders } from './providers/payment.ts'
import { logSms, smsProvider } from './providers/sms.ts'
import { fileStore } from './providers/storage.ts'
import { DEMO_ACCOUNTS, DEMO_STAFF, hasDemoAccounts, hasDemoStaff, isSeeded, seed } from './seed/index.ts'
import { createPortal } from './server.ts'
import { type BuilderView, createSiteBuilder, type SiteBuilder, siteBuilderDeps } from './site-builder.ts'
import { buildStatus } from './site-hooks.ts'

/**
 * `npm start`: migrate, seed on first start, and serve API + uploads + site on one port.
 * WORKERS=N (more than 1, PostgreSQL only): this process prepares the database once and forks N
 * API processes that share the port (node:cluster); whichever holds the lease (server/lease.ts)
 * runs the site builder and the background jobs, the others serve.
 */
async function main() {
  const started = performance.now()
  const config = loadConfig()
  if (cluster.isWorker) return serveApi(config, await openDb(dbOptions(config)))
  const db = await prepare(config)
  if (config.workers > 1) return primary(config, db, started)
  await serveApi(config, db)
  await announce(db, config, started)
}

const dbOptions = (config: Config) => ({
  url: config.databaseUrl,
  file: config.sqliteFile,
  pool: config.pgPool,
})

/** Migrates, and seeds a new database: once per start, before any process serves. */
async function prepare(config: Config): Promise<Db> {
  if (!config.databaseUrl) mkdirSync(dirname(config.sqliteFile), { recursive: true })
  mkdirSync(config.uploadDir, { recursive: true })
  mkdirSync(config.distDir, { recursive: true })
  const db = await openDb(dbOptions(config))
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
      s3: config.s3,
      demo: config.demoData,
      log: (s) => console.log(`[seed] ${s}`),
    })
  }
  return db
}

/**
 * The primary of WORKERS=N: forks the API processes, announces the portal once they all listen,
 * forks again for one that dies, and stops them all on SIGINT/SIGTERM.
 */
async function primary(config: Config, db: Db, started: number) {
  // What the processes must agree on and would each draw at random: drawn once here.
  const env = { FILE_URL_SECRET: config.fileUrlSecret }
  let stopping = false
  const fork = () => cluster.fork(env)
  const listening = new Promise<void>((resolve) => {
    let n = 0
    cluster.on('listening', () => {
      if (++n === config.workers) resolve()
    })
  })
  const served = new Set<number>()
  cluster.on('listening', (worker) => served.add(worker.id))
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (!Object.keys(cluster.workers ?? {}).length) process.exit(0)
      return
    }
    // One that never served would fail again (a port in use, a bad database): no fork loop.
    if (!served.has(worker.id)) {
      console.error(`启动失败: API 进程 ${worker.process.pid} 未能开始服务 (${signal ?? code})`)
      stopping = true
      for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM')
      process.exitCode = 1
      if (!Object.keys(cluster.workers ?? {}).length) process.exit(1)
      return
    }
    // Its lease lapses and another process takes the builder and the jobs over; its share of
    // the requests goes to a new process.
    console.error(`[cluster] API 进程 ${worker.process.pid} 退出 (${signal ?? code})，重新启动一个`)
    fork()
  })
  for (let i = 0; i < config.workers; i++) fork()
  await listening
  await announce(db, config, started)
  console.log(`API 进程: ${config.workers} 个，共用端口 ${config.port}`)
  await db.destroy()
  const stop = () => {
    stopping = true
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM')
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}

/** Serves API + uploads + site on the port; leads (builder, jobs) while it holds the lease. */
async function serveApi(config: Config, db: Db) {
  const { distDir } = config
  // The site is pre-rendered from this very API and kept up to date by the site builder, which
  // follows the change marks of content writes (server/site-builder.ts).
  const site = {
    apiBase: `http://127.0.0.1:${config.port}`,
    distDir,
    siteUrl: config.siteUrl,
    // One secret: the pages are built, and the browser signs, with the server's own (issue 13).
    sign: { key: config.signKey, iv: config.signIv },
    bundleSign: config.bundleSign,
    // With STORAGE=s3 the pages link public files in the bucket (or its CDN) directly.
    filesBase: config.s3 ? bucketUrl(config.s3) : '',
  }
  const builds = !process.argv.includes('--no-build') && existsSync('src/pages')
  /** The builder while this process leads. */
  let builder: SiteBuilder | undefined

  /** What leading means: the site builder (unless --no-build) and the background jobs. */
  const reign = async () => {
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
    // 到货通知 SMS of alerts notified by stock an order gave back (no provider at hand there).
    const stopAlertTexts = startStockAlertTexts({
      db,
      sms: smsProvider(config.sms),
      log: (s) => console.log(s),
    })
    if (!builds) {
      return async () => {
        stopExpiry()
        stopReceipt()
        stopAlertTexts()
      }
    }
    const own = createSiteBuilder(
      await siteBuilderDeps({
        db,
        distDir,
        build: (plan, signal) => buildSite(site, plan, signal),
        // The pay gateway and the bucket's origins are in every page's policy (form-action,
        // img-src …) and the bucket's address in its links: switching either rebuilds them.
        settings: [
          site.siteUrl,
          site.bundleSign.key,
          site.bundleSign.iv,
          ...(config.alipay ? [config.alipay.gateway] : []),
          ...fileOrigins(config.s3),
          ...(site.filesBase ? [site.filesBase] : []),
        ],
      }),
    )
    builder = own
    // A timed banner's start or end rebuilds the pages that show banners (banners.service.ts).
    const stopBannerClock = startBannerClock(db, () => new Date())
    // So does a 满减's start or end for its products' pages (promotions/offer-marks.ts).
    const stopOfferClock = startOfferClock(db, () => new Date())
    // Built in the background once the API answers; meanwhile the last good site is served.
    const start = await own.start()
    console.log(
      start.build
        ? `[site] ${start.why}：正在后台生成静态站点${existsSync(join(distDir, 'index.html')) ? '，先提供上一次生成的站点' : ''}…`
        : `[site] ${start.why}，直接提供 ${distDir}`,
    )
    return async () => {
      builder = undefined
      stopExpiry()
      stopReceipt()
      stopAlertTexts()
      stopBannerClock()
      stopOfferClock()
      await own.stop()
    }
  }

  // In every process, leading or not: the status from the builder when this process runs it,
  // else from the record in DIST_DIR and the marks; a retry only where the builder runs.
  const view: BuilderView | undefined = builds
    ? {
        status: () => (builder ? builder.status() : buildStatus(db, { distDir })),
        retryNow: () => builder?.retryNow() ?? false,
      }
    : undefined
  const sms = smsProvider(config.sms)
  const app = createPortal({ db, config, now: () => new Date(), sms }, { distDir, builder: view })
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host })
  await new Promise((r) => server.once('listening', r))
  // Course file uploads left unfinished for a day give their parts back (resumable.ts); in every
  // process, each upload claimed by a conditional update, so one is freed once.
  const stopUploadCleanup = startResumableCleanup({
    db,
    config,
    now: () => new Date(),
    log: (s) => console.log(s),
  })
  // Only once the API answers: the builder reads the site's content from it.
  const leadership = lead({
    db,
    name: SITE_LEASE,
    holder: leaseHolderId(),
    ttlMs: config.leaseSeconds * 1000,
    reign,
    log: (line) => console.log(line),
  })

  const stop = () => {
    server.close()
    stopUploadCleanup()
    void leadership
      .stop()
      .then(() => db.destroy())
      .finally(() => process.exit(0))
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}

/** The start banner: where the portal is, its database, and the demo accounts. */
async function announce(db: Db, config: Config, started: number) {
  console.log(`\n门户已启动 (${((performance.now() - started) / 1000).toFixed(1)}s): ${config.siteUrl}`)
  console.log(`数据库: ${config.databaseUrl ? 'PostgreSQL' : config.sqliteFile}`)
  // Only a live provider is announced: without SMS_PROVIDER the start reads as it always did.
  const sms = smsProvider(config.sms)
  if (sms !== logSms) console.log(`短信: ${sms.name}`)
  if (config.s3) console.log(`文件: ${fileStore(config).name}`)
  if (await hasDemoAccounts(db)) {
    console.log('演示账号 (手机号 / 密码):')
    for (const a of DEMO_ACCOUNTS) console.log(`  ${a.role.padEnd(8, '　')} ${a.tel} / ${a.password}`)
  }
  // Staff with the published password only on a demo database and never with DEMO_DATA=off.
  if (config.demoData && (await hasDemoStaff(db))) {
    console.log(`后台演示账号 (${config.siteUrl}/admin/，用户名 / 密码):`)
    for (const s of DEMO_STAFF) console.log(`  ${s.role.padEnd(8, '　')} ${s.username} / ${s.password}`)
  }
}

main().catch((e: unknown) => {
  console.error('启动失败:', e instanceof Error ? e.message : e)
  process.exit(1)
})
