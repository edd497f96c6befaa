/**
 * The audit log in the staff's own words: what each action and each recorded field is called.
 * One list for the 操作日志 page and an order's 操作记录. The codes stay what is stored and what the
 * filter matches (`order.` finds every order action); a code not listed here shows as itself.
 */
import { CertLevelText, CertStatus, OrderStatusText } from './constants.ts'
import { AfterStatusText, InvoiceStatusText, PaymentStatusText } from './order-states.ts'
import { payWayName } from './pay-ways.ts'
import { ROLE_NAMES } from './permissions.ts'

export const AUDIT_ACTION_TEXT: Record<string, string> = {
  'staff.sign-in': '登录后台',
  'staff.sign-in-failed': '登录失败',
  'staff.sign-out': '退出登录',
  'staff.add': '新增后台账号',
  'staff.roles': '修改角色',
  'staff.enable': '启用账号',
  'staff.disable': '停用账号',
  'staff.reset-password': '重置密码',
  'staff.password': '修改自己的密码',
  'staff.totp': '绑定动态验证码',
  'staff.confirm-failed': '确认身份失败',
  'staff.profile': '修改姓名与手机号',
  'order.ship': '发货',
  'order.confirm-transfer': '确认对公转账',
  'order.transfer-mismatch': '登记对公转账（金额不符）',
  'order.after-sales.approve': '同意退款',
  'order.after-sales.reject': '驳回售后',
  'order.invoice': '开具发票',
  'order.invoice.void': '红冲发票',
  'order.invoice.reissue': '重开发票',
  'payment.refund': '退回付款',
  'payment.refund-failed': '退款在支付渠道失败',
  'order.note': '添加内部备注',
  'draft-order.create': '新建代客下单草稿',
  'draft-order.edit': '修改代客下单草稿',
  'draft-order.delete': '删除代客下单草稿',
  'draft-order.send': '代客下单发送给客户',
  'wallet.adjust': '调整余额',
  'wallet.adjust.request': '申请调整余额（待审批）',
  'wallet.adjust.approve': '批准余额调整',
  'wallet.adjust.withdraw': '撤回余额调整',
  'certification.approve': '认证通过',
  'certification.reject': '认证驳回',
  'article.unlist': '下架内容',
  'article.restore': '恢复内容',
  'comment.hide': '隐藏评论',
  'comment.restore': '恢复评论',
  'review.hide': '隐藏评价',
  'review.show': '恢复评价',
  'complaint.handle': '处理投诉',
  'complaint.link': '投诉关联内容',
  'product.create': '新增产品',
  'product.edit': '修改产品',
  'product.list': '上架产品',
  'product.unlist': '下架产品',
  'product.options': '编辑选项与规格',
  'sku.add': '新增规格',
  'sku.edit': '修改规格',
  'sku.remove': '删除规格',
  'sku.stock': '调整库存',
  'catalog.import': '导入商品目录',
  'shipping.create': '新增运费模板',
  'shipping.edit': '修改运费模板',
  'shipping.delete': '删除运费模板',
  'shipping.default': '设为默认运费模板',
  'coupon.create': '新增优惠券',
  'coupon.edit': '修改优惠券',
  'coupon.stop': '停发优惠券',
  'promotion.create': '新增满减活动',
  'promotion.edit': '修改满减活动',
  'promotion.stop': '停止满减活动',
  'group.create': '新增客户组',
  'group.rename': '客户组改名',
  'group.delete': '删除客户组',
  'group.members': '调整客户组成员',
  'pricelist.create': '新增价目表',
  'pricelist.edit': '修改价目表',
  'pricelist.delete': '删除价目表',
  'banner.create': '新增横幅',
  'banner.edit': '修改横幅',
  'banner.draft': '保存横幅草稿',
  'banner.publish': '发布横幅',
  'banner.discard': '放弃横幅草稿',
  'banner.delete': '删除横幅',
  'faq.create': '新增常见问题',
  'faq.edit': '修改常见问题',
  'faq.draft': '保存常见问题草稿',
  'faq.publish': '发布常见问题',
  'faq.discard': '放弃常见问题草稿',
  'faq.delete': '删除常见问题',
  'config.edit': '修改站点设置',
  'config.draft': '保存站点设置草稿',
  'config.publish': '发布站点设置',
  'config.discard': '放弃站点设置草稿',
  'company.edit': '修改公司信息',
  'dictionary.create': '新增字典项',
  'dictionary.edit': '修改字典项',
  'dictionary.delete': '删除字典项',
}

