import { requireStaff } from '../../admin/admin-route.ts'
import { ok, router } from '../../contract/index.ts'
import * as routes from './dashboard.routes.ts'
import { dashboardFor } from './dashboard.ts'
import { dashboardCharts } from './dashboard-charts.ts'

/** The back office's first screen: what waits, by role, and the last 30 days in charts. */
export const dashboardAdmin = router()
  .openapi(routes.getDashboard, async (c) =>
    ok(c, await dashboardFor(c.get('deps').db, requireStaff(c).roles)),
  )
  .openapi(routes.getDashboardCharts, async (c) => {
    const { db, now } = c.get('deps')
    return ok(c, await dashboardCharts(db, requireStaff(c).roles, now()))
  })
