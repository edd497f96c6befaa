/**
 * Marketing's product writes (issue 21, permission catalog.write): new products, the editor's
 * fields, a SKU's price, title and picture, stock adjustments, listing on/off. Each is one
 * transaction holding the write, what it derives (the product's 起 price, product_spus.
 * price_min_fen, which listings, search and the home page sort and show), the change marks the
 * read cache and the site builder follow, and the audit row.
 */
import { type Expression, type SqlBool, sql } from 'kysely'
import { ClassifyKey, LISTED, OrderStatus, UNLISTED } from '../../../src/lib/constants.ts'
import { splitList } from '../../../src/lib/format.ts'
import { sanitizeRichText } from '../../../src/lib/html/sanitize.server.ts'
import { fenToYuan } from '../../../src/lib/money.ts'
import {
  FREE_SHIPPING_TAG,
  joinParams,
  type ProductEdit,
  type ProductParam,
  splitParams,
} from '../../../src/lib/rules/product.ts'
import { type SkuEdit, STOCK_NEGATIVE, type StockAdjust } from '../../../src/lib/rules/stock.ts'
import { type Actor, audit } from '../../admin/audit.ts'
import { type ChangeTag, markChanged } from '../../changes.ts'
import type { Db } from '../../db/index.ts'
import { likeContains, lockRow, type Paged } from '../../db/sql.ts'
import { refuse } from '../../http.ts'
import { dbTime } from '../../time.ts'
import { freeTag, labelOf, loadTemplates } from '../promotions/promotions.queries.ts'
import { type FileDirs, publicFileExists } from '../uploads/uploads.service.ts'
import { paramList } from './catalog.queries.ts'
import { notifyRestocked } from './stock-alerts.ts'

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
  brand: string
  model: string
  /** The specs besides 品牌 and 型号. */
  params: ProductParam[]
  content: string
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

const skuOf = (s: {
  id: number
  spu_id: number
  title: string
  param: string
  price_fen: number
  stock: number
  img: string
}): AdminSku => ({
  id: s.id,
  spuId: s.spu_id,
  title: s.title,
  param: s.param,
  price: fenToYuan(s.price_fen),
  stock: Number(s.stock),
  img: s.img,
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
  if (s.title) base = base.where(sql<boolean>`p.title LIKE ${likeContains(s.title)} ESCAPE '\\'`)
  if (s.classId !== undefined) base = base.where('p.class_id', '=', s.classId)
  if (s.listed !== undefined) base = base.where('p.ext', s.listed ? '=' : '<>', LISTED)
  if (s.low) base = base.where((eb) => eb(eb.fn.coalesce('k.stock_min', sql.lit(0)), '<=', LOW_STOCK))
  const [count, rows] = await Promise.all([
    base.select(sql<number>`COUNT(*)`.as('n')).executeTakeFirst(),
    base
      .select(ROW_COLUMNS)
      .orderBy('p.id', 'desc')
      .limit(s.pageSize)
      .offset(s.pageIndex * s.pageSize)
      .execute(),
  ])
  return {
    pageData: rows.map(rowOf),
    pageIndex: s.pageIndex,
    pageSize: s.pageSize,
    pageTotal: Number(count?.n ?? 0),
  }
}

/** One product with its SKUs and editor fields, listed or not; 404 商品不存在或已删除. */
export async function adminProduct(db: Db, id: number): Promise<AdminProduct> {
  const row = await withStock(db)
    .select([...ROW_COLUMNS, 'p.tag', 'p.params', 'p.content', 'p.shipping_template_id'])
    .where('p.id', '=', id)
    .executeTakeFirst()
  if (!row) throw refuse(PRODUCT_NOT_FOUND, 404)
  const shippingLabel = labelOf(await loadTemplates(db), row.shipping_template_id)
  const skus = await db
    .selectFrom('product_skus')
    .select(['id', 'spu_id', 'title', 'param', 'price_fen', 'stock', 'img'])
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
    ...splitParams(paramList(row.params)),
    content: row.content,
    skus: skus.map(skuOf),
  }
}

/** A product's SKUs are told apart by title and param: a second 标准款 made two identical buttons. */
export const skuTitleTaken = (title: string) => `该商品已有规格“${title}”，请换一个名称`

