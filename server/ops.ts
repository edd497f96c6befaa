import { resolve } from 'node:path'
import { CertLevelText, OrderStatus } from '../src/lib/constants.ts'
import { splitList } from '../src/lib/format.ts'
import { ROLES } from '../src/lib/permissions.ts'
import {
  checkAfterSalesDecision,
  checkInvoiceIssue,
  checkTransferReceipt,
  type TransferReceipt,
} from '../src/lib/rules/back-office.ts'
import { type CertDecision, checkCertDecision } from '../src/lib/rules/certification.ts'
import { checkStockAdjust } from '../src/lib/rules/stock.ts'
import { OPS_ACTOR } from './admin/audit.ts'
import { type ChangeTag, latestChange, markChanged } from './changes.ts'
import { type Config, loadConfig } from './config.ts'
import { type Db, openDb } from './db/index.ts'
import { migrate } from './db/migrations.ts'
import { ApiError } from './http.ts'
import { CERT_IMAGES, decideCertification } from './modules/accounts/certification.ts'
import { adjustStock } from './modules/catalog/catalog.skus.service.ts'
import { sendStockAlertTexts } from './modules/catalog/stock-alerts.ts'
import { shipOrder } from './modules/fulfilment/fulfilment.queries.ts'
import { afterSalesDeps } from './modules/order-desk/orders.admin.ts'
import { decideRefund } from './modules/orders/after-sales.ts'
import { issueInvoice } from './modules/orders/order-invoices.ts'
import { refundDuePayment } from './modules/payments/refunds.ts'
import { confirmTransfer } from './modules/payments/transfers.ts'
import {
  addStaff,
  listStaff,
  resetStaffPassword,
  setStaffEnabled,
  setStaffRoles,
  staffIdOf,
} from './modules/staff/staff.service.ts'
import { OWNER_LINK_SECONDS } from './modules/uploads/private-files.ts'
import { diskPath, type FileDirs } from './modules/uploads/uploads.service.ts'
import { checkProviders } from './providers/check.ts'
import { courierProvider } from './providers/courier.ts'
import { paymentProviders } from './providers/payment.ts'
import { smsProvider } from './providers/sms.ts'
import { copyToBucket, fileStore } from './providers/storage.ts'
import { type BuildStatus, isChangeTag, tagForPath } from './site-builder.ts'
import { buildStatus, STATUS_PATH } from './site-hooks.ts'
import { dbTime } from './time.ts'

/**
 * Operator commands for the server's own terminal. The order commands call the same service
 * functions as the back office's screens (issue 20), audited as staff `ops`.
 *
 *   npm run ops -- certify <userId> approve|reject [reason]   (a reject needs its reason)
 *   npm run ops -- cert-files <userId>       (where the submitted scans lie: they have no public URL)
 *   npm run ops -- confirm-transfer <order code> <amount yuan> <bank reference> <payer> [YYYY-MM-DD]
 *   npm run ops -- ship <order code> [courier] [waybill number]   (the number: COURIER=kuaidi100 books none)
 *   npm run ops -- refund <order code> approve|reject [reason]
 *   npm run ops -- refund-payment <out_trade_no>   (a refund-due payment, status 30)
 *   npm run ops -- invoice <order code> <invoice number> [/private/… file]
 *   npm run ops -- stock <SKU id> <+n|-n> <reason>   (the back office's stock adjustment; an increase
 *                                                   sends the SKU's 到货通知)
 *   npm run ops -- providers check   (signs a harmless request to each live provider: README "Going live")
 *   npm run ops -- storage migrate   (STORAGE=s3: copies the files under UPLOAD_DIR and PRIVATE_DIR to the bucket)
 *   npm run ops -- build-status
 *   npm run ops -- rebuild [path or tag …]   (after editing products, banners, FAQ or settings
 *                                             in the database: the builder brings those pages up to date)
 *   npm run ops -- staff add <username> --role <role> [--role <role> …]   (prints a one-time password)
 *   npm run ops -- staff disable|enable|reset-password <username>
 *   npm run ops -- staff roles <username> <role>[,<role> …]
 *   npm run ops -- staff list
 *   npm run ops -- providers check   (asks each configured provider something harmless: README "Going live")
 */

