import { Hono } from 'hono'
import { LISTED, PRODUCT_LIKE_STATUS, RECOMMENDED_PRODUCTS } from '../../src/lib/constants.ts'
import { fenToYuan } from '../../src/lib/money.ts'
import type { Db } from '../db/legacy.ts'
import { type Env, ok, paged, Query, refuse } from '../legacy-http.ts'
import { catalogFilters, Where } from './catalog-filters.ts'
import { orderBy } from './content.ts'

export const productRoutes = new Hono<Env>()

interface SpuRow {
  id: number
  title: string
  sub_title: string
  tag: string
  class_id: number | null
  imgurls: string
  price_min_fen: number
  sales: number
  ext: string
  is_show: number
  create_id: number | null
  create_time: string
}

const SPU_COLUMNS =
  'p.id, p.title, p.sub_title, p.tag, p.class_id, p.imgurls, p.price_min_fen, p.sales, p.ext, p.is_show, p.create_id, p.create_time'

/** The card shape of a product (storefront §3). */
function spuCard(r: SpuRow) {
  return {
    id: Number(r.id),
    title: r.title,
    subTitle: r.sub_title,
    tag: r.tag,
    classId: r.class_id === null ? null : Number(r.class_id),
    imgurls: r.imgurls,
    priceMin: fenToYuan(Number(r.price_min_fen)),
    extMore: Number(r.sales),
    ext: r.ext,
    isShow: Number(r.is_show),
    createId: r.create_id === null ? null : Number(r.create_id),
    createTime: r.create_time,
  }
}
export type SpuCard = ReturnType<typeof spuCard>

/** Listed products, best-selling first; `classId` narrows to one category (recommendations). */
export async function listProducts(
  db: Db,
  limit: number,
  opts: { classId?: number | null; exceptId?: number } = {},
) {
  const rows = await db.all<SpuRow>(
    `SELECT ${SPU_COLUMNS} FROM product_spus p WHERE p.ext = ? AND p.is_show = 1 AND p.id <> ?
     ${opts.classId ? 'AND p.class_id = ?' : ''} ORDER BY p.sales DESC, p.id DESC LIMIT ?`,
    [LISTED, opts.exceptId ?? 0, ...(opts.classId ? [opts.classId] : []), limit],
  )
  return rows.map(spuCard)
}

productRoutes.get('/ProductSpu/GetProductSpuPage', async (c) => {
  const { db } = c.get('deps')
  const q = new Query(c)
  const w = catalogFilters(c, q, 'p', new Where())
  const order = orderBy(
    q,
    { priceMin: 'p.price_min_fen', price: 'p.price_min_fen', extMore: 'p.sales' },
    'p.id',
  )
  const result = await paged(
    db,
    { select: SPU_COLUMNS, table: 'product_spus p', key: 'p.id', where: w.parts, params: w.params, order },
    q.page(),
    spuCard,
  )
  return ok(c, result)
})

interface SkuRow {
  id: number
  spu_id: number
  title: string
  param: string
  price_fen: number
  stock: number
  img: string
}

productRoutes.get('/ProductSpu/GetProductSpu', async (c) => {
  const { db } = c.get('deps')
  const id = new Query(c).id()
  const user = c.get('user')
  const row = await db.get<SpuRow & { content: string; params: string; desdep_propicture: string }>(
    `SELECT ${SPU_COLUMNS}, p.content, p.params, p.desdep_propicture FROM product_spus p WHERE p.id = ? AND p.is_show = 1`,
    [id],
  )
  if (!row) throw refuse('商品不存在或已删除', 404)
  if (row.ext !== LISTED && user?.id !== Number(row.create_id)) throw refuse('当前商品已经下架', 404)
  const [skus, spuList, like] = await Promise.all([
    db.all<SkuRow>(
      'SELECT id, spu_id, title, param, price_fen, stock, img FROM product_skus WHERE spu_id = ? ORDER BY sort, id',
      [id],
    ),
    listProducts(db, RECOMMENDED_PRODUCTS, { classId: row.class_id, exceptId: id }),
    user
      ? db.get('SELECT id FROM user_likes WHERE user_id = ? AND status = ? AND tag_id = ?', [
          user.id,
          PRODUCT_LIKE_STATUS,
          id,
        ])
      : undefined,
  ])
  return ok(c, {
    ...spuCard(row),
    desdepPropicture: row.desdep_propicture,
    params: safeJsonList(row.params),
    content: row.content,
    isLike: like ? 1 : 0,
    skuList: skus.map((s) => ({
      id: Number(s.id),
      spuId: Number(s.spu_id),
      title: s.title,
      param: s.param,
      price: fenToYuan(Number(s.price_fen)),
      stock: Number(s.stock),
      img: s.img,
      quantity: 1,
    })),
    spuList,
  })
})

/** params is stored as a JSON list of { title, text }; a damaged value shows as none. */
function safeJsonList(s: string): unknown[] {
  try {
    const v: unknown = JSON.parse(s)
    return Array.isArray(v) ? v : []
  } catch {
    return []
  }
}
