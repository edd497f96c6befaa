/** Products (SPUs) of the product lines in text.ts, each with its SKUs. */
import { sql } from 'kysely'
import { LISTED, UNLISTED } from '../../src/lib/constants.ts'
import { DEFAULT_OPTION, generatedSkuCode, legacyValue } from '../../src/lib/rules/options.ts'
import type { Db } from '../db/index.ts'
import { at, html, OWN_IMAGE_LIMIT, type SeedContext, Shown, Table } from './common.ts'
import type { SeedDictionary } from './site-content.ts'
import { BRANDS, PRODUCT_LINES, type ProductLine } from './text.ts'

export interface SkuInfo {
  id: number
  spuId: number
  title: string
  priceFen: number
  stock: number
  img: string
}
export interface SpuInfo {
  id: number
  title: string
  subTitle: string
  tag: string
  img: string
  priceMinFen: number
  /** On the shelf and shown. */
  listed: boolean
  line: ProductLine
  skus: SkuInfo[]
}

export interface SeedCatalog {
  spus: Table<'product_spus'>
  skus: Table<'product_skus'>
  list: SpuInfo[]
}

/** The captions of a product line's shared detail images. */
const DETAIL_CAPTIONS = ['细节展示', '包装清单', '使用场景', '品质认证']
/** Products share this many main images per line when they do not get their own. */
const MAIN_POOL = 5
/** Every 16th product is taken off the shelf, every 29th hidden, so the demo shows both. */
const UNLISTED_EVERY = 16
const HIDDEN_EVERY = 29
const SOLD_OUT_CHANCE = 0.08
const MAX_SALES = 5000
/** The product line whose approval number is a drug's (国药准字), not a device's. */
const DRUG_LINE = '麻醉注射剂'

/** 39.9 / 298 / 12800: prices as a shop would write them, in fen. */
function nicePrice(yuan: number): number {
  if (yuan >= 1000) return Math.round(yuan / 100) * 10000
  if (yuan >= 100) return (Math.round(yuan / 10) * 10 - 2) * 100
  return Math.max(1, Math.round(yuan)) * 100 - 10
}