export const USAGE = [
  '用法: npm run ops -- certify <用户编号> approve|reject [原因，驳回时必填]',
  '      npm run ops -- cert-files <用户编号>',
  '      npm run ops -- confirm-transfer <订单号> <到账金额> <银行流水号> <付款户名> [到账日期]',
  '      npm run ops -- ship <订单号> [快递公司] [运单号]',
  '      npm run ops -- refund <订单号> approve|reject [驳回原因]',
  '      npm run ops -- refund-payment <付款单号>',
  '      npm run ops -- invoice <订单号> <发票号码> [发票文件路径]',
  '      npm run ops -- stock <规格编号> <+数量|-数量> <调整原因>',
  '      npm run ops -- providers check',
  '      npm run ops -- storage migrate',
  '      npm run ops -- build-status',
  '      npm run ops -- rebuild [路径或标记 …]',
  '      npm run ops -- staff add <用户名> --role <角色> [--role <角色> …] [--name <姓名>] [--phone <手机号>]',
  '      npm run ops -- staff disable|enable|reset-password <用户名>',
  '      npm run ops -- staff roles <用户名> <角色>[,<角色> …]',
  '      npm run ops -- staff list',
  '      npm run ops -- providers check',
  `      角色：${ROLES.join('、')}`,
].join('\n')

/** A refusal of a command: printed, and the process exits with 1. */
export class OpsError extends Error {}

/**
 * Copies every local file (UPLOAD_DIR and PRIVATE_DIR) to the bucket under the same keys, so a
 * site that kept its files on disk can start with STORAGE=s3 without changing a row. Idempotent:
 * a key already there with the same size is skipped. `progress` hears of each file done.
 * await migrateStorage(config) → '已复制到对象存储 http://…/portal：共 412 个文件，上传 412 个（9.3 MB），已存在 0 个'
 */
export async function migrateStorage(config: Config, progress?: (line: string) => void) {
  const s3 = config.s3
  if (!s3)
    throw new OpsError(
      '未启用对象存储：请先设置 STORAGE=s3 及 S3_ENDPOINT、S3_BUCKET、S3_ACCESS_KEY_ID、S3_SECRET_ACCESS_KEY（README「上线」）',
    )
  const c = await copyToBucket(config, s3, {
    progress: (c) => {
      if ((c.uploaded + c.present) % 100 === 0) progress?.(`已处理 ${c.uploaded + c.present} 个文件…`)
    },
  })
  const mb = (c.bytes / 1024 / 1024).toFixed(1)
  return [
    `已复制到${fileStore(config).name}：共 ${c.seen} 个文件，上传 ${c.uploaded} 个（${mb} MB），已存在 ${c.present} 个`,
    ...(c.skipped.length
      ? [
          `跳过 ${c.skipped.length} 个文件名不合规则的文件（不会被引用）：${c.skipped.slice(0, 5).join('、')}${c.skipped.length > 5 ? ' …' : ''}`,
        ]
      : []),
    `本地文件仍保留在 ${config.uploadDir} 与 ${config.privateDir}`,
  ].join('\n')
}

/**
 * Decides a certification under review (status 2) through the back office's service
 * (decideCertification, audited as ops): approve makes it 3 with the submitted level; reject,
 * with its required reason, sends it back to the form (0). Either way the user is notified.
 */
export async function certify(db: Db, userId: number, decision: CertDecision, now: Date, reason = '') {
  const checked = checkCertDecision({ decision, reason })
  if (checked.error !== null) throw new OpsError(checked.error)
  try {
    const c = await decideCertification(db, OPS_ACTOR, userId, checked.value, now)
    return decision === 'approve'
      ? `用户 ${userId} 已认证为${c.levelText}`
      : `用户 ${userId} 的认证已驳回：${checked.value.reason}`
  } catch (e) {
    if (e instanceof ApiError) throw new OpsError(`用户 ${userId}：${e.message}`)
    throw e
  }
}

