import { actorOf } from '../../admin/admin-route.ts'
import { ok, router } from '../../contract/index.ts'
import { postProductsListing } from './catalog.bulk.admin-routes.ts'
import { setListedMany } from './catalog.bulk.service.ts'

/** The product list's bulk work (issue 37): list or unlist the chosen products in one call. */
export const catalogBulkAdmin = router().openapi(postProductsListing, async (c) => {
  const { db, now } = c.get('deps')
  const { ids, listed } = c.req.valid('json')
  return ok(c, await setListedMany(db, actorOf(c), ids, listed, now()))
})