export function seedCatalog(ctx: SeedContext, nProducts: number, dict: SeedDictionary): SeedCatalog {
  const { rnd, files, within, time } = ctx
  const spuTable = new Table('product_spus')
  const skuTable = new Table('product_skus')
  const ownProductImages = nProducts <= OWN_IMAGE_LIMIT
  const detailImages = PRODUCT_LINES.map((line, li) =>
    DETAIL_CAPTIONS.map((caption, k) =>
      files.image(`product-c${li + 1}-${k + 1}`, {
        kind: 'square',
        title: line.cls,
        subtitle: caption,
        icon: line.icon,
        key: `${line.cls}${k}`,
      }),
    ),
  )
  const lineOrder = rnd.shuffle(Array.from({ length: nProducts }, (_, i) => i % PRODUCT_LINES.length))
  const productTitles = new Set<string>()
  const drafts = lineOrder.map((li, i) => {
    const line = at(PRODUCT_LINES, li)
    let title = ''
    let type = ''
    let brand = at(BRANDS, 0)
    let model = ''
    for (let attempt = 0; attempt < 8 && (!title || productTitles.has(title)); attempt++) {
      type = rnd.pick(line.types)
      brand = rnd.pick(BRANDS)
      model = `${brand.code}-${String.fromCharCode(65 + rnd.int(0, 25))}${rnd.int(100, 999)}`
      title = `${brand.name} ${type} ${model}`
    }
    if (productTitles.has(title)) title = `${title}-${i + 1}`
    productTitles.add(title)
    return { li, line, title, type, brand, model, created: within(365) }
  })
  drafts.sort((a, b) => a.created.getTime() - b.created.getTime())
  const list: SpuInfo[] = []
  for (const [i, d] of drafts.entries()) {
    const { line } = d
    const id = spuTable.size + 1
    const pooled = i % MAIN_POOL
    const main = ownProductImages
      ? files.image(`product-${id}`, {
          kind: 'square',
          title: d.type,
          subtitle: `${d.brand.name} ${d.model}`,
          icon: line.icon,
        })
      : files.image(`product-p${d.li + 1}-${pooled + 1}`, {
          kind: 'square',
          title: at(line.types, pooled % line.types.length),
          subtitle: line.cls,
          icon: line.icon,
          key: `${line.cls}${pooled}`,
        })
    const details = rnd.pickSome(at(detailImages, d.li), rnd.int(1, 3))
    const imgs = [main, ...details]
    const subTitle = rnd.pick(line.subTitles)
    const base = nicePrice(rnd.int(line.price[0], line.price[1]))
    const skuCount = rnd.int(1, line.skus.length)
    const skus: SkuInfo[] = []
    for (let k = 0; k < skuCount; k++) {
      const [skuTitle, param, mult] = at(line.skus, k)
      const price = k === 0 ? base : nicePrice((base * mult) / 100)
      const stock = rnd.chance(SOLD_OUT_CHANCE) ? 0 : rnd.int(5, 500)
      const img = at(imgs, k % imgs.length)
      const skuId = skuTable.add({
        spu_id: id,
        title: skuTitle,
        param,
        // One option 规格, as migration 47 gives products from before it.
        options: JSON.stringify([legacyValue(skuTitle, param)]),
        code: generatedSkuCode(skuTable.size + 1),
        price_fen: price,
        stock,
        img,
        sort: k + 1,
      })
      skus.push({ id: skuId, spuId: id, title: skuTitle, priceFen: price, stock, img })
    }
    const options = [
      {
        name: DEFAULT_OPTION,
        values: skuTable.rows.slice(-skuCount).map((k) => legacyValue(k.title, k.param ?? '')),
      },
    ]
    const priceMin = Math.min(...skus.map((s) => s.priceFen))
    const params = [
      { title: '品牌', text: d.brand.name },
      { title: '型号', text: d.model },
      { title: '规格', text: skus.map((s) => s.title).join(' / ') },
      ...line.spec.map(([title, text]) => ({ title, text })),
      { title: '产地', text: line.origin },
      line.cls === DRUG_LINE
        ? { title: '批准文号', text: `国药准字H${rnd.digits(8)}` }
        : { title: '注册证号', text: `苏械注准20${rnd.int(19, 25)}${rnd.digits(7)}` },
    ]
    const content = [
      html.h3('产品介绍'),
      html.p(`${d.title}是${d.brand.name}推出的${line.cls}产品：${subTitle}。`),
      html.img(main, d.type),
      html.h3('产品特点'),
      html.ul(rnd.pickSome(line.features, 3)),
      html.h3('规格参数'),
      html.ul(line.spec.map(([k, v]) => `${k}：${v}`)),
      html.h3('售后服务'),
      html.p('本产品由平台自营仓库发货，支持开具增值税发票。如有质量问题，签收后7天内可在订单中申请售后。'),
    ].join('')
    const listed = i % UNLISTED_EVERY !== UNLISTED_EVERY - 1
    const isShow = i % HIDDEN_EVERY === HIDDEN_EVERY - 1 ? Shown.no : Shown.yes
    const tag = dict.tags('productTag')
    spuTable.add({
      title: d.title,
      sub_title: subTitle,
      tag,
      class_id: dict.cid('productClass', line.cls),
      imgurls: imgs.join(','),
      desdep_propicture: details.join(','),
      params: JSON.stringify(params),
      content,
      price_min_fen: priceMin,
      sales: Math.floor(rnd.next() ** 2 * MAX_SALES),
      ext: listed ? LISTED : UNLISTED,
      is_show: isShow,
      create_id: null,
      create_time: time(d.created),
      options: JSON.stringify(options),
    })
    list.push({
      id,
      title: d.title,
      subTitle,
      tag,
      img: main,
      priceMinFen: priceMin,
      listed: listed && isShow === Shown.yes,
      line,
      skus,
    })
  }
  ctx.log(`products: ${list.length}, skus: ${skuTable.size}`)
  return { spus: spuTable, skus: skuTable, list }
}

/**
 * Demo products tagged 包邮 ship free (the default template); the others at 标准运费 (¥10, free
 * from ¥99, remote provinces dearer), the template migration 23 made — as that migration did for
 * the products that existed then.
 */
export async function shipUntaggedAtStandardRate(db: Db) {
  const standard = await db
    .selectFrom('shipping_templates')
    .select('id')
    .where('name', '=', '标准运费')
    .executeTakeFirst()
  if (!standard) return
  await db
    .updateTable('product_spus')
    .set({ shipping_template_id: standard.id })
    .where(sql<boolean>`(',' || tag || ',') NOT LIKE '%,包邮,%'`)
    .execute()
}