/**
 * The operator's view of a submitted certification (issue 13: scans are private, served to their
 * owner only): the form and, for each scan, the file on this machine to open, or with STORAGE=s3
 * a presigned link that works a few minutes (OWNER_LINK_SECONDS).
 * await certFiles(db, 7, config) → '用户 7 的认证资料（状态 2，机构）…\n营业执照：/srv/data/private/u/3f/….png'
 */
export async function certFiles(db: Db, userId: number, dirs: FileDirs, now = new Date()) {
  const user = await db
    .selectFrom('users')
    .select(['status', 'level', 'cert_ext'])
    .where('id', '=', userId)
    .executeTakeFirst()
  if (!user) throw new OpsError(`用户 ${userId} 不存在`)
  let form: Record<string, unknown> = {}
  try {
    form = JSON.parse(user.cert_ext || '{}')
  } catch {
    // An unreadable form shows as an empty one.
  }
  const text = (k: string) => (typeof form[k] === 'string' ? (form[k] as string) : '')
  const lines = [
    `用户 ${userId} 的认证资料（状态 ${user.status}，${CertLevelText[user.level] ?? `level ${user.level}`}）`,
    `联系人：${text('recName')}  电话：${text('recTel')}  邮箱：${text('email') || '—'}`,
  ]
  const store = fileStore(dirs)
  for (const [key, label] of CERT_IMAGES)
    for (const path of splitList(text(key))) {
      const file = diskPath(dirs, path)
      const shown = dirs.s3 ? path : file && resolve(file)
      if (!file) lines.push(`${label}：${path}`)
      else if ((await store.size(path)) === null) lines.push(`${label}：${shown}（文件不存在）`)
      else {
        const link = await store.privateLink(path, OWNER_LINK_SECONDS, now)
        lines.push(`${label}：${link ? `${link}（${OWNER_LINK_SECONDS / 60} 分钟内有效）` : shown}`)
      }
    }
  return lines.join('\n')
}

/**
 * The corporate transfer of an unpaid order arrived (storefront §2 payment page: the order stays
 * unpaid until finance confirms), with its amount, bank reference, payer and day: the order
 * becomes paid with way union when the amount is the payable, as the back office's 确认收款 does
 * (one service function, audited as ops); a short or over payment is recorded and the order
 * stays unpaid. Refused, changing nothing, when no order has the code, it is not unpaid, or the
 * reference already stands for another order.
 */
export async function confirmOrderTransfer(db: Db, code: string, receipt: TransferReceipt, now: Date) {
  const status = await asOps(confirmTransfer(db, OPS_ACTOR, code, receipt, now))
  return status === OrderStatus.unpaid
    ? `已登记对公转账：订单 ${code} 到账金额与应付金额不一致，仍待付款，已通知买家`
    : `已确认对公转账：订单 ${code} 已支付`
}

/** A service function's refusal (ApiError) becomes the command's (OpsError). */
async function asOps<T>(work: Promise<T>): Promise<T> {
  try {
    return await work
  } catch (e) {
    if (e instanceof ApiError) throw new OpsError(e.message)
    throw e
  }
}

const CODE = /^[A-Za-z0-9]{1,40}$/

/** Runs `work` on a database opened for it, closed afterwards. */
async function withDb<T>(open: () => Promise<Db>, work: (db: Db) => Promise<T>) {
  const db = await open()
  try {
    return await work(db)
  } finally {
    await db.destroy()
  }
}

/** Seconds as the status shows them: secs(3.24) → '3.2s'; secs(null) → '—'. */
const secs = (n: number | null) => (n === null ? '—' : `${n.toFixed(1)}s`)
const KIND = { full: '完整', partial: '局部' } as const

