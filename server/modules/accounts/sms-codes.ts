import { randomInt } from 'node:crypto'
import { sql } from 'kysely'
import { SMS_RESEND_SECONDS } from '../../../src/lib/constants.ts'
import { maskPhone } from '../../../src/lib/format.ts'
import { PHONE_MESSAGES } from '../../../src/lib/rules/phone.ts'
import { site } from '../../../src/lib/site.ts'
import { type Db, isPg } from '../../db/index.ts'
import { refuse } from '../../http.ts'
import { describeFailure, SmsFailure, type SmsFailureReason, type SmsProvider } from '../../providers/sms.ts'
import { chinaDayStart, dbTime } from '../../time.ts'

/** Every rule of SMS codes in one place. */
export const SMS = {
  /** A code lives 5 minutes. */
  ttlMs: 5 * 60_000,
  /** Wrong tries per code; the next attempt is refused even with the right code. */
  maxAttempts: 5,
  /** One send per phone per minute (the client's countdown, accounts §4). */
  resendMs: SMS_RESEND_SECONDS * 1000,
  /**
   * Sends per phone per China day from one client address. Counted per (phone, address), so a
   * stranger spending this from their address does not stop the owner's code from another; the
   * phone's total over every address is SMS_PHONE_DAILY_CAP (config), which keeps the SMS budget.
   */
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

/** What the user is told when the provider did not send, and with which status. */
export const SMS_SEND_REFUSALS: Record<SmsFailureReason, { message: string; status: number }> = {
  tooFrequent: { message: '短信发送过于频繁，请稍后再试', status: 429 },
  // The provider knows the number cannot exist (a segment no carrier uses): as our own check says.
  badPhone: { message: PHONE_MESSAGES.format, status: 400 },
  failed: { message: '短信发送失败，请稍后再试', status: 502 },
}

/**
 * A row whose code is still empty reserves the phone's send while its message is on the way: it
 * holds the one-a-minute slot against a second request, and is no code anyone can use.
 */
const RESERVED = ''

/** The daily caps of config: SMS_IP_DAILY_CAP and SMS_PHONE_DAILY_CAP. */
export interface SmsCaps {
  /** Sends per client address per day, whatever the phones (raised where many share one address). */
  perIpPerDay: number
  /** Sends per phone per day from all addresses together. */
  perPhonePerDay: number
}

/** The caps a deployment configured: smsCaps(config) → { perIpPerDay: 30, perPhonePerDay: 30 }. */
export const smsCaps = (config: { smsIpDailyCap: number; smsPhoneDailyCap: number }): SmsCaps => ({
  perIpPerDay: config.smsIpDailyCap,
  perPhonePerDay: config.smsPhoneDailyCap,
})

/**
 * Sends a fresh 6-digit code to `tel`, or refuses with 429 when the phone asked within the last
 * minute, or today's cap (the China day) is reached: of the phone from this address, of the phone
 * from all addresses, or of this address. Returns the code (for the caller's log or tests).
 *
 * The code is stored only once the provider took the message: the send is first reserved (a row
 * without a code), then the message goes out, then the code is written. A message that did not
 * leave removes its reservation, so it counts against neither the minute nor the day caps (the
 * user may try again at once; a provider's own flow control answers tooFrequent), and no code
 * that nobody received can be used — even if the process dies halfway, a reservation has none.
 */
export async function issueCode(
  db: Db,
  tel: string,
  ip: string,
  now: Date,
  provider: SmsProvider,
  caps: SmsCaps,
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
    // Both of the phone's counts in one read (under the phone's lock above, so parallel sends
    // cannot both take the last one); the address's over every phone, as before.
    const phone = await t
      .selectFrom('sms_codes')
      .select((e) => [
        e.fn.countAll<number>().as('all'),
        e.fn.sum<number>(e.case().when('ip', '=', ip).then(1).else(0).end()).as('here'),
      ])
      .where('tel', '=', tel)
      .where('sent_at', '>=', day)
      .executeTakeFirst()
    if (Number(phone?.here ?? 0) >= SMS.perPhonePerDay) throw refuse(SMS_MESSAGES.phoneDaily, 429)
    if (Number(phone?.all ?? 0) >= caps.perPhonePerDay) throw refuse(SMS_MESSAGES.phoneDaily, 429)
    if (ip) {
      const here = await t
        .selectFrom('sms_codes')
        .select((e) => e.fn.countAll<number>().as('n'))
        .where('ip', '=', ip)
        .where('sent_at', '>=', day)
        .executeTakeFirst()
      if (Number(here?.n ?? 0) >= caps.perIpPerDay) throw refuse(SMS_MESSAGES.ipDaily, 429)
    }
    await t
      .deleteFrom('sms_codes')
      .where('sent_at', '<', at - SMS.keepMs)
      .execute()
    const row = await t
      .insertInto('sms_codes')
      .values({
        tel,
        code: RESERVED,
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
    await provider.send(tel, {
      code,
      text: `【${site.name}】您的验证码是${code}，${SMS.ttlMs / 60_000}分钟内有效，请勿泄露给他人。`,
    })
  } catch (e) {
    // Whatever happens to this delete, the reservation holds no code.
    await db
      .deleteFrom('sms_codes')
      .where('id', '=', id)
      .execute()
      .catch((d: unknown) => console.error('[sms] 未能删除发送预留', id, d))
    const failure = e instanceof SmsFailure ? e : null
    // For the operator: the provider's code and request id; the phone masked, no code, no key.
    console.error(
      `[sms] 发送失败 ${maskPhone(tel)} via ${provider.name}：${failure ? describeFailure(failure) : e}`,
    )
    const refusal = SMS_SEND_REFUSALS[failure?.reason ?? 'failed']
    throw refuse(refusal.message, refusal.status)
  }
  await db.updateTable('sms_codes').set({ code }).where('id', '=', id).execute()
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
    // A send still on its way (or one that never left) is no code: the one before stays usable.
    .where('code', '!=', RESERVED)
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
