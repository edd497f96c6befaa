/**
 * The audit log in the staff's own words: what each action and each recorded field is called.
 * One list for the 操作日志 page and an order's 操作记录. The codes stay what is stored and what the
 * filter matches (`order.` finds every order action); a code not listed here shows as itself.
 */
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
  'order.ship': '发货',
  'order.confirm-transfer': '确认对公转账',
  'order.transfer-mismatch': '登记对公转账（金额不符）',
  'order.after-sales.approve': '同意退款',
  'order.after-sales.reject': '驳回售后',
  'order.invoice': '开具发票',
  'order.invoice.void': '红冲发票',
  'order.invoice.reissue': '重开发票',
  'payment.refund': '退回付款',
  'order.note': '添加内部备注',
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
}

/** actionText('staff.disable') → '停用账号'; an unknown code → itself. */
export const actionText = (action: string) => AUDIT_ACTION_TEXT[action] ?? action

const valueText = (key: string, v: unknown): string => {
  if (v === true) return '是'
  if (v === false) return '否'
  if (v === null || v === undefined || v === '') return '—'
  if (key === 'roles' && Array.isArray(v))
    return v.map((r) => ROLE_NAMES[r as keyof typeof ROLE_NAMES] ?? String(r)).join('、')
  if (Array.isArray(v))
    return v.map((x) => (typeof x === 'object' ? JSON.stringify(x) : String(x))).join('、')
  return typeof v === 'object' ? JSON.stringify(v) : String(v)
}

/** auditFields({ enabled: false, roles: ['operator'] }) → '启用：否\n角色：运营'; null → '—'. */
export const auditFields = (f: Record<string, unknown> | null) =>
  f && Object.keys(f).length
    ? Object.entries(f)
        .map(([k, v]) => `${FIELD_TEXT[k] ?? k}：${valueText(k, v)}`)
        .join('\n')
    : '—'