/** Refuses (409) when another live SKU of the product has this title and param. */
async function refuseTakenTitle(t: Db, spuId: number, title: string, param: string, except?: number) {
  const same = await t
    .selectFrom('product_skus')
    .select('id')
    .where('spu_id', '=', spuId)
    .where('removed_time', 'is', null)
    .where('title', '=', title)
    .where('param', '=', param)
    .$if(except !== undefined, (q) => q.where('id', '<>', except as number))
    .executeTakeFirst()
  if (same) throw refuse(skuTitleTaken(title), 409)
}

const skuRow = (t: Db, skuId: number) =>
  t
    .selectFrom('product_skus')
    .select(['id', 'spu_id', 'title', 'param', 'price_fen', 'stock', 'img'])
    .where('id', '=', skuId)
    .where('removed_time', 'is', null)
    .executeTakeFirst()

/**
 * The 起 price of a product, derived again from its SKUs (0 when it has none). Answers the
 * product's listing flag as this UPDATE, holding the row, sees it (for markProduct).
 */
async function derivePriceMin(t: Db, spuId: number): Promise<string> {
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
async function holdProduct(t: Db, spuId: number): Promise<string> {
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
async function markProduct(
  t: Db,
  spuId: number,
  ext: string,
  at: string,
  tags: ChangeTag[] = productTags(spuId),
): Promise<void> {
  if (ext === LISTED) await markChanged(t, tags, at)
}

/** editSku(db, dirs, actor, 7, { priceFen: 3290 }, now): a SKU's price, title and/or picture, the product's 起 price with it. */
export async function editSku(
  db: Db,
  dirs: FileDirs,
  actor: Actor,
  skuId: number,
  edit: SkuEdit,
  now: Date,
): Promise<AdminSku> {
  return db.transaction().execute(async (t) => {
    const before = await skuRow(t, skuId)
    if (!before) throw refuse(SKU_NOT_FOUND, 404)
    if (edit.title !== undefined && edit.title !== before.title)
      await refuseTakenTitle(t, before.spu_id, edit.title, before.param, skuId)
    // A new picture must be an upload that is there (the staff image call puts it there).
    if (edit.img && edit.img !== before.img && !(await publicFileExists(dirs, edit.img)))
      throw refuse(SKU_IMAGE_MISSING)
    const after = {
      ...before,
      price_fen: edit.priceFen ?? before.price_fen,
      title: edit.title ?? before.title,
      img: edit.img ?? before.img,
    }
    await t
      .updateTable('product_skus')
      .set({ price_fen: after.price_fen, title: after.title, img: after.img })
      .where('id', '=', skuId)
      .execute()
    const ext = await derivePriceMin(t, before.spu_id)
    await markProduct(t, before.spu_id, ext, dbTime(now))
    await audit(t, actor, now, {
      action: 'sku.edit',
      target: `sku:${skuId}`,
      before: {
        spuId: before.spu_id,
        price: fenToYuan(before.price_fen),
        title: before.title,
        img: before.img,
      },
      after: { spuId: before.spu_id, price: fenToYuan(after.price_fen), title: after.title, img: after.img },
    })
    return skuOf(after)
  })
}

/**
 * adjustStock(db, actor, 7, { delta: -3, reason: '盘点' }, now) → the stock afterwards. One
 * conditional UPDATE adds the delta where the result stays ≥ 0 (buyers' `stock - q WHERE
 * stock >= q` and other adjustments interleave freely, none overwrites another), and the
 * adjustment is booked with it; a delta that would go negative is refused and nothing changes.
 * An increase notifies the SKU's 到货通知 subscribers (stock-alerts.ts); their SMS is the
 * caller's to send after the commit (sendStockAlertTexts).
 *
 * With `requestId` the booking is written first, under that id's unique index: the same
 * adjustment sent again (a double click, a retry, even at the same moment) finds its booking and
 * answers the stock as it is, changing nothing a second time.
 */
export async function adjustStock(
  db: Db,
  actor: Actor,
  skuId: number,
  adj: StockAdjust,
  now: Date,
): Promise<{ skuId: number; stock: number }> {
  const at = dbTime(now)
  return db.transaction().execute(async (t) => {
    const sku = await skuRow(t, skuId)
    if (!sku) throw refuse(SKU_NOT_FOUND, 404)
    const booked = await t
      .insertInto('stock_adjustments')
      .values({
        sku_id: skuId,
        delta: adj.delta,
        // Set below, once the change has been made.
        stock_after: 0,
        reason: adj.reason,
        staff_id: actor.staffId,
        username: actor.username,
        create_time: at,
        request_id: adj.requestId ?? null,
      })
      .onConflict((oc) => oc.column('request_id').doNothing())
      .returning('id')
      .executeTakeFirst()
    if (!booked) {
      // Made already (the conflict waited for its commit): answer it again.
      const earlier = await t
        .selectFrom('stock_adjustments')
        .select('sku_id')
        .where('request_id', '=', adj.requestId ?? '')
        .executeTakeFirstOrThrow()
      if (earlier.sku_id !== skuId) throw refuse('请求编号已用于另一个规格的调整', 409)
      // Read again: the first attempt committed after `sku` was read.
      return { skuId, stock: Number((await skuRow(t, skuId))?.stock ?? sku.stock) }
    }
    const moved = await t
      .updateTable('product_skus')
      .set((eb) => ({ stock: eb('stock', '+', adj.delta) }))
      .where('id', '=', skuId)
      .where('removed_time', 'is', null)
      .where((eb) => eb(eb('stock', '+', adj.delta) as Expression<number>, '>=', 0) as Expression<SqlBool>)
      .returning('stock')
      .executeTakeFirst()
    if (!moved) throw refuse(STOCK_NEGATIVE, 409)
    const stock = Number(moved.stock)
    await t.updateTable('stock_adjustments').set({ stock_after: stock }).where('id', '=', booked.id).execute()
    // Back from sold out: its 到货通知 subscribers hear it once, with this commit.
    if (adj.delta > 0) await notifyRestocked(t, [skuId], now)
    // The page's SKU list shows stock; listings do not, so only the product's page is marked.
    await markProduct(t, sku.spu_id, await holdProduct(t, sku.spu_id), at, [`product:${sku.spu_id}`])
    await audit(t, actor, now, {
      action: 'sku.stock',
      target: `sku:${skuId}`,
      after: { spuId: sku.spu_id, delta: adj.delta, stock, reason: adj.reason },
    })
    return { skuId, stock }
  })
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
  const found = await t
    .selectFrom('product_spus')
    .select('id')
    .where('id', '=', spuId)
    .where('is_show', '=', 1)
    .executeTakeFirst()
  if (!found) throw refuse(PRODUCT_NOT_FOUND, 404)
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

/** The editor's fields as stored: what an edit starts from and is audited against. */
type ProductFields = {
  title: string
  subTitle: string
  brand: string
  model: string
  params: ProductParam[]
  classId: number | null
  tags: string[]
  imgurls: string[]
  content: string
  shippingTemplateId: number | null
}

/** The dictionary behind the editor's category and tags: refuses an entry it does not hold. */
async function checkDictionary(t: Db, classId: number | undefined, tags: readonly string[]): Promise<void> {
  const rows = await t
    .selectFrom('classifies')
    .select(['id', 'ckey', 'title'])
    .where('ckey', 'in', [ClassifyKey.productClass, ClassifyKey.productTag])
    .execute()
  if (classId !== undefined && !rows.some((r) => r.ckey === ClassifyKey.productClass && r.id === classId))
    throw refuse(CLASS_UNKNOWN)
  const known = new Set(rows.filter((r) => r.ckey === ClassifyKey.productTag).map((r) => r.title))
  if (!tags.every((tag) => known.has(tag))) throw refuse(TAG_UNKNOWN)
}

/**
 * editProduct(db, dirs, actor, 3, { title: '新名称', brand: '安麻' }, now): the editor's fields, only
 * those given. The detail text is sanitised here, by the one sanitiser, before it is stored;
 * brand and model are written back into `params` as its 品牌 and 型号 entries; the shipping
 * template sets the 包邮 tag (freeTag). Every page that shows the product is marked, and the audit
 * row holds the fields that changed, before and after.
 */
export async function editProduct(
  db: Db,
  dirs: FileDirs,
  actor: Actor,
  spuId: number,
  edit: ProductEdit,
  now: Date,
): Promise<AdminProduct> {
  await db.transaction().execute(async (t) => {
    const row = await t
      .selectFrom('product_spus')
      .select([
        'title',
        'sub_title',
        'params',
        'class_id',
        'tag',
        'imgurls',
        'content',
        'shipping_template_id',
      ])
      .where('id', '=', spuId)
      .where('is_show', '=', 1)
      .executeTakeFirst()
    if (!row) throw refuse(PRODUCT_NOT_FOUND, 404)
    const templates = await loadTemplates(t)
    const templateId =
      edit.shippingTemplateId === undefined ? row.shipping_template_id : edit.shippingTemplateId
    if (templateId !== null && !templates.list.some((x) => x.id === templateId))
      throw refuse(TEMPLATE_UNKNOWN)
    const before: ProductFields = {
      title: row.title,
      subTitle: row.sub_title,
      ...splitParams(paramList(row.params)),
      classId: row.class_id,
      tags: splitList(row.tag),
      imgurls: splitList(row.imgurls),
      content: row.content,
      shippingTemplateId: row.shipping_template_id,
    }
    // 包邮 is the template's to say: a tag sent by hand is neither kept nor needed.
    const chosen = (edit.tags ?? before.tags).filter((tag) => tag !== FREE_SHIPPING_TAG)
    const tags = splitList(freeTag(chosen.join(','), labelOf(templates, templateId)))
    const after: ProductFields = {
      title: edit.title ?? before.title,
      subTitle: edit.subTitle ?? before.subTitle,
      brand: edit.brand ?? before.brand,
      model: edit.model ?? before.model,
      params: edit.params ?? before.params,
      classId: edit.classId ?? before.classId,
      tags,
      imgurls: edit.imgurls ?? before.imgurls,
      content: edit.content === undefined ? before.content : sanitizeRichText(edit.content),
      shippingTemplateId: templateId,
    }
    await checkDictionary(t, edit.classId, edit.tags !== undefined ? chosen : [])
    // New pictures must be uploads that are there; the ones it has stay, whatever they are.
    const added = after.imgurls.filter((p) => !before.imgurls.includes(p))
    if ((await Promise.all(added.map((p) => publicFileExists(dirs, p)))).includes(false))
      throw refuse(PRODUCT_IMAGE_MISSING)
    const { ext } = await t
      .updateTable('product_spus')
      .set({
        title: after.title,
        sub_title: after.subTitle,
        params: JSON.stringify(joinParams(after.brand, after.model, after.params)),
        class_id: after.classId,
        tag: after.tags.join(','),
        imgurls: after.imgurls.join(','),
        content: after.content,
        shipping_template_id: after.shippingTemplateId,
      })
      .where('id', '=', spuId)
      .returning('ext')
      .executeTakeFirstOrThrow()
    await markProduct(t, spuId, ext, dbTime(now))
    // audit() keeps the fields that changed, so the row holds just what this edit did.
    await audit(t, actor, now, { action: 'product.edit', target: `product:${spuId}`, before, after })
  })
  return adminProduct(db, spuId)
}

/**
 * createProduct(db, actor, { title: '种植体', sku: { title: '标准装', priceFen: 9900 }, shippingTemplateId: 2 }, now):
 * a new product with its first SKU at stock 0, its 起 price derived from it. It starts unlisted
 * (off every public page until listed), so it can be filled in before anyone sees it.
 */
export async function createProduct(
  db: Db,
  actor: Actor,
  v: { title: string; sku: { title: string; priceFen: number }; shippingTemplateId?: number | null },
  now: Date,
): Promise<AdminProduct> {
  const at = dbTime(now)
  const templateId = v.shippingTemplateId ?? null
  const spuId = await db.transaction().execute(async (t) => {
    const templates = await loadTemplates(t)
    if (templateId !== null && !templates.list.some((x) => x.id === templateId))
      throw refuse(TEMPLATE_UNKNOWN)
    const { id } = await t
      .insertInto('product_spus')
      .values({
        title: v.title,
        shipping_template_id: templateId,
        // 包邮 when its template (or the default) charges nothing, as for every product.
        tag: freeTag('', labelOf(templates, templateId)),
        ext: UNLISTED,
        is_show: 1,
        create_id: null,
        create_time: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const sku = await t
      .insertInto('product_skus')
      .values({ spu_id: id, title: v.sku.title, price_fen: v.sku.priceFen, stock: 0, sort: 1 })
      .returning('id')
      .executeTakeFirstOrThrow()
    await derivePriceMin(t, id)
    // No change marks: unlisted, it is on no public page (markProduct); listing it marks them.
    await audit(t, actor, now, {
      action: 'product.create',
      target: `product:${id}`,
      after: {
        title: v.title,
        listed: false,
        shippingTemplateId: templateId,
        sku: { id: sku.id, title: v.sku.title, price: fenToYuan(v.sku.priceFen), stock: 0 },
      },
    })
    return id
  })
  return adminProduct(db, spuId)
}

/** addSku(db, actor, 3, { title: '大号', priceFen: 9900 }, now): a new SKU at stock 0 (stock comes by adjustment). */
export async function addSku(
  db: Db,
  actor: Actor,
  spuId: number,
  sku: { title: string; priceFen: number },
  now: Date,
): Promise<AdminSku> {
  return db.transaction().execute(async (t) => {
    const found = await t
      .selectFrom('product_spus')
      .select('id')
      .where('id', '=', spuId)
      .where('is_show', '=', 1)
      .executeTakeFirst()
    if (!found) throw refuse(PRODUCT_NOT_FOUND, 404)
    await refuseTakenTitle(t, spuId, sku.title, '')
    const row = await t
      .insertInto('product_skus')
      .values({ spu_id: spuId, title: sku.title, price_fen: sku.priceFen, stock: 0 })
      .returning(['id', 'spu_id', 'title', 'param', 'price_fen', 'stock', 'img'])
      .executeTakeFirstOrThrow()
    await markProduct(t, spuId, await derivePriceMin(t, spuId), dbTime(now))
    await audit(t, actor, now, {
      action: 'sku.add',
      target: `sku:${row.id}`,
      after: { spuId, title: sku.title, price: fenToYuan(sku.priceFen) },
    })
    return skuOf(row)
  })
}

/**
 * Removes a SKU that no open order (待付款, 待发货, 待收货) holds: its row stays for past orders and
 * the stock book, marked removed, so it is no longer shown, sold or priced. The last SKU of a
 * product stays (a product without one could not be bought; unlist it instead).
 */
export async function removeSku(db: Db, actor: Actor, skuId: number, now: Date): Promise<AdminProduct> {
  const spuId = await db.transaction().execute(async (t) => {
    const found = await skuRow(t, skuId)
    if (!found) throw refuse(SKU_NOT_FOUND, 404)
    // The product first, then the SKU (PostgreSQL): two removals of one product's last two SKUs
    // queue, so one finds the other gone and keeps the last; and an order holding the SKU row
    // (it takes stock last) has committed its lines before the open-order check reads them.
    await lockRow(t, 'product_spus', found.spu_id)
    await lockRow(t, 'product_skus', skuId)
    const sku = await skuRow(t, skuId)
    if (!sku) throw refuse(SKU_NOT_FOUND, 404)
    const siblings = await t
      .selectFrom('product_skus')
      .select(sql<number>`COUNT(*)`.as('n'))
      .where('spu_id', '=', sku.spu_id)
      .where('removed_time', 'is', null)
      .executeTakeFirst()
    if (Number(siblings?.n ?? 0) <= 1) throw refuse(LAST_SKU, 409)
    const at = dbTime(now)
    const removed = await t
      .updateTable('product_skus')
      .set({ removed_time: at })
      .where('id', '=', skuId)
      .where('removed_time', 'is', null)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('order_items as i')
              .innerJoin('orders as o', 'o.id', 'i.order_id')
              .select('i.id')
              .where('i.sku_id', '=', skuId)
              .where('o.status', 'in', [OrderStatus.unpaid, OrderStatus.unshipped, OrderStatus.unreceived]),
          ),
        ),
      )
      .executeTakeFirst()
    if (removed.numUpdatedRows === 0n) throw refuse(SKU_IN_OPEN_ORDER, 409)
    await markProduct(t, sku.spu_id, await derivePriceMin(t, sku.spu_id), at)
    await audit(t, actor, now, {
      action: 'sku.remove',
      target: `sku:${skuId}`,
      before: {
        spuId: sku.spu_id,
        title: sku.title,
        price: fenToYuan(sku.price_fen),
        stock: Number(sku.stock),
      },
    })
    return sku.spu_id
  })
  return adminProduct(db, spuId)
}
