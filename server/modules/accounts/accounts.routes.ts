import { checkCertification } from '../../../src/lib/rules/certification.ts'
import { checkCodeLogin, checkPasswordLogin } from '../../../src/lib/rules/login.ts'
import { checkPasswordChange } from '../../../src/lib/rules/password.ts'
import { checkPhoneChange } from '../../../src/lib/rules/phone.ts'
import { checkProfile } from '../../../src/lib/rules/profile.ts'
import { checkRegister } from '../../../src/lib/rules/register.ts'
import { answers, apiRoute, jsonBody, z } from '../../contract/index.ts'
import { field, idBody, range, str } from '../../contract/params.ts'
import { ruleRequest } from '../../contract/requests.ts'
import { signedIn } from '../../http.ts'
import { certInput } from './certification.ts'
import { QR_STR_MAX } from './wechat.ts'

const session = ['账号']
const profile = ['个人资料']

/** Everything the signed-in user may see of themselves (never the password hash). */
export const OwnProfile = z
  .object({
    id: z.number().int(),
    code: z.string().openapi({ description: '用户编号，U + 6 位数字' }),
    nickName: z.string(),
    realName: z.string(),
    avatarUrl: z.string(),
    tel: z.string(),
    level: z.number().int().openapi({ description: '认证身份：0 游客，10 医生，20 机构' }),
    levelText: z.string().openapi({ description: 'level 的文字：游客、医生、机构' }),
    status: z.number().int().openapi({ description: '认证状态：0 待填写，1/4 暂无资料，2 审核中，3 已认证' }),
    discount: z.number().openapi({ description: '折扣（如 9 即九折）' }),
    content: z.string().openapi({ description: '简介' }),
    ext: z.string(),
    balance: z.number().openapi({ description: '余额（元）' }),
    integral: z.number().openapi({ description: '累计消费（元），星级由它算出' }),
    income: z.number().openapi({ description: '收益（元）' }),
    stars: z.number().int().openapi({ description: '星级 0-4，按配置 levels 的门槛' }),
    isIntroducer: z.number().int().openapi({ description: '1：有客户（介绍人）' }),
    recName: z.string().openapi({ description: '认证资料：联系人' }),
    recTel: z.string().openapi({ description: '认证资料：联系电话' }),
    ownerImg: z.string().openapi({ description: '认证资料：营业执照，逗号分隔' }),
    allowImg: z.string().openapi({ description: '认证资料：医疗机构执业许可证，逗号分隔' }),
    codeImg: z.string().openapi({ description: '认证资料：法人身份证盖章，逗号分隔' }),
    email: z.string().openapi({ description: '认证资料：邮箱' }),
  })
  .openapi('OwnProfile')
export type OwnProfile = z.infer<typeof OwnProfile>

/** A new session (accounts §7). */
export const LoginAnswer = z
  .object({
    user: OwnProfile,
    owinToken: z
      .object({
        access_token: z.string().openapi({ description: 'Authorization: Bearer 的令牌，30 天有效' }),
      })
      .openapi({ description: '会话令牌' }),
  })
  .openapi('LoginAnswer')
export type LoginAnswer = z.infer<typeof LoginAnswer>

export const WeChatQr = z
  .object({
    url: z.string().openapi({ description: '二维码内容：手机打开的确认页地址' }),
    str: z.string().openapi({ description: '轮询 GetWeChatQrcodeResultpc 用的凭据，5 分钟有效' }),
  })
  .openapi('WeChatQr')
export type WeChatQr = z.infer<typeof WeChatQr>

/** One customer of the introducer, with their paid orders within the range. */
export const Customer = z
  .object({
    id: z.number().int(),
    nickName: z.string(),
    avatarUrl: z.string(),
    tel: z.string().openapi({ description: '打码的手机号，如 138****5678' }),
    num: z.number().int().openapi({ description: '时间范围内已支付订单数' }),
    integral: z.number().openapi({ description: '时间范围内已支付订单金额（元）' }),
  })
  .openapi('Customer')
