import { ok, router } from '../../contract/index.ts'
import { int } from '../../contract/params.ts'
import { refuse, requireUser } from '../../http.ts'
import { customerOrders, ownOrders, STATUS_FILTERS } from './orders.queries.ts'
import * as routes from './orders.routes.ts'

const statusParam = int('订单状态', { min: -1, max: 100 })

/** The user's orders, and the introducer's view of their customers' orders. */
export const orders = router().openapi(routes.getOrders, async (c) => {
  const { db } = c.get('deps')
  const user = requireUser(c)
  const { introducer, status: rawStatus, pageIndex, pageSize, ...range } = c.req.valid('query')
  const page = { pageIndex, pageSize }
  if (introducer) return ok(c, await customerOrders(db, user.id, range, page))
  const status = statusParam.safeParse(rawStatus)
  if (!status.success) throw refuse(status.error.issues[0]?.message ?? '订单状态不正确')
  if (status.data !== undefined && !STATUS_FILTERS.includes(status.data)) throw refuse('订单状态不正确')
  return ok(c, await ownOrders(db, user.id, { ...range, status: status.data }, page))
})
