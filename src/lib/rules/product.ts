/**
 * What marketing types in the product editor (issue 21): a new product, and the edit of an
 * existing one — title, subtitle, brand, model, specs, category, tags, free shipping, images and
 * the detail text. The editor checks with these before saving; the admin calls check again with
 * the same functions, and then what only the database knows (the dictionaries).
 *
 * Brand and model are not columns: they are the 品牌 and 型号 entries of the product's `params`
 * list, which the public page shows among the specs and its structured data reads the brand from
 * (src/lib/view/seo.ts). The editor shows them as fields of their own; splitParams / joinParams move
 * between the two shapes.
 */
import { isAllowedImageSrc } from '../html/policy.ts'
import { type Checked, type Input, len, list, passed, refusal, text } from './fields.ts'
import { checkNewSku } from './stock.ts'

export const PRODUCT_TITLE_MAX = 50
export const PRODUCT_SUBTITLE_MAX = 100
export const BRAND_MAX = 20
export const MODEL_MAX = 30
/** Specs besides brand and model; the seed's products have six or seven. */
export const PARAMS_MAX = 20
export const PARAM_TITLE_MAX = 10
export const PARAM_TEXT_MAX = 100
/** The public page's carousel; the first is the main image (cards, sharing, structured data). */
export const PRODUCT_IMAGES_MAX = 9
/** Cards show three; the shipping template may add 包邮 on top. */
export const PRODUCT_TAGS_MAX = 5
/**
 * The detail text, in HTML characters as the one rich-text editor emits them (it stops there):
 * room for a long description with a dozen pictures, as the FAQ answers have.
 */
export const PRODUCT_CONTENT_MAX = 20_000

export const BRAND_PARAM = '品牌'
export const MODEL_PARAM = '型号'
/**
 * The productTag of free shipping. Since issue 24 the server derives it from the product's
 * shipping template (包邮 when the template charges nothing anywhere), so cards and the tag filter
 * keep showing and finding free products; the editor chooses a template, not the tag.
 */
export const FREE_SHIPPING_TAG = '包邮'

export interface ProductParam {
  title: string
  text: string
}

/** An edit of a product: only the fields given change. */
export interface ProductEdit {
  title?: string
  subTitle?: string
  brand?: string
  model?: string
  /** The specs besides 品牌 and 型号, in the order shown. */
  params?: ProductParam[]
  classId?: number
  tags?: string[]
  /** The shipping template; null: the default one. */
  shippingTemplateId?: number | null
  /** 每单限购: the most of one SKU an order may hold; 0: only UNPAID_SKU_HOLD_CAP (issue 39). */
  orderLimit?: number
  /** Image paths in order; the first is the main image. */
  imgurls?: string[]
  /** HTML as the editor wrote it; the server sanitises it before storing. */
  content?: string
}

export type ProductField =
  | 'title'
  | 'subTitle'
  | 'brand'
  | 'model'
  | 'classId'
  | 'tag'
  | 'shippingTemplateId'
  | 'orderLimit'
  | 'imgurls'
  | 'params'
  | `params.${number}.title`
  | `params.${number}.text`
  | 'content'

/** The largest 每单限购 a product may set (0 sets none). */
export const ORDER_LIMIT_MAX = 9999

/** The body keys of an edit, in the editor's order (which is also the order of the checks). */
const EDIT_KEYS = [
  'title',
  'subTitle',
  'brand',
  'model',
  'classId',
  'tag',
  'shippingTemplateId',
  'orderLimit',
  'imgurls',
  'params',
  'content',
] as const

/**
 * checkProductEdit({ brand: '安麻', tag: '新品,热销' }) → { brand: '安麻', tags: ['新品', '热销'] }.
 * Each field is optional and at least one is given (an empty body asks for the title); the
 * first broken field answers with its message.
 */