/**
 * The site build's status as lines for the operator (npm run ops -- build-status).
 * formatBuildStatus(status) → '上次生成：2026-11-22T10:00:00.000Z，局部，3.2s（变更 #123）\n排队：无 …'
 */
export function formatBuildStatus(s: BuildStatus, source: string): string {
  const lines = [
    s.last
      ? `上次生成：${s.last.builtAt}，${KIND[s.last.kind]}，${secs(s.last.seconds)}（包含变更至 #${s.last.changeId}）`
      : '上次生成：无（站点尚未生成）',
    s.queued.count
      ? `排队：${s.queued.count} 个变更标记（至 #${s.queued.upTo}）：${s.queued.tags.join(', ')}${s.queued.count > s.queued.tags.length ? ' …' : ''}`
      : '排队：无',
    s.building
      ? `正在生成：${KIND[s.building.kind]}，开始于 ${s.building.since}（${s.building.tags} 个标记）`
      : '正在生成：否',
    ...(s.failures
      ? [`失败：连续 ${s.failures} 次，下次重试 ${s.nextRetryAt ?? '—'}：${s.lastError ?? ''}`]
      : []),
    ...(['partial', 'full'] as const).map((k) => {
      const t = s.timings[k]
      return `${KIND[k]}生成耗时：上次 ${secs(t.last)}，中位 ${secs(t.median)}（最近 ${t.count} 次）`
    }),
    `（来源：${source}）`,
  ]
  return lines.join('\n')
}

/** The running server's view (it knows what is being built), else the record and the database. */
async function siteBuildStatus(open: () => Promise<Db>): Promise<string> {
  const config = loadConfig()
  try {
    const res = await fetch(`http://127.0.0.1:${config.port}${STATUS_PATH}`, {
      signal: AbortSignal.timeout(2000),
    })
    if (res.ok) return formatBuildStatus((await res.json()) as BuildStatus, `运行中的服务 :${config.port}`)
  } catch {
    // No server on this port: read what it left behind.
  }
  const status = await withDb(open, (db) => buildStatus(db, { distDir: config.distDir }))
  return formatBuildStatus(status, `${config.distDir}/.build.json 与数据库（服务未运行）`)
}

/**
 * Marks pages changed, as POST /hooks/rebuild does: each argument a path (/productdetail/12/, /,
 * /course/) or a tag (product:12, banner, config …); none: the whole site. The running server's
 * builder picks the marks up within seconds; a stopped one builds them at its next start.
 * await markForRebuild(db, ['/productdetail/12/', 'banner'], now) → '已排队：product:12, banner（变更 #41）'
 */
export async function markForRebuild(db: Db, args: readonly string[], now: Date) {
  const tags: ChangeTag[] = []
  for (const a of args) {
    if (a.startsWith('/')) tags.push(tagForPath(a))
    else if (isChangeTag(a)) tags.push(a)
    else
      throw new OpsError(
        `不认识的路径或标记：${a}（路径以 / 开头；标记如 product:12、home、banner、config、all）`,
      )
  }
  const unique = [...new Set(tags.length ? tags : (['all'] as ChangeTag[]))]
  await markChanged(db, unique, dbTime(now))
  return `已排队：${unique.join(', ')}（变更 #${await latestChange(db)}）`
}

/**
 * The staff commands (issue 20), through the same service functions as the back office's calls,
 * audited as 'ops'. await staffCommand(db, ['add', 'li', '--role', 'operator'], now) →
 * '已新增后台账号 li（operator），一次性密码：…（首次登录须修改）'
 */
