import { sql } from 'kysely'
import { PASSWORD_CEILING } from '../../../src/lib/rules/login.ts'
import type { Db } from '../../db/index.ts'
import { type Ctx, clientIp, refuse } from '../../http.ts'
import { passwordUser } from './sessions.ts'

/**
 * Every limit on password attempts in one place (README "Password attempts"). Locks that a
 * stranger could set against the owner are avoided: an attempt counts against the pair of the
 * account (its phone, registered or not, so a lock tells nobody who is registered; or the staff
 * username) and the client address, which alone locks; against the client address (one address
 * guessing many accounts); and against the account over an hour from every address, a ceiling
 * (LOGIN_ACCOUNT_HOURLY_CAP) past which the password alone no longer signs in: the SMS code or
 * the second factor still does, so the owner is never shut out by someone else's guesses.
 */
export const LOGIN_LIMITS = {
  /** Failures are counted over this long, from the first one. */
  windowMs: 15 * 60_000,
  /** Failures of one account from one address within the window; the last one locks that pair. */
  perAccountAndIp: 5,
  /** Failures per client IP within the window (one IP guessing many accounts). */
  perIp: 20,
  /** How long a pair or an IP stays locked. */
  lockMs: 15 * 60_000,
  /** The window of the account's ceiling, and how long the password alone stays refused past it. */
  ceilingMs: 60 * 60_000,
} as const

/** What the login screens offer instead: an SMS-code login always works and lifts the phone's lock. */
export const LOGIN_ALTERNATIVE = '或使用验证码登录'

/** lockedMessage('', 15 * 60_000, LOGIN_ALTERNATIVE) → 密码错误次数过多，请15分钟后再试或使用验证码登录 */
export const lockedMessage = (
  who: '' | '当前网络' | '该账号',
  ms: number,
  alternative: string,
  longest = LOGIN_LIMITS.lockMs,
) => {
  // Never more than the lock: a parallel request may have set it a moment after this one's clock.
  const minutes = Math.ceil(Math.min(ms, longest) / 60_000)
  return `${who}密码错误次数过多，请${Math.max(1, minutes)}分钟后再试${alternative}`
}

/** The ceiling's refusal where no other proof is offered (a password change): 该账号密码错误次数过多，请N分钟后再试. */
export const ceilingWait = (ms: number) => lockedMessage('该账号', ms, '', LOGIN_LIMITS.ceilingMs)

/** Where an attempt comes from, and the account ceiling in force: loginSource(c). */
export interface LoginSource {
  /** The client address (clientIp); '' (no socket, as in app.request) skips the address limits. */
  ip: string
  /** LOGIN_ACCOUNT_HOURLY_CAP. */
  ceiling: number
}

/** The source of a call's password attempt: its client address and the configured ceiling. */
export const loginSource = (c: Ctx): LoginSource => ({
  ip: clientIp(c),
  ceiling: c.get('deps').config.loginAccountHourlyCap,
})

/** How a refused attempt is answered. */
export interface LimitWays {
  /** Ends a lock's message: 或使用验证码登录, or '' where nothing else is offered. */
  lock: string
  /**
   * The refusal at the account's ceiling, given how long it still holds; null: `verify` is told
   * (atCeiling) and asks for a proof of its own first (staff: the second factor).
   */
  ceiling: ((ms: number) => string) | null
}

/** The customers' password login: locks end with 或使用验证码登录, the ceiling sends to 验证码登录. */
export const LOGIN_WAYS: LimitWays = { lock: LOGIN_ALTERNATIVE, ceiling: () => PASSWORD_CEILING }

interface Subject {
  subject: string
  limit: number
  windowMs: number
  lockMs: number
}

/**
 * The row of an account at one address. The address leads and is an IP or '' (clientIp checks
 * it), so no account name, whatever a stranger types, can make the key of another pair or of an
 * account (those start 'tel:', 'staff:' …, never 'pair:').
 */
const pairOf = (account: string, ip: string) => `pair:${ip}|${account}`

/**
 * Counts an attempt before it is checked, in one upsert, so parallel attempts cannot pass the
 * limit: the row is locked for the statement on PostgreSQL and SQLite writes one at a time. A
 * window that is over (or a lock that ended) starts again at 1; reaching the limit sets the lock.
 * Answers 0 when counted, or the end of the lock that refused it.
 */
