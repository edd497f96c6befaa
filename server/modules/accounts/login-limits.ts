import { sql } from 'kysely'
import type { Db } from '../../db/index.ts'
import { refuse } from '../../http.ts'
import { passwordUser } from './sessions.ts'

/**
 * Every limit on password attempts in one place (README "Password attempts"). An attempt counts
 * against the account's phone (registered or not, so a lock tells nobody who is registered) and
 * against the client IP; the next attempt after the limit is refused with 429 until the lock
 * ends, the right password included.
 */
export const LOGIN_LIMITS = {
  /** Failures are counted over this long, from the first one. */
  windowMs: 15 * 60_000,
  /** Failures per phone within the window; the last one locks it. */
  perAccount: 5,
  /** Failures per client IP within the window (one IP guessing many accounts). */
  perIp: 20,
  /** How long a phone or IP stays locked. */
  lockMs: 15 * 60_000,
} as const

/** What the login screens offer instead: an SMS-code login always works and lifts the phone's lock. */
export const LOGIN_ALTERNATIVE = '或使用验证码登录'

/** lockedMessage('', 15 * 60_000, LOGIN_ALTERNATIVE) → 密码错误次数过多，请15分钟后再试或使用验证码登录 */
export const lockedMessage = (who: '' | '当前网络', ms: number, alternative: string) => {
  // Never more than the lock: a parallel request may have set it a moment after this one's clock.
  const minutes = Math.ceil(Math.min(ms, LOGIN_LIMITS.lockMs) / 60_000)
  return `${who}密码错误次数过多，请${Math.max(1, minutes)}分钟后再试${alternative}`
}

interface Subject {
  subject: string
  limit: number
}

/**
 * Counts an attempt before it is checked, in one upsert, so parallel attempts cannot pass the
 * limit: the row is locked for the statement on PostgreSQL and SQLite writes one at a time. A
 * window that is over (or a lock that ended) starts again at 1; reaching the limit sets the lock.
 * Answers 0 when counted, or the end of the lock that refused it.
 */
async function reserve(db: Db, { subject, limit }: Subject, at: number): Promise<number> {
  // `excluded.first_at` is `at` typed as the column, which PostgreSQL needs for the arithmetic.
  const over = sql`(login_limits.first_at <= ${at - LOGIN_LIMITS.windowMs} OR (login_limits.locked_until > 0 AND login_limits.locked_until <= excluded.first_at))`
  const count = sql`CASE WHEN ${over} THEN 1 ELSE login_limits.failures + 1 END`
  for (let tries = 0; tries < 2; tries++) {
    const counted = await sql<{ failures: number }>`
      INSERT INTO login_limits (subject, failures, first_at, locked_until)
      VALUES (${subject}, 1, ${at}, ${limit <= 1 ? at + LOGIN_LIMITS.lockMs : 0})
      ON CONFLICT (subject) DO UPDATE SET
        failures = ${count},
        first_at = CASE WHEN ${over} THEN excluded.first_at ELSE login_limits.first_at END,
        locked_until = CASE WHEN ${count} >= ${limit} THEN excluded.first_at + ${LOGIN_LIMITS.lockMs} ELSE 0 END
      WHERE login_limits.locked_until <= excluded.first_at
      RETURNING failures`.execute(db)
    if (counted.rows.length > 0) return 0
    const row = await db
      .selectFrom('login_limits')
      .select('locked_until')
      .where('subject', '=', subject)
      .executeTakeFirst()
    // Gone already (a success cleared it in between): count again.
    if (row && row.locked_until > at) return row.locked_until
  }
  return 0
}

/** Takes back an attempt that turned out not to be a failure (a success, or refused elsewhere). */
async function release(db: Db, { subject, limit }: Subject): Promise<void> {
  await db
    .updateTable('login_limits')
    .set((eb) => ({
      failures: eb('failures', '-', 1),
      // Below the limit again: no lock (the lock is set by the attempt that reached it).
      locked_until: eb
        .case()
        .when('failures', '<=', limit)
        .then(sql.lit(0))
        .else(eb.ref('locked_until'))
        .end(),
    }))
    .where('subject', '=', subject)
    .where('failures', '>', 0)
    .execute()
}

