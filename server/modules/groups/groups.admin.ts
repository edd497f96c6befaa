import { actorOf } from '../../admin/admin-route.ts'
import { ok, router } from '../../contract/index.ts'
import { dbTime } from '../../time.ts'
import * as routes from './groups.admin-routes.ts'
import * as groups from './groups.service.ts'

/** Marketing's customer groups and price lists (issue 40 item 2); every write audited by its service. */
export const groupsAdmin = router()
  .openapi(routes.getGroups, async (c) => ok(c, await groups.listGroups(c.get('deps').db)))
  .openapi(routes.getGroup, async (c) =>
    ok(c, await groups.groupDetail(c.get('deps').db, c.req.valid('param').id)),
  )
  .openapi(routes.postGroup, async (c) => {
    const { db, now } = c.get('deps')
    return ok(c, await groups.createGroup(db, actorOf(c), c.req.valid('json'), now()))
  })
  .openapi(routes.putGroup, async (c) => {
    const { db, now } = c.get('deps')
    return ok(
      c,
      await groups.renameGroup(db, actorOf(c), c.req.valid('param').id, c.req.valid('json'), now()),
    )
  })
  .openapi(routes.deleteGroup, async (c) => {
    const { db, now } = c.get('deps')
    return ok(c, await groups.deleteGroup(db, actorOf(c), c.req.valid('param').id, now()))
  })
  .openapi(routes.putMembers, async (c) => {
    const { db, now } = c.get('deps')
    const { userIds } = c.req.valid('json')
    return ok(c, await groups.setMembers(db, actorOf(c), c.req.valid('param').id, userIds, now()))
  })
  .openapi(routes.postMembersCsv, async (c) => {
    const { db, now } = c.get('deps')
    const { csv } = c.req.valid('json')
    return ok(c, await groups.addMembersByPhones(db, actorOf(c), c.req.valid('param').id, csv, now()))
  })
  .openapi(routes.getPriceLists, async (c) => {
    const { db, now } = c.get('deps')
    return ok(c, await groups.listPriceLists(db, c.req.valid('query').groupId, dbTime(now())))
  })
  .openapi(routes.getPriceList, async (c) => {
    const { db, now } = c.get('deps')
    return ok(c, await groups.priceListDetail(db, c.req.valid('param').id, dbTime(now())))
  })
  .openapi(routes.postPriceList, async (c) => {
    const { db, now } = c.get('deps')
    return ok(c, await groups.createPriceList(db, actorOf(c), c.req.valid('json'), now()))
  })
  .openapi(routes.putPriceList, async (c) => {
    const { db, now } = c.get('deps')
    return ok(
      c,
      await groups.editPriceList(db, actorOf(c), c.req.valid('param').id, c.req.valid('json'), now()),
    )
  })
  .openapi(routes.deletePriceList, async (c) => {
    const { db, now } = c.get('deps')
    return ok(c, await groups.deletePriceList(db, actorOf(c), c.req.valid('param').id, now()))
  })
