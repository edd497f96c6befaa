/**
 * Staff accounts of the back office (issue 20): not customers — their own table, sessions and
 * login limits. The admin calls (staff.admin.ts) and `npm run ops -- staff …` both call these
 * functions; every write goes through one transaction that also writes its audit row.
 */
import { createHash, randomBytes, randomInt } from 'node:crypto'
import { Secret, TOTP } from 'otpauth'
import QRCode from 'qrcode'
import {
  can,
  PERMISSIONS,
  type Permission,
  parseRoles,
  ROLES,
  type Role,
} from '../../../src/lib/permissions.ts'
import {
  checkStaffPassword,
  checkStaffProfile,
  checkUsername,
  STAFF_CEILING,
  STAFF_DISABLED,
} from '../../../src/lib/rules/staff.ts'
import { GATE_MESSAGES } from '../../admin/admin-route.ts'
import { type Actor, audit } from '../../admin/audit.ts'
import type { Db } from '../../db/index.ts'
import { refuse, type StaffContext } from '../../http.ts'
import { dbTime } from '../../time.ts'
import { ceilingWait, clearEveryLimit, type LoginSource, limitedCheck } from '../accounts/login-limits.ts'
import { hashPassword, verifyPassword } from '../accounts/password.ts'

/** 8 hours from sign-in at most, 30 minutes without a call ends it earlier (issue 20). */
export const STAFF_SESSION = {
  maxMs: 8 * 3600_000,
  idleMs: 30 * 60_000,
  /** last_seen_at is written at most this often: a screen's burst of reads is one write. */
  touchEveryMs: 60_000,
} as const

export const STAFF_MESSAGES = {
  badLogin: '用户名或密码错误',
  ...GATE_MESSAGES,
  totpNeeded: '请输入动态验证码',
  totpWrong: '动态验证码错误',
  totpUsed: '动态验证码已使用，请等待下一个',
  oldPassword: '原密码错误',
  exists: '用户名已存在',
  notFound: '后台账号不存在',
  noRole: '请至少选择一个角色',
  lastAdmin: '至少保留一个启用的管理员',
  selfDisable: '不能停用自己的账号',
  selfAdmin: '不能取消自己的管理员角色',
  badRole: '角色不正确',
  totpBound: '已绑定动态验证码；更换手机请联系管理员重置密码后重新绑定',
} as const

/** The TOTP of the authenticator apps: SHA1, 6 digits, 30 s; a code of the step before or after passes. */
const totpOf = (secret: string, username: string) =>
  new TOTP({
    issuer: '口腔医疗器械门户后台',
    label: username,
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
  })

/**
 * The 30-second step a code belongs to (clocks drift: a code of the step before or after now
 * passes), or null for a wrong code.
 * totpStep(secret, 'wang', totpNow(secret, now), now) → Math.floor(now.getTime() / 30_000)
 */
export function totpStep(secret: string, username: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null
  const totp = totpOf(secret, username)
  const delta = totp.validate({ token: code, timestamp: now.getTime(), window: 1 })
  return delta === null ? null : totp.counter({ timestamp: now.getTime() }) + delta
}

/**
 * Spends a code's step (RFC 6238 §5.2: a code is accepted once): false when this step or a later
 * one was spent already. One conditional update, so of two sign-ins with the same code, even at
 * once, exactly one gets through.
 */
export async function spendTotpStep(db: Db, staffId: number, step: number): Promise<boolean> {
  const r = await db
    .updateTable('staff')
    .set({ totp_step: step })
    .where('id', '=', staffId)
    .where((eb) => eb.or([eb('totp_step', 'is', null), eb('totp_step', '<', step)]))
    .executeTakeFirst()
  return r.numUpdatedRows > 0n
}

/** The code an authenticator shows now (tests and the e2e sign in with it). */
export const totpNow = (secret: string, now: Date) =>
  totpOf(secret, '').generate({ timestamp: now.getTime() })

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

