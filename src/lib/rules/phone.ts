import { type Checked, checked, firstError, type Input, secret, text } from './fields.ts'

/** isPhone('13800000001') → true: a mainland mobile number, 11 digits starting with 1. */
export const isPhone = (tel: string) => /^1\d{10}$/.test(tel)

/**
 * isLandline('0512-65551234') → true: a mainland fixed line with its area code (0 and 2–3
 * digits, then 7–8 digits, the dash optional, an extension after a second dash), or a
 * 400/800 service number ('400-820-8820').
 */
export const isLandline = (tel: string) =>
  /^0\d{2,3}-?\d{7,8}(-\d{1,6})?$/.test(tel) || /^[48]00-?\d{3}-?\d{4}$/.test(tel)

/** A company's registration phone (invoice form): a mobile number or a landline. */
export const isCompanyTel = (tel: string) => isPhone(tel) || isLandline(tel)

/** The longest registration phone: '0512-65551234-123456' is 20 characters. */
export const COMPANY_TEL_MAX = 20

export const PHONE_MESSAGES = { required: '请填写手机号', format: '手机号格式不正确' } as const

/** The phone of "get an SMS code" (accounts §5); the field refused is `key`. */
export function checkPhone<K extends string = 'tel'>(input: Input, key: K = 'tel' as K): Checked<string, K> {
  const tel = text(input, key)
  return checked(
    firstError([
      [key, !tel, PHONE_MESSAGES.required],
      [key, !isPhone(tel), PHONE_MESSAGES.format],
    ]),
    tel,
  )
}

/**
 * How the owner proves it is them before the bound phone changes (a stolen session alone must
 * not take the account): the login password, or a code sent to the old phone.
 */
export type PhoneProof = 'password' | 'oldCode'

export const PHONE_CHANGE_MESSAGES = {
  proof: '请填写登录密码或原手机号验证码',
  password: '请填写登录密码',
  oldCode: '请填写原手机号验证码',
} as const

/** The body of a phone change; the proof not used is ''. */
export interface PhoneChange {
  tel: string
  newTel: string
  code: string
  password: string
  oldCode: string
}

/**
 * Change phone (accounts §5): old phone, new phone and the code sent to the new phone, then the
 * proof. The dialog names the proof it offers (`via`), and is told that one is missing; the
 * server takes either (the password when both come) and asks for one of them.
 */
export function checkPhoneChange(
  input: Input,
  via?: PhoneProof,
): Checked<PhoneChange, 'tel' | 'newTel' | 'code' | PhoneProof> {
  const password = via === 'oldCode' ? '' : secret(input, 'password')
  const oldCode = via === 'password' || password ? '' : text(input, 'oldCode')
  const v = {
    tel: text(input, 'tel'),
    newTel: text(input, 'newTel'),
    code: text(input, 'code'),
    password,
    oldCode,
  }
  return checked(
    firstError<'tel' | 'newTel' | 'code' | PhoneProof>([
      ['tel', !v.tel, '请填写原手机号'],
      ['newTel', !v.newTel, '请填写新手机号'],
      ['code', !v.code, '请填写验证码'],
      ['newTel', !isPhone(v.newTel), PHONE_MESSAGES.format],
      ['newTel', v.newTel === v.tel, '新手机号不能与原手机号相同'],
      [
        via ?? 'password',
        !password && !oldCode,
        via ? PHONE_CHANGE_MESSAGES[via] : PHONE_CHANGE_MESSAGES.proof,
      ],
    ]),
    v,
  )
}
