import { actorOf } from '../../admin/admin-route.ts'
import { ok, router } from '../../contract/index.ts'
import { logSms } from '../../providers/sms.ts'
import { keepUploadedImage } from '../uploads/uploads.service.ts'
import { adminProduct, searchProducts, setListed } from './catalog.admin.service.ts'
import * as routes from './catalog.admin-routes.ts'
import { createProduct, editProduct } from './catalog.editor.service.ts'
import { saveSkuMatrix } from './catalog.options.service.ts'
import { addSku, adjustStock, editSku, removeSku } from './catalog.skus.service.ts'
import { sendStockAlertTexts } from './stock-alerts.ts'

/**
 * Marketing's products (issue 21): list, one product, new products, the editor, SKU price and
 * picture, stock adjustments, listing. The fixed path /admin/products/images is registered
 * before the /admin/products/{id} calls.
 */
export const catalogAdmin = router()
  .openapi(routes.postProductImage, async (c) => {
    return ok(c, { path: await keepUploadedImage(c.req.raw, c.get('deps').config) })
  })
  .openapi(routes.postProduct, async (c) => {
    const { db, now } = c.get('deps')
    return ok(c, await createProduct(db, actorOf(c), c.req.valid('json'), now()))
  })
  .openapi(routes.getAdminProducts, async (c) => {
    const { listed, low, ...q } = c.req.valid('query')
    return ok(
      c,
      await searchProducts(c.get('deps').db, {
        ...q,
        listed: listed === undefined ? undefined : listed === '1',
        low: low === '1',
      }),
    )
  })
  .openapi(routes.getAdminProduct, async (c) =>
    ok(c, await adminProduct(c.get('deps').db, c.req.valid('param').id)),
  )
  .openapi(routes.postProductListing, async (c) => {
    const { db, now } = c.get('deps')
    return ok(c, await setListed(db, actorOf(c), c.req.valid('param').id, c.req.valid('json').listed, now()))
  })
  .openapi(routes.patchSku, async (c) => {
    const { db, config, now } = c.get('deps')
    return ok(
      c,
      await editSku(db, config, actorOf(c), c.req.valid('param').skuId, c.req.valid('json'), now()),
    )
  })
  .openapi(routes.postSkuStock, async (c) => {
    const { db, now, sms } = c.get('deps')
    const { skuId } = c.req.valid('param')
    const r = await adjustStock(db, actorOf(c), skuId, c.req.valid('json'), now())
    // Committed: the 到货通知 SMS of the subscribers it notified (the leader's job sends any left over).
    await sendStockAlertTexts(db, sms ?? logSms, { skuIds: [skuId] })
    return ok(c, r)
  })
  .openapi(routes.patchProduct, async (c) => {
    const { db, config, now } = c.get('deps')
    return ok(
      c,
      await editProduct(db, config, actorOf(c), c.req.valid('param').id, c.req.valid('json'), now()),
    )
  })
  .openapi(routes.postSku, async (c) => {
    const { db, now } = c.get('deps')
    return ok(c, await addSku(db, actorOf(c), c.req.valid('param').id, c.req.valid('json'), now()))
  })
  .openapi(routes.putProductOptions, async (c) => {
    const { db, now } = c.get('deps')
    return ok(c, await saveSkuMatrix(db, actorOf(c), c.req.valid('param').id, c.req.valid('json'), now()))
  })
  .openapi(routes.deleteSku, async (c) => {
    const { db, now } = c.get('deps')
    return ok(c, await removeSku(db, actorOf(c), c.req.valid('param').skuId, now()))
  })
