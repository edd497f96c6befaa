/** A customer's orders in the back office's customer lookup (issue 20): what the customer sees. */

import { adminRoute } from '../../admin/admin-route.ts'
import { answers, ok, pagedOf, router, z } from '../../contract/index.ts'
import { id, page } from '../../contract/params.ts'
import { requireCustomer } from '../accounts/customers.queries.ts'
import { ownOrders } from './orders.queries.ts'
import { OrderCard } from './orders.routes.ts'

export const getCustomerOrders = adminRoute('get', '/admin/customers/{userId}/orders', 'customers.read', {
  summary: '客户的订单（与客户自己看到的相同），新的在前',
  request: { params: z.object({ userId: id('用户编号') }), query: z.object({ ...page }) },
  responses: answers(pagedOf(OrderCard), [401, 404]),
})

export const customerOrdersAdmin = router().openapi(getCustomerOrders, async (c) => {
  const { db, config } = c.get('deps')
  const { userId } = c.req.valid('param')
  await requireCustomer(db, userId)
  return ok(c, await ownOrders(db, userId, {}, c.req.valid('query'), config.orderExpiryMinutes))
})