export function checkProductEdit(input: Input): Checked<ProductEdit, ProductField> {
  const has = (k: (typeof EDIT_KEYS)[number]) => input[k] !== undefined
  const out: ProductEdit = {}
  const no = (field: ProductField, error: string) => ({ ...refusal(field, error), value: null })

  if (has('title') || !EDIT_KEYS.some(has)) {
    const title = text(input, 'title')
    if (!title) return no('title', '请填写商品名称')
    if (len(title) > PRODUCT_TITLE_MAX) return no('title', `商品名称不能超过${PRODUCT_TITLE_MAX}个字`)
    out.title = title
  }
  if (has('subTitle')) {
    const subTitle = text(input, 'subTitle')
    if (len(subTitle) > PRODUCT_SUBTITLE_MAX)
      return no('subTitle', `副标题不能超过${PRODUCT_SUBTITLE_MAX}个字`)
    out.subTitle = subTitle
  }
  if (has('brand')) {
    const brand = text(input, 'brand')
    if (len(brand) > BRAND_MAX) return no('brand', `品牌不能超过${BRAND_MAX}个字`)
    out.brand = brand
  }
  if (has('model')) {
    const model = text(input, 'model')
    if (len(model) > MODEL_MAX) return no('model', `型号不能超过${MODEL_MAX}个字`)
    out.model = model
  }
  if (has('classId')) {
    const raw = text(input, 'classId')
    if (!/^[1-9]\d{0,9}$/.test(raw)) return no('classId', '请选择商品分类')
    out.classId = Number(raw)
  }
  if (has('tag')) {
    const tags = [...new Set(list(input, 'tag'))]
    if (tags.length > PRODUCT_TAGS_MAX) return no('tag', `商品标签不能超过${PRODUCT_TAGS_MAX}个`)
    out.tags = tags
  }
  if (has('shippingTemplateId')) {
    // null or blank: the default template.
    const raw = input.shippingTemplateId === null ? '' : text(input, 'shippingTemplateId')
    if (raw && !/^[1-9]\d{0,9}$/.test(raw)) return no('shippingTemplateId', '请选择运费模板')
    out.shippingTemplateId = raw ? Number(raw) : null
  }
  if (has('orderLimit')) {
    const raw = text(input, 'orderLimit')
    if (!/^\d{1,4}$/.test(raw)) return no('orderLimit', `每单限购应为 0 到 ${ORDER_LIMIT_MAX} 的整数`)
    out.orderLimit = Number(raw)
  }
  if (has('imgurls')) {
    const paths = list(input, 'imgurls')
    if (paths.length > PRODUCT_IMAGES_MAX) return no('imgurls', `商品图片不能超过${PRODUCT_IMAGES_MAX}张`)
    if (!paths.every(isAllowedImageSrc)) return no('imgurls', '商品图片的文件地址不正确，请重新上传')
    out.imgurls = paths
  }
  if (has('params')) {
    const r = checkParams(input.params)
    if (r.error !== null) return r
    out.params = r.value
  }
  if (has('content')) {
    if (typeof input.content !== 'string') return no('content', '商品详情格式不正确')
    const content = input.content.trim()
    if (content.length > PRODUCT_CONTENT_MAX)
      return no('content', `商品详情不能超过${PRODUCT_CONTENT_MAX}个字符`)
    out.content = content
  }
  return { error: null, field: null, value: out }
}

