import { type Checked, checked, defaultFlag, filled, firstError, type Input, len, text } from './fields.ts'
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

/**
 * The invoice form (accounts §5). Every field is required, the ones the form labels optional
 * included, as the spec observes; the kind is checked first since it picks the tab.
 */
export function checkInvoice(input: Input): Checked<InvoiceForm, InvoiceField> {
  const r = region(input)
  const types = text(input, 'types')
  const v = {
    types: types as InvoiceType,
    companyName: text(input, 'companyName'),
    companyCode: text(input, 'companyCode'),
    companyAddress: text(input, 'companyAddress'),
    companyTel: text(input, 'companyTel'),
    bank: text(input, 'bank'),
    account: text(input, 'account'),
    name: text(input, 'name'),
    tel: text(input, 'tel'),
    ...r,
    addressx: text(input, 'addressx') || text(input, 'addressDetail'),
    status: defaultFlag(input),
    country: text(input, 'country') || '中国',
  }
  return checked(
    firstError([
      ['types', !(INVOICE_TYPES as readonly string[]).includes(types), '请选择发票类型'],
      ...filled('companyName', v.companyName, '公司名称', 20),
      ...filled('companyCode', v.companyCode, '税号', 40),
      ...filled('companyAddress', v.companyAddress, '注册地址', 100),
      // A mobile or a landline such as 0512-65551234 (README, API decisions).
      ...filled('companyTel', v.companyTel, '注册电话', COMPANY_TEL_MAX, '位'),
      ['companyTel', !isCompanyTel(v.companyTel), '注册电话格式不正确'],
      ...filled('bank', v.bank, '开户银行', 30),
      ...filled('account', v.account, '银行账号', 20, '位'),
      ...filled('name', v.name, '收票人', 10),
      ['tel', !v.tel, '请填写收票人手机号'],
      ['tel', !isPhone(v.tel), '收票人手机号格式不正确'],
      ['address', regionIncomplete(r) || regionTooLong(r), '请选择省市区'],
      ...filled('addressx', v.addressx, '详细地址', 100),
      ['country', len(v.country) > 20, '国家不正确'],
    ]),
    v,
  )
}
