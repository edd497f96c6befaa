import {
  type Check,
  type Checked,
  checked,
  defaultFlag,
  filled,
  firstError,
  type Input,
  len,
  text,
} from './fields.ts'
import { COMPANY_TEL_MAX, isCompanyTel, isPhone } from './phone.ts'
import { type Region, region, regionIncomplete, regionTooLong } from './region.ts'

/** The two invoice kinds of the application dialog (accounts §2). */
export const InvoiceKind = { ordinary: '电子普通发票', vat: '增值税专用发票' } as const
export const INVOICE_TYPES = [InvoiceKind.ordinary, InvoiceKind.vat] as const
export type InvoiceType = (typeof INVOICE_TYPES)[number]

export interface InvoiceForm extends Region {
  types: InvoiceType
  companyName: string
  companyCode: string
  companyAddress: string
  companyTel: string
  bank: string
  account: string
  name: string
  tel: string
  addressx: string
  status: 0 | 1
  country: string
}

/** The fields checkInvoice may refuse: `address` is the region picker. */
export type InvoiceField =
  | 'types'
  | 'companyName'
  | 'companyCode'
  | 'companyAddress'
  | 'companyTel'
  | 'bank'
  | 'account'
  | 'name'
  | 'tel'
  | 'address'
  | 'addressx'
  | 'country'

/** The characters of a 统一社会信用代码 (GB 32100-2015): digits and capitals without I, O, S, V, Z. */
const CODE_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY'
/** The weights of its first 17 characters: 3^i mod 31. */
const CODE_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28] as const

/** The code's shape: 18 characters of the code's set (the check character not yet checked). */
const CODE_SHAPE = new RegExp(`^[${CODE_CHARS}]{18}$`)
export const isCreditCodeShape = (code: string) => CODE_SHAPE.test(code)

/**
 * A 统一社会信用代码 whose 18th character is the check character of the other 17 (GB 32100-2015:
 * 31 minus the weighted sum mod 31, 31 read as 0). isCreditCode('914403001922038216') → true
 */
export function isCreditCode(code: string): boolean {
  if (!isCreditCodeShape(code)) return false
  let sum = 0
  for (let i = 0; i < 17; i++) sum += CODE_CHARS.indexOf(code[i] as string) * (CODE_WEIGHTS[i] as number)
  return code[17] === CODE_CHARS[(31 - (sum % 31)) % 31]
}

/** Bank account numbers: digits only; 8 to 30 covers the banks' formats (交通银行's 21 digits included). */
export const ACCOUNT_MIN = 8
export const ACCOUNT_MAX = 30
const ACCOUNT_SHAPE = new RegExp(`^\\d{${ACCOUNT_MIN},${ACCOUNT_MAX}}$`)

export const INVOICE_MESSAGES = {
  codeShape: '税号应为18位统一社会信用代码',
  codeCheck: '税号校验位不正确，请核对',
  account: `银行账号应为${ACCOUNT_MIN}至${ACCOUNT_MAX}位数字`,
} as const

/**
 * What each kind asks for (README "Invoices"): a 电子普通发票 is sent electronically, so it needs
 * the title, the tax id and who receives it (name and mobile); the 增值税专用发票 every field.
 */
export const isVat = (types: string) => types === InvoiceKind.vat

/**
 * The invoice form (accounts §5): the kind first, since it decides the fields; then the fields
 * that kind asks for, in the form's order. A 电子普通发票 stores nothing it did not ask for.
 * The tax id is a 统一社会信用代码 with its check character (taken in capitals); the account digits.
 */
export function checkInvoice(input: Input): Checked<InvoiceForm, InvoiceField> {
  const types = text(input, 'types')
  const vat = isVat(types)
  const asked = (key: string) => (vat ? text(input, key) : '')
  const r = vat ? region(input) : { province: '', city: '', area: '', street: '' }
  const v = {
    types: types as InvoiceType,
    companyName: text(input, 'companyName'),
    companyCode: text(input, 'companyCode').toUpperCase(),
    companyAddress: asked('companyAddress'),
    companyTel: asked('companyTel'),
    bank: asked('bank'),
    account: asked('account'),
    name: text(input, 'name'),
    tel: text(input, 'tel'),
    ...r,
    addressx: vat ? text(input, 'addressx') || text(input, 'addressDetail') : '',
    status: defaultFlag(input),
    country: text(input, 'country') || '中国',
  }
  const vatChecks: Check<InvoiceField>[] = vat
    ? [
        ...filled('companyAddress', v.companyAddress, '注册地址', 100),
        // A mobile or a landline such as 0512-65551234 (README, API decisions).
        ...filled('companyTel', v.companyTel, '注册电话', COMPANY_TEL_MAX, '位'),
        ['companyTel', !isCompanyTel(v.companyTel), '注册电话格式不正确'],
        ...filled('bank', v.bank, '开户银行', 30),
        ['account', !v.account, '请填写银行账号'],
        ['account', !ACCOUNT_SHAPE.test(v.account), INVOICE_MESSAGES.account],
      ]
    : []
  const receiverAddress: Check<InvoiceField>[] = vat
    ? [
        ['address', regionIncomplete(r) || regionTooLong(r), '请选择省市区'],
        ...filled('addressx', v.addressx, '详细地址', 100),
      ]
    : []
  return checked(
    firstError([
      ['types', !(INVOICE_TYPES as readonly string[]).includes(types), '请选择发票类型'],
      ...filled('companyName', v.companyName, '公司名称', 20),
      ['companyCode', !v.companyCode, '请填写税号'],
      ['companyCode', !isCreditCodeShape(v.companyCode), INVOICE_MESSAGES.codeShape],
      ['companyCode', !isCreditCode(v.companyCode), INVOICE_MESSAGES.codeCheck],
      ...vatChecks,
      ...filled('name', v.name, '收票人', 10),
      ['tel', !v.tel, '请填写收票人手机号'],
      ['tel', !isPhone(v.tel), '收票人手机号格式不正确'],
      ...receiverAddress,
      ['country', len(v.country) > 20, '国家不正确'],
    ]),
    v,
  )
}
