import { randomInt } from 'node:crypto'
import { sql } from 'kysely'
import { SMS_RESEND_SECONDS } from '../../../src/lib/constants.ts'
import { site } from '../../../src/lib/site.ts'
import { type Db, isPg } from '../../db/index.ts'
import { refuse } from '../../http.ts'
import type { SmsProvider } from '../../providers/sms.ts'
import { chinaDayStart, dbTime } from '../../time.ts'

/** Every rule of SMS codes in one place. */
export const SMS = {
  /** A code lives 5 minutes. */
  ttlMs: 5 * 60_000,
  /** Wrong tries per code; the next attempt is refused even with the right code. */
  maxAttempts: 5,
  /** One send per phone per minute (the client's countdown, accounts §4). */
  resendMs: SMS_RESEND_SECONDS * 1000,
  /** Sends per phone per China day. */
  perPhonePerDay: 10,
  /** Rows older than this are no longer needed for any limit. */
  keepMs: 2 * 24 * 3600_000,
} as const

export const SMS_MESSAGES = {
  phoneDaily: '该手机号今日获取验证码次数已达上限，请明天再试',
  ipDaily: '当前网络今日获取验证码次数过多，请明天再试',
  missing: '请先获取验证码',
  expired: '验证码已过期，请重新获取',
  used: '验证码已使用，请重新获取',
  wrong: '验证码错误',
  tooMany: '验证码错误次数过多，请重新获取',
} as const

/**
 * Sends a fresh 6-digit code to `tel`, or refuses with 429 when the phone asked within the last
 * minute or the phone or IP reached today's cap (the China day). Returns the code (for the
 * caller's log or tests).
 */
export async function issueCode(
  db: Db,
  tel: string,
  ip: string,
  now: Date,
  provider: SmsProvider,
  /** SMS_IP_DAILY_CAP (config): raised where many people share one address (an office, the e2e suite). */
  perIpPerDay: number,
): Promise<string> {
  const at = now.getTime()
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
  const id = await db.transaction().execute(async (t) => {
    // PostgreSQL runs concurrent transactions side by side: take a per-phone lock so two
    // requests in the same instant cannot both pass the one-a-minute check. (SQLite's
    // transactions already run one at a time.)
    if (isPg(db)) await sql`SELECT pg_advisory_xact_lock(hashtext(${`sms:${tel}`}))`.execute(t)
    const last = await t
      .selectFrom('sms_codes')
      .select('sent_at')
      .where('tel', '=', tel)
      .orderBy('sent_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst()
    const wait = last ? last.sent_at + SMS.resendMs - at : 0
    if (wait > 0) throw refuse(`请${Math.ceil(wait / 1000)}秒后再获取验证码`, 429)
    const day = chinaDayStart(now)
    const count = async (column: 'tel' | 'ip', value: string) => {
      const r = await t
        .selectFrom('sms_codes')
        .select((e) => e.fn.countAll<number>().as('n'))
        .where(column, '=', value)
        .where('sent_at', '>=', day)
        .executeTakeFirst()
      return Number(r?.n ?? 0)
    }
    if ((await count('tel', tel)) >= SMS.perPhonePerDay) throw refuse(SMS_MESSAGES.phoneDaily, 429)
    if (ip && (await count('ip', ip)) >= perIpPerDay) throw refuse(SMS_MESSAGES.ipDaily, 429)
    await t
      .deleteFrom('sms_codes')
      .where('sent_at', '<', at - SMS.keepMs)
      .execute()
    const row = await t
      .insertInto('sms_codes')
      .values({
        tel,
        code,
        ip,
        attempts: 0,
        expires_at: at + SMS.ttlMs,
        sent_at: at,
        create_time: dbTime(now),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    return row.id
  })
  try {
    await provider.send(
      tel,
      `【${site.name}】您的验证码是${code}，${SMS.ttlMs / 60_000}分钟内有效，请勿泄露给他人。`,
    )
  } catch (e) {
    // A message that never left must not count against the phone's minute or day.
    await db.deleteFrom('sms_codes').where('id', '=', id).execute()
    console.error('[sms] 发送失败', e)
    throw refuse('短信发送失败，请稍后再试', 502)
  }
  return code
}

/**
 * Uses up the latest code sent to `tel`, or refuses: no code, expired, already used, wrong, or
 * tried too often. Each attempt counts, so after 5 wrong ones even the right code is refused.
 */
export async function consumeCode(db: Db, tel: string, code: string, now: Date): Promise<void> {
  const at = now.getTime()
  const row = await db
    .selectFrom('sms_codes')
    .select(['id', 'code', 'expires_at', 'used_at'])
    .where('tel', '=', tel)
    .orderBy('sent_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst()
  if (!row) throw refuse(SMS_MESSAGES.missing)
  if (row.used_at !== null) throw refuse(SMS_MESSAGES.used)
  if (row.expires_at <= at) throw refuse(SMS_MESSAGES.expired)
  // Count the attempt in the same statement that checks the cap, so parallel guesses cannot
  // slip past it.
  const counted = await db
    .updateTable('sms_codes')
    .set((e) => ({ attempts: e('attempts', '+', 1) }))
    .where('id', '=', row.id)
    .where('attempts', '<', SMS.maxAttempts)
    .executeTakeFirst()
  if (Number(counted.numUpdatedRows) === 0) throw refuse(SMS_MESSAGES.tooMany, 429)
  if (row.code !== code) throw refuse(SMS_MESSAGES.wrong)
  const used = await db
    .updateTable('sms_codes')
    .set({ used_at: at })
    .where('id', '=', row.id)
    .where('used_at', 'is', null)
    .executeTakeFirst()
  if (Number(used.numUpdatedRows) === 0) throw refuse(SMS_MESSAGES.used)
}
