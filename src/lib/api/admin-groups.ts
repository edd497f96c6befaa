/**
 * The back office's customer groups and price lists (issue 40 item 2) on the staff session,
 * permission promotions.write. Prices are yuan on the wire, times 'YYYY-MM-DD HH:mm' China time
 * or '' for open; typed from their routes. Imported by admin islands only.
 */
import { type AdminAnswer, adminCall } from './admin-call.ts'

export type AdminGroup = AdminAnswer<'get', '/admin/customer-groups'>[number]
export type AdminGroupDetail = AdminAnswer<'get', '/admin/customer-groups/{id}'>
export type PhoneResult = AdminAnswer<'post', '/admin/customer-groups/{id}/members/csv'>['results'][number]
export type AdminPriceList = AdminAnswer<'get', '/admin/price-lists'>[number]
export type AdminPriceListDetail = AdminAnswer<'get', '/admin/price-lists/{id}'>

/** What the price-list form sends: the whole list. */
export interface PriceListBody {
  groupId: number
  title: string
  prices: { skuId: number; price: string }[]
  categories: { classId: number; percentOff: string }[]
  startTime: string
  endTime: string
}

export const groupsApi = {
  groups: () => adminCall('get', '/admin/customer-groups')(),
  group: (id: number) => adminCall('get', '/admin/customer-groups/{id}')({ param: { id } }),
  createGroup: (name: string) => adminCall('post', '/admin/customer-groups')({ json: { name } }),
  renameGroup: (id: number, name: string) =>
    adminCall('put', '/admin/customer-groups/{id}')({ param: { id }, json: { name } }),
  removeGroup: (id: number) => adminCall('delete', '/admin/customer-groups/{id}')({ param: { id } }),
  setMembers: (id: number, userIds: number[]) =>
    adminCall('put', '/admin/customer-groups/{id}/members')({ param: { id }, json: { userIds } }),
  addPhones: (id: number, csv: string) =>
    adminCall('post', '/admin/customer-groups/{id}/members/csv')({ param: { id }, json: { csv } }),

  priceLists: (groupId?: number) =>
    adminCall('get', '/admin/price-lists')({ query: groupId ? { groupId } : {} }),
  priceList: (id: number) => adminCall('get', '/admin/price-lists/{id}')({ param: { id } }),
  createPriceList: (body: PriceListBody) => adminCall('post', '/admin/price-lists')({ json: body }),
  editPriceList: (id: number, body: PriceListBody) =>
    adminCall('put', '/admin/price-lists/{id}')({ param: { id }, json: body }),
  removePriceList: (id: number) => adminCall('delete', '/admin/price-lists/{id}')({ param: { id } }),
}