/** A one-time password: 12 characters without look-alikes (0/O, 1/l), letters and digits both. */
export function oneTimePassword(): string {
  const letters = 'abcdefghjkmnpqrstuvwxyz'
  const digits = '23456789'
  const all = letters + digits
  const pick = (set: string) => set[randomInt(set.length)] ?? 'a'
  const rest = Array.from({ length: 10 }, () => pick(all))
  return [pick(letters), pick(digits), ...rest].join('')
}

/** Who is signed in, as a handler sees it: requireStaff(c) after the admin route's gate. */
export type StaffMember = StaffContext

/** The token of an `Authorization: Bearer …` header, or undefined when there is none of a sane length. */
const bearerToken = (header: string | undefined) => {
  const token = header?.replace(/^Bearer\s+/i, '').trim()
  return token && token.length <= 200 ? token : undefined
}

/** The staff member behind an Authorization header, or null (absent, unknown, revoked, expired, idle, disabled). */
export async function staffFromHeader(
  db: Db,
  header: string | undefined,
  now: Date,
): Promise<StaffMember | null> {
  const token = bearerToken(header)
  if (!token) return null
  const at = now.getTime()
  const row = await db
    .selectFrom('staff_sessions as s')
    .innerJoin('staff as f', 'f.id', 's.staff_id')
    .select([
      's.id as sessionId',
      's.last_seen_at',
      'f.id',
      'f.username',
      'f.display_name',
      'f.roles',
      'f.must_change_password',
      'f.totp_secret',
    ])
    .where('s.token_hash', '=', hashToken(token))
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', at)
    .where('s.last_seen_at', '>', at - STAFF_SESSION.idleMs)
    .where('f.enabled', '=', 1)
    .executeTakeFirst()
  if (!row) return null
  if (at - row.last_seen_at >= STAFF_SESSION.touchEveryMs)
    await db.updateTable('staff_sessions').set({ last_seen_at: at }).where('id', '=', row.sessionId).execute()
  return {
    id: row.id,
    username: row.username,
    name: row.display_name,
    roles: parseRoles(row.roles),
    sessionId: row.sessionId,
    mustChangePassword: row.must_change_password === 1,
    hasTotp: row.totp_secret !== null,
  }
}

/**
 * Why a token is no session (staffFromHeader answered null): STAFF_DISABLED when it was one of
 * an account disabled since, so its holder is not told to sign in again in vain; else 请先登录后台.
 * Asked only on the way to a 401, and it tells nothing to anyone but the token's holder.
 */
export async function sessionRefusal(db: Db, header: string | undefined): Promise<string> {
  const token = bearerToken(header)
  if (!token) return STAFF_MESSAGES.signIn
  const row = await db
    .selectFrom('staff_sessions as s')
    .innerJoin('staff as f', 'f.id', 's.staff_id')
    .select('f.enabled')
    .where('s.token_hash', '=', hashToken(token))
    .executeTakeFirst()
  return row && row.enabled !== 1 ? STAFF_DISABLED : STAFF_MESSAGES.signIn
}

/** The permissions a staff member holds (the menu of the back office is drawn from them). */
export const permissionsOf = (roles: readonly string[]) =>
  (Object.keys(PERMISSIONS) as Permission[]).filter((p) => can(roles, p))

/** A hash to verify against when the username is unknown, so both failures take the same time. */
let decoyHash: Promise<string> | undefined

/**
 * Sign-in: the password (and the TOTP code when the account has one) under the login limits of
 * 'staff:<username>' per address and overall, and 'staff-ip:<ip>', counted before any hashing; a
 * missing or wrong code counts as a failure, so the six digits cannot be guessed without limit.
 * Past the name's hourly ceiling the code is checked first, and without a second factor the answer
 * is 429 STAFF_CEILING (an admin resets the password): no lock a stranger could set on its owner.
 * Answers the new session; refuses 401 用户名或密码错误 / 请输入动态验证码 / 动态验证码错误, or 429.
 */
