import { ok, router } from '../../contract/index.ts'
import { requireUser } from '../../http.ts'
import { transactions } from './wallet.queries.ts'
import * as routes from './wallet.routes.ts'

/** The user's wallet transactions. */
export const wallet = router().openapi(routes.getTransactions, async (c) => {
  const { tag, pageIndex, pageSize, stime, etime } = c.req.valid('query')
  return ok(
    c,
    await transactions(c.get('deps').db, requireUser(c).id, { tag, stime, etime }, { pageIndex, pageSize }),
  )
})
