import type { Permission } from './permissions.ts'

/**
 * The queues of work staff are told about (issue 40 item 5): the dashboard's counts, the menu's
 * badges and GET /api/admin/queues all list these, in this order. The server counts each
 * (server/modules/dashboard/dashboard.ts); `menu` is the side-menu entry whose badge adds it up.
 */
export const WORK_QUEUES = [
  { key: 'toShip', label: '待发货订单', href: '/admin/orders/?queue=ship', permission: 'orders.read' },
  {
    key: 'transfers',
    label: '待确认转账',
    href: '/admin/orders/?queue=transfer',
    permission: 'orders.money',
  },
  {
    key: 'afterSales',
    label: '售后申请',
    href: '/admin/orders/?queue=after-sales',
    permission: 'orders.read',
  },
  {
    key: 'refundApprovals',
    label: '待审批退款',
    href: '/admin/orders/?queue=approval',
    permission: 'orders.money',
  },
  {
    key: 'refundDue',
    label: '待退款付款',
    href: '/admin/orders/?queue=refund-due',
    permission: 'orders.money',
  },
  { key: 'invoices', label: '待开发票', href: '/admin/orders/?queue=invoice', permission: 'orders.invoice' },
  {
    key: 'adjustments',
    label: '待审批余额调整',
    href: '/admin/customers/#pending-adjustments',
    permission: 'wallet.adjust',
  },
  {
    key: 'certifications',
    label: '待审核认证',
    href: '/admin/certifications/',
    permission: 'certifications.review',
  },
  { key: 'complaints', label: '待处理投诉', href: '/admin/moderation/', permission: 'moderation' },
] as const satisfies readonly { key: string; label: string; href: string; permission: Permission }[]

export type WorkQueue = (typeof WORK_QUEUES)[number]['key']

/** The side-menu entry a queue's count belongs to: the path of its href ('/admin/orders/'). */
export const menuOf = (href: string) => href.replace(/[?#].*$/, '')
