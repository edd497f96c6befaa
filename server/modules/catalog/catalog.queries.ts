import { LISTED } from '../../../src/lib/constants.ts'
import { fenToYuan } from '../../../src/lib/money.ts'
import { valuesOf } from '../../../src/lib/rules/options.ts'
import { z } from '../../contract/index.ts'
import {
  type CatalogFilter,
  type CatalogValues,
  catalogFrom,
  catalogScan,
  catalogValues,
  catalogWhere,
} from '../../db/catalog.ts'
import type { Db } from '../../db/index.ts'
import { mapPage, type Order, type Page, pagedList } from '../../db/sql.ts'
import { labelOf, loadTemplates, type Templates } from '../promotions/promotions.queries.ts'

/**
 * Product card (storefront §3). Declared here beside the mapping that makes it, because the
 * home index of another domain (content) lists products too; catalog.routes.ts re-exports it.
 */
export const SpuCard = z
  .object({
    id: z.number().int(),
    title: z.string(),
    subTitle: z.string(),
    tag: z.string().openapi({ description: '标签，逗号分隔' }),
    classId: z.number().int().nullable(),
    imgurls: z.string().openapi({ description: '图片路径，逗号分隔' }),
    priceMin: z.number().openapi({ description: '最低规格价（元）' }),
    extMore: z.number().int().openapi({ description: '销量：“畅销”排序的依据' }),
    ext: z.string().openapi({ description: '上架标记：是 上架，否 下架' }),
    isShow: z.number().int(),
    createId: z.number().int().nullable(),
    createTime: z.string(),
    shippingTemplateId: z.number().int().nullable().openapi({ description: '运费模板；null 为默认模板' }),
    shippingLabel: z
      .string()
      .nullable()
      .openapi({ description: '运费模板给出的“包邮”或“满¥99.00包邮”；收运费时为 null' }),
  })
  .openapi('SpuCard', { description: '产品卡片' })
export type SpuCard = z.infer<typeof SpuCard>

const CARD_COLUMNS = [
  'p.id',
  'p.title',
  'p.sub_title',
  'p.tag',
  'p.class_id',
  'p.imgurls',
  'p.price_min_fen',
  'p.sales',
  'p.ext',
  'p.is_show',
  'p.create_id',
  'p.create_time',
  'p.shipping_template_id',
] as const

const card = (
  r: {
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
    shipping_template_id: number | null
  },
  templates: Templates,
): SpuCard => ({
  id: r.id,
  title: r.title,
  subTitle: r.sub_title,
  tag: r.tag,
  classId: r.class_id,
  imgurls: r.imgurls,
  priceMin: fenToYuan(r.price_min_fen),
  extMore: r.sales,
  ext: r.ext,
  isShow: r.is_show,
  createId: r.create_id,
  createTime: r.create_time,
  shippingTemplateId: r.shipping_template_id,
  shippingLabel: labelOf(templates, r.shipping_template_id),
})

/** Listed products, best-selling first; `classId` narrows to one category (recommendations). */
export async function listProducts(
  db: Db,
  limit: number,
  opts: { classId?: number | null; exceptId?: number } = {},
): Promise<SpuCard[]> {
  let q = db
    .selectFrom('product_spus as p')
    .select(CARD_COLUMNS)
    .where('p.ext', '=', LISTED)
    .where('p.is_show', '=', 1)
    .where('p.id', '<>', opts.exceptId ?? 0)
  if (opts.classId) q = q.where('p.class_id', '=', opts.classId)
  const [rows, templates] = await Promise.all([
    q.orderBy('p.sales', 'desc').orderBy('p.id', 'desc').limit(limit).execute(),
    loadTemplates(db),
  ])
  return rows.map((r) => card(r, templates))
}

/** The sortable fields of the product listing. */
export const SPU_SORT = { priceMin: 'p.price_min_fen', price: 'p.price_min_fen', extMore: 'p.sales' }

const productList = pagedList({
  key: 'p.id',
  filtered: (db, v: CatalogValues) => catalogFrom(db, 'p', v).where((eb) => eb.and(catalogWhere(db, 'p', v))),
  scan: (db, v) => catalogScan(db, 'p', v),
  read: (db, ids) => db.selectFrom('product_spus as p').select(CARD_COLUMNS).where('p.id', 'in', ids),
})

/** One page of the product listing (storefront §7). */
export async function productPage(db: Db, filter: CatalogFilter, order: Order, page: Page) {
  const [result, templates] = await Promise.all([
    productList(db, catalogValues(filter), order, page),
    loadTemplates(db),
  ])
  return mapPage(result, (r) => card(r, templates))
}

/** A shown product with its detail columns, listed or not (the handler decides who sees it). */
export const productRow = (db: Db, id: number) =>
  db
    .selectFrom('product_spus as p')
    .select([...CARD_COLUMNS, 'p.content', 'p.params', 'p.desdep_propicture', 'p.order_limit', 'p.options'])
    .where('p.id', '=', id)
    .where('p.is_show', '=', 1)
    .executeTakeFirst()

export type ProductRow = NonNullable<Awaited<ReturnType<typeof productRow>>>

export async function skus(db: Db, spuId: number) {
  const rows = await db
    .selectFrom('product_skus')
    .select(['id', 'spu_id', 'title', 'param', 'price_fen', 'stock', 'img', 'code', 'options'])
    .where('spu_id', '=', spuId)
    .where('removed_time', 'is', null)
    .orderBy('sort')
    .orderBy('id')
    .execute()
  return rows.map((s) => ({
    id: s.id,
    spuId: s.spu_id,
    title: s.title,
    param: s.param,
    price: fenToYuan(s.price_fen),
    stock: s.stock,
    img: s.img,
    quantity: 1,
    code: s.code ?? '',
    options: valuesOf(s.options),
  }))
}

/**
 * The detail fields of a product row. `params` is stored as a JSON list of { title, text }; a
 * damaged value shows as none, and entries without both texts are left out.
 */
export const productDetail = (row: ProductRow, templates: Templates) => ({
  ...card(row, templates),
  desdepPropicture: row.desdep_propicture,
  params: paramList(row.params),
  content: row.content,
})

/** paramList('[{"title":"品牌","text":"安麻"}]') → [{ title: '品牌', text: '安麻' }]; damaged → []. */
export function paramList(s: string): { title: string; text: string }[] {
  try {
    const v: unknown = JSON.parse(s)
    return Array.isArray(v)
      ? v.filter(
          (x): x is { title: string; text: string } =>
            typeof x?.title === 'string' && typeof x?.text === 'string',
        )
      : []
  } catch {
    return []
  }
}