export async function staffCommand(db: Db, args: readonly string[], now: Date): Promise<string> {
  const [verb, username = ''] = args
  try {
    if (verb === 'list' && args.length === 1) {
      const rows = await listStaff(db)
      return rows
        .map(
          (r) =>
            `${r.username}\t${r.name || '—'}\t${r.roles.join(',')}\t${r.enabled ? '启用' : '停用'}${r.hasTotp ? '\t动态验证码' : ''}`,
        )
        .join('\n')
    }
    if (verb === 'add') {
      const roles = args.flatMap((a, i) => (args[i - 1] === '--role' ? a.split(',') : []))
      const option = (flag: string) => args.findLast((_, i) => args[i - 1] === flag)
      if (!username || username.startsWith('--') || !roles.length) throw new OpsError(USAGE)
      const r = await addStaff(
        db,
        OPS_ACTOR,
        { username, roles, name: option('--name'), phone: option('--phone') },
        now,
      )
      const who = r.staff.name ? `${r.staff.username}（${r.staff.name}）` : r.staff.username
      return `已新增后台账号 ${who}（${r.staff.roles.join(',')}），一次性密码：${r.password}（首次登录须修改）`
    }
    if (args.length === 2 && (verb === 'disable' || verb === 'enable')) {
      await setStaffEnabled(db, OPS_ACTOR, await staffIdOf(db, username), verb === 'enable', now)
      return `后台账号 ${username} 已${verb === 'enable' ? '启用' : '停用'}`
    }
    if (args.length === 2 && verb === 'reset-password') {
      const r = await resetStaffPassword(db, OPS_ACTOR, await staffIdOf(db, username), now)
      return `后台账号 ${username} 的一次性密码：${r.password}（首次登录须修改；动态验证码已解除，须重新绑定）`
    }
    if (args.length === 3 && verb === 'roles') {
      const r = await setStaffRoles(
        db,
        OPS_ACTOR,
        await staffIdOf(db, username),
        (args[2] ?? '').split(','),
        now,
      )
      return `后台账号 ${username} 的角色：${r.roles.join(',')}`
    }
  } catch (e) {
    if (e instanceof ApiError) throw new OpsError(e.message)
    throw e
  }
  throw new OpsError(USAGE)
}

