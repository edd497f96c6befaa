/**
 * Marketing's products (issue 21, permission catalog.write): the back office's reads of them and
 * listing on/off, and what every product write shares. Each write is one transaction holding the
 * write, what it derives (the product's 起 price, product_spus.price_min_fen, which listings,
 * search and the home page sort and show), the change marks the read cache and the site builder
 * follow, and the audit row. The editor's writes are in catalog.editor.service.ts, the SKUs' and
 * stock's in catalog.skus.service.ts.
 */
import { sql } from 'kysely'
import { LISTED, UNLISTED } from '../../../src/lib/constants.ts'
import { fenToYuan } from '../../../src/lib/money.ts'
import { optionsOf, type ProductOption, shownOptions, valuesOf } from '../../../src/lib/rules/options.ts'
import { FREE_SHIPPING_TAG, type ProductParam, splitParams } from '../../../src/lib/rules/product.ts'
import { type Actor, audit } from '../../admin/audit.ts'
import { type ChangeTag, markChanged } from '../../changes.ts'
import type { Db } from '../../db/index.ts'
import { pageOf } from '../../db/paged.ts'
import { likeContains, type Paged } from '../../db/sql.ts'
import { refuse } from '../../http.ts'
import { dbTime } from '../../time.ts'
import { labelOf, loadTemplates } from '../promotions/promotions.queries.ts'
import { paramList } from './catalog.queries.ts'

export const SKU_NOT_FOUND = '规格不存在'
export const PRODUCT_NOT_FOUND = '商品不存在或已删除'
export const ALREADY_LISTED = '商品已上架'
export const ALREADY_UNLISTED = '商品已下架'
export const SKU_IN_OPEN_ORDER = '该规格有未完成的订单，不能删除'
export const LAST_SKU = '商品至少保留一个规格'
export const CLASS_UNKNOWN = '请选择商品分类'
export const TAG_UNKNOWN = '请从列表中选择标签'
export const PRODUCT_IMAGE_MISSING = '商品图片不存在，请重新上传'
export const SKU_IMAGE_MISSING = '规格图片不存在，请重新上传'
export const TEMPLATE_UNKNOWN = '请选择运费模板'
/** A SKU at or under this stock marks its product "库存紧张" in the back office's list. */
export const LOW_STOCK = 10

/** The tags of a product's page and every page that lists it (listings, search, home). */
export const productTags = (spuId: number): ChangeTag[] => [`product:${spuId}`, 'list:product', 'home']

export interface AdminSku {
  id: number
  spuId: number
  title: string
  param: string
  price: number
  stock: number
  img: string
  /** 货号 ('' for a row written without one). */
  code: string
  /** Its option values, in the product's options' order. */
  options: string[]
  barcode: string
}

export interface AdminProductRow {
  id: number
  title: string
  subTitle: string
  classId: number | null
  imgurls: string
  priceMin: number
  /** The sum of its SKUs' stock. */
  stock: number
  /** The lowest stock of one SKU. */
  stockMin: number
  skuCount: number
  listed: boolean
  sales: number
  createTime: string
}

export interface AdminProduct extends AdminProductRow {
  /** Tag titles, comma-joined, as the public calls answer them. */
  tag: string
  /** Ships free by its template (the 包邮 tag, FREE_SHIPPING_TAG, is among the tags). */
  freeShipping: boolean
  /** Its shipping template; null: the default one. */
  shippingTemplateId: number | null
  /** '包邮', '满¥99.00包邮' or null (a fee), from the template. */
  shippingLabel: string | null
  /** 每单限购: the most of one SKU an order may hold; 0: only UNPAID_SKU_HOLD_CAP. */
  orderLimit: number
  brand: string
  model: string
  /** The specs besides 品牌 and 型号. */
  params: ProductParam[]
  content: string
  /** Its options; each SKU is one combination of their values. */
  options: ProductOption[]
  skus: AdminSku[]
}

export interface ProductSearch {
  title?: string | undefined
  classId?: number | undefined
  listed?: boolean | undefined
  low?: boolean | undefined
  pageIndex: number
  pageSize: number
}

/** What the back office reads of a SKU. */
export const SKU_COLUMNS = [
  'id',
  'spu_id',
  'title',
  'param',
  'price_fen',
  'stock',
  'img',
  'code',
  'options',
  'barcode',
] as const

