import { ok, router } from '../../contract/index.ts'
import { buildStatus } from '../../site-hooks.ts'
import { actorOf } from '../staff/admin-route.ts'
import { keepStaffImage } from '../uploads/uploads.service.ts'
import * as routes from './banners.admin-routes.ts'
import { createBanner, deleteBanner, editBanner, listBanners } from './banners.service.ts'
import * as cr from './content.admin-routes.ts'
import * as content from './content.service.ts'

/** The back office's site content (issue 21): banners, content images, the builder's status. */
export const siteAdmin = router()
  .openapi(routes.getAdminBanners, async (c) =>
    ok(c, await listBanners(c.get('deps').db, c.req.valid('query').position)),
  )
  .openapi(routes.postAdminBanner, async (c) => {
    const { db, config, now } = c.get('deps')
    return ok(c, await createBanner(db, config, actorOf(c), c.req.valid('json'), now()))
  })
  .openapi(routes.putAdminBanner, async (c) => {
    const { db, config, now } = c.get('deps')
    return ok(
      c,
      await editBanner(db, config, actorOf(c), c.req.valid('param').id, c.req.valid('json'), now()),
    )
  })
  .openapi(routes.deleteAdminBanner, async (c) => {
    const { db, now } = c.get('deps')
    const { id } = c.req.valid('param')
    await deleteBanner(db, actorOf(c), id, now())
    return ok(c, { id })
  })
  .openapi(routes.postContentImage, async (c) => {
    const path = await keepStaffImage(
      c.req.raw.body,
      c.req.header('content-type') ?? '',
      c.get('deps').config,
    )
    return ok(c, { path })
  })
  .openapi(routes.getBuildStatus, async (c) => {
    const { db, siteStatus } = c.get('deps')
    c.header('Cache-Control', 'no-store')
    return ok(c, await (siteStatus ? siteStatus() : buildStatus(db, {})))
  })
  .openapi(cr.getAdminFaq, async (c) => ok(c, await content.listFaq(c.get('deps').db)))
  .openapi(cr.postAdminFaq, async (c) => {
    const { db, now } = c.get('deps')
    return ok(c, await content.createFaq(db, actorOf(c), c.req.valid('json'), now()))
  })
  .openapi(cr.putAdminFaq, async (c) => {
    const { db, now } = c.get('deps')
    return ok(c, await content.editFaq(db, actorOf(c), c.req.valid('param').id, c.req.valid('json'), now()))
  })
  .openapi(cr.deleteAdminFaq, async (c) => {
    const { db, now } = c.get('deps')
    const { id } = c.req.valid('param')
    await content.deleteFaq(db, actorOf(c), id, now())
    return ok(c, { id })
  })
  .openapi(cr.getAdminTexts, async (c) => ok(c, await content.listTexts(c.get('deps').db)))
  .openapi(cr.putAdminText, async (c) => {
    const { db, now } = c.get('deps')
    const { key } = c.req.valid('param')
    return ok(c, await content.editText(db, actorOf(c), key, c.req.valid('json').value, now()))
  })
  .openapi(cr.getAdminDictionary, async (c) => {
    // No key: the first dictionary, as the screen opens.
    const key = c.req.valid('query').key ?? 'productClass'
    return ok(c, await content.listDictionary(c.get('deps').db, key))
  })
  .openapi(cr.postAdminDictionary, async (c) => {
    const { db, now } = c.get('deps')
    return ok(c, await content.createDictEntry(db, actorOf(c), c.req.valid('json'), now()))
  })
  .openapi(cr.putAdminDictionary, async (c) => {
    const { db, now } = c.get('deps')
    return ok(
      c,
      await content.editDictEntry(db, actorOf(c), c.req.valid('param').id, c.req.valid('json'), now()),
    )
  })
  .openapi(cr.deleteAdminDictionary, async (c) => {
    const { db, now } = c.get('deps')
    const { id } = c.req.valid('param')
    await content.deleteDictEntry(db, actorOf(c), id, now())
    return ok(c, { id })
  })
