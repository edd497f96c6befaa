import { ok, router } from '../../contract/index.ts'
import { requireUser } from '../../http.ts'
import { dbTime } from '../../time.ts'
import * as q from './owned.queries.ts'
import * as routes from './owned.routes.ts'

/** The user's own addresses and invoice infos (accounts §7): five calls each. */
export const owned = router()
  .openapi(routes.address.list, async (c) =>
    ok(c, await q.list(c.get('deps').db, q.addresses, requireUser(c).id)),
  )
  .openapi(routes.address.get, async (c) =>
    ok(c, await q.one(c.get('deps').db, q.addresses, c.req.valid('query').id, requireUser(c).id)),
  )
  .openapi(routes.address.append, async (c) => {
    const { db, now } = c.get('deps')
    await q.append(db, q.addresses, requireUser(c).id, c.req.valid('json'), dbTime(now()))
    return ok(c, q.addresses.messages.saved)
  })
  .openapi(routes.address.update, async (c) => {
    const { id, ...form } = c.req.valid('json')
    await q.update(c.get('deps').db, q.addresses, requireUser(c).id, id, form)
    return ok(c, q.addresses.messages.saved)
  })
  .openapi(routes.address.remove, async (c) => {
    await q.hide(c.get('deps').db, q.addresses, requireUser(c).id, c.req.valid('json'))
    return ok(c, q.addresses.messages.deleted)
  })
  .openapi(routes.invoice.list, async (c) =>
    ok(c, await q.list(c.get('deps').db, q.invoices, requireUser(c).id)),
  )
  .openapi(routes.invoice.get, async (c) =>
    ok(c, await q.one(c.get('deps').db, q.invoices, c.req.valid('query').id, requireUser(c).id)),
  )
  .openapi(routes.invoice.append, async (c) => {
    const { db, now } = c.get('deps')
    await q.append(db, q.invoices, requireUser(c).id, c.req.valid('json'), dbTime(now()))
    return ok(c, q.invoices.messages.saved)
  })
  .openapi(routes.invoice.update, async (c) => {
    const { id, ...form } = c.req.valid('json')
    await q.update(c.get('deps').db, q.invoices, requireUser(c).id, id, form)
    return ok(c, q.invoices.messages.saved)
  })
  .openapi(routes.invoice.remove, async (c) => {
    await q.hide(c.get('deps').db, q.invoices, requireUser(c).id, c.req.valid('json'))
    return ok(c, q.invoices.messages.deleted)
  })