export async function signInStaff(
  db: Db,
  input: { username: string; password: string; totp?: string | undefined },
  source: LoginSource,
  now: Date,
) {
  const username = input.username.trim().toLowerCase()
  let refusal: string = STAFF_MESSAGES.badLogin
  /** The account of the name tried, when there is one: the failure's audit target. */
  let triedId: number | undefined
  const staff = await limitedCheck(
    db,
    { account: `staff:${username}`, ipKind: 'staff-ip' },
    source,
    now,
    async (atCeiling) => {
      const row = await db
        .selectFrom('staff')
        .select(['id', 'username', 'roles', 'password_hash', 'enabled', 'totp_secret'])
        .where('username', '=', username)
        .executeTakeFirst()
      triedId = row?.id
      const secret = row?.enabled === 1 ? row.totp_secret : null
      // Not counted (thrown before any hashing): one answer for an unknown name, a disabled
      // account and one without a second factor, so it tells nobody which.
      if (atCeiling && !(secret && input.totp)) throw refuse(STAFF_CEILING, 429)
      const step = row && secret && input.totp ? totpStep(secret, row.username, input.totp, now) : null
      if (atCeiling && step === null) {
        // The password is not even tried: past the ceiling it is the guess being protected.
        refusal = STAFF_MESSAGES.totpWrong
        return null
      }
      if (!row) decoyHash ??= hashPassword('decoy-password')
      const good = await verifyPassword(input.password, row?.password_hash ?? (await decoyHash))
      if (!row || !good || row.enabled !== 1) return null
      if (row.totp_secret !== null) {
        if (!input.totp) {
          refusal = STAFF_MESSAGES.totpNeeded
          return null
        }
        if (step === null) {
          refusal = STAFF_MESSAGES.totpWrong
          return null
        }
        if (!(await spendTotpStep(db, row.id, step))) {
          refusal = STAFF_MESSAGES.totpUsed
          return null
        }
      }
      return row
    },
    { lock: '', ceiling: null },
  )
  if (!staff) {
    // Guessing shows in the log: each failure the login limits counted (5 per name and address, 20
    // per address in 15 minutes, the hourly ceiling per name; a 429 is refused before this, unwritten).
    await audit(db, { staffId: null, username: username.slice(0, 32), ip: source.ip }, now, {
      action: 'staff.sign-in-failed',
      target: triedId === undefined ? '' : `staff:${triedId}`,
      after: { reason: refusal },
    })
    throw refuse(refusal, 401)
  }
  const token = randomBytes(32).toString('base64url')
  const at = now.getTime()
  await db.transaction().execute(async (t) => {
    await t
      .insertInto('staff_sessions')
      .values({
        staff_id: staff.id,
        token_hash: hashToken(token),
        last_seen_at: at,
        expires_at: at + STAFF_SESSION.maxMs,
        ip: source.ip,
        create_time: dbTime(now),
      })
      .execute()
    await t
      .updateTable('staff')
      .set({ last_login_time: dbTime(now) })
      .where('id', '=', staff.id)
      .execute()
    await audit(t, { staffId: staff.id, username: staff.username, ip: source.ip }, now, {
      action: 'staff.sign-in',
      target: `staff:${staff.id}`,
    })
  })
  return { token, staff: { id: staff.id, username: staff.username, roles: parseRoles(staff.roles) } }
}

/** Sign-out: the session ends now. */
export async function signOutStaff(db: Db, actor: Actor, sessionId: number, now: Date): Promise<void> {
  await db.transaction().execute(async (t) => {
    await t
      .updateTable('staff_sessions')
      .set({ revoked_at: now.getTime() })
      .where('id', '=', sessionId)
      .execute()
    await audit(t, actor, now, { action: 'staff.sign-out', target: `staff:${actor.staffId}` })
  })
}

/** Ends every open session of a staff member but `keep` (disable, reset, a changed password). */
async function revokeSessions(t: Db, staffId: number, now: Date, keep = 0) {
  await t
    .updateTable('staff_sessions')
    .set({ revoked_at: now.getTime() })
    .where('staff_id', '=', staffId)
    .where('revoked_at', 'is', null)
    .where('id', '<>', keep)
    .execute()
}

/** The fields of a staff account an admin sees. */
export interface StaffRow {
  id: number
  username: string
  /** The display name (张敏), '' when none was given. */
  name: string
  phone: string
  roles: Role[]
  enabled: boolean
  mustChangePassword: boolean
  hasTotp: boolean
  lastLoginTime: string | null
  createTime: string
}