/** Reads a command line (without node and script) and runs it; answers what to print. */
export async function runOps(args: readonly string[], open: () => Promise<Db>, now = new Date()) {
  const [command, rawId, decision] = args
  if (command === 'staff') return withDb(open, (db) => staffCommand(db, args.slice(1), now))
  if (command === 'build-status') {
    if (args.length !== 1) throw new OpsError(USAGE)
    return siteBuildStatus(open)
  }
  if (command === 'rebuild') return withDb(open, (db) => markForRebuild(db, args.slice(1), now))
  if (command === 'providers') {
    if (args.length !== 2 || rawId !== 'check') throw new OpsError(USAGE)
    // No database: only the configuration and the providers' answers. Any failure exits 1.
    const { ok, report } = await checkProviders(loadConfig())
    if (!ok) throw new OpsError(report)
    return report
  }
  if (command === 'storage') {
    if (args.length !== 2 || rawId !== 'migrate') throw new OpsError(USAGE)
    return migrateStorage(loadConfig(), (line) => console.log(line))
  }
  if (command === 'ship') {
    const code = rawId ?? ''
    if (args.length < 2 || args.length > 4 || !CODE.test(code)) throw new OpsError(USAGE)
    const r = await withDb(open, (db) =>
      asOps(shipOrder(db, OPS_ACTOR, courierProvider(loadConfig()), code, decision, now, args[3])),
    )
    return `订单 ${code} 已发货：${r.company} ${r.number}`
  }
  if (command === 'refund') {
    const code = rawId ?? ''
    if (args.length < 3 || !CODE.test(code)) throw new OpsError(USAGE)
    if (decision !== 'approve' && decision !== 'reject') {
      throw new OpsError(`审核结果应为 approve 或 reject：${decision}\n${USAGE}`)
    }
    const form = checkAfterSalesDecision({ decision, reason: args.slice(3).join(' ') })
    if (form.error !== null) throw new OpsError(form.error)
    // Only the operator's tool reads the configuration here: it knows the payment provider.
    const config = loadConfig()
    return withDb(open, (db) =>
      asOps(
        decideRefund(
          db,
          // The server's own terminal stands for admin: it may approve above the limit.
          { ...OPS_ACTOR, mayApproveLarge: true },
          afterSalesDeps(config, courierProvider(config), now),
          code,
          form.value,
          now,
        ),
      ),
    )
  }
  if (command === 'refund-payment') {
    const outTradeNo = rawId ?? ''
    if (args.length !== 2 || !CODE.test(outTradeNo)) throw new OpsError(USAGE)
    const providers = paymentProviders(loadConfig())
    const r = await withDb(open, (db) => asOps(refundDuePayment(db, OPS_ACTOR, providers, outTradeNo, now)))
    return `已退回付款 ${outTradeNo}（订单 ${r.code}）：${(r.amountFen / 100).toFixed(2)} 元（${r.way}）`
  }
  if (command === 'invoice') {
    const code = rawId ?? ''
    if (args.length < 3 || args.length > 4 || !CODE.test(code)) throw new OpsError(USAGE)
    const form = checkInvoiceIssue({ number: args[2], file: args[3] })
    if (form.error !== null) throw new OpsError(form.error)
    const dirs = loadConfig()
    return withDb(open, (db) => asOps(issueInvoice(db, OPS_ACTOR, dirs, code, form.value, now)))
  }
  if (command === 'stock') {
    if (args.length < 4 || !/^\d{1,10}$/.test(rawId ?? '')) throw new OpsError(USAGE)
    const form = checkStockAdjust({ delta: decision, reason: args.slice(3).join(' ') })
    if (form.error !== null) throw new OpsError(form.error)
    const sms = smsProvider(loadConfig().sms)
    return withDb(open, async (db) => {
      const r = await asOps(adjustStock(db, OPS_ACTOR, Number(rawId), form.value, now))
      // Committed: the SMS of the 到货通知 it sent, as the back office's adjustment does.
      await sendStockAlertTexts(db, sms, { skuIds: [r.skuId] })
      return `规格 ${r.skuId} 库存已调整为 ${r.stock}`
    })
  }
  if (command === 'confirm-transfer') {
    const code = rawId ?? ''
    if (args.length < 5 || args.length > 6 || !CODE.test(code)) throw new OpsError(USAGE)
    const form = checkTransferReceipt({
      amount: args[2],
      reference: args[3],
      payer: args[4],
      receivedAt: args[5] ?? '',
    })
    if (form.error !== null) throw new OpsError(`${form.error}\n${USAGE}`)
    return withDb(open, (db) => confirmOrderTransfer(db, code, form.value, now))
  }
  if (command === 'cert-files') {
    if (args.length !== 2 || !/^\d{1,10}$/.test(rawId ?? '')) throw new OpsError(USAGE)
    return withDb(open, (db) => certFiles(db, Number(rawId), loadConfig()))
  }
  if (command !== 'certify' || args.length < 3) throw new OpsError(USAGE)
  if (!/^\d{1,10}$/.test(rawId ?? '')) throw new OpsError(`用户编号应为数字：${rawId}\n${USAGE}`)
  if (decision !== 'approve' && decision !== 'reject') {
    throw new OpsError(`审核结果应为 approve 或 reject：${decision}\n${USAGE}`)
  }
  const db = await open()
  try {
    return await certify(db, Number(rawId), decision, now, args.slice(3).join(' ').trim())
  } finally {
    await db.destroy()
  }
}

if (import.meta.main) {
  // The database of `npm start`, opened the same way (DATABASE_URL or the SQLite file).
  const open = async () => {
    const config = loadConfig()
    const db = await openDb({ url: config.databaseUrl, file: config.sqliteFile })
    await migrate(db)
    return db
  }
  runOps(process.argv.slice(2), open).then(
    (message) => console.log(message),
    (e: unknown) => {
      console.error(e instanceof OpsError ? e.message : e)
      process.exitCode = 1
    },
  )
}
