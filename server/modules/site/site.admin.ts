import { actorOf } from '../../admin/admin-route.ts'
import { ok, router } from '../../contract/index.ts'
import { refuse } from '../../http.ts'
import { buildStatus } from '../../site-hooks.ts'
import { keepUploadedImage } from '../uploads/uploads.service.ts'
import * as routes from './banners.admin-routes.ts'
import * as banners from './banners.service.ts'
import { companyFacts, editCompany } from './company.service.ts'
import * as cr from './content.admin-routes.ts'
import * as content from './content.service.ts'
import { draftHandlers } from './draft-routes.ts'

const bannerDrafts = draftHandlers(routes.bannerDrafts, {
  get: ({ db }, id: number) => banners.getBanner(db, id),
  create: ({ db, config }, actor, v: banners.BannerInput & { position: string; imgurl: string }, now) =>
    banners.createBannerDraft(db, config, actor, v, now),
  save: ({ db, config }, actor, id, v: banners.BannerInput, now) =>
    banners.saveBannerDraft(db, config, actor, id, v, now),
  publish: ({ db, config }, actor, id, now) => banners.publishBanner(db, config, actor, id, now),
  discard: ({ db }, actor, id, now) => banners.discardBannerDraft(db, actor, id, now),
})

const faqDrafts = draftHandlers(cr.faqDrafts, {
  get: ({ db }, id: number) => content.getFaq(db, id),
  create: ({ db }, actor, v: content.FaqInput & { title: string }, now) =>
    content.createFaqDraft(db, actor, v, now),
  save: ({ db }, actor, id, v: content.FaqInput, now) => content.saveFaqDraft(db, actor, id, v, now),
  publish: ({ db }, actor, id, now) => content.publishFaq(db, actor, id, now),
  discard: ({ db }, actor, id, now) => content.discardFaqDraft(db, actor, id, now),
})

// The preview reads any text; the draft writes take only the rich ones (their routes' schema says so).
const textDrafts = draftHandlers(cr.textDrafts, {
  get: ({ db }, key: content.TextKey) => content.getText(db, key),
  save: ({ db }, actor, key, v: { value: string }, now) =>
    content.saveTextDraft(db, actor, key as content.RichTextKey, v.value, now),
  publish: ({ db }, actor, key, now) => content.publishText(db, actor, key as content.RichTextKey, now),
  discard: ({ db }, actor, key, now) => content.discardTextDraft(db, actor, key as content.RichTextKey, now),
})

/**
 * The back office's site content (issue 21): banners, FAQ, texts and their drafts, dictionaries,
 * company facts, content images, the builder's status.
 */
export const siteAdmin = router()
  .openapi(routes.getAdminBanners, async (c) =>
    ok(c, await banners.listBanners(c.get('deps').db, c.req.valid('query').position)),
  )
  .openapi(routes.postAdminBanner, async (c) => {
    const { db, config, now } = c.get('deps')
    return ok(c, await banners.createBanner(db, config, actorOf(c), c.req.valid('json'), now()))
  })
  .openapi(routes.putAdminBanner, async (c) => {
    const { db, config, now } = c.get('deps')
    return ok(
      c,
      await banners.editBanner(db, config, actorOf(c), c.req.valid('param').id, c.req.valid('json'), now()),
    )
  })
  .openapi(routes.deleteAdminBanner, async (c) => {
    const { db, now } = c.get('deps')
    const { id } = c.req.valid('param')
    await banners.deleteBanner(db, actorOf(c), id, now())
    return ok(c, { id })
  })
  .openapi(routes.postContentImage, async (c) => {
    return ok(c, { path: await keepUploadedImage(c.req.raw, c.get('deps').config) })
  })
  .openapi(routes.getBuildStatus, async (c) => {
    const { db, siteStatus } = c.get('deps')
    c.header('Cache-Control', 'no-store')
    return ok(c, await (siteStatus ? siteStatus() : buildStatus(db, {})))
  })
  .openapi(routes.postBuildRetry, async (c) => {
    const { db, siteStatus, siteRetry } = c.get('deps')
    // The builder runs in the portal's process (npm start); an API-only process has none to nudge.
    if (!siteRetry) throw refuse('本进程不生成站点，无法重试', 409)
    siteRetry()
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
  .openapi(cr.getAdminCompany, async (c) => ok(c, await companyFacts(c.get('deps').db)))
  .openapi(cr.putAdminCompany, async (c) => {
    const { db, config, now } = c.get('deps')
    return ok(c, await editCompany(db, config, actorOf(c), c.req.valid('json'), now()))
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
  .route('/', bannerDrafts)
  .route('/', faqDrafts)
  .route('/', textDrafts)
