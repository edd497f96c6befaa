import { adminRoute } from '../../admin/admin-route.ts'
import { answers, z } from '../../contract/index.ts'

export const DashboardCount = z
  .object({
    key: z.string(),
    label: z.string(),
    href: z.string().openapi({ description: '列出这些事项的后台页面' }),
    count: z.number().int(),
  })
  .openapi('DashboardCount')
export type DashboardCount = z.infer<typeof DashboardCount>

export const getDashboard = adminRoute('get', '/admin/dashboard', 'self', {
  summary: '工作台：按角色可见的待办数量',
  responses: answers(z.array(DashboardCount), [401]),
})

const Daily = { day: z.string().openapi({ description: '中国时间日期 yyyy-mm-dd' }) }
const TopItem = z.object({
  id: z.number().int(),
  title: z.string(),
  quantity: z.number().int(),
  amountFen: z.number().int(),
})
export const DashboardCharts = z
  .object({
    days: z.array(z.string()).openapi({ description: '近 30 天（中国时间），从早到今天' }),
    sales: z
      .array(
        z.object({
          ...Daily,
          orders: z.number().int(),
          paidFen: z.number().int(),
          refundFen: z.number().int(),
        }),
      )
      .optional()
      .openapi({
        description: '每日下单数、付款金额（分，按付款时间）、退款金额（分，按退款时间）；orders.read',
      }),
    statuses: z
      .array(z.object({ status: z.number().int(), label: z.string(), count: z.number().int() }))
      .optional()
      .openapi({ description: '近 30 天下单的订单按当前状态计数；orders.read' }),
    topProducts: z
      .array(TopItem)
      .optional()
      .openapi({ description: '近 30 天销售额前 10 的商品；orders.read 或 catalog.write' }),
    topCourses: z
      .array(TopItem)
      .optional()
      .openapi({ description: '近 30 天销售额前 10 的课程；orders.read 或 catalog.write' }),
    customers: z
      .array(z.object({ ...Daily, count: z.number().int() }))
      .optional()
      .openapi({ description: '每日新客户；customers.read' }),
    topUps: z
      .array(z.object({ ...Daily, count: z.number().int(), amountFen: z.number().int() }))
      .optional()
      .openapi({ description: '每日余额充值笔数与金额（分）；customers.read' }),
  })
  .openapi('DashboardCharts')

export const getDashboardCharts = adminRoute('get', '/admin/dashboard/charts', 'self', {
  summary: '工作台图表：按角色可见的近 30 天经营数据',
  responses: answers(DashboardCharts, [401]),
})

export const getQueues = adminRoute('get', '/admin/queues', 'self', {
  summary:
    '菜单角标：按角色可见的各待办队列数量 { toShip, transfers, afterSales, refundApprovals, refundDue, invoices, adjustments, certifications, complaints }；后台打开时每 30 秒轮询',
  responses: answers(z.record(z.string(), z.number().int()), [401]),
})

export const TodoItem = z
  .object({
    kind: z.enum(['transfer', 'approval', 'stock']).openapi({
      description:
        'transfer：对公转账 12 小时内过期；approval：超额退款待财务审批；stock：库存低于 LOW_STOCK_THRESHOLD',
    }),
    text: z.string(),
    href: z.string().openapi({ description: '处理它的后台页面' }),
  })
  .openapi('TodoItem')

export const getTodo = adminRoute('get', '/admin/todo', 'self', {
  summary: '待办清单：即将过期的对公转账、待审批的超额退款、库存低于预警值的商品（按角色）',
  responses: answers(z.array(TodoItem), [401]),
})
