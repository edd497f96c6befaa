/**
 * Customer groups and price lists (issue 40 item 2), marketing's permission promotions.write.
 * Wire shapes the issue pins: POST /admin/customer-groups { name } → { id }; PUT
 * /admin/customer-groups/{id}/members { userIds }; POST /admin/price-lists { groupId, title,
 * prices: [{ skuId, price }] } with price in yuan. The rest is this screen's.
 */

import type { Checked, Input } from '../../../src/lib/rules/fields.ts'
import {
  checkGroupName,
  checkMembers,
  checkPriceList,
  GROUP_NAME_MAX,
} from '../../../src/lib/rules/price-list.ts'
import { adminRoute } from '../../admin/admin-route.ts'
import { answers, jsonBody, z } from '../../contract/index.ts'
import { field, id, ruleBody } from '../../contract/params.ts'

const P = 'promotions.write'
const groupId = z.object({ id: id('客户组编号') })
const listId = z.object({ id: id('价目表编号') })
const Id = z.object({ id: z.number().int() })
const STATE = z.enum(['未开始', '进行中', '已结束'])

export const AdminGroup = z
  .object({
    id: z.number().int(),
    name: z.string(),
    members: z.number().int().openapi({ description: '成员数' }),
    priceLists: z.number().int().openapi({ description: '价目表数' }),
    createTime: z.string(),
  })
  .openapi('AdminCustomerGroup', { description: '客户组' })

const Member = z.object({
  userId: z.number().int(),
  phone: z.string(),
  nickName: z.string(),
  joinTime: z.string(),
})

export const AdminGroupDetail = z
  .object({ id: z.number().int(), name: z.string(), createTime: z.string(), members: z.array(Member) })
  .openapi('AdminCustomerGroupDetail')

const PhoneResult = z.object({
  phone: z.string(),
  userId: z.number().int().nullable(),
  nickName: z.string(),
  result: z.enum(['added', 'already', 'unknown', 'invalid']),
  text: z.string().openapi({ description: '已加入、已在组内、未找到该手机号的客户、手机号格式不正确' }),
})

export const AdminPriceList = z
  .object({
    id: z.number().int(),
    groupId: z.number().int(),
    groupName: z.string(),
    title: z.string(),
    startTime: z.string().openapi({ description: '开始时间；空为不限' }),
    endTime: z.string().openapi({ description: '结束时间；空为不限' }),
    state: STATE,
    prices: z.number().int().openapi({ description: '商品价格项数' }),
    categories: z.number().int().openapi({ description: '分类折扣项数' }),
    createTime: z.string(),
  })
  .openapi('AdminPriceList', { description: '价目表' })

export const AdminPriceListDetail = z
  .object({
    id: z.number().int(),
    groupId: z.number().int(),
    groupName: z.string(),
    title: z.string(),
    startTime: z.string(),
    endTime: z.string(),
    state: STATE,
    prices: z.array(
      z.object({
        skuId: z.number().int(),
        price: z.number().openapi({ description: '协议价（元）' }),
        listPrice: z.number().nullable().openapi({ description: '原价（元）；规格已删除为 null' }),
        title: z.string(),
      }),
    ),
    categories: z.array(
      z.object({ classId: z.number().int(), percentOff: z.number().int(), title: z.string() }),
    ),
  })
  .openapi('AdminPriceListDetail')

const priceListDoc = {
  groupId: field('integer', '客户组编号'),
  title: field('string', '价目表名称'),
  prices: field('array', '商品价格 [{ skuId: 规格编号, price: 协议价（元，大于0，最多两位小数） }]'),
  categories: field('array', '分类折扣 [{ classId: 商品分类编号, percentOff: 减百分之几（1–99） }]'),
  startTime: field('string', '开始时间 yyyy-mm-dd hh:mm；空为不限'),
  endTime: field('string', '结束时间 yyyy-mm-dd hh:mm；空为不限'),
}