const FIELD_TEXT: Record<string, string> = {
  username: '用户名',
  phone: '手机号',
  note: '备注',
  roles: '角色',
  enabled: '启用',
  mustChangePassword: '须修改密码',
  hasTotp: '动态验证码',
  status: '状态',
  afterStatus: '售后状态',
  amount: '金额（元）',
  balance: '余额（元）',
  delta: '变动',
  reason: '原因',
  adjustment: '余额调整申请',
  refund: '退款',
  payment: '付款单号',
  paymentStatus: '付款状态',
  payWay: '支付方式',
  way: '方式',
  waybill: '运单号',
  invoiceStatus: '发票状态',
  invoiceNumber: '发票号码',
  invoiceFile: '发票文件',
  invoiceTitle: '发票抬头',
  taxCode: '税号',
  redNumber: '红字发票号码',
  redFile: '红字发票文件',
  level: '认证等级',
  listed: '上架',
  moderated: '平台下架',
  hidden: '隐藏',
  handled: '已处理',
  isShow: '显示',
  title: '标题',
  name: '名称',
  price: '价格（元）',
  stock: '库存',
  sku: '规格',
  spuId: '产品编号',
  brand: '品牌',
  tags: '标签',
  img: '图片',
  imgurl: '图片',
  link: '链接',
  position: '位置',
  sort: '排序',
  content: '内容',
  value: '值',
  draft: '草稿',
  startTime: '开始时间',
  endTime: '结束时间',
  threshold: '门槛（元）',
  off: '减免（元）',
  rule: '规则',
  scope: '适用范围',
  scopeIds: '适用对象',
  includeCourses: '含课程',
  stacksWithPromotion: '可与满减同享',
  perUserLimit: '每人限领',
  totalLimit: '发放总量',
  base: '首重',
  freeAbove: '满额包邮（元）',
  shippingTemplateId: '运费模板',
  defaultId: '默认模板',
  aboutId: '关于页',
  classId: '分类',
  id: '编号',
  record: '记录',
  userId: '客户编号',
  lines: '商品',
  discountPercent: '专属折扣（%）',
  addressId: '收货地址编号',
  invoiceId: '发票抬头编号',
  order: '订单号',
  total: '应付（元）',
  good: '导入行数',
  bad: '错误行数',
  unchanged: '无变化行数',
  rows: '导入的行',
}

/**
 * What an audit target is, by the kind before its colon ('order:2026…' is an 订单): the 对象
 * picker of the 操作日志 and the sentence of each row. The server finds a kind's targets by
 * what staff type (an order code, a user's phone, a product's name, a staff member's name).
 */
export const AUDIT_KIND_TEXT = {
  order: '订单',
  product: '商品',
  sku: '规格',
  user: '用户',
  staff: '员工',
  coupon: '优惠券',
  promotion: '满减活动',
  'shipping-template': '运费模板',
  banner: '横幅',
  faq: '常见问题',
  config: '站点设置',
  classify: '分类',
  article: '内容',
  comment: '评论',
  review: '评价',
  complaint: '投诉',
  'draft-order': '代客下单草稿',
} as const
export type AuditKind = keyof typeof AUDIT_KIND_TEXT
export const AUDIT_KINDS = Object.keys(AUDIT_KIND_TEXT) as [AuditKind, ...AuditKind[]]

/** actionText('staff.disable') → '停用账号'; an unknown code → itself. */
export const actionText = (action: string) => AUDIT_ACTION_TEXT[action] ?? action

/** The fields recorded in yuan: shown as money (¥12.50). */
const MONEY_FIELDS = new Set(['amount', 'balance', 'price', 'threshold', 'off', 'freeAbove', 'delta'])

