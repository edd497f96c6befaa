/**
 * Asking the acting admin to prove themselves again (issue 39): adding an admin, changing roles
 * and resetting a password (which also clears the other's second factor) take the admin's own
 * password or TOTP code under `confirm`, so a session alone (a screen left open, a stolen
 * cookie) cannot hand out the keys. A wrong proof counts against the same login limits as a
 * failed sign-in and is written to the audit log.
 */
import { parseRoles } from '../../../src/lib/permissions.ts'
import { checkReauth, REAUTH_NEEDED, REAUTH_WRONG } from '../../../src/lib/rules/staff.ts'
import { type Actor, audit } from '../../admin/audit.ts'
import type { Db } from '../../db/index.ts'
import { refuse } from '../../http.ts'
import { ceilingWait, type LoginSource, limitedCheck } from '../accounts/login-limits.ts'
import { verifyPassword } from '../accounts/password.ts'
import { STAFF_MESSAGES, type StaffMember, spendTotpStep, totpStep } from './staff.service.ts'

/** The proof as the wire carries it: `confirm: { password } | { totp }`. */
export type Confirm = { password?: string | undefined; totp?: string | undefined } | undefined

/** Whether adding an account with these roles needs the proof: only when it makes an admin. */
export const makesAdmin = (roles: readonly string[]) => parseRoles(roles.join(',')).includes('admin')

/**
 * Checks `me`'s proof, or refuses: 403 请输入您的登录密码以确认 without one, 403 密码错误 /
 * 动态验证码错误 / 动态验证码已使用，请等待下一个 for a wrong one, 429 once the sign-in's limits
 * (the account at its address, the address, the account's hourly ceiling) are spent. `target`
 * names what was to change, for the log.
 */
export async function confirmActor(
  db: Db,
  me: StaffMember,
  confirm: Confirm,
  actor: Actor,
  source: LoginSource,
  target: string,
  now: Date,
): Promise<void> {
  const proof = checkReauth(confirm)
  if (proof.error !== null) throw refuse(proof.error, proof.error === REAUTH_NEEDED ? 403 : 400)
  let refusal: string = REAUTH_WRONG
  const proven = await limitedCheck(
    db,
    // The subjects of the sign-in (signInStaff): a guess here is a guess there.
    { account: `staff:${me.username}`, ipKind: 'staff-ip' },
    source,
    now,
    async () => {
      const row = await db
        .selectFrom('staff')
        .select(['password_hash', 'totp_secret'])
        .where('id', '=', me.id)
        .executeTakeFirst()
      if (!row) return null
      if ('password' in proof.value)
        return (await verifyPassword(proof.value.password, row.password_hash)) || null
      refusal = STAFF_MESSAGES.totpWrong
      const step = row.totp_secret ? totpStep(row.totp_secret, me.username, proof.value.totp, now) : null
      if (step === null) return null
      // A code proves once, as at sign-in: of two changes sent with it at once, one goes through.
      if (!(await spendTotpStep(db, me.id, step))) {
        refusal = STAFF_MESSAGES.totpUsed
        return null
      }
      return true
    },
    { lock: '', ceiling: ceilingWait },
  )
  if (proven) return
  await audit(db, actor, now, { action: 'staff.confirm-failed', target, after: { reason: refusal } })
  throw refuse(refusal, 403)
}
