import { type Checked, checked, defaultFlag, filled, firstError, type Input, len, text } from './fields.ts'
import { isPhone, PHONE_MESSAGES } from './phone.ts'
import { type Region, region, regionIncomplete, regionTooLong } from './region.ts'

export interface AddressForm extends Region {
  name: string
  tel: string
  addressDetail: string
  status: 0 | 1
  country: string
}

/** The fields checkAddress may refuse: `address` is the region picker, `street` its last level. */
export type AddressField = 'name' | 'tel' | 'address' | 'street' | 'addressDetail' | 'country'

export const NAME_MAX = 20
export const DETAIL_MAX = 100

/** The shipping address form (accounts §5), in the spec's order. */
export function checkAddress(input: Input): Checked<AddressForm, AddressField> {
  const r = region(input)
  const v: AddressForm = {
    name: text(input, 'name'),
    tel: text(input, 'tel'),
    ...r,
    addressDetail: text(input, 'addressDetail'),
    status: defaultFlag(input),
    country: text(input, 'country') || '中国',
  }
  return checked(
    firstError([
      ...filled('name', v.name, '收货人', NAME_MAX),
      ['tel', !v.tel, PHONE_MESSAGES.required],
      ['tel', !isPhone(v.tel), PHONE_MESSAGES.format],
      ['address', regionIncomplete(r) || regionTooLong(r), '请选择省市区'],
      ['street', !v.street, '请选择所在街道'],
      ...filled('addressDetail', v.addressDetail, '详细地址', DETAIL_MAX),
      ['country', len(v.country) > 20, '国家不正确'],
    ]),
    v,
  )
}