async function reserve(db: Db, { subject, limit, windowMs, lockMs }: Subject, at: number): Promise<number> {
  // `excluded.first_at` is `at` typed as the column, which PostgreSQL needs for the arithmetic.
  const over = sql`(login_limits.first_at <= ${at - windowMs} OR (login_limits.locked_until > 0 AND login_limits.locked_until <= excluded.first_at))`
  const count = sql`CASE WHEN ${over} THEN 1 ELSE login_limits.failures + 1 END`
  for (let tries = 0; tries < 2; tries++) {
    const counted = await sql<{ failures: number }>`
      INSERT INTO login_limits (subject, failures, first_at, locked_until)
      VALUES (${subject}, 1, ${at}, ${limit <= 1 ? at + lockMs : 0})
      ON CONFLICT (subject) DO UPDATE SET
        failures = ${count},
        first_at = CASE WHEN ${over} THEN excluded.first_at ELSE login_limits.first_at END,
        locked_until = CASE WHEN ${count} >= ${limit} THEN excluded.first_at + ${lockMs} ELSE 0 END
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

/**
 * The owner proved it is them (an SMS code) from `ip`: the phone's ceiling and the lock of that
 * address are forgotten. Other addresses keep theirs: they are more likely a stranger's.
 */
export const clearAccountLimit = (db: Db, tel: string, ip: string) => clearLimits(db, `tel:${tel}`, ip)

/** An account's ceiling and its pair at `ip` are forgotten: clearLimits(db, 'staff:admin', '10.0.0.1'). */
export async function clearLimits(db: Db, account: string, ip: string): Promise<void> {
  await db
    .deleteFrom('login_limits')
    .where('subject', 'in', [account, pairOf(account, ip)])
    .execute()
}

/**
 * An account's ceiling and its pairs at every address are forgotten (an admin reset the staff
 * member's password: whoever signs in next has the new one).
 */
export async function clearEveryLimit(db: Db, account: string): Promise<void> {
  // LIKE's wildcards in the account are matched as themselves.
  const escaped = account.replace(/[\\%_]/g, (ch) => `\\${ch}`)
  await db
    .deleteFrom('login_limits')
    .where((eb) =>
      eb.or([eb('subject', '=', account), sql<boolean>`subject LIKE ${`pair:%|${escaped}`} ESCAPE '\\'`]),
    )
    .execute()
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
 * Runs `verify` (the password check: scrypt) only when neither the phone at this address nor the
 * address is locked, counting the attempt first; past the phone's ceiling it refuses as `ways`
 * says, without hashing. Answers what `verify` answered (null: a wrong password), or refuses 429.
 */
export const limitedPasswordCheck = <T>(
  db: Db,
  who: { tel: string } & LoginSource,
  now: Date,
  verify: () => Promise<T | null>,
  ways: LimitWays = LOGIN_WAYS,
): Promise<T | null> => limitedCheck(db, { account: `tel:${who.tel}`, ipKind: 'ip' }, who, now, verify, ways)

/**
 * limitedPasswordCheck with the account named by the caller: the back office counts its staff as
 * 'staff:<username>' and their addresses as 'staff-ip:<address>', apart from the customers'.
 * `verify` is told whether the account's ceiling is reached (only when `ways.ceiling` is null).
 * A success forgets the account's ceiling and this address's pair, and gives the address its
 * attempt back.
 */
export async function limitedCheck<T>(
  db: Db,
  subjects: { account: string; ipKind: 'ip' | 'staff-ip' },
  source: LoginSource,
  now: Date,
  verify: (atCeiling: boolean) => Promise<T | null>,
  ways: LimitWays,
): Promise<T | null> {
  const at = now.getTime()
  await sweep(db, at)
  const window = { windowMs: LOGIN_LIMITS.windowMs, lockMs: LOGIN_LIMITS.lockMs }
  const ip: Subject | null = source.ip
    ? { subject: `${subjects.ipKind}:${source.ip}`, limit: LOGIN_LIMITS.perIp, ...window }
    : null
  const pair: Subject = {
    subject: pairOf(subjects.account, source.ip),
    limit: LOGIN_LIMITS.perAccountAndIp,
    ...window,
  }
  const account: Subject = {
    subject: subjects.account,
    limit: source.ceiling,
    windowMs: LOGIN_LIMITS.ceilingMs,
    lockMs: LOGIN_LIMITS.ceilingMs,
  }
  const counted: Subject[] = []
  /** Gives back every attempt counted so far: this one was refused before it was checked. */
  const giveBack = async () => {
    for (const s of counted) await release(db, s)
  }
  // The IP first: a flood from one address is refused in two statements, without a row for
  // each phone it makes up.
  const ipLock = ip ? await reserve(db, ip, at) : 0
  if (ipLock) throw refuse(lockedMessage('当前网络', ipLock - at, ways.lock), 429)
  if (ip) counted.push(ip)
  const pairLock = await reserve(db, pair, at)
  if (pairLock) {
    await giveBack()
    throw refuse(lockedMessage('', pairLock - at, ways.lock), 429)
  }
  counted.push(pair)
  const ceilingEnd = await reserve(db, account, at)
  if (ceilingEnd && ways.ceiling) {
    await giveBack()
    throw refuse(ways.ceiling(ceilingEnd - at), 429)
  }
  // Past the ceiling the account's row is not counted (it is full); the pair and IP still are.
  if (!ceilingEnd) counted.push(account)
  let result: T | null
  try {
    result = await verify(ceilingEnd > 0)
  } catch (e) {
    // Not the caller's failure (the database, or a refusal before any password was hashed):
    // the attempt does not count.
    await giveBack()
    throw e
  }
  if (result !== null) {
    await clearLimits(db, subjects.account, source.ip)
    if (ip) await release(db, ip)
  }
  return result
}

/** The password login of the API and of /wechat/confirm: the user id, null for a wrong phone or password, or 429. */
export const limitedPasswordUser = (db: Db, tel: string, password: string, source: LoginSource, now: Date) =>
  limitedPasswordCheck(db, { tel, ...source }, now, () => passwordUser(db, tel, password))