/** The words of a coded field's value, by the label tables of the domain it belongs to. */
const CODED: Record<string, (v: number | string, kind: string) => string | undefined> = {
  status: (v, kind) =>
    kind === 'user' ? CERT_STATUS_TEXT[Number(v)] : kind === 'order' ? OrderStatusText[Number(v)] : undefined,
  afterStatus: (v) => AfterStatusText[Number(v)] ?? (Number(v) === 0 ? '无' : undefined),
  paymentStatus: (v) => PaymentStatusText[Number(v)],
  invoiceStatus: (v) => InvoiceStatusText[Number(v)] ?? (Number(v) === 0 ? '未申请' : undefined),
  level: (v) => CertLevelText[Number(v)],
  payWay: (v) => payWayName(String(v)),
  way: (v) => payWayName(String(v)),
}

/** The certification states (constants.ts CertStatus) in words. */
const CERT_STATUS_TEXT: Record<number, string> = {
  [CertStatus.form]: '未认证',
  [CertStatus.none]: '未认证',
  [CertStatus.noData]: '未认证',
  [CertStatus.reviewing]: '审核中',
  [CertStatus.approved]: '已认证',
}

const yuan = (v: unknown) => {
  const n = Number(v)
  return Number.isFinite(n) ? `${n < 0 ? '-' : ''}¥${Math.abs(n).toFixed(2)}` : String(v)
}

/**
 * One recorded value in words: booleans 是/否, money ¥, statuses by their names, roles by theirs,
 * a nested record as 名称：值, never raw JSON. valueText('status', 30, 'order') → '待收货'.
 */
const valueText = (key: string, v: unknown, kind = ''): string => {
  if (v === true) return '是'
  if (v === false) return '否'
  if (v === null || v === undefined || v === '') return '—'
  if (key === 'roles' && Array.isArray(v))
    return v.map((r) => ROLE_NAMES[r as keyof typeof ROLE_NAMES] ?? String(r)).join('、')
  // A draft order's lines (代客下单): [{ skuId, quantity }] → 规格12×2、规格15×1.
  if (key === 'lines' && Array.isArray(v))
    return v.map((l: { skuId?: unknown; quantity?: unknown }) => `规格${l.skuId}×${l.quantity}`).join('、')
  // A SKU's delta is units of stock (sku.stock, the import); a balance's delta is money.
  const money = MONEY_FIELDS.has(key) && !(kind === 'sku' && key === 'delta')
  if (money && (typeof v === 'number' || typeof v === 'string')) return yuan(v)
  const coded = (typeof v === 'number' || typeof v === 'string') && CODED[key]?.(v, kind)
  if (coded) return coded
  if (Array.isArray(v)) return v.map((x) => valueText(key, x, kind)).join('、')
  if (typeof v === 'object')
    return Object.entries(v as Record<string, unknown>)
      .map(([k, x]) => `${fieldText(k, kind)}：${valueText(k, x, kind)}`)
      .join('，')
  return String(v)
}

/** A field's name in words (a staff account's name is its holder's 姓名); a field not listed shows as itself. */
const fieldText = (key: string, kind = '') =>
  kind === 'staff' && key === 'name' ? '姓名' : (FIELD_TEXT[key] ?? key).replace(/（元）$/, '')

/** auditFields({ enabled: false, roles: ['operator'] }) → '启用：否\n角色：运营'; null → '—'. */
export const auditFields = (f: Record<string, unknown> | null, kind = '') =>
  f && Object.keys(f).length
    ? Object.entries(f)
        .map(([k, v]) => `${fieldText(k, kind)}：${valueText(k, v, kind)}`)
        .join('\n')
    : '—'

type Fields = Record<string, unknown> | null

/**
 * What a row changed, one line a field, in words: 状态：待发货 → 已发货 where both sides have
 * it, 运单号：顺丰 SF123 where only the after does, 内容：旧 → — where only the before does.
 * auditChanges({ status: 20 }, { status: 30, waybill: '顺丰 SF1' }, 'order') → ['状态：待发货 → 待收货', '运单号：顺丰 SF1']
 */