const csvBody = (input: Input): Checked<{ csv: string }, 'csv'> => {
  const csv = typeof input.csv === 'string' ? input.csv : ''
  if (!csv.trim()) return { error: '请粘贴或上传手机号（每行一个）', field: 'csv', value: null }
  if (csv.length > 200_000) return { error: '内容过长，请分批导入', field: 'csv', value: null }
  return { error: null, field: null, value: { csv } }
}

export const getGroups = adminRoute('get', '/admin/customer-groups', P, {
  summary: '客户组（新的在前）及成员数、价目表数',
  responses: answers(z.array(AdminGroup), [401]),
})

export const getGroup = adminRoute('get', '/admin/customer-groups/{id}', P, {
  summary: '一个客户组及其成员',
  request: { params: groupId },
  responses: answers(AdminGroupDetail, [401, 404]),
})

export const postGroup = adminRoute('post', '/admin/customer-groups', P, {
  summary: `新建客户组（名称至多${GROUP_NAME_MAX}字，不可重名：409）`,
  request: { body: jsonBody(ruleBody(checkGroupName, { name: field('string', '客户组名称') })) },
  responses: answers(Id, [401, 409]),
})

export const putGroup = adminRoute('put', '/admin/customer-groups/{id}', P, {
  summary: '客户组改名',
  request: {
    params: groupId,
    body: jsonBody(ruleBody(checkGroupName, { name: field('string', '客户组名称') })),
  },
  responses: answers(Id, [401, 404, 409]),
})

export const deleteGroup = adminRoute('delete', '/admin/customer-groups/{id}', P, {
  summary: '删除客户组及其成员关系和价目表',
  request: { params: groupId },
  responses: answers(Id, [401, 404]),
})

export const putMembers = adminRoute('put', '/admin/customer-groups/{id}/members', P, {
  summary: '设置客户组成员（整体替换；空列表清空）',
  request: {
    params: groupId,
    body: jsonBody(ruleBody(checkMembers, { userIds: field('array', '客户编号列表') })),
  },
  responses: answers(z.object({ id: z.number().int(), members: z.number().int() }), [401, 404]),
})

export const postMembersCsv = adminRoute('post', '/admin/customer-groups/{id}/members/csv', P, {
  summary: '按手机号加入成员（CSV 或每行一个）：逐个返回结果，未找到的手机号只报告，不影响其余',
  request: {
    params: groupId,
    body: jsonBody(ruleBody(csvBody, { csv: field('string', 'CSV 文本：手机号，每行一个（可带表头）') })),
  },
  responses: answers(z.object({ added: z.number().int(), results: z.array(PhoneResult) }), [401, 404]),
})

export const getPriceLists = adminRoute('get', '/admin/price-lists', P, {
  summary: '价目表（新的在前），可按客户组筛选',
  request: { query: z.object({ groupId: id('客户组编号').optional() }) },
  responses: answers(z.array(AdminPriceList), [401]),
})

export const getPriceList = adminRoute('get', '/admin/price-lists/{id}', P, {
  summary: '一个价目表：各规格协议价与原价、分类折扣、日期',
  request: { params: listId },
  responses: answers(AdminPriceListDetail, [401, 404]),
})

export const postPriceList = adminRoute('post', '/admin/price-lists', P, {
  summary: '新建价目表：客户组的规格协议价（元）和/或整个分类减百分之几，可选开始、结束时间',
  request: { body: jsonBody(ruleBody(checkPriceList, priceListDoc)) },
  responses: answers(Id, [401, 404]),
})

export const putPriceList = adminRoute('put', '/admin/price-lists/{id}', P, {
  summary: '修改价目表（完整表单）',
  request: { params: listId, body: jsonBody(ruleBody(checkPriceList, priceListDoc)) },
  responses: answers(Id, [401, 404]),
})

export const deletePriceList = adminRoute('delete', '/admin/price-lists/{id}', P, {
  summary: '删除价目表',
  request: { params: listId },
  responses: answers(Id, [401, 404]),
})
