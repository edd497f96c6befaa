import { type AddressForm, checkAddress } from '../../src/lib/rules/address.ts'
import { joinRegion } from '../../src/lib/rules/region.ts'
import { ownedRoutes } from './owned.ts'

interface AddressRow {
  id: number
  name: string
  tel: string
  country: string
  province: string
  city: string
  area: string
  street: string
  address_detail: string
  status: number
}

/** UserAddress/* (accounts §7): the delivery addresses of the signed-in user. */
export const addressRoutes = ownedRoutes<AddressForm, AddressRow>({
  resource: 'UserAddress',
  table: 'addresses',
  check: checkAddress,
  columns: (v) => ({
    name: v.name,
    tel: v.tel,
    country: v.country,
    province: v.province,
    city: v.city,
    area: v.area,
    street: v.street,
    address_detail: v.addressDetail,
  }),
  answer: (r) => ({
    id: Number(r.id),
    name: r.name,
    tel: r.tel,
    province: r.province,
    city: r.city,
    area: r.area,
    street: r.street,
    addressDetail: r.address_detail,
    address: joinRegion(r),
    status: Number(r.status),
    country: r.country,
  }),
  max: 50,
  messages: {
    saved: '地址保存成功',
    deleted: '地址删除成功',
    notFound: '地址不存在',
    full: '最多保存50个地址',
  },
})
