import { OWNED_MAX } from '../../../src/lib/constants.ts'
import { checkAddress } from '../../../src/lib/rules/address.ts'
import { type Checked, checked, type Input, refusal } from '../../../src/lib/rules/fields.ts'
import { checkInvoice, INVOICE_TYPES } from '../../../src/lib/rules/invoice.ts'
import { answers, apiRoute, jsonBody, z } from '../../contract/index.ts'
import { field, id, idBody, parseId, type ruleBody } from '../../contract/params.ts'
import { ruleRequest } from '../../contract/requests.ts'
import { signedIn } from '../../http.ts'

const tags = ['地址与发票信息']

const region = {
  province: z.string(),
  city: z.string(),
  area: z.string(),
  street: z.string(),
}
const isDefault = z.number().int().openapi({ description: '1 为默认，每个用户至多一条' })

export const Address = z
  .object({
    id: z.number().int(),
    name: z.string().openapi({ description: '收货人' }),
    tel: z.string().openapi({ description: '收货人手机号' }),
    ...region,
    addressDetail: z.string().openapi({ description: '详细地址' }),
    address: z.string().openapi({ description: '省,市,区县,街道，逗号连接' }),
    status: isDefault,
    country: z.string(),
  })
  .openapi('Address', { description: '用户保存的收货地址' })

export const Invoice = z
  .object({
    id: z.number().int(),
    types: z.enum(INVOICE_TYPES).openapi({ description: '发票类型' }),
    companyName: z.string().openapi({ description: '公司名称（发票抬头）' }),
    companyCode: z.string().openapi({ description: '税号' }),
    companyAddress: z.string().openapi({ description: '注册地址' }),
    companyTel: z.string().openapi({ description: '注册电话' }),
    bank: z.string().openapi({ description: '开户银行' }),
    account: z.string().openapi({ description: '银行账号' }),
    name: z.string().openapi({ description: '收票人' }),
    tel: z.string().openapi({ description: '收票人手机号' }),
    address: z.string().openapi({ description: '收票地址的省,市,区县,街道，逗号连接' }),
    addressx: z.string().openapi({ description: '收票地址的详细地址' }),
    ...region,
    status: isDefault,
    country: z.string(),
  })
  .openapi('Invoice', { description: '用户保存的发票信息' })

const regionDoc = {
  province: field('string', '省'),
  city: field('string', '市'),
  area: field('string', '区县'),
  street: field('string', '街道'),
  address: field('string', '地区选择器的值“省,市,区县,街道”，省市区字段为空时用它'),
  status: field('integer', '1 设为默认（同时取消其他的默认）'),
  country: field('string', '国家，默认 中国'),
}
const addressDoc = {
  name: field('string', '收货人，至多20字'),
  tel: field('string', '手机号'),
  ...regionDoc,
  addressDetail: field('string', '详细地址，至多100字'),
}
const invoiceDoc = {
  types: field('string', `发票类型：${INVOICE_TYPES.join(' 或 ')}`),
  companyName: field('string', '公司名称，至多20字'),
  companyCode: field('string', '税号：18位统一社会信用代码，校验位按 GB 32100-2015'),
  companyAddress: field('string', '注册地址，至多100字（仅增值税专用发票）'),
  companyTel: field('string', '注册电话：手机或带区号的座机（仅增值税专用发票）'),
  bank: field('string', '开户银行，至多30字（仅增值税专用发票）'),
  account: field('string', '银行账号：8至30位数字（仅增值税专用发票）'),
  name: field('string', '收票人，至多10字'),
  tel: field('string', '收票人手机号'),
  ...regionDoc,
  addressx: field('string', '详细地址，至多100字（仅增值税专用发票；电子普通发票不存地址）'),
}

/** An update is the form plus the id of the record, checked first: 请提供正确的编号. */
const withId =
  <T>(check: (input: Input) => Checked<T>) =>
  (input: Input): Checked<T & { id: number }> => {
    const rowId = parseId(input.id)
    if (rowId === null) return checked(refusal('id', '请提供正确的编号'), null as never)
    const r = check(input)
    return r.error === null ? checked(null, { ...r.value, id: rowId }) : r
  }

/**
 * The five calls of one owned resource (accounts §7): Query (list), Get, Append, Update and
 * Delete, under /{name}/Get{name}Query …
 */
function ownedCalls<I extends z.ZodType, F, N extends string>(
  name: N,
  what: string,
  item: I,
  check: (input: Input) => Checked<F>,
  doc: Parameters<typeof ruleBody>[1],
) {
  return {
    list: apiRoute('get', `/${name}/Get${name}Query`, tags, {
      summary: `自己的${what}，默认的在前，其余新的在前`,
      responses: answers(z.array(item), [401]),
    }),
    get: apiRoute('get', `/${name}/Get${name}`, tags, {
      summary: `自己的一条${what}。别人的与不存在的一样回答 404`,
      request: { query: z.object({ id: id() }) },
      responses: answers(item, [401, 404]),
    }),
    append: apiRoute('post', `/${name}/Post${name}Append`, tags, {
      summary: `新增${what}，至多${OWNED_MAX}条`,
      middleware: [signedIn],
      request: ruleRequest(check, doc),
      responses: answers(z.string(), [401, 413]),
    }),
    update: apiRoute('post', `/${name}/Post${name}Update`, tags, {
      summary: `修改自己的一条${what}（body 带 id）`,
      middleware: [signedIn],
      request: ruleRequest(withId(check), { id: field('integer', '编号'), ...doc }),
      responses: answers(z.string(), [401, 404, 413]),
    }),
    remove: apiRoute('post', `/${name}/Post${name}Delete`, tags, {
      summary: `删除自己的一条${what}：从列表隐藏，已用过它的订单仍指向它`,
      middleware: [signedIn],
      request: { body: jsonBody(idBody()) },
      responses: answers(z.string(), [401, 404, 413]),
    }),
  }
}

/** UserAddress/*: the delivery addresses of the signed-in user. */
export const address = ownedCalls('UserAddress', '收货地址', Address, checkAddress, addressDoc)

/** UserInvoice/*: the invoice details the user applies for invoices with. */
export const invoice = ownedCalls('UserInvoice', '发票信息', Invoice, checkInvoice, invoiceDoc)
