import { AUDIT_KINDS } from '../../../src/lib/audit-text.ts'
import { ROLES } from '../../../src/lib/permissions.ts'
import { checkStaffLogin, checkStaffProfile } from '../../../src/lib/rules/staff.ts'
import { adminRoute } from '../../admin/admin-route.ts'
import { answers, jsonBody, pagedOf, z } from '../../contract/index.ts'
import { day, daysInOrder, field, id, int, oneOf, page, str } from '../../contract/params.ts'
import { ruleRequest } from '../../contract/requests.ts'

const text = z.string()
const staffName = z.string().openapi({ description: '姓名（如 张敏）；空：未填写，以用户名称呼' })
const staffPhone = z.string().openapi({ description: '手机号；空：未填写' })
const Role = z
  .enum(ROLES)
  .openapi({ description: 'admin 管理员，operator 运营，finance 财务，marketing 市场' })

/** The signed-in staff member, as the sign-in answers it (pinned by issue 20). */
export const StaffIdentity = z
  .object({ id: z.number().int(), username: z.string(), roles: z.array(Role) })
  .openapi('StaffIdentity')

export const StaffSession = z
  .object({
    token: z.string().openapi({
      description:
        'Authorization: Bearer 的后台令牌，8 小时有效，30 分钟无操作失效（脚本用）；浏览器另得 HttpOnly Cookie，不保存此令牌',
    }),
    staff: StaffIdentity,
  })
  .openapi('StaffSession')
export type StaffSession = z.infer<typeof StaffSession>

export const StaffMe = z
  .object({
    id: z.number().int(),
    username: z.string(),
    name: staffName,
    phone: staffPhone,
    roles: z.array(Role),
    permissions: z.array(z.string()).openapi({ description: '此账号持有的权限（后台菜单据此显示）' }),
    mustChangePassword: z.boolean().openapi({ description: 'true：须先修改初始密码才能做别的' }),
    hasTotp: z.boolean(),
    totpRequired: z.boolean().openapi({ description: 'true：须先绑定动态验证码才能做别的（生产环境）' }),
  })
  .openapi('StaffMe')
export type StaffMe = z.infer<typeof StaffMe>

export const StaffAccount = z
  .object({
    id: z.number().int(),
    username: z.string(),
    name: staffName,
    phone: staffPhone,
    roles: z.array(Role),
    enabled: z.boolean(),
    mustChangePassword: z.boolean(),
    hasTotp: z.boolean(),
    lastLoginTime: z.string().nullable(),
    createTime: z.string(),
  })
  .openapi('StaffAccount')
export type StaffAccount = z.infer<typeof StaffAccount>

const Fields = z.record(z.string(), z.unknown()).nullable()
export const AuditRow = z
  .object({
    at: z.string().openapi({ description: '时间（北京时间）' }),
    staff: z.string().openapi({ description: '操作人用户名；ops 为服务器命令行' }),
    staffName: z.string().openapi({ description: '操作人姓名（未填写时为用户名）' }),
    ip: z.string(),
    action: z.string().openapi({ description: '动作，如 order.ship、staff.roles' }),
    target: z.string().openapi({ description: '对象，如 order:202610011234、staff:3' }),
    targetName: z
      .string()
      .openapi({ description: '对象的称呼：订单号、用户手机号、商品名称、员工姓名；查不到时为空' }),
    before: Fields.openapi({ description: '改动前的字段' }),
    after: Fields.openapi({ description: '改动后的字段' }),
  })
  .openapi('AuditRow')
export type AuditRow = z.infer<typeof AuditRow>

const Totp = z
  .object({
    secret: z.string().openapi({ description: '密钥（base32），可手工输入验证器' }),
    uri: z.string().openapi({ description: 'otpauth:// 地址' }),
    svg: z.string().openapi({ description: '二维码（SVG）' }),
  })
  .openapi('StaffTotpEnrolment')

const roleList = z.array(z.string().max(20)).max(8, { error: '角色不正确' })
/** The acting admin's proof (issue 39); its absence is refused in Chinese by the handler, not here. */
const Confirm = z
  .object({ password: z.string().max(200).optional(), totp: z.string().max(20).optional() })
  .optional()
  .openapi({ description: '操作人自己的登录密码 {password} 或动态验证码 {totp}，用于再次确认身份' })
const rolesBody = z.object({ roles: roleList, confirm: Confirm })
const staffParam = z.object({ id: id('账号编号') })
const profileDoc = { name: field('string', '姓名（如 张敏），最多 20 字'), phone: field('string', '手机号') }
const profileRequest = ruleRequest(checkStaffProfile, profileDoc)

// --- session ---------------------------------------------------------------------------------

export const postSession = adminRoute('post', '/admin/session', 'public', {
  summary: '后台登录（用户名、密码，已绑定时加动态验证码）；按用户名与 IP 限制失败次数',
  request: ruleRequest(checkStaffLogin, {
    username: field('string', '用户名'),
    password: field('string', '密码'),
    totp: field('string', '动态验证码（6 位数字）'),
  }),
  responses: answers(StaffSession, [401, 429]),
})

