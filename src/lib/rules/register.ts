import { type Checked, checked, firstError, type Input, secret, text } from './fields.ts'
import { newPasswordChecks } from './password.ts'
import { isPhone, PHONE_MESSAGES } from './phone.ts'

export interface Registration {
  tel: string
  code: string
  password: string
}

/**
 * Registration (accounts §5): the four required fields in the spec's order, then the phone's
 * format, the password's length and the repetition.
 */
export function checkRegister(input: Input): Checked<Registration, keyof Registration | 'okPassword'> {
  const tel = text(input, 'tel')
  const code = text(input, 'code')
  const password = secret(input, 'password')
  const okPassword = secret(input, 'okPassword')
  return checked(
    firstError([
      ['tel', !tel, PHONE_MESSAGES.required],
      ['code', !code, '请填写验证码'],
      ['password', !password, '请设置密码'],
      ['okPassword', !okPassword, '请填写确认密码'],
      ['tel', !isPhone(tel), PHONE_MESSAGES.format],
      ...newPasswordChecks(['password', password], ['okPassword', okPassword]),
    ]),
    { tel, code, password },
  )
}
