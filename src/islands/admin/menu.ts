import type { Permission } from '../../lib/permissions.ts'

/**
 * The back office's side menu, in order. An entry shows to a staff member holding its
 * permission (GET /api/admin/me's permissions; the server enforces them on every call). A screen
 * adds its entry here beside its page src/pages/admin/<name>.astro.
 */
export const MENU: readonly { href: string; label: string; permission: Permission }[] = [
  { href: '/admin/', label: '工作台', permission: 'self' },
  { href: '/admin/orders/', label: '订单', permission: 'orders.read' },
  { href: '/admin/drafts/', label: '代客下单', permission: 'orders.draft' },
  { href: '/admin/customers/', label: '客户', permission: 'customers.read' },
  { href: '/admin/certifications/', label: '认证审核', permission: 'certifications.review' },
  { href: '/admin/moderation/', label: '内容审核', permission: 'moderation' },
  { href: '/admin/products/', label: '商品', permission: 'catalog.write' },
  { href: '/admin/products/import/', label: '导入导出', permission: 'catalog.write' },
  { href: '/admin/coupons/', label: '优惠券', permission: 'promotions.write' },
  { href: '/admin/promotions/', label: '满减活动', permission: 'promotions.write' },
  { href: '/admin/shipping/', label: '运费模板', permission: 'promotions.write' },
  { href: '/admin/groups/', label: '机构分组', permission: 'promotions.write' },
  { href: '/admin/price-lists/', label: '价目表', permission: 'promotions.write' },
  { href: '/admin/content/', label: '站点内容', permission: 'content.write' },
  { href: '/admin/staff/', label: '后台账号', permission: 'staff.manage' },
  { href: '/admin/audit/', label: '操作日志', permission: 'audit.read' },
  { href: '/admin/account/', label: '我的账号', permission: 'self' },
]