export function auditChanges(before: Fields, after: Fields, kind = ''): string[] {
  const b = before ?? {}
  const a = after ?? {}
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])]
  return keys.map((k) => {
    const label = fieldText(k, kind)
    if (!(k in b)) return `${label}：${valueText(k, a[k], kind)}`
    const was = valueText(k, b[k], kind)
    const now = k in a ? valueText(k, a[k], kind) : '—'
    return was === now ? `${label}：${now}` : `${label}：${was} → ${now}`
  })
}

/**
 * How each action reads as a sentence, its object as {target} (订单 202610011234); an action not
 * listed reads as its label and the object (张敏 新增横幅：横幅 3).
 */
const SENTENCES: Record<string, string> = {
  'staff.sign-in': '登录了后台',
  'staff.sign-in-failed': '登录失败',
  'staff.sign-out': '退出了登录',
  'staff.password': '修改了自己的密码',
  'staff.totp': '绑定了动态验证码',
  'staff.add': '新增了{target}',
  'staff.roles': '修改了{target}的角色',
  'staff.enable': '启用了{target}',
  'staff.disable': '停用了{target}',
  'staff.reset-password': '重置了{target}的密码',
  'staff.profile': '修改了{target}的姓名与手机号',
  'staff.confirm-failed': '确认身份失败',
  'order.ship': '将{target}标记为已发货',
  'order.confirm-transfer': '确认了{target}的对公转账',
  'order.transfer-mismatch': '登记了{target}的对公转账（金额不符）',
  'order.after-sales.approve': '同意了{target}的退款',
  'order.after-sales.reject': '驳回了{target}的售后申请',
  'order.invoice': '为{target}开具了发票',
  'order.invoice.void': '红冲了{target}的发票',
  'order.invoice.reissue': '为{target}重开了发票',
  'order.note': '为{target}添加了内部备注',
  'payment.refund': '退回了{target}的付款',
  'payment.refund-failed': '报告{target}的退款在支付渠道失败，退回待退款',
  'wallet.adjust': '调整了{target}的余额',
  'wallet.adjust.request': '申请调整{target}的余额（待审批）',
  'wallet.adjust.approve': '批准了{target}的余额调整',
  'wallet.adjust.withdraw': '撤回了{target}的余额调整',
  'certification.approve': '通过了{target}的认证',
  'certification.reject': '驳回了{target}的认证',
  'product.create': '新增了{target}',
  'product.edit': '修改了{target}',
  'product.list': '上架了{target}',
  'product.unlist': '下架了{target}',
  'sku.stock': '调整了{target}的库存',
  'draft-order.send': '将{target}发送给客户',
  'catalog.import': '导入了商品目录',
}

/** What a target is in words: auditTarget('order:202610011234', '') → '订单 202610011234'. */
export function auditTarget(target: string, name: string): string {
  if (!target) return ''
  const at = target.indexOf(':')
  const kind = at < 0 ? target : target.slice(0, at)
  const id = at < 0 ? '' : target.slice(at + 1)
  const kindText = (AUDIT_KIND_TEXT as Record<string, string>)[kind]
  if (!kindText) return target
  return `${kindText} ${name || id}`.trim()
}

/** The kind of a row's target: 'order' of 'order:2026…'. */
export const targetKind = (target: string) => target.split(':')[0] ?? ''

/**
 * A row of the log as a sentence: who did what to what.
 * auditSentence({ staffName: '张敏', action: 'order.ship', target: 'order:2026', targetName: '2026' })
 *   → '张敏 将订单 2026 标记为已发货'
 */
export function auditSentence(r: { staffName: string; action: string; target: string; targetName: string }) {
  const what = auditTarget(r.target, r.targetName)
  const who = r.staffName === 'ops' ? '服务器命令行' : r.staffName
  const template = SENTENCES[r.action]
  const said = template
    ? template.replace(/\{target\}(.?)/g, (_, next: string) =>
        what && next ? `${what} ${next}` : what + next,
      )
    : `${actionText(r.action)}${what ? `：${what}` : ''}`
  return `${who} ${said.replace(/ {2,}/g, ' ').trim()}`
}
