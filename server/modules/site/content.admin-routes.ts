/**
 * The back office's FAQ, configuration texts, dictionaries and company facts (issue 21,
 * permission content.write); FAQ entries and the rich texts also as drafts: saved, previewed,
 * published, discarded.
 */
import { ClassifyKey, type ClassifyKeyName } from '../../../src/lib/constants.ts'
import { checkCompany } from '../../../src/lib/rules/company.ts'
import { SORT_RANGE } from '../../../src/lib/rules/fields.ts'
import { FAQ_ANSWER_MAX, SITE_TEXT_MAX } from '../../../src/lib/rules/site-content.ts'
import { adminRoute } from '../../admin/admin-route.ts'
import { answers, jsonBody, z } from '../../contract/index.ts'
import { field, id, oneOf, ruleBody } from '../../contract/params.ts'
import { TEXT_KEYS, TEXT_TITLES, type TextKey } from './content.service.ts'
import { draftRoutes } from './draft-routes.ts'
import { CompanyFacts } from './site.routes.ts'

const byId = z.object({ id: id() })
const Removed = z.object({ id: z.number().int() })
/** A list's sort number; one message for every way it can be wrong (a sign, a fraction, a word). */
export const sort = z.number({ error: SORT_RANGE }).int(SORT_RANGE).min(0, SORT_RANGE).max(9999, SORT_RANGE)

const liveFaq = { title: z.string(), answer: z.string(), sort: z.number().int(), enabled: z.boolean() }
const FaqDraft = z
  .object(liveFaq)
  .openapi('FaqDraft', { description: '未发布的草稿：发布后成为该问题的这些字段；只有后台看得到' })
export const AdminFaq = z
  .object({ id: z.number().int(), ...liveFaq, draft: FaqDraft.nullable() })
  .openapi('AdminFaq')
const faqFields = {
  title: z.string().trim().min(1, '请填写问题').max(100, '问题不能超过100个字符'),
  answer: z
    .string()
    .max(FAQ_ANSWER_MAX, `回答不能超过${FAQ_ANSWER_MAX}个字符`)
    .openapi({ description: '回答（富文本，经统一的清理）' }),
  sort,
  enabled: z.boolean(),
}
const FaqNew = z
  .object({
    ...faqFields,
    answer: faqFields.answer.optional(),
    sort: sort.optional(),
    enabled: z.boolean().optional(),
  })
  .strict()
  .openapi('FaqNew')
const FaqEdit = z.object(faqFields).partial().strict().openapi('FaqEdit')

export const getAdminFaq = adminRoute('get', '/admin/faq', 'content.write', {
  summary: '常见问题（含停用的），按排序',
  responses: answers(z.array(AdminFaq), [401]),
})
export const postAdminFaq = adminRoute('post', '/admin/faq', 'content.write', {
  summary: '新增常见问题',
  request: { body: jsonBody(FaqNew) },
  responses: answers(AdminFaq, [401]),
})
export const putAdminFaq = adminRoute('put', '/admin/faq/{id}', 'content.write', {
  summary: '修改常见问题（只改给出的字段）',
  request: { params: byId, body: jsonBody(FaqEdit) },
  responses: answers(AdminFaq, [401, 404]),
})
/** The FAQ entry's draft calls: its preview, a new entry as a draft, save, publish, discard. */
export const faqDrafts = draftRoutes({
  base: '/admin/faq',
  param: '{id}',
  noun: '常见问题',
  one: '一条常见问题',
  params: byId,
  answer: AdminFaq,
  edit: FaqEdit,
  create: FaqNew,
  notFound: true,
  summaries: {
    save: '保存常见问题草稿（给出的字段覆盖现有草稿或线上内容，回答经统一的清理）；站点不变',
  },
})
export const deleteAdminFaq = adminRoute('delete', '/admin/faq/{id}', 'content.write', {
  summary: '删除常见问题',
  request: { params: byId },
  responses: answers(Removed, [401, 404]),
})

const TEXT_KEY_LIST = Object.keys(TEXT_TITLES) as [TextKey, ...TextKey[]]
export const AdminText = z
  .object({
    key: z.enum(TEXT_KEY_LIST),
    title: z.string(),
    value: z.string(),
    draft: z
      .string()
      .nullable()
      .openapi({ description: '未发布的草稿（HTML，已清理）；只有后台看得到。levels 没有草稿' }),
  })
  .openapi('AdminText')
const textValue = z
  .object({ value: z.string().max(SITE_TEXT_MAX, `内容不能超过${SITE_TEXT_MAX}个字符`) })
  .strict()
