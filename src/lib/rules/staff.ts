/** The back office's own rules (issue 20): staff usernames and staff passwords. */
import { type Checked, checked, firstError, type Input, len, secret, text } from './fields.ts'
import { isPhone, PHONE_MESSAGES } from './phone.ts'

/** A 401 of the back office to a session whose account an admin disabled meanwhile (not 请先登录后台). */
export const STAFF_DISABLED = '账号已停用，请联系管理员'

/**
 * The sign-in's answer once a staff account's hourly ceiling of failed passwords is reached
 * (LOGIN_ACCOUNT_HOURLY_CAP): the password alone no longer signs in. An account with a second
 * factor signs in with its code (checked before the password); one without has no proof left that
 * a stranger lacks, so until the hour ends an admin resets its password (which lifts this). One
 * text for both, so the answer tells nobody whether the account exists or has a second factor.
 */
export const STAFF_CEILING =
  '该账号密码错误次数过多，请输入动态验证码登录；未绑定动态验证码的账号请联系管理员重置密码'

export const STAFF_PASSWORD_MIN = 8
export const STAFF_PASSWORD_MAX = 64

/** checkUsername('Operator2') → { value: 'operator2' }: 3-32 lowercase letters, digits, . _ - */
export function checkUsername(raw: string): Checked<string, 'username'> {
  const v = raw.trim().toLowerCase()
  return checked(
    firstError([
      ['username', !v, '请填写用户名'],
      ['username', !/^[a-z0-9._-]{3,32}$/.test(v), '用户名为 3-32 位小写字母、数字或 . _ -'],
    ]),
    v,
  )
}

/**
 * A staff member's new password: 8-64 characters with letters and digits, not the old one,
 * repeated the same. The demo password demo1234 meets it, as the seed's accounts must.
 */
export function checkStaffPassword(
  input: Input,
): Checked<{ password: string; newPassword: string }, 'password' | 'newPassword' | 'okPassword'> {
  const v = { password: secret(input, 'password'), newPassword: secret(input, 'newPassword') }
  const again = secret(input, 'okPassword')
  return checked(
    firstError([
      ['password', !v.password, '请填写原密码'],
      ['newPassword', !v.newPassword, '请填写新密码'],
      ['newPassword', len(v.newPassword) < STAFF_PASSWORD_MIN, `新密码至少${STAFF_PASSWORD_MIN}位`],
      ['newPassword', len(v.newPassword) > STAFF_PASSWORD_MAX, `新密码不能超过${STAFF_PASSWORD_MAX}位`],
      [
        'newPassword',
        !/[a-z]/i.test(v.newPassword) || !/\d/.test(v.newPassword),
        '新密码须同时包含字母和数字',
      ],
      ['newPassword', v.newPassword === v.password, '新密码不能与原密码相同'],
      ['okPassword', again !== v.newPassword, '两次输入密码不一致'],
    ]),
    v,
  )
}

/** The sign-in form: username and password required; the code only when the server asks. */
export function checkStaffLogin(
  input: Input,
): Checked<{ username: string; password: string; totp?: string }> {
  const v = {
    username: text(input, 'username'),
    password: secret(input, 'password'),
    totp: text(input, 'totp'),
  }
  return checked(
    firstError([
      ['username', !v.username || len(v.username) > 64, '请填写用户名'],
      ['password', !v.password, '请填写密码'],
      ['password', len(v.password) > STAFF_PASSWORD_MAX, '用户名或密码错误'],
      ['totp', v.totp !== '' && !/^\d{6}$/.test(v.totp), '动态验证码为 6 位数字'],
    ]),
    { username: v.username, password: v.password, ...(v.totp ? { totp: v.totp } : {}) },
  )
}

/** The refusal of a sensitive staff change sent without the acting admin's proof (issue 39). */
export const REAUTH_NEEDED = '请输入您的登录密码以确认'
/** The refusal of a wrong password given as that proof. */
export const REAUTH_WRONG = '密码错误'

/** The acting admin's proof, as the staff calls take it under `confirm`. */
export type Reauth = { password: string } | { totp: string }

/**
 * The proof of who acts, asked again before adding an admin, changing roles or resetting a
 * password: the sign-in password, or the code of the second factor.
 * checkReauth({ password: 'demo1234' }) → { value: { password: 'demo1234' } };
 * checkReauth({}) → { field: 'password', error: '请输入您的登录密码以确认' }.
 */
export function checkReauth(input: Input | null | undefined): Checked<Reauth, 'password' | 'totp'> {
  const v = { password: secret(input ?? {}, 'password'), totp: text(input ?? {}, 'totp') }
  if (v.totp)
    return checked(firstError([['totp', !/^\d{6}$/.test(v.totp), '动态验证码为 6 位数字']]), { totp: v.totp })
  return checked(
    firstError([
      ['password', !v.password, REAUTH_NEEDED],
      ['password', len(v.password) > STAFF_PASSWORD_MAX, REAUTH_WRONG],
    ]),
    { password: v.password },
  )
}

/** The longest staff display name. */
export const STAFF_NAME_MAX = 20

/**
 * A staff member's display name and phone (issue 40): the name staff know them by, 1-20
 * characters (Chinese or not), and a mainland mobile number as everywhere else (isPhone), both
 * optional ('' leaves an account named by its username).
 * checkStaffProfile({ name: ' 张敏 ', phone: '13900000001' }) → { value: { name: '张敏', phone: '13900000001' } }
 */
export function checkStaffProfile(input: Input): Checked<{ name: string; phone: string }, 'name' | 'phone'> {
  const v = { name: text(input, 'name'), phone: text(input, 'phone') }
  return checked(
    firstError([
      ['name', len(v.name) > STAFF_NAME_MAX, `姓名不能超过${STAFF_NAME_MAX}个字符`],
      // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing them is the point.
      ['name', /[<>\u0000-\u001f\u007f]/.test(v.name), '姓名不能包含 < > 或控制字符'],
      ['phone', v.phone !== '' && !isPhone(v.phone), PHONE_MESSAGES.format],
    ]),
    v,
  )
}

/** How a staff member is named on screen: their display name, else their username. */
export const staffLabel = (s: { name?: string | null; username: string }) => s.name || s.username
