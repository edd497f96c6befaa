import { requireStaff } from '../../admin/admin-route.ts'
import { ok, router } from '../../contract/index.ts'
import * as routes from './dashboard.routes.ts'
import { dashboardFor, queueCounts } from './dashboard.ts'
import { dashboardCharts } from './dashboard-charts.ts'
import { todoFor } from './todo.ts'

/** The back office's first screen: what waits, by role, and the last 30 days in charts; the menu's badges. */
export const dashboardAdmin = router()
  .openapi(routes.getDashboard, async (c) =>
    ok(c, await dashboardFor(c.get('deps').db, requireStaff(c).roles)),
  )
  .openapi(routes.getQueues, async (c) => ok(c, await queueCounts(c.get('deps').db, requireStaff(c).roles)))
  .openapi(routes.getTodo, async (c) => {
    const { db, now, config } = c.get('deps')
    return ok(
      c,
      await todoFor(db, requireStaff(c).roles, { now: now(), lowStockThreshold: config.lowStockThreshold }),
    )
  })
  .openapi(routes.getDashboardCharts, async (c) => {
    const { db, now } = c.get('deps')
    return ok(c, await dashboardCharts(db, requireStaff(c).roles, now()))
  })