export const deleteSession = adminRoute('delete', '/admin/session', 'self', {
  summary: '退出后台',
  responses: answers(text, [401]),
})

export const getMe = adminRoute('get', '/admin/me', 'self', {
  summary: '当前后台账号、角色与权限',
  responses: answers(StaffMe, [401]),
})

export const postMyPassword = adminRoute('post', '/admin/me/password', 'self', {
  summary: '修改自己的密码（首次登录须修改初始密码）；其他会话随之结束',
  request: {
    body: jsonBody(
      z.object({
        password: z.string().max(200),
        newPassword: z.string().max(200),
        okPassword: z.string().max(200).optional(),
      }),
    ),
  },
  responses: answers(text, [401, 429]),
})

export const postMyTotp = adminRoute('post', '/admin/me/totp', 'self', {
  summary:
    '开始绑定动态验证码：新的密钥与二维码，确认前不生效。已绑定的不能自行更换（409），由管理员重置密码后重新绑定',
  responses: answers(Totp, [401, 409]),
})

export const postMyTotpConfirm = adminRoute('post', '/admin/me/totp/confirm', 'self', {
  summary: '用验证器显示的 6 位数字确认绑定',
  request: { body: jsonBody(z.object({ code: z.string().max(10) })) },
  responses: answers(text, [401, 409]),
})

export const putMyProfile = adminRoute('put', '/admin/me/profile', 'self', {
  summary: '修改自己的姓名与手机号',
  request: profileRequest,
  responses: answers(StaffAccount, [401]),
})

// --- audit -----------------------------------------------------------------------------------

export const getAudit = adminRoute('get', '/admin/audit', 'audit.read', {
  summary:
    '操作日志：按操作人、动作（前缀）、对象（前缀，或种类 kind 加 q：订单号、用户手机号、商品名称、员工姓名）与日期查找，新的在前',
  request: {
    query: z
      .object({
        staff: str('操作人用户名', 32),
        staffId: int('操作人编号', { min: 1 }),
        actionIs: str('动作（完整，如 order.ship）', 60),
        kind: oneOf('对象种类', AUDIT_KINDS),
        q: str('对象（订单号、手机号、商品名称、员工姓名或编号）', 60),
        action: str('动作', 60),
        target: str('对象', 100),
        from: day('开始日期'),
        to: day('结束日期'),
        ...page,
      })
      .superRefine(daysInOrder),
  },
  responses: answers(pagedOf(AuditRow), [401]),
})

// --- staff accounts --------------------------------------------------------------------------

export const getStaff = adminRoute('get', '/admin/staff', 'staff.manage', {
  summary: '后台账号列表',
  responses: answers(z.array(StaffAccount), [401]),
})

export const getStaffNames = adminRoute('get', '/admin/staff/names', 'self', {
  summary: '员工姓名表（用户名 → 姓名），供各页面以姓名称呼员工；未填姓名的账号不在其中',
  responses: answers(z.array(z.object({ username: z.string(), name: z.string() })), [401]),
})

export const postStaff = adminRoute('post', '/admin/staff', 'staff.manage', {
  summary:
    '新增后台账号：回答一次性密码（仅显示这一次），首次登录须修改；含管理员角色时须 confirm（操作人密码或动态验证码）',
  request: {
    body: jsonBody(
      rolesBody.extend({
        username: z.string().max(64),
        name: z.string().max(64).optional().openapi({ description: '姓名（如 张敏）' }),
        phone: z.string().max(20).optional().openapi({ description: '手机号' }),
      }),
    ),
  },
  responses: answers(z.object({ staff: StaffAccount, password: z.string() }), [401, 403, 429]),
})

export const postStaffRoles = adminRoute('post', '/admin/staff/{id}/roles', 'staff.manage', {
  summary: '修改角色（立即生效）；须 confirm（操作人密码或动态验证码）',
  request: { params: staffParam, body: jsonBody(rolesBody) },
  responses: answers(StaffAccount, [401, 403, 404, 429]),
})

export const postStaffEnabled = adminRoute('post', '/admin/staff/{id}/enabled', 'staff.manage', {
  summary: '停用（其会话全部结束）或启用账号',
  request: { params: staffParam, body: jsonBody(z.object({ enabled: z.boolean() })) },
  responses: answers(StaffAccount, [401, 404]),
})

export const putStaffProfile = adminRoute('put', '/admin/staff/{id}/profile', 'staff.manage', {
  summary: '修改账号的姓名与手机号',
  request: { params: staffParam, ...profileRequest },
  responses: answers(StaffAccount, [401, 404]),
})

export const postStaffPasswordReset = adminRoute('post', '/admin/staff/{id}/reset-password', 'staff.manage', {
  summary: '重置密码：新的一次性密码，并解除动态验证码；其会话全部结束；须 confirm（操作人密码或动态验证码）',
  request: { params: staffParam, body: jsonBody(z.object({ confirm: Confirm })) },
  responses: answers(z.object({ password: z.string() }), [401, 403, 404, 429]),
})
