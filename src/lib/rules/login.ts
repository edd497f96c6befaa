import { type Checked, checked, firstError, type Input, secret, text } from './fields.ts'
import { isPhone, PHONE_MESSAGES } from './phone.ts'

/** Login (accounts §5) needs a phone and either a code or a password, whichever the tab uses. */
function checkLogin<K extends 'code' | 'password'>(
  input: Input,
  key: K,
  missing: string,
): Checked<{ tel: string } & Record<K, string>, 'tel' | K> {
  const tel = text(input, 'tel')
  const other = key === 'code' ? text(input, key) : secret(input, key)
  return checked(
    firstError<'tel' | K>([
      ['tel', !tel, PHONE_MESSAGES.required],
      ['tel', !isPhone(tel), PHONE_MESSAGES.format],
      [key, !other, missing],
    ]),
    { tel, [key]: other } as { tel: string } & Record<K, string>,
  )
}

export const checkCodeLogin = (input: Input) => checkLogin(input, 'code', '请填写验证码')
export const checkPasswordLogin = (input: Input) => checkLogin(input, 'password', '请填写密码')

/**
 * The password login's answer once the account's hourly ceiling of failures is reached
 * (LOGIN_ACCOUNT_HOURLY_CAP): not a lock, the SMS code still signs in (and lifts it). The login
 * form switches to 验证码登录 when it sees this text.
 */
export const PASSWORD_CEILING = '该账号密码错误次数过多，请使用验证码登录'
