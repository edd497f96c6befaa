/**
 * The back office's customer lookup and certification review (issue 20): admin calls of the
 * accounts domain, answered from the same queries as the customer's own calls.
 */
import { checkCertDecision } from '../../../src/lib/rules/certification.ts'
import { adminRoute } from '../../admin/admin-route.ts'
import { answers, jsonBody, pagedOf, z } from '../../contract/index.ts'
import { field, id, int, page, ruleBody, str } from '../../contract/params.ts'
import { OwnProfile } from './accounts.routes.ts'

const userParam = z.object({ userId: id('用户编号') })

export const StaffCertification = z
  .object({
    userId: z.number().int(),
    tel: z.string(),
    nickName: z.string(),
    realName: z.string(),
    status: z.number().int().openapi({ description: '认证状态：0 待填写，1/4 暂无资料，2 待审核，3 已认证' }),
    statusText: z.string(),
    level: z.number().int().openapi({ description: '认证身份：0 无，10 医生，20 机构' }),
    levelText: z.string(),
    submitTime: z.string().openapi({ description: '最近提交审核的时间；未记录时为空' }),
    recName: z.string(),
    recTel: z.string(),
    email: z.string(),
    scans: z.array(z.object({ label: z.string(), path: z.string() })).openapi({
      description: '证件扫描件：只能经 GET /api/admin/certifications/{userId}/scan 以后台会话读取',
    }),
  })
  .openapi('StaffCertification')
export type StaffCertification = z.infer<typeof StaffCertification>

export const CustomerRow = z
  .object({
    id: z.number().int(),
    code: z.string(),
    tel: z.string(),
    nickName: z.string(),
    realName: z.string(),
    level: z.number().int(),
    levelText: z.string(),
    status: z.number().int().openapi({ description: '认证状态' }),
    statusText: z.string(),
    balance: z.number().openapi({ description: '余额（元）' }),
    createTime: z.string(),
  })
  .openapi('CustomerRow')
export type CustomerRow = z.infer<typeof CustomerRow>

export const CustomerDetail = OwnProfile.extend({
  createTime: z.string(),
  introducerId: z.number().int().nullable(),
  certification: StaffCertification,
}).openapi('CustomerDetail')
export type CustomerDetail = z.infer<typeof CustomerDetail>

// --- customers -------------------------------------------------------------------------------

export const getCustomers = adminRoute('get', '/admin/customers', 'customers.read', {
  summary: '查找客户：按手机号（部分）、昵称或姓名（部分）、用户编号；新注册的在前',
  request: { query: z.object({ q: str('手机号、姓名或用户编号', 40), ...page }) },
  responses: answers(pagedOf(CustomerRow), [401]),
})

export const getCustomer = adminRoute('get', '/admin/customers/{userId}', 'customers.read', {
  summary: '客户资料：个人信息、余额与累计消费、认证状态与资料',
  request: { params: userParam },
  responses: answers(CustomerDetail, [401, 404]),
})

// --- certifications --------------------------------------------------------------------------

export const getCertifications = adminRoute('get', '/admin/certifications', 'certifications.review', {
  summary: '认证审核队列：默认待审核（状态 2），先提交的在前',
  request: { query: z.object({ status: int('认证状态', { min: 0, max: 4, def: 2 }), ...page }) },
  responses: answers(pagedOf(StaffCertification), [401]),
})

export const getCertification = adminRoute('get', '/admin/certifications/{userId}', 'certifications.review', {
  summary: '一位用户的认证资料',
  request: { params: userParam },
  responses: answers(StaffCertification, [401, 404]),
})

export const getCertificationScan = adminRoute(
  'get',
  '/admin/certifications/{userId}/scan',
  'certifications.review',
  {
    summary:
      '认证资料中的一张扫描件：回答文件本身（不可缓存）；只限该用户认证资料里的文件，其他路径与不存在的一样回答 404',
    request: { params: userParam, query: z.object({ path: str('扫描件的存储路径', 300) }) },
    responses: {
      200: {
        description: '文件内容（Content-Type 按文件类型），Cache-Control: private, no-store',
        content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
      },
      ...(({ 200: _, ...refusals }) => refusals)(answers(z.string(), [401, 404])),
    },
  },
)

export const postCertificationDecision = adminRoute(
  'post',
  '/admin/certifications/{userId}',
  'certifications.review',
  {
    summary:
      '审核认证资料（仅限待审核）：approve 通过（认证为所提交的身份），reject 驳回（须填写原因，回到待填写）；用户收到消息通知，记入操作日志',
    request: {
      params: userParam,
      body: jsonBody(
        ruleBody(checkCertDecision, {
          decision: field('string', 'approve 通过，reject 驳回'),
          reason: field('string', '原因：驳回时必填，通知用户；最多 100 字'),
        }),
      ),
    },
    responses: answers(StaffCertification, [401, 404]),
  },
)
