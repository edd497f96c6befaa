import type { Context } from 'hono'
import { ok, router } from '../../contract/index.ts'
import { type Env, requireUser } from '../../http.ts'
import { dbTime } from '../../time.ts'
import * as q from './owned.queries.ts'
import * as routes from './owned.routes.ts'

/**
 * The five handlers of one owned resource over its store (owned.queries.ts): list, one, append,
 * update (the body carries the id) and delete. Both resources' calls take the same inputs, so
 * the handlers read them once, typed by the store's form.
 */
function handlers<T extends q.OwnedTable, V extends { status: 0 | 1 }, A>(store: q.OwnedStore<T, V, A>) {
  const user = (c: Context<Env>) => requireUser(c).id
  return {
    list: async (c: Context<Env>) => ok(c, await q.list(c.get('deps').db, store, user(c))),
    one: async (c: Context<Env>, id: number) => ok(c, await q.one(c.get('deps').db, store, id, user(c))),
    append: async (c: Context<Env>, form: V) => {
      const { db, now } = c.get('deps')
      await q.append(db, store, user(c), form, dbTime(now()))
      return ok(c, store.messages.saved)
    },
    update: async (c: Context<Env>, { id, ...form }: V & { id: number }) => {
      // The form less the id it came with is the store's form (withId in owned.routes.ts).
      await q.update(c.get('deps').db, store, user(c), id, form as unknown as V)
      return ok(c, store.messages.saved)
    },
    remove: async (c: Context<Env>, id: number) => {
      await q.hide(c.get('deps').db, store, user(c), id)
      return ok(c, store.messages.deleted)
    },
  }
}

const address = handlers(q.addresses)
const invoice = handlers(q.invoices)

/** The user's own addresses and invoice infos (accounts §7): five calls each. */
export const owned = router()
  .openapi(routes.address.list, (c) => address.list(c))
  .openapi(routes.address.get, (c) => address.one(c, c.req.valid('query').id))
  .openapi(routes.address.append, (c) => address.append(c, c.req.valid('json')))
  .openapi(routes.address.update, (c) => address.update(c, c.req.valid('json')))
  .openapi(routes.address.remove, (c) => address.remove(c, c.req.valid('json')))
  .openapi(routes.invoice.list, (c) => invoice.list(c))
  .openapi(routes.invoice.get, (c) => invoice.one(c, c.req.valid('query').id))
  .openapi(routes.invoice.append, (c) => invoice.append(c, c.req.valid('json')))
  .openapi(routes.invoice.update, (c) => invoice.update(c, c.req.valid('json')))
  .openapi(routes.invoice.remove, (c) => invoice.remove(c, c.req.valid('json')))