export const skuOf = (s: {
  id: number
  spu_id: number
  title: string
  param: string
  price_fen: number
  stock: number
  img: string
  code: string | null
  options: string
  barcode: string
}): AdminSku => ({
  id: s.id,
  spuId: s.spu_id,
  title: s.title,
  param: s.param,
  price: fenToYuan(s.price_fen),
  stock: Number(s.stock),
  img: s.img,
  code: s.code ?? '',
  options: valuesOf(s.options),
  barcode: s.barcode,
})

/** Products with their SKU figures; is_show = 0 rows are deleted ones and stay out. */
const withStock = (db: Db) =>
  db
    .selectFrom('product_spus as p')
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('product_skus')
          .select([
            'spu_id',
            sql<number>`SUM(stock)`.as('stock'),
            sql<number>`MIN(stock)`.as('stock_min'),
            sql<number>`COUNT(*)`.as('sku_count'),
          ])
          .where('removed_time', 'is', null)
          .groupBy('spu_id')
          .as('k'),
      (j) => j.onRef('k.spu_id', '=', 'p.id'),
    )
    .where('p.is_show', '=', 1)

const ROW_COLUMNS = [
  'p.id',
  'p.title',
  'p.sub_title',
  'p.class_id',
  'p.imgurls',
  'p.price_min_fen',
  'p.ext',
  'p.sales',
  'p.create_time',
  'k.stock',
  'k.stock_min',
  'k.sku_count',
] as const

const rowOf = (r: {
  id: number
  title: string
  sub_title: string
  class_id: number | null
  imgurls: string
  price_min_fen: number
  ext: string
  sales: number
  create_time: string
  stock: number | null
  stock_min: number | null
  sku_count: number | null
}): AdminProductRow => ({
  id: r.id,
  title: r.title,
  subTitle: r.sub_title,
  classId: r.class_id,
  imgurls: r.imgurls,
  priceMin: fenToYuan(Number(r.price_min_fen)),
  stock: Number(r.stock ?? 0),
  stockMin: Number(r.stock_min ?? 0),
  skuCount: Number(r.sku_count ?? 0),
  listed: r.ext === LISTED,
  sales: Number(r.sales),
  createTime: r.create_time,
})

/** searchProducts(db, { title: '种植', low: true, pageIndex: 0, pageSize: 20 }): newest first. */
export async function searchProducts(db: Db, s: ProductSearch): Promise<Paged<AdminProductRow>> {
  let base = withStock(db)
  // The title, or a SKU's 货号 exactly (a code typed or scanned finds its product).
  if (s.title) {
    const title = s.title
    base = base.where((eb) =>
      eb.or([
        sql<boolean>`p.title LIKE ${likeContains(title)} ESCAPE '\\'`,
        eb.exists(
          eb
            .selectFrom('product_skus as c')
            .select('c.id')
            .whereRef('c.spu_id', '=', 'p.id')
            .where('c.code', '=', title),
        ),
      ]),
    )
  }
  if (s.classId !== undefined) base = base.where('p.class_id', '=', s.classId)
  if (s.listed !== undefined) base = base.where('p.ext', s.listed ? '=' : '<>', LISTED)
  if (s.low) base = base.where((eb) => eb(eb.fn.coalesce('k.stock_min', sql.lit(0)), '<=', LOW_STOCK))
  return pageOf(base, (q) => q.select(ROW_COLUMNS).orderBy('p.id', 'desc'), s, rowOf)
}

/** One product with its SKUs and editor fields, listed or not; 404 商品不存在或已删除. */
export async function adminProduct(db: Db, id: number): Promise<AdminProduct> {
  const row = await withStock(db)
    .select([
      ...ROW_COLUMNS,
      'p.tag',
      'p.params',
      'p.content',
      'p.shipping_template_id',
      'p.order_limit',
      'p.options',
    ])
    .where('p.id', '=', id)
    .executeTakeFirst()
  if (!row) throw refuse(PRODUCT_NOT_FOUND, 404)
  const shippingLabel = labelOf(await loadTemplates(db), row.shipping_template_id)
  const skus = await db
    .selectFrom('product_skus')
    .select(SKU_COLUMNS)
    .where('spu_id', '=', id)
    .where('removed_time', 'is', null)
    .orderBy('sort')
    .orderBy('id')
    .execute()
  return {
    ...rowOf(row),
    tag: row.tag,
    freeShipping: shippingLabel === FREE_SHIPPING_TAG,
    shippingTemplateId: row.shipping_template_id,
    shippingLabel,
    orderLimit: row.order_limit,
    ...splitParams(paramList(row.params)),
    content: row.content,
    ...shownOptions(optionsOf(row.options), skus.map(skuOf)),
  }
}

