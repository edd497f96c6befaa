import { checkInvoice, type InvoiceForm } from '../../src/lib/rules/invoice.ts'
import { joinRegion } from '../../src/lib/rules/region.ts'
import { ownedRoutes } from './owned.ts'

interface InvoiceRow {
  id: number
  types: string
  company_name: string
  company_code: string
  company_address: string
  company_tel: string
  bank: string
  account: string
  name: string
  tel: string
  country: string
  province: string
  city: string
  area: string
  street: string
  addressx: string
  status: number
}

/** UserInvoice/* (accounts §7): the invoice details the user applies for invoices with. */
export const invoiceRoutes = ownedRoutes<InvoiceForm, InvoiceRow>({
  resource: 'UserInvoice',
  table: 'invoice_infos',
  check: checkInvoice,
  columns: (v) => ({
    types: v.types,
    company_name: v.companyName,
    company_code: v.companyCode,
    company_address: v.companyAddress,
    company_tel: v.companyTel,
    bank: v.bank,
    account: v.account,
    name: v.name,
    tel: v.tel,
    country: v.country,
    province: v.province,
    city: v.city,
    area: v.area,
    street: v.street,
    addressx: v.addressx,
  }),
  answer: (r) => ({
    id: Number(r.id),
    types: r.types,
    companyName: r.company_name,
    companyCode: r.company_code,
    companyAddress: r.company_address,
    companyTel: r.company_tel,
    bank: r.bank,
    account: r.account,
    name: r.name,
    tel: r.tel,
    address: joinRegion(r),
    addressx: r.addressx,
    province: r.province,
    city: r.city,
    area: r.area,
    street: r.street,
    status: Number(r.status),
    country: r.country,
  }),
  max: 50,
  messages: {
    saved: '发票保存成功',
    deleted: '发票删除成功',
    notFound: '发票信息不存在',
    full: '最多保存50条发票信息',
  },
})