const staffColumns = [
  'id',
  'username',
  'display_name',
  'phone',
  'roles',
  'enabled',
  'must_change_password',
  'totp_secret',
  'last_login_time',
  'create_time',
] as const

const toStaffRow = (r: {
  id: number
  username: string
  display_name: string
  phone: string
  roles: string
  enabled: number
  must_change_password: number
  totp_secret: string | null
  last_login_time: string | null
  create_time: string
}): StaffRow => ({
  id: r.id,
  username: r.username,
  name: r.display_name,
  phone: r.phone,
  roles: parseRoles(r.roles),
  enabled: r.enabled === 1,
  mustChangePassword: r.must_change_password === 1,
  hasTotp: r.totp_secret !== null,
  lastLoginTime: r.last_login_time,
  createTime: r.create_time,
})

/** Every staff account, by username. */
export async function listStaff(db: Db): Promise<StaffRow[]> {
  const rows = await db.selectFrom('staff').select(staffColumns).orderBy('username').execute()
  return rows.map(toStaffRow)
}

/** One staff account by id, or 404 后台账号不存在. */
export async function staffRow(t: Db, id: number): Promise<StaffRow> {
  const row = await t.selectFrom('staff').select(staffColumns).where('id', '=', id).executeTakeFirst()
  if (!row) throw refuse(STAFF_MESSAGES.notFound, 404)
  return toStaffRow(row)
}

/** The id of a username (ops names staff by username): staffIdOf(db, 'operator') → 2. */
export async function staffIdOf(db: Db, username: string): Promise<number> {
  const row = await db
    .selectFrom('staff')
    .select('id')
    .where('username', '=', username.trim().toLowerCase())
    .executeTakeFirst()
  if (!row) throw refuse(STAFF_MESSAGES.notFound, 404)
  return row.id
}

const checkRoles = (roles: readonly string[]): Role[] => {
  const unknown = roles.filter((r) => !(ROLES as readonly string[]).includes(r.trim()))
  if (unknown.length) throw refuse(`${STAFF_MESSAGES.badRole}：${unknown.join('、')}`)
  const valid = parseRoles(roles.join(','))
  if (!valid.length) throw refuse(STAFF_MESSAGES.noRole)
  return valid
}

/** A display name and phone as the rule cleans them, or the rule's refusal (400). */
function profileOf(input: { name?: string | undefined; phone?: string | undefined }) {
  const r = checkStaffProfile({ name: input.name ?? '', phone: input.phone ?? '' })
  if (r.error !== null) throw refuse(r.error)
  return r.value
}

/** Refuses a change that would leave no enabled admin (nobody could manage staff any more). */
async function keepAnAdmin(t: Db, changedId: number) {
  const admins = await t.selectFrom('staff').select(['id', 'roles']).where('enabled', '=', 1).execute()
  if (!admins.some((a) => a.id !== changedId && parseRoles(a.roles).includes('admin')))
    throw refuse(STAFF_MESSAGES.lastAdmin)
}

/**
 * A new staff account. Without `password`, a one-time password is drawn and must be changed at
 * the first sign-in; answers the account and that password (shown once, never stored in clear).
 */