/** The texts that may wait as drafts: the rich ones (levels is JSON, saved directly). */
const richKey = z.object({ key: z.enum(TEXT_KEYS, { error: '只有富文本可以保存草稿' }) })

export const getAdminTexts = adminRoute('get', '/admin/texts', 'content.write', {
  summary: '配置文本：用户协议、隐私政策、等级说明（HTML）与等级门槛（JSON）',
  responses: answers(z.array(AdminText), [401]),
})
export const putAdminText = adminRoute('put', '/admin/texts/{key}', 'content.write', {
  summary: '修改一项配置文本（富文本经统一的清理；levels 为 JSON）',
  request: {
    params: z.object({ key: z.enum(TEXT_KEY_LIST) }),
    body: jsonBody(textValue),
  },
  responses: answers(AdminText, [401]),
})
/** A rich text's draft calls: its preview (any text), save, publish, discard (the rich ones). */
export const textDrafts = draftRoutes({
  base: '/admin/texts',
  param: '{key}',
  noun: '富文本配置',
  one: '一项配置文本',
  params: z.object({ key: z.enum(TEXT_KEY_LIST) }),
  draftParams: richKey,
  answer: AdminText,
  edit: textValue,
  notFound: false,
  summaries: {
    save: '保存富文本配置的草稿（经统一的清理）；用户看到的内容不变',
    publish: '发布富文本配置的草稿；站点随后重建。没有草稿时 409',
    discard: '放弃富文本配置的草稿；用户看到的内容不变。没有草稿时 409',
  },
})

const KEYS = Object.keys(ClassifyKey) as [ClassifyKeyName, ...ClassifyKeyName[]]
export const AdminDictEntry = z
  .object({
    id: z.number().int(),
    key: z.string(),
    title: z.string(),
    sort: z.number().int(),
    usedBy: z.string().openapi({ description: '使用处，如 12个商品、3门课程；空为未使用' }),
  })
  .openapi('AdminDictEntry')
const dictTitle = z.string().trim().min(1, '请填写名称').max(20, '名称不能超过20个字符')

export const getAdminDictionary = adminRoute('get', '/admin/dictionaries', 'content.write', {
  summary: '一个字典键的分类或标签，按排序，附使用处',
  request: { query: z.object({ key: oneOf('字典键', KEYS) }) },
  responses: answers(z.array(AdminDictEntry), [401]),
})
export const postAdminDictionary = adminRoute('post', '/admin/dictionaries', 'content.write', {
  summary: '新增分类或标签',
  request: {
    body: jsonBody(
      z
        .object({ key: z.enum(KEYS, { error: '请选择字典' }), title: dictTitle, sort: sort.optional() })
        .strict(),
    ),
  },
  responses: answers(AdminDictEntry, [401]),
})
export const putAdminDictionary = adminRoute('put', '/admin/dictionaries/{id}', 'content.write', {
  summary: '修改分类或标签的名称、排序（使用中的标签不能改名）',
  request: {
    params: byId,
    body: jsonBody(z.object({ title: dictTitle.optional(), sort: sort.optional() }).strict()),
  },
  responses: answers(AdminDictEntry, [401, 404]),
})
export const deleteAdminDictionary = adminRoute('delete', '/admin/dictionaries/{id}', 'content.write', {
  summary: '删除分类或标签（使用中的不能删除，回答使用处）',
  request: { params: byId },
  responses: answers(Removed, [401, 404]),
})

export const getAdminCompany = adminRoute('get', '/admin/site/company', 'content.write', {
  summary: '公司信息（未保存过时为默认值）',
  responses: answers(CompanyFacts, [401]),
})
export const putAdminCompany = adminRoute('put', '/admin/site/company', 'content.write', {
  summary: '保存公司信息（整份；电话、邮箱、备案号按统一规则检查），重建全站',
  request: {
    body: jsonBody(
      ruleBody(checkCompany, {
        slogan: field('string', '口号'),
        description: field('string', '网站简介'),
        hotline: field('string', '服务热线：手机号、座机或400号码'),
        postal: field('object', '总部地址：{region 省份, locality 城市, street 详细地址}'),
        offices: field('array', '办事处：[{name, address}]'),
        contacts: field('array', '联系人：[{name, role, phone, email}]，第一位是支付页的业务经理'),
        icp: field('string', 'ICP备案号，如 苏ICP备20001234号-1'),
        qr: field('object', '页脚二维码：{app, mp}，各为 {link 链接, image 上传的二维码图片}'),
        about: field('object', '关于页：{intro 段落[], productLines [{title, text}]}'),
      }),
    ),
  },
  responses: answers(CompanyFacts, [401]),
})
