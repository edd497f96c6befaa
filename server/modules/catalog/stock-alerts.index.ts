import { ALERT_DONE } from '../../../src/lib/rules/stock-alert.ts'
import { ok, router } from '../../contract/index.ts'
import { requireUser } from '../../http.ts'
import * as routes from './stock-alerts.routes.ts'
import { pendingAlerts, subscribeStockAlert } from './stock-alerts.ts'

/** 到货通知 of the product page's buy box (issue 24 item 7). */
export const stockAlerts = router()
  .openapi(routes.postStockAlert, async (c) => {
    const { db, now } = c.get('deps')
    await subscribeStockAlert(db, requireUser(c).id, c.req.valid('json').skuId, now())
    return ok(c, ALERT_DONE)
  })
  .openapi(routes.getStockAlerts, async (c) =>
    ok(c, await pendingAlerts(c.get('deps').db, requireUser(c).id, c.req.valid('query').spuId)),
  )
