import { LISTED, OFF_SHELF, PRODUCT_LIKE_STATUS, RECOMMENDED_PRODUCTS } from '../../../src/lib/constants.ts'
import { holdCap } from '../../../src/lib/rules/holds.ts'
import { optionsOf, shownOptions } from '../../../src/lib/rules/options.ts'
import { ok, router } from '../../contract/index.ts'
import { listingArgs } from '../../db/catalog.ts'
import { refuse, requireUser } from '../../http.ts'
import { isFavourite } from '../favourites/favourites.queries.ts'
import { loadTemplates } from '../promotions/promotions.queries.ts'
import { reviewPage } from '../reviews/reviews.queries.ts'
import * as q from './catalog.queries.ts'
import * as routes from './catalog.routes.ts'

/** Reviews a product page is built with (its first page of the reviews list). */
export const BUILT_REVIEWS = 5

/** Products: the listing and the detail page (storefront §3, §7). */
export const catalog = router()
  .openapi(routes.getProductPage, async (c) => {
    const args = listingArgs(c.req.valid('query'), q.SPU_SORT, 'p.id', () => requireUser(c).id)
    return ok(c, await q.productPage(c.get('deps').db, ...args))
  })
  .openapi(routes.getProduct, async (c) => {
    const { db, config } = c.get('deps')
    const { id } = c.req.valid('query')
    const user = c.get('user')
    const row = await q.productRow(db, id)
    if (!row) throw refuse('商品不存在或已删除', 404)
    if (row.ext !== LISTED && user?.id !== row.create_id) throw refuse(OFF_SHELF, 404)
    const [skuList, spuList, like, templates, reviews] = await Promise.all([
      q.skus(db, id),
      q.listProducts(db, RECOMMENDED_PRODUCTS, { classId: row.class_id, exceptId: id }),
      user ? isFavourite(db, user.id, PRODUCT_LIKE_STATUS, id) : false,
      loadTemplates(db),
      // The built page shows the newest reviews and the summary; the island reads the rest live.
      reviewPage(db, id, false, { pageIndex: 0, pageSize: BUILT_REVIEWS }),
    ])
    const shown = shownOptions(optionsOf(row.options), skuList)
    return ok(c, {
      ...q.productDetail(row, templates),
      options: shown.options,
      isLike: like ? (1 as const) : (0 as const),
      skuList: shown.skus,
      buyLimit: holdCap(config.holds.skuUnits, row.order_limit),
      spuList,
      reviewSummary: reviews.summary,
      reviewList: reviews.pageData,
    })
  })
