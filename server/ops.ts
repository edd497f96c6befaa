import { loadConfig } from './config.ts'
import { type Db, openDb } from './db/index.ts'
import { migrate } from './db/migrations.ts'
import { decideCertification } from './modules/accounts/certification.ts'
import { confirmTransfer } from './modules/payments/payments.queries.ts'

/**
 * Operator commands, until there is an administrator screen (accounts §6: an administrator
 * reviews certification data; no screen for it is part of this side).
 *
 *   npm run ops -- certify <userId> approve|reject
 *   npm run ops -- confirm-transfer <order code>
 */

export const USAGE =
  '用法: npm run ops -- certify <用户编号> approve|reject\n      npm run ops -- confirm-transfer <订单号>'

/** A refusal of a command: printed, and the process exits with 1. */
export class OpsError extends Error {}

/**
 * Decides a certification under review (status 2): approve makes it 3 with the submitted level;
 * reject sends it back to the form (0) with level 0. Either way the user gets a notification.
 */
export async function certify(db: Db, userId: number, decision: 'approve' | 'reject', now: Date) {
  const r = await decideCertification(db, userId, decision, now)
  if (r.refused !== null) throw new OpsError(r.refused)
  return r.done
}

/**
 * The corporate transfer of an unpaid order arrived (storefront §2 payment page: the order stays
 * unpaid until an operator confirms): the order becomes paid with way union. Refused, changing
 * nothing, when no order has the code or it is not unpaid.
 */
export async function confirmOrderTransfer(db: Db, code: string, now: Date) {
  const done = await confirmTransfer(db, code, now)
  if (done === undefined) throw new OpsError(`订单不存在：${code}`)
  if (!done) throw new OpsError(`订单 ${code} 不是待付款状态，未作改动`)
  return `已确认对公转账：订单 ${code} 已支付`
}

/** Reads a command line (without node and script) and runs it; answers what to print. */
export async function runOps(args: readonly string[], open: () => Promise<Db>, now = new Date()) {
  const [command, rawId, decision] = args
  if (command === 'confirm-transfer') {
    const code = rawId ?? ''
    if (args.length !== 2 || !/^[A-Za-z0-9]{1,40}$/.test(code)) throw new OpsError(USAGE)
    const db = await open()
    try {
      return await confirmOrderTransfer(db, code, now)
    } finally {
      await db.destroy()
    }
  }
  if (command !== 'certify' || args.length !== 3) throw new OpsError(USAGE)
  if (!/^\d{1,10}$/.test(rawId ?? '')) throw new OpsError(`用户编号应为数字：${rawId}\n${USAGE}`)
  if (decision !== 'approve' && decision !== 'reject') {
    throw new OpsError(`审核结果应为 approve 或 reject：${decision}\n${USAGE}`)
  }
  const db = await open()
  try {
    return await certify(db, Number(rawId), decision, now)
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
