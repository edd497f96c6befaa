/** Delivery addresses and invoice titles of the demo accounts. */
import { at, DefaultFlag, type SeedContext, Table } from './common.ts'
import type { Place, SeedRegions } from './regions.ts'
import type { SeedUsers } from './users.ts'

export interface AddressInfo extends Place {
  name: string
  tel: string
  detail: string
}

export interface SeedAddressBook {
  addresses: Table<'addresses'>
  invoices: Table<'invoice_infos'>
  /** The plain user's addresses, the default first. */
  plainAddresses: AddressInfo[]
  /** The default address of each of the introducer's customers, in customer order. */
  customerAddresses: AddressInfo[]
  /** The plain user's default invoice title. */
  invoiceId: number
}

const COUNTRY = '中国'

export function seedAddressBook(ctx: SeedContext, users: SeedUsers, regions: SeedRegions): SeedAddressBook {
  const { ago, within, time } = ctx
  const { place } = regions
  const { plainId, customerIds } = users
  const addresses = new Table('addresses')
  const invoices = new Table('invoice_infos')
  const addAddress = (userId: number, a: AddressInfo, isDefault: boolean) => {
    addresses.add({
      user_id: userId,
      name: a.name,
      tel: a.tel,
      country: COUNTRY,
      province: a.province,
      city: a.city,
      area: a.area,
      street: a.street,
      address_detail: a.detail,
      status: isDefault ? DefaultFlag.yes : DefaultFlag.no,
      create_time: time(within(300)),
    })
    return a
  }
  const plainAddresses = [
    addAddress(
      plainId,
      {
        name: '周明',
        tel: '13800000001',
        ...place('江苏省', '苏州市', '姑苏区', 0),
        detail: '人民路1288号金城大厦1506室',
      },
      true,
    ),
    addAddress(
      plainId,
      {
        name: '周明',
        tel: '13800000001',
        ...place('上海市', '上海市', '徐汇区', 2),
        detail: '漕溪北路398号汇智大厦12楼',
      },
      false,
    ),
    addAddress(
      plainId,
      {
        name: '王丽',
        tel: '13912345678',
        ...place('浙江省', '杭州市', '西湖区', 1),
        detail: '文三路259号昌地火炬大厦3号楼5层',
      },
      false,
    ),
  ]
  const customerAddresses = [
    addAddress(
      at(customerIds, 0),
      {
        name: '钱程',
        tel: '13800000021',
        ...place('江苏省', '苏州市', '吴中区', 3),
        detail: '东吴北路98号康美口腔2楼',
      },
      true,
    ),
    addAddress(
      at(customerIds, 1),
      {
        name: '陆远',
        tel: '13800000022',
        ...place('江苏省', '南京市', '鼓楼区', 1),
        detail: '中山北路88号3幢1202室',
      },
      true,
    ),
    addAddress(
      at(customerIds, 2),
      {
        name: '孙德馨',
        tel: '13800000023',
        ...place('江苏省', '无锡市', '梁溪区', 0),
        detail: '人民中路139号德馨诊所',
      },
      true,
    ),
  ]
  addAddress(
    users.doctorId,
    {
      name: '陈立',
      tel: '13800000002',
      ...place('江苏省', '南京市', '玄武区', 0),
      detail: '珠江路88号新世界中心A座2105',
    },
    true,
  )
  addAddress(
    users.institutionId,
    {
      name: '何经理',
      tel: '13800000003',
      ...place('江苏省', '苏州市', '苏州工业园区', 0),
      detail: '星湖街328号创意产业园11幢',
    },
    true,
  )

  const invoicePlace = at(plainAddresses, 0)
  const invoiceAddress = {
    name: '周明',
    tel: '13800000001',
    country: COUNTRY,
    province: invoicePlace.province,
    city: invoicePlace.city,
    area: invoicePlace.area,
    street: invoicePlace.street,
    addressx: invoicePlace.detail,
  }
  const invoiceId = invoices.add({
    user_id: plainId,
    types: '电子普通发票',
    company_name: '姑苏区周明口腔诊所',
    company_code: '92320508MA1W8K3L2Y',
    company_address: '苏州市姑苏区人民路1288号',
    company_tel: '05126523018',
    bank: '中国工商银行苏州观前支行',
    account: '1102020509000123456',
    ...invoiceAddress,
    status: DefaultFlag.yes,
    create_time: time(ago(200)),
  })
  invoices.add({
    user_id: plainId,
    types: '增值税专用发票',
    company_name: '苏州明德口腔医疗有限公司',
    company_code: '91320508MA27Q5RX32',
    company_address: '苏州市姑苏区干将西路566号',
    company_tel: '05126876542',
    bank: '招商银行苏州分行营业部',
    account: '512907334410801',
    ...invoiceAddress,
    status: DefaultFlag.no,
    create_time: time(ago(150)),
  })
  return { addresses, invoices, plainAddresses, customerAddresses, invoiceId }
}
