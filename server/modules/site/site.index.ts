import { ok, router } from '../../contract/index.ts'
import { refuse } from '../../http.ts'
import { dbTime } from '../../time.ts'
import * as q from './site.queries.ts'
import * as routes from './site.routes.ts'

/** Banners, the classification dictionary, public configuration and regions. */
export const site = router()
  .openapi(routes.getBanners, async (c) => {
    const { db, now } = c.get('deps')
    return ok(c, await q.banners(db, dbTime(now())))
  })
  .openapi(routes.getClassifies, async (c) => ok(c, await q.classifyGroups(c.get('deps').db)))
  .openapi(routes.getConfigs, async (c) => ok(c, await q.publicConfig(c.get('deps').db)))
  .openapi(routes.getStreets, async (c) => {
    const query = c.req.valid('query')
    if (!query.code && !query.title) throw refuse('请选择所在区县')
    return ok(c, await q.streets(c.get('deps').db, query))
  })
