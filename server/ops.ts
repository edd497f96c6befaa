import { CertLevel, CertLevelText, CertStatus } from '../src/lib/constants.ts'
import { loadConfig } from './config.ts'
import { type Db, openDb } from './db/index.ts'
import { migrate } from './db/migrations.ts'
import { dbTime } from './time.ts'

/**
 * Operator commands, until there is an administrator screen (accounts §6: an administrator
 * reviews certification data; no screen for it is part of this side).
 *
 *   npm run ops -- certify <userId> approve|reject
 */

const LEVELS: readonly number[] = [CertLevel.doctor, CertLevel.institution]

export const USAGE = '用法: npm run ops -- certify <用户编号> approve|reject'

/** A refusal of a command: printed, and the process exits with 1. */
export class OpsError extends Error {}

/**
 * Decides a certification under review (status 2): approve makes it 3 with the submitted level;
 * reject sends it back to the form (0) with level 0. Either way the user gets a notification.
 */
export async function certify(db: Db, userId: number, decision: 'approve' | 'reject', now: Date) {
  return db.tx(async (t) => {
    const user = await t.get<{ level: number; status: number }>(
      'SELECT level, status FROM users WHERE id = ?',
      [userId],
    )
    if (!user) throw new OpsError(`用户 ${userId} 不存在`)
    if (Number(user.status) !== CertStatus.reviewing) {
      throw new OpsError(`用户 ${userId} 的认证资料不在审核中（当前状态 ${user.status}），无需审核`)
    }
    const identity = CertLevelText[Number(user.level)] ?? ''
    if (decision === 'approve' && !LEVELS.includes(Number(user.level))) {
      throw new OpsError(`用户 ${userId} 未选择认证身份（level ${user.level}），只能驳回`)
    }
    const [status, title, content] =
      decision === 'approve'
        ? [CertStatus.approved, '认证审核通过', `恭喜，您的${identity}认证已审核通过。`]
        : [CertStatus.form, '认证未通过，请修改资料后重新提交', `您提交的${identity}认证资料未通过审核。`]
    await t.run(`UPDATE users SET status = ?${decision === 'reject' ? ', level = 0' : ''} WHERE id = ?`, [
      status,
      userId,
    ])
    await t.insert('INSERT INTO notifications (user_id, title, content, create_time) VALUES (?, ?, ?, ?)', [
      userId,
      title,
      content,
      dbTime(now),
    ])
    return decision === 'approve' ? `用户 ${userId} 已认证为${identity}` : `用户 ${userId} 的认证已驳回`
  })
}

/** Reads a command line (without node and script) and runs it; answers what to print. */
export async function runOps(args: readonly string[], open: () => Promise<Db>, now = new Date()) {
  const [command, rawId, decision] = args
  if (command !== 'certify' || args.length !== 3) throw new OpsError(USAGE)
  if (!/^\d{1,10}$/.test(rawId ?? '')) throw new OpsError(`用户编号应为数字：${rawId}\n${USAGE}`)
  if (decision !== 'approve' && decision !== 'reject') {
    throw new OpsError(`审核结果应为 approve 或 reject：${decision}\n${USAGE}`)
  }
  const db = await open()
  try {
    return await certify(db, Number(rawId), decision, now)
  } finally {
    await db.close()
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