export async function addStaff(
  db: Db,
  actor: Actor,
  input: {
    username: string
    roles: readonly string[]
    password?: string
    name?: string | undefined
    phone?: string | undefined
  },
  now: Date,
) {
  const name = checkUsername(input.username)
  if (name.error !== null) throw refuse(name.error)
  const profile = profileOf(input)
  const roles = checkRoles(input.roles)
  const password = input.password ?? oneTimePassword()
  const hash = await hashPassword(password)
  return db.transaction().execute(async (t) => {
    const taken = await t
      .selectFrom('staff')
      .select('id')
      .where('username', '=', name.value)
      .executeTakeFirst()
    if (taken) throw refuse(STAFF_MESSAGES.exists)
    const row = await t
      .insertInto('staff')
      .values({
        username: name.value,
        display_name: profile.name,
        phone: profile.phone,
        password_hash: hash,
        roles: roles.join(','),
        must_change_password: input.password === undefined ? 1 : 0,
        create_time: dbTime(now),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const staff = await staffRow(t, row.id)
    await audit(t, actor, now, {
      action: 'staff.add',
      target: `staff:${row.id}`,
      // The name and phone only when given: an account without them reads as it always did.
      after: {
        username: staff.username,
        ...(staff.name ? { name: staff.name } : {}),
        ...(staff.phone ? { phone: staff.phone } : {}),
        roles: staff.roles,
      },
    })
    return { staff, password }
  })
}

/**
 * A new display name and phone for a staff member (an admin for anyone, a staff member for
 * themselves on the account page); audited with what changed. Answers the account.
 */
export async function setStaffProfile(
  db: Db,
  actor: Actor,
  id: number,
  input: { name?: string | undefined; phone?: string | undefined },
  now: Date,
) {
  const profile = profileOf(input)
  return db.transaction().execute(async (t) => {
    const before = await staffRow(t, id)
    await t
      .updateTable('staff')
      .set({ display_name: profile.name, phone: profile.phone })
      .where('id', '=', id)
      .execute()
    await audit(t, actor, now, {
      action: 'staff.profile',
      target: `staff:${id}`,
      before: { name: before.name, phone: before.phone },
      after: profile,
    })
    return staffRow(t, id)
  })
}

/** New roles for a staff member; the change applies to their open sessions at once. */
export async function setStaffRoles(db: Db, actor: Actor, id: number, roles: readonly string[], now: Date) {
  const valid = checkRoles(roles)
  return db.transaction().execute(async (t) => {
    const before = await staffRow(t, id)
    if (!valid.includes('admin') && before.roles.includes('admin')) {
      // Who manages staff does not lock themselves out by a slip; another admin can do it.
      if (actor.staffId === id) throw refuse(STAFF_MESSAGES.selfAdmin)
      await keepAnAdmin(t, id)
    }
    await t
      .updateTable('staff')
      .set({ roles: valid.join(',') })
      .where('id', '=', id)
      .execute()
    const after = await staffRow(t, id)
    await audit(t, actor, now, {
      action: 'staff.roles',
      target: `staff:${id}`,
      before: { roles: before.roles },
      after: { roles: after.roles },
    })
    return after
  })
}

/** Disables (every session ends) or enables a staff account. */
export async function setStaffEnabled(db: Db, actor: Actor, id: number, enabled: boolean, now: Date) {
  return db.transaction().execute(async (t) => {
    const before = await staffRow(t, id)
    if (!enabled && actor.staffId === id) throw refuse(STAFF_MESSAGES.selfDisable)
    if (!enabled && before.roles.includes('admin')) await keepAnAdmin(t, id)
    await t
      .updateTable('staff')
      .set({ enabled: enabled ? 1 : 0 })
      .where('id', '=', id)
      .execute()
    if (!enabled) await revokeSessions(t, id, now)
    await audit(t, actor, now, {
      action: enabled ? 'staff.enable' : 'staff.disable',
      target: `staff:${id}`,
      before: { enabled: before.enabled },
      after: { enabled },
    })
    return staffRow(t, id)
  })
}

/**
 * A new one-time password (forgotten password, a lost authenticator): the second factor is
 * removed too, every session ends, and the next sign-in must change the password (and enrol
 * again where required). Answers the password, shown once.
 */
export async function resetStaffPassword(db: Db, actor: Actor, id: number, now: Date) {
  const password = oneTimePassword()
  const hash = await hashPassword(password)
  await db.transaction().execute(async (t) => {
    const before = await staffRow(t, id)
    await t
      .updateTable('staff')
      .set({ password_hash: hash, must_change_password: 1, totp_secret: null, totp_pending: null })
      .where('id', '=', id)
      .execute()
    await revokeSessions(t, id, now)
    await audit(t, actor, now, {
      action: 'staff.reset-password',
      target: `staff:${id}`,
      before: { mustChangePassword: before.mustChangePassword, hasTotp: before.hasTotp },
      after: { mustChangePassword: true, hasTotp: false },
    })
  })
  // The next sign-in holds the new password: no lock or ceiling of the old one's guessers stays.
  await clearEveryLimit(db, `staff:${(await staffRow(db, id)).username}`)
  return { password }
}

/**
 * The signed-in staff member changes their own password (the one-time one at first): the old
 * one is checked under the login limits; other sessions end, this one stays.
 */
export async function changeOwnPassword(
  db: Db,
  me: StaffMember,
  input: { password: string; newPassword: string },
  source: LoginSource,
  now: Date,
) {
  const rule = checkStaffPassword({ ...input, okPassword: input.newPassword })
  if (rule.error !== null) throw refuse(rule.error)
  const right = await limitedCheck(
    db,
    { account: `staff:${me.username}`, ipKind: 'staff-ip' },
    source,
    now,
    async () => {
      const row = await db
        .selectFrom('staff')
        .select('password_hash')
        .where('id', '=', me.id)
        .executeTakeFirst()
      return (await verifyPassword(input.password, row?.password_hash)) || null
    },
    { lock: '', ceiling: ceilingWait },
  )
  if (!right) throw refuse(STAFF_MESSAGES.oldPassword)
  const hash = await hashPassword(rule.value.newPassword)
  await db.transaction().execute(async (t) => {
    await t
      .updateTable('staff')
      .set({ password_hash: hash, must_change_password: 0 })
      .where('id', '=', me.id)
      .execute()
    await revokeSessions(t, me.id, now, me.sessionId)
    await audit(t, { staffId: me.id, username: me.username, ip: source.ip }, now, {
      action: 'staff.password',
      target: `staff:${me.id}`,
      before: { mustChangePassword: me.mustChangePassword },
      after: { mustChangePassword: false },
    })
  })
}

/**
 * Starts enrolling a second factor: a new secret kept as pending until a code confirms it.
 * Answers what the authenticator app needs: the otpauth:// URI, its QR (SVG markup drawn here
 * with qrcode, so the secret never leaves the portal) and the secret for typing in by hand.
 */
export async function startTotp(db: Db, me: StaffMember) {
  const secret = new Secret({ size: 20 }).base32
  // Only while none is bound: a session alone (stolen, or a screen left open) must not replace
  // the factor that guards the account. Replacing one goes through an admin's password reset.
  const started = await db
    .updateTable('staff')
    .set({ totp_pending: secret })
    .where('id', '=', me.id)
    .where('totp_secret', 'is', null)
    .executeTakeFirst()
  if (Number(started.numUpdatedRows) !== 1) throw refuse(STAFF_MESSAGES.totpBound, 409)
  const uri = totpOf(secret, me.username).toString()
  const svg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' })
  return { secret, uri, svg }
}

/** Confirms the pending secret with a code from the app: from now on sign-in asks for a code. */
export async function confirmTotp(db: Db, me: StaffMember, code: string, ip: string, now: Date) {
  const row = await db
    .selectFrom('staff')
    .select(['totp_pending', 'totp_secret'])
    .where('id', '=', me.id)
    .executeTakeFirst()
  if (row?.totp_secret != null) throw refuse(STAFF_MESSAGES.totpBound, 409)
  const pending = row?.totp_pending
  const step = pending ? totpStep(pending, me.username, code.trim(), now) : null
  if (!pending || step === null) throw refuse(STAFF_MESSAGES.totpWrong)
  await db.transaction().execute(async (t) => {
    // The confirming code is spent too: it cannot sign in after. Still unbound, or nothing.
    const bound = await t
      .updateTable('staff')
      .set({ totp_secret: pending, totp_pending: null, totp_step: step })
      .where('id', '=', me.id)
      .where('totp_pending', '=', pending)
      .where('totp_secret', 'is', null)
      .executeTakeFirst()
    if (Number(bound.numUpdatedRows) !== 1) throw refuse(STAFF_MESSAGES.totpBound, 409)
    await audit(t, { staffId: me.id, username: me.username, ip }, now, {
      action: 'staff.totp',
      target: `staff:${me.id}`,
      before: { hasTotp: false },
      after: { hasTotp: true },
    })
  })
}
