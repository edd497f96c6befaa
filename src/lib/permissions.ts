/**
 * THE permission table of the back office (issue 20): every admin call declares one permission
 * (adminRoute in admin-route.ts); this table says which roles hold it. `admin` holds every
 * permission and is not listed. A role not named for a permission gets 403 没有权限 — the
 * permission-matrix test (staff/permissions.test.ts) walks every admin call × every role
 * against this table. GET /api/admin/me answers the permissions a staff member holds, from which
 * the back office draws its menu (src/islands/admin/AdminShell.tsx); the server is what enforces it.
 */
export const ROLES = ['admin', 'operator', 'finance', 'marketing'] as const
export type Role = (typeof ROLES)[number]

export const ROLE_NAMES: Record<Role, string> = {
  admin: '管理员',
  operator: '运营',
  finance: '财务',
  marketing: '市场',
}

/** Permission → the roles besides admin that hold it ([] : admin only). */
export const PERMISSIONS = {
  /** Any signed-in staff member: their own account, password, second factor, the dashboard. */
  self: ['operator', 'finance', 'marketing'],
  /** Staff accounts: list, add, disable, roles, reset password. */
  'staff.manage': [],
  /** The audit log screen and GET /api/admin/audit. */
  'audit.read': [],
  /** Orders: list, detail, packing slip. */
  'orders.read': ['operator', 'finance'],
  /** Ship an order and cancel its parcels; receive goods sent back. */
  'orders.fulfil': ['operator'],
  /**
   * Decide after-sales requests. Finance holds it too: a refund above REFUND_APPROVAL_LIMIT waits
   * for finance's (or admin's) approval through the same decision call.
   */
  'orders.after-sales': ['operator', 'finance'],
  /**
   * Draft orders for a customer (代客下单, issue 40): build, edit, send. Operators grant at most
   * OPERATOR_DISCOUNT_MAX (src/lib/rules/draft-order.ts); the transfer for the order is still
   * recorded by finance (orders.money), so whoever sets a price is not who confirms its money.
   */
  'orders.draft': ['operator'],
  /** Confirm a corporate transfer, refunds that move money. */
  'orders.money': ['finance'],
  /** Issue invoices. */
  'orders.invoice': ['finance'],
  /** CSV exports. */
  'orders.export': ['finance'],
  /** Customer lookup: profile, orders, wallet records, addresses, certification. */
  'customers.read': ['operator', 'finance'],
  /** Balance adjustments, written as wallet records. */
  'wallet.adjust': ['finance'],
  /** Certification review and the private scans. */
  'certifications.review': ['operator'],
  /** The complaints queue; unlist/restore posts, tasks, courses; hide comments. */
  moderation: ['operator'],
  /** The next issue's catalogue and site content. */
  'catalog.write': ['marketing'],
  'content.write': ['marketing'],
  /** Coupons, 满减 promotions and shipping templates (issue 24). */
  'promotions.write': ['marketing'],
} as const satisfies Record<string, readonly Exclude<Role, 'admin'>[]>

export type Permission = keyof typeof PERMISSIONS

export const isRole = (r: string): r is Role => (ROLES as readonly string[]).includes(r)

/** can(['operator'], 'orders.fulfil') → true; can(['marketing'], 'orders.fulfil') → false. */
export function can(roles: readonly string[], permission: Permission): boolean {
  if (roles.includes('admin')) return true
  const holders: readonly string[] = PERMISSIONS[permission]
  return roles.some((r) => holders.includes(r))
}

/** parseRoles('operator,finance') → ['operator', 'finance']: unknown names are dropped. */
export const parseRoles = (text: string): Role[] =>
  [...new Set(text.split(',').map((r) => r.trim()))].filter(isRole)