/** A phone's failures and lock are forgotten: its password or an SMS code proved the owner. */
export const clearAccountLimit = (db: Db, tel: string) => clearLimit(db, `tel:${tel}`)

/** A subject's failures and lock are forgotten: clearLimit(db, 'staff:admin'). */
export async function clearLimit(db: Db, subject: string): Promise<void> {
  await db.deleteFrom('login_limits').where('subject', '=', subject).execute()
}

/**
 * Rows whose window ended a week ago are removed, at most once a minute per process. Each subject
 * restarts its own count when its window is over, so this only keeps the table small; the week
 * leaves room for clocks that differ between processes.
 */
const SWEEP = { everyMs: 60_000, keepMs: 7 * 24 * 3600_000 }
let sweptAt = 0

async function sweep(db: Db, at: number) {
  if (Math.abs(at - sweptAt) < SWEEP.everyMs) return
  sweptAt = at
  await db
    .deleteFrom('login_limits')
    .where('first_at', '<', at - SWEEP.keepMs)
    .where('locked_until', '<', at - SWEEP.keepMs)
    .execute()
}

/**
 * Runs `verify` (the password check: scrypt) only when neither the phone nor the IP is locked,
 * counting the attempt first; a success clears the phone's failures and gives the IP its attempt
 * back. Answers what `verify` answered (null: a wrong password), or refuses with 429. `ip` ''
 * (no socket, as in app.request) skips the IP limit; `alternative` ends the lock message.
 */
export const limitedPasswordCheck = <T>(
  db: Db,
  who: { tel: string; ip: string },
  now: Date,
  verify: () => Promise<T | null>,
  alternative: string = LOGIN_ALTERNATIVE,
): Promise<T | null> =>
  limitedCheck(db, { account: `tel:${who.tel}`, ip: who.ip ? `ip:${who.ip}` : '' }, now, verify, alternative)

/**
 * limitedPasswordCheck with the subjects named by the caller: the back office counts its staff
 * as 'staff:<username>' and 'staff-ip:<address>', apart from the customers' limits.
 */
export async function limitedCheck<T>(
  db: Db,
  subjects: { account: string; ip: string },
  now: Date,
  verify: () => Promise<T | null>,
  alternative: string,
): Promise<T | null> {
  const at = now.getTime()
  await sweep(db, at)
  const account: Subject = { subject: subjects.account, limit: LOGIN_LIMITS.perAccount }
  const ip: Subject | null = subjects.ip ? { subject: subjects.ip, limit: LOGIN_LIMITS.perIp } : null
  // The IP first: a flood from one address is refused in two statements, without a row for
  // each phone it makes up.
  const ipLock = ip ? await reserve(db, ip, at) : 0
  if (ipLock) throw refuse(lockedMessage('当前网络', ipLock - at, alternative), 429)
  const accountLock = await reserve(db, account, at)
  if (accountLock) {
    if (ip) await release(db, ip)
    throw refuse(lockedMessage('', accountLock - at, alternative), 429)
  }
  let result: T | null
  try {
    result = await verify()
  } catch (e) {
    // Not the caller's failure (the database, say): the attempt does not count.
    await release(db, account)
    if (ip) await release(db, ip)
    throw e
  }
  if (result !== null) {
    await clearLimit(db, account.subject)
    if (ip) await release(db, ip)
  }
  return result
}

/** The password login of the API and of /wechat/confirm: the user id, null for a wrong phone or password, or 429. */
export const limitedPasswordUser = (db: Db, tel: string, password: string, ip: string, now: Date) =>
  limitedPasswordCheck(db, { tel, ip }, now, () => passwordUser(db, tel, password))
