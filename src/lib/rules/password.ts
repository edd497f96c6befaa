import { type Check, type Checked, checked, firstError, type Input, len, secret } from './fields.ts'

export const PASSWORD_MIN = 6
/** scrypt hashes whatever it is given; a bound keeps a megabyte "password" from costing the server. */
export const PASSWORD_MAX = 64
export const PASSWORD_MESSAGES = {
  short: `密码至少${PASSWORD_MIN}位`,
  long: `密码不能超过${PASSWORD_MAX}位`,
  mismatch: '两次输入密码不一致',
} as const

/**
 * The checks of a new password and its repetition, after their "required" checks: the length
 * is the password field's, a mismatch the repetition's.
 */
export const newPasswordChecks = <P extends string, R extends string>(
  [passwordField, password]: readonly [P, string],
  [repeatField, repeat]: readonly [R, string],
): Check<P | R>[] => [
  [passwordField, len(password) < PASSWORD_MIN, PASSWORD_MESSAGES.short],
  [passwordField, len(password) > PASSWORD_MAX, PASSWORD_MESSAGES.long],
  [repeatField, password !== repeat, PASSWORD_MESSAGES.mismatch],
]

/** Change password (accounts §5): old, new and repeated new password, the new ones equal. */
export function checkPasswordChange(
  input: Input,
): Checked<
  { password: string; newPassword: string; okPassword: string },
  'password' | 'newPassword' | 'okPassword'
> {
  const v = {
    password: secret(input, 'password'),
    newPassword: secret(input, 'newPassword'),
    okPassword: secret(input, 'okPassword'),
  }
  return checked(
    firstError([
      ['password', !v.password, '请填写原密码'],
      ['newPassword', !v.newPassword, '请填写新密码'],
      ['okPassword', !v.okPassword, '请再次输入新密码'],
      ...newPasswordChecks(['newPassword', v.newPassword], ['okPassword', v.okPassword]),
      // A change that changes nothing would still sign every session out; say so instead.
      ['newPassword', v.newPassword === v.password, '新密码不能与原密码相同'],
    ]),
    v,
  )
}
