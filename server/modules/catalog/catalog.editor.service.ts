/**
 * The product editor's writes (issue 21, permission catalog.write): a new product with its first
 * SKU, and the editor's fields. The detail text is sanitised here, by the one sanitiser.
 */
import { ClassifyKey, UNLISTED } from '../../../src/lib/constants.ts'
import { splitList } from '../../../src/lib/format.ts'
import { sanitizeRichText } from '../../../src/lib/html/sanitize.server.ts'
import { fenToYuan } from '../../../src/lib/money.ts'
import { generatedSkuCode } from '../../../src/lib/rules/options.ts'
import {
  FREE_SHIPPING_TAG,
  joinParams,
  type ProductEdit,
  type ProductParam,
  splitParams,
} from '../../../src/lib/rules/product.ts'
import { type Actor, audit } from '../../admin/audit.ts'
import type { Db } from '../../db/index.ts'
import { refuse } from '../../http.ts'
import { dbTime } from '../../time.ts'
import { freeTag, labelOf, loadTemplates, type Templates } from '../promotions/promotions.queries.ts'
import { type FileDirs, publicFileExists } from '../uploads/uploads.service.ts'
import {
  type AdminProduct,
  adminProduct,
  CLASS_UNKNOWN,
  derivePriceMin,
  markProduct,
  PRODUCT_IMAGE_MISSING,
  PRODUCT_NOT_FOUND,
  TAG_UNKNOWN,
  TEMPLATE_UNKNOWN,
} from './catalog.admin.service.ts'
import { syncSingleOption } from './catalog.options.service.ts'
import { paramList } from './catalog.queries.ts'

/** A template chosen for a product must be one of the templates (null: the default). */
function checkTemplate(templates: Templates, templateId: number | null): void {
  if (templateId !== null && !templates.list.some((x) => x.id === templateId)) throw refuse(TEMPLATE_UNKNOWN)
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
  orderLimit: number
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
  await db.transaction().execute((t) => applyProductEdit(t, dirs, actor, spuId, edit, now))
  return adminProduct(db, spuId)
}

/** editProduct's work inside the caller's transaction `t` (the catalogue import's 商品名称). */
export async function applyProductEdit(
  t: Db,
  dirs: FileDirs,
  actor: Actor,
  spuId: number,
  edit: ProductEdit,
  now: Date,
): Promise<void> {
  {
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
        'order_limit',
      ])
      .where('id', '=', spuId)
      .where('is_show', '=', 1)
      .executeTakeFirst()
    if (!row) throw refuse(PRODUCT_NOT_FOUND, 404)
    const templates = await loadTemplates(t)
    const templateId =
      edit.shippingTemplateId === undefined ? row.shipping_template_id : edit.shippingTemplateId
    checkTemplate(templates, templateId)
    const before: ProductFields = {
      title: row.title,
      subTitle: row.sub_title,
      ...splitParams(paramList(row.params)),
      classId: row.class_id,
      tags: splitList(row.tag),
      imgurls: splitList(row.imgurls),
      content: row.content,
      shippingTemplateId: row.shipping_template_id,
      orderLimit: row.order_limit,
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
      orderLimit: edit.orderLimit ?? before.orderLimit,
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
        order_limit: after.orderLimit,
      })
      .where('id', '=', spuId)
      .returning('ext')
      .executeTakeFirstOrThrow()
    await markProduct(t, spuId, ext, dbTime(now))
    // audit() keeps the fields that changed, so the row holds just what this edit did.
    await audit(t, actor, now, { action: 'product.edit', target: `product:${spuId}`, before, after })
  }
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
    checkTemplate(templates, templateId)
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
    await t
      .updateTable('product_skus')
      .set({ code: generatedSkuCode(sku.id) })
      .where('id', '=', sku.id)
      .execute()
    // One option 规格 with the first SKU's name: the editor's 选项与规格 makes a matrix of it.
    await syncSingleOption(t, id)
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