export type Customer = z.infer<typeof Customer>

export const Introducer = z
  .object({
    list: z.array(Customer),
    lists: z
      .object({
        customers: z.number().int(),
        orders: z.number().int(),
        amount: z.number().openapi({ description: '元' }),
      })
      .openapi({ description: '所有客户的合计' }),
  })
  .openapi('Introducer')
export type Introducer = z.infer<typeof Introducer>

const text = z.string()
const signed = { middleware: [signedIn] }

// --- session -------------------------------------------------------------------------------

export const getAccountCodes = apiRoute('get', '/Account/GetAccountCodes', session, {
  summary: '发送 6 位短信验证码（5 分钟有效；同一手机号 60 秒一次，每天有上限）',
  request: {
    query: z.object({ tel: z.string().optional().openapi({ description: '手机号' }) }),
  },
  responses: answers(text, [429, 502]),
})

/** The form of registration and of 忘记密码: the phone, its SMS code and a (新) password twice. */
const passwordByCode = (fresh: '' | '新') => ({
  tel: field('string', '手机号'),
  code: field('string', '短信验证码'),
  password: field('string', `${fresh}密码，6-64 位`),
  okPassword: field('string', `确认${fresh}密码`),
})

export const postRegister = apiRoute('post', '/Users/PostUsersRegistTel', session, {
  summary: '手机号注册',
  request: ruleRequest(checkRegister, passwordByCode('')),
  responses: answers(text, [429]),
})

/** Not in the spec (issue 19): the login dialog's 忘记密码. */
export const postPasswordReset = apiRoute('post', '/Users/PostUsersPswReset', session, {
  summary: '忘记密码：用短信验证码设置新密码（规则同注册）；该账号的所有会话随之结束',
  request: ruleRequest(checkRegister, passwordByCode('新')),
  responses: answers(text, [429]),
})

export const postCodeLogin = apiRoute('post', '/Users/PostUsersCode', session, {
  summary: '验证码登录',
  request: ruleRequest(checkCodeLogin, {
    tel: field('string', '手机号'),
    code: field('string', '短信验证码'),
  }),
  responses: answers(LoginAnswer, [429]),
})

export const postPasswordLogin = apiRoute('post', '/Users/PostUsersPsw', session, {
  summary: '密码登录',
  request: ruleRequest(checkPasswordLogin, {
    tel: field('string', '手机号'),
    password: field('string', '密码'),
  }),
  // 429: too many wrong passwords for the phone or from the IP (README "Password attempts").
  responses: answers(LoginAnswer, [429]),
})

export const postLogout = apiRoute('post', '/Users/PostUsersLogout', session, {
  summary: '退出登录：当前令牌作废',
  ...signed,
  responses: answers(text, [401]),
})

export const postPassword = apiRoute('post', '/Users/PostUsersPassword', session, {
  summary: '修改密码；所有会话（包括当前的）随之结束',
  ...signed,
  request: ruleRequest(checkPasswordChange, {
    password: field('string', '原密码'),
    newPassword: field('string', '新密码'),
    okPassword: field('string', '确认新密码'),
  }),
  responses: answers(text, [401, 429]),
})

export const postTel = apiRoute('post', '/Users/PostUsersTels', session, {
  summary:
    '更换手机号：原手机号、新手机号和发到新手机号的验证码，再加登录密码或发到原手机号的验证码；其他会话随之结束，当前会话保留，并发一条系统通知',
  ...signed,
  request: ruleRequest(checkPhoneChange, {
    tel: field('string', '原手机号'),
    newTel: field('string', '新手机号'),
    code: field('string', '发到新手机号的验证码'),
    password: field('string', '登录密码（与 oldCode 二选一；两者都有时用密码）'),
    oldCode: field('string', '发到原手机号的验证码（与 password 二选一）'),
  }),
  responses: answers(text, [401, 429]),
})