/** The specs list: at most PARAMS_MAX rows, each a name and a text; brand and model have their own fields. */
function checkParams(v: unknown): Checked<ProductParam[], ProductField> {
  const no = (field: ProductField, error: string) => ({ ...refusal(field, error), value: null })
  if (!Array.isArray(v) || !v.every((p) => typeof p === 'object' && p !== null))
    return no('params', '规格参数格式不正确')
  if (v.length > PARAMS_MAX) return no('params', `规格参数不能超过${PARAMS_MAX}项`)
  const rows: ProductParam[] = []
  for (const [i, p] of (v as Input[]).entries()) {
    const n = i + 1
    const title = text(p, 'title')
    const body = text(p, 'text')
    if (!title) return no(`params.${i}.title`, `请填写第${n}项参数的名称`)
    if (len(title) > PARAM_TITLE_MAX)
      return no(`params.${i}.title`, `第${n}项参数的名称不能超过${PARAM_TITLE_MAX}个字`)
    if (title === BRAND_PARAM || title === MODEL_PARAM)
      return no(`params.${i}.title`, `${title}请填在“${title}”一栏，不要写在规格参数里`)
    if (!body) return no(`params.${i}.text`, `请填写第${n}项参数的内容`)
    if (len(body) > PARAM_TEXT_MAX)
      return no(`params.${i}.text`, `第${n}项参数的内容不能超过${PARAM_TEXT_MAX}个字`)
    rows.push({ title, text: body })
  }
  return { error: null, field: null, value: rows }
}

/**
 * splitParams([{ title: '品牌', text: '安麻' }, { title: '产地', text: '南京' }])
 * → { brand: '安麻', model: '', params: [{ title: '产地', text: '南京' }] }.
 * Only the first 品牌 and 型号 become the fields; a second one stays in the list, where the
 * editor shows it and the rule asks for it to be moved, so nothing stored is dropped unseen.
 */
export function splitParams(all: readonly ProductParam[]): {
  brand: string
  model: string
  params: ProductParam[]
} {
  const brandAt = all.findIndex((p) => p.title === BRAND_PARAM)
  const modelAt = all.findIndex((p) => p.title === MODEL_PARAM)
  return {
    brand: all[brandAt]?.text ?? '',
    model: all[modelAt]?.text ?? '',
    params: all.filter((_, i) => i !== brandAt && i !== modelAt),
  }
}

/** joinParams('安麻', '', rows) → [{ title: '品牌', text: '安麻' }, ...rows]: brand and model first, as the seed stores them. */
export function joinParams(brand: string, model: string, params: readonly ProductParam[]): ProductParam[] {
  return [
    ...(brand ? [{ title: BRAND_PARAM, text: brand }] : []),
    ...(model ? [{ title: MODEL_PARAM, text: model }] : []),
    ...params,
  ]
}

/** withFreeShipping(['新品'], true) → ['新品', '包邮']; withFreeShipping(['包邮', '新品'], false) → ['新品']. */
export function withFreeShipping(tags: readonly string[], on: boolean): string[] {
  const rest = tags.filter((t) => t !== FREE_SHIPPING_TAG)
  return on ? [...rest, FREE_SHIPPING_TAG] : rest
}

export type NewProductField = 'title' | 'skuTitle' | 'price' | 'shippingTemplateId'

/**
 * checkNewProduct({ title: '种植体', skuTitle: '标准装', price: '99' })
 * → { title: '种植体', sku: { title: '标准装', priceFen: 9900 }, shippingTemplateId: null }: a
 * product starts with its first SKU (stock 0, stocked by adjustments) and its shipping template
 * (absent or null: the default); everything else is filled in the editor.
 */
export function checkNewProduct(
  input: Input,
): Checked<
  { title: string; sku: { title: string; priceFen: number }; shippingTemplateId: number | null },
  NewProductField
> {
  const title = text(input, 'title')
  if (!title) return { ...refusal('title', '请填写商品名称'), value: null }
  if (len(title) > PRODUCT_TITLE_MAX)
    return { ...refusal('title', `商品名称不能超过${PRODUCT_TITLE_MAX}个字`), value: null }
  const sku = checkNewSku({ title: input.skuTitle ?? '', price: input.price ?? '' })
  if (sku.error !== null)
    return { ...refusal(sku.field === 'title' ? 'skuTitle' : 'price', sku.error), value: null }
  const template = input.shippingTemplateId === null ? '' : text(input, 'shippingTemplateId')
  if (template && !/^[1-9]\d{0,9}$/.test(template))
    return { ...refusal('shippingTemplateId', '请选择运费模板'), value: null }
  return passed({ title, sku: sku.value, shippingTemplateId: template ? Number(template) : null })
}