/**
 * The 起 price of a product, derived again from its SKUs (0 when it has none). Answers the
 * product's listing flag as this UPDATE, holding the row, sees it (for markProduct).
 */
export async function derivePriceMin(t: Db, spuId: number): Promise<string> {
  const row = await t
    .updateTable('product_spus')
    .set({
      price_min_fen: (eb) =>
        eb.fn.coalesce(
          eb
            .selectFrom('product_skus')
            .select((s) => s.fn.min('price_fen').as('m'))
            .where('spu_id', '=', spuId)
            .where('removed_time', 'is', null),
          sql.lit(0),
        ),
    })
    .where('id', '=', spuId)
    .returning('ext')
    .executeTakeFirst()
  return row?.ext ?? UNLISTED
}

/** Holds the product's row for the rest of the transaction and answers its listing flag (for markProduct). */
export async function holdProduct(t: Db, spuId: number): Promise<string> {
  // A write that changes nothing, for its row lock: a listing committed meanwhile is then seen.
  const row = await t
    .updateTable('product_spus')
    .set((eb) => ({ ext: eb.ref('ext') }))
    .where('id', '=', spuId)
    .returning('ext')
    .executeTakeFirst()
  return row?.ext ?? UNLISTED
}

/**
 * The change marks of a write to a product, in its transaction: `tags` (its page and every page
 * that lists it, by default) — when it is listed. An unlisted product is on no public page and
 * in no cached answer (its API page answers 当前商品已经下架; the builder removed its page when it
 * was unlisted), so preparing one before it goes on the shelf rebuilds nothing; setListed marks
 * everything then. `ext` must come from an UPDATE of the product's row in this transaction, so a
 * listing committed meanwhile is seen and its build cannot miss this write.
 */
export async function markProduct(
  t: Db,
  spuId: number,
  ext: string,
  at: string,
  tags: ChangeTag[] = productTags(spuId),
): Promise<void> {
  if (ext === LISTED) await markChanged(t, tags, at)
}

/** The product, not deleted, or 404 商品不存在或已删除. */
export async function requireProduct(t: Db, spuId: number): Promise<void> {
  const found = await t
    .selectFrom('product_spus')
    .select('id')
    .where('id', '=', spuId)
    .where('is_show', '=', 1)
    .executeTakeFirst()
  if (!found) throw refuse(PRODUCT_NOT_FOUND, 404)
}

/**
 * Puts a product on the shelf (listed: true) or takes it off: one conditional UPDATE of `ext`,
 * so the second of two staff is told 409. Unlisted, it leaves listings, search and home, and its
 * page says 当前商品已经下架 (OFF_SHELF, catalog.index.ts).
 */
export async function setListed(
  db: Db,
  actor: Actor,
  spuId: number,
  listed: boolean,
  now: Date,
): Promise<AdminProduct> {
  await db.transaction().execute(async (t) => {
    if (!(await applyListing(t, actor, spuId, listed, now)))
      throw refuse(listed ? ALREADY_LISTED : ALREADY_UNLISTED, 409)
  })
  return adminProduct(db, spuId)
}

/**
 * The listing write inside the caller's transaction (one product, or each of a bulk call): the
 * flag, the change marks of its pages and the audit row. False when it already was so (nothing
 * written); a product unknown or deleted is refused 商品不存在或已删除.
 */
export async function applyListing(
  t: Db,
  actor: Actor,
  spuId: number,
  listed: boolean,
  now: Date,
): Promise<boolean> {
  await requireProduct(t, spuId)
  const changed = await t
    .updateTable('product_spus')
    .set({ ext: listed ? LISTED : UNLISTED })
    .where('id', '=', spuId)
    .where('ext', listed ? '<>' : '=', LISTED)
    .executeTakeFirst()
  if (changed.numUpdatedRows === 0n) return false
  await markChanged(t, productTags(spuId), dbTime(now))
  await audit(t, actor, now, {
    action: listed ? 'product.list' : 'product.unlist',
    target: `product:${spuId}`,
    before: { listed: !listed },
    after: { listed },
  })
  return true
}
