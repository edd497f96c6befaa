import { ok, router } from '../../contract/index.ts'
import { requireUser } from '../../http.ts'
import { courierProvider } from '../../providers/courier.ts'
import { waybillsOf } from './fulfilment.queries.ts'
import * as routes from './fulfilment.routes.ts'

/** Tracking: the waybills of the buyer's own order (the operator ships from the order desk and server/ops.ts). */
export const fulfilment = router().openapi(routes.getWay, async (c) => {
  const { db, config, now } = c.get('deps')
  const courier = courierProvider(config)
  return ok(c, await waybillsOf(db, courier, requireUser(c).id, c.req.valid('query').id, now()))
})
