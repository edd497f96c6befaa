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