export const getWeChatQr = apiRoute('get', '/WeChat/GetWeChatQrcode', session, {
  summary: '微信扫码登录：新的二维码',
  responses: answers(WeChatQr),
})

export const getWeChatResult = apiRoute('get', '/WeChat/GetWeChatQrcodeResultpc', session, {
  summary: '轮询扫码结果：未确认时 data 为 null；确认后回答一次登录结果；过期或未知的 str 为 400',
  request: { query: z.object({ str: str('二维码', QR_STR_MAX) }) },
  responses: answers(LoginAnswer.nullable()),
})

/** Not in the spec (issue 41 item 5): inside WeChat's browser, someone new to us binds a phone. */
export const postWeChatBind = apiRoute('post', '/WeChat/PostWeChatBind', session, {
  summary: '微信内登录：新用户用短信验证码绑定手机号并登录（str 为授权前取得的登录串）',
  request: {
    query: z.object({ str: str('登录串', QR_STR_MAX) }),
    ...ruleRequest(checkCodeLogin, {
      tel: field('string', '手机号'),
      code: field('string', '短信验证码'),
    }),
  },
  responses: answers(LoginAnswer, [429]),
})

// --- profile, certification, customers -------------------------------------------------------

/** Not in the spec (issue 19): the bell's count. */
export const getUnreadNotices = apiRoute('get', '/Users/GetUsersUnread', profile, {
  summary: '未读系统通知的条数（顶栏铃铛）：比在 /message 看过的最新一条更新的通知',
  ...signed,
  responses: answers(z.number().int().openapi({ example: 2 }), [401]),
})

/** Not in the spec (issue 19): /message marks what it showed as read. */
export const postNoticesRead = apiRoute('post', '/Users/PostUsersNoticesRead', profile, {
  summary: '系统通知已读：id 为 /message 显示的最新一条通知的编号，它及更早的都算已读',
  ...signed,
  request: { body: jsonBody(idBody('通知编号')) },
  responses: answers(text, [401]),
})

export const getOwnProfile = apiRoute('get', '/Users/GetUsersInfo', profile, {
  summary: '当前用户的资料、钱包数字和认证资料',
  ...signed,
  responses: answers(OwnProfile, [401]),
})

export const postOwnProfile = apiRoute('post', '/Users/PostUsersInfo', profile, {
  summary: '修改昵称、头像和简介',
  ...signed,
  request: ruleRequest(checkProfile, {
    nickName: field('string', '昵称，最多 20 字'),
    avatarUrl: field('string', '头像：本人上传的公开图片（/uploads/…）或站点图片；不接受其他网站的地址'),
    ext: field('string', '扩展信息'),
    content: field('string', '简介，最多 150 字'),
  }),
  responses: answers(text, [401]),
})

export const postCertification = apiRoute('post', '/Users/PostUsersBind', profile, {
  summary: '提交认证资料，进入审核（状态 2）',
  ...signed,
  request: ruleRequest(
    checkCertification,
    {
      level: field('integer', '认证身份：10 医生，20 机构'),
      ext: field(
        'string',
        '认证资料 JSON（字符串或对象）：recName, recTel, ownerImg, allowImg, codeImg（本人以 purpose=private 上传的图片，逗号分隔），email',
      ),
    },
    certInput,
  ),
  responses: answers(text, [401]),
})

export const postCertificationReset = apiRoute('post', '/Users/PostUsersBindReset', profile, {
  summary: '撤回审核中的认证资料，回到待填写（状态 0）',
  ...signed,
  responses: answers(text, [401]),
})

export const getCustomers = apiRoute('get', '/Users/GetUsersIntroducer', profile, {
  summary: '介绍人的客户，各自在时间范围内的已支付订单数和金额，及合计',
  ...signed,
  request: { query: z.object(range) },
  responses: answers(Introducer, [401]),
})
