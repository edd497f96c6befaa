import { fenToYuan } from '../../../src/lib/money.ts'
import { PRICE_KIND_LABEL, unitPrice } from '../../../src/lib/rules/member-price.ts'
import { ok, router } from '../../contract/index.ts'
import { requireUser } from '../../http.ts'
import { dbTime } from '../../time.ts'
import { groupPrices } from './group-prices.ts'
import * as routes from './groups.routes.ts'

/** The buyer's own prices of one product's SKUs (the product page's live island). */
export const groupPricesApi = router().openapi(routes.getMyPrices, async (c) => {
  const { db, now } = c.get('deps')
  const user = requireUser(c)
  const spuId = c.req.valid('query').id
  const [skus, me] = await Promise.all([
    db
      .selectFrom('product_skus')
      .select(['id', 'price_fen'])
      .where('spu_id', '=', spuId)
      .where('removed_time', 'is', null)
      .orderBy('id')
      .execute(),
    db.selectFrom('users').select('discount_tenths').where('id', '=', user.id).executeTakeFirstOrThrow(),
  ])
  const groups = await groupPrices(
    db,
    user.id,
    skus.map((s) => s.id),
    dbTime(now()),
  )
  return ok(
    c,
    skus.map((s) => {
      const g = groups.get(s.id)
      const u = unitPrice(Number(s.price_fen), me.discount_tenths, g?.fen ?? null)
      return {
        skuId: s.id,
        price: fenToYuan(Number(s.price_fen)),
        myPrice: fenToYuan(u.fen),
        kind: u.kind,
        label: u.kind === 'list' ? '' : PRICE_KIND_LABEL[u.kind],
        groupTitle: u.kind === 'group' ? (g?.title ?? '') : '',
      }
    }),
  )
})
