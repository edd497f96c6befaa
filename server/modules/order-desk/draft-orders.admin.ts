/** 代客下单's handlers (draft-orders.ts does the work; every write audited there). */
import { actorOf, requireStaff } from '../../admin/admin-route.ts'
import { ok, router } from '../../contract/index.ts'
import type { Ctx } from '../../http.ts'
import { logSms } from '../../providers/sms.ts'
import * as routes from './draft-orders.admin-routes.ts'
import * as drafts from './draft-orders.ts'

/** The body read with the discount limit of the signed-in staff member's roles. */
const draftOf = (c: Ctx, body: Record<string, unknown>) => drafts.readDraft(body, requireStaff(c).roles)

export const draftOrdersAdmin = router()
  .openapi(routes.getDrafts, async (c) => {
    return ok(c, await drafts.listDrafts(c.get('deps').db, c.req.valid('query')))
  })
  .openapi(routes.postDraft, async (c) => {
    const { db, config, now } = c.get('deps')
    return ok(c, await drafts.createDraft(db, config, actorOf(c), draftOf(c, c.req.valid('json')), now()))
  })
  .openapi(routes.postDraftPreview, async (c) => {
    const { db, config, now } = c.get('deps')
    return ok(c, await drafts.previewDraft(db, config, draftOf(c, c.req.valid('json')), now()))
  })
  .openapi(routes.getDraftSkus, async (c) => {
    return ok(c, await drafts.searchSkus(c.get('deps').db, c.req.valid('query').q ?? ''))
  })
  .openapi(routes.getDraftCustomer, async (c) => {
    return ok(c, await drafts.customerChoices(c.get('deps').db, c.req.valid('param').userId))
  })
  .openapi(routes.getDraft, async (c) => {
    return ok(c, await drafts.draftDetail(c.get('deps').db, c.req.valid('param').id))
  })
  .openapi(routes.putDraft, async (c) => {
    const { db, config, now } = c.get('deps')
    const { id } = c.req.valid('param')
    return ok(c, await drafts.editDraft(db, config, actorOf(c), id, draftOf(c, c.req.valid('json')), now()))
  })
  .openapi(routes.deleteDraft, async (c) => {
    const { db, now } = c.get('deps')
    await drafts.deleteDraft(db, actorOf(c), c.req.valid('param').id, now())
    return ok(c, '删除成功' as const)
  })
  .openapi(routes.postDraftSend, async (c) => {
    const { db, config, sms, now } = c.get('deps')
    // No provider given: the local one, which writes the text to the log (as the 到货通知 do).
    return ok(
      c,
      await drafts.sendDraft(db, config, sms ?? logSms, actorOf(c), c.req.valid('param').id, now()),
    )
  })
