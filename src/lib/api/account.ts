/**
 * The signed-in calls of accounts §7: session, profile, certification, addresses, invoices,
 * complaints, wallet and introducer lists. GETs resolve to `data`, POSTs to `{status, data}`
 * (accounts §7 "What the product does with answers").
 */

import type { CertForm as CertificationForm } from '../rules/certification.ts'
import type { ComplaintBody as Complaint } from '../rules/complaint.ts'
import type { DateRange } from '../rules/paging.ts'
import { PAGE_SIZE_DEFAULT } from '../rules/paging.ts'
import type { CallOptions, Http, UploadOptions } from './http.ts'
import type {
  Address,
  CustomerOrder,
  Introducer,
  Invoice,
  LoginAnswer,
  Paged,
  Profile,
  Transaction,
} from './types.ts'

export { INVOICE_TYPES } from '../rules/invoice.ts'
export type {
  Address,
  Customer,
  CustomerOrder,
  Introducer,
  Invoice,
  InvoiceType,
  LoginAnswer,
  Profile,
  Transaction,
} from './types.ts'

/** The address form as the client posts it: the record without what the server derives. */
export type AddressForm = Omit<Address, 'id' | 'address' | 'country'> & { id?: number; country?: string }
/** The invoice form as the client posts it. */
export type InvoiceForm = Omit<Invoice, 'id' | 'address' | 'country'> & { id?: number; country?: string }

export type { CertificationForm, Complaint, DateRange }

export function createAccountApi(http: Http) {
  const { get, post } = http
  return {
    // Session (accounts §4)
    getAccountCodes: (tel: string, o?: CallOptions) =>
      get<string>('/api/Account/GetAccountCodes', { tel }, o),
    postUsersRegistTel: (b: { tel: string; code: string; password: string; okPassword: string }) =>
      post<string>('/api/Users/PostUsersRegistTel', b),
    /** 忘记密码 (an addition, issue 19): a new password with an SMS code; every session ends. */
    postUsersPswReset: (b: { tel: string; code: string; password: string; okPassword: string }) =>
      post<string>('/api/Users/PostUsersPswReset', b),
    postUsersCode: (b: { tel: string; code: string }) => post<LoginAnswer>('/api/Users/PostUsersCode', b),
    postUsersPsw: (b: { tel: string; password: string }) => post<LoginAnswer>('/api/Users/PostUsersPsw', b),
    postUsersLogout: () => post<string>('/api/Users/PostUsersLogout', {}, { silent: true }),
    getWeChatQrcode: () => get<{ url: string; str: string }>('/api/WeChat/GetWeChatQrcode'),
    /** null while nobody has approved the QR yet. */
    getWeChatQrcodeResultpc: (str: string, o?: CallOptions) =>
      get<LoginAnswer | null>('/api/WeChat/GetWeChatQrcodeResultpc', { str }, o),
    /** Inside WeChat's browser (issue 41): someone new to us binds a phone by SMS code and is signed in. */
    postWeChatBind: (str: string, b: { tel: string; code: string }) =>
      post<LoginAnswer>(`/api/WeChat/PostWeChatBind?${new URLSearchParams({ str })}`, b),
    postUsersPassword: (b: { password: string; newPassword: string; okPassword: string }) =>
      post<string>('/api/Users/PostUsersPassword', b),
    /** The owner's proof is the login password or a code sent to the old phone. */
    postUsersTels: (
      b: { tel: string; newTel: string; code: string } & ({ password: string } | { oldCode: string }),
    ) => post<string>('/api/Users/PostUsersTels', b),

    // Profile and certification (storefront §4-§5)
    getUsersInfo: (o?: CallOptions) => get<Profile>('/api/Users/GetUsersInfo', undefined, o),
    postUsersInfo: (b: { nickName: string; avatarUrl: string; ext?: string; content: string }) =>
      post<string>('/api/Users/PostUsersInfo', b),
    postUsersBind: (form: CertificationForm, level: number) =>
      post<string>('/api/Users/PostUsersBind', { ext: JSON.stringify(form), level }),
    postUsersBindReset: () => post<string>('/api/Users/PostUsersBindReset', {}),

    // Addresses and invoices (accounts §7)
    getUserAddressQuery: () => get<Address[]>('/api/UserAddress/GetUserAddressQuery'),
    saveUserAddress: (a: AddressForm) =>
      post<string>(
        a.id ? '/api/UserAddress/PostUserAddressUpdate' : '/api/UserAddress/PostUserAddressAppend',
        a,
      ),
    deleteUserAddress: (id: number) => post<string>('/api/UserAddress/PostUserAddressDelete', String(id)),
    getUserInvoiceQuery: () => get<Invoice[]>('/api/UserInvoice/GetUserInvoiceQuery'),
    saveUserInvoice: (v: InvoiceForm) =>
      post<string>(
        v.id ? '/api/UserInvoice/PostUserInvoiceUpdate' : '/api/UserInvoice/PostUserInvoiceAppend',
        v,
      ),
    deleteUserInvoice: (id: number) => post<string>('/api/UserInvoice/PostUserInvoiceDelete', String(id)),

    // Complaints are articles of status 50 (accounts §5)
    postComplaint: (c: Complaint) => post<string>('/api/Article/PostArticleAppend', { ...c, status: 50 }),

    // Wallet and introducer lists
    getRechargePage: (
      q: { pageIndex: number; pageSize?: number; tag?: 1 | 2 } & DateRange,
      o?: CallOptions,
    ) => get<Paged<Transaction>>('/api/Recharge/GetRechargePage', { pageSize: PAGE_SIZE_DEFAULT, ...q }, o),
    getCustomerOrders: (q: { pageIndex: number; pageSize?: number } & DateRange, o?: CallOptions) =>
      get<Paged<CustomerOrder>>(
        '/api/Orders/GetOrdersPage',
        { pageSize: PAGE_SIZE_DEFAULT, ...q, introducer: 1 },
        o,
      ),
    getUsersIntroducer: (q: DateRange = {}, o?: CallOptions) =>
      get<Introducer>('/api/Users/GetUsersIntroducer', { ...q }, o),
    /** The bell (an addition, issue 19): notifications newer than the last seen on /message. */
    getUsersUnread: (o?: CallOptions) => get<number>('/api/Users/GetUsersUnread', {}, o),
    /** /message showed notifications up to `id`: they are read. */
    postUsersNoticesRead: (id: number) =>
      post<string>('/api/Users/PostUsersNoticesRead', { id }, { silent: true }),
    getNotifications: (o?: CallOptions) =>
      get<{ id: number; title: string; content: string; createTime: string }[]>(
        '/api/Article/GetArticleQuery',
        { status: 200 },
        o,
      ),

    /** One file to Upload/PostUpload; `onProgress` hears the fraction sent, 0 to 1 (accounts §2 uploader). */
    upload: (file: Blob, name: string, o?: UploadOptions) => http.upload(file, name, o),
    /** One of the caller's private files (a certification scan …) as a Blob (Upload/GetPrivateFile, issue 13). */
    privateFile: (path: string, o?: CallOptions) => http.download('/api/Upload/GetPrivateFile', { path }, o),
    /** A short-lived link to one of the caller's private course files, read by ranges (Upload/GetPrivateFileLink). */
    privateFileLink: (path: string, o?: CallOptions) =>
      http.get<{ url: string }>('/api/Upload/GetPrivateFileLink', { path }, o),
  }
}
export type AccountApi = ReturnType<typeof createAccountApi>
