/**
 * The back office's product calls (issue 21, permission catalog.write): the product list with
 * its filters, one product with its SKUs, a new product, the product editor's fields, a SKU's
 * price, title and picture, stock adjustments, listing on/off, and the editor's image upload.
 */

import { checkSkuMatrix, MATRIX_MAX, OPTIONS_MAX } from '../../../src/lib/rules/options.ts'
import {
  checkNewProduct,
  checkProductEdit,
  ORDER_LIMIT_MAX,
  PARAMS_MAX,
  PRODUCT_CONTENT_MAX,
  PRODUCT_IMAGES_MAX,
  PRODUCT_TAGS_MAX,
} from '../../../src/lib/rules/product.ts'
import {
  checkNewSku,
  checkSkuEdit,
  checkStockAdjust,
  STOCK_REASON_MAX,
} from '../../../src/lib/rules/stock.ts'
import { adminRoute } from '../../admin/admin-route.ts'
import { answers, fileBody, jsonBody, pagedOf, z } from '../../contract/index.ts'
import { field, id, int, oneOf, page, ruleBody, str } from '../../contract/params.ts'
import { ruleRequest } from '../../contract/requests.ts'
import { SkuItem, SpuOption } from './catalog.routes.ts'

/** A SKU as the buyer sees it, without the buy box's starting quantity. */
export const AdminSku = SkuItem.omit({ quantity: true })
  .extend({ barcode: z.string().openapi({ description: '条码（可空）' }) })
  .openapi('AdminSku', { description: '规格（后台）' })
export type AdminSku = z.infer<typeof AdminSku>

export const AdminProductRow = z
  .object({
    id: z.number().int(),
    title: z.string(),
    subTitle: z.string(),
    classId: z.number().int().nullable(),
    imgurls: z.string(),
    priceMin: z.number().openapi({ description: '起价：各规格的最低价（元）' }),
    stock: z.number().int().openapi({ description: '各规格库存之和' }),
    stockMin: z.number().int().openapi({ description: '库存最少的规格的库存' }),
    skuCount: z.number().int(),
    listed: z.boolean(),
    sales: z.number().int(),
    createTime: z.string(),
  })
  .openapi('AdminProductRow', { description: '商品（后台列表）' })
export type AdminProductRow = z.infer<typeof AdminProductRow>

const ProductParam = z.object({ title: z.string(), text: z.string() }).openapi('ProductParam')

export const AdminProduct = AdminProductRow.extend({
  tag: z.string().openapi({ description: '标签（商品标签字典的名称），逗号分隔；“包邮”由运费模板决定' }),
  freeShipping: z.boolean().openapi({ description: '运费模板为包邮（标签中因此有“包邮”）' }),
  shippingTemplateId: z.number().int().nullable().openapi({ description: '运费模板；null 为默认模板' }),
  shippingLabel: z.string().nullable().openapi({ description: '“包邮”、“满¥99.00包邮”，收运费时为 null' }),
  orderLimit: z.number().int().openapi({
    description: '每单限购：一笔订单最多几件同一规格；0 为只受 UNPAID_SKU_HOLD_CAP 限制',
  }),
  brand: z.string().openapi({ description: '品牌：参数中“品牌”一项' }),
  model: z.string().openapi({ description: '型号：参数中“型号”一项' }),
  params: z.array(ProductParam).openapi({ description: '其余规格参数，按显示顺序' }),
  content: z.string().openapi({ description: '商品详情（HTML，已净化）' }),
  options: z.array(SpuOption).openapi({ description: '选项；每个规格是它们的一种组合' }),
  skus: z.array(AdminSku),
}).openapi('AdminProduct', {
  description: '商品及其规格（后台）',
})
export type AdminProduct = z.infer<typeof AdminProduct>

export const getAdminProducts = adminRoute('get', '/admin/products', 'catalog.write', {
  summary: '商品列表：按名称、分类、是否上架、库存紧张（有规格库存≤10）查找，新的在前',
  request: {
    query: z.object({
      title: str('商品名称', 50),
      classId: int('分类编号', { min: 1 }),
      listed: oneOf('是否上架', ['1', '0']),
      low: oneOf('库存紧张', ['1']),
      ...page,
    }),
  },
  responses: answers(pagedOf(AdminProductRow), [401]),
})

const productParam = z.object({ id: id('商品编号') })
const skuParam = z.object({ skuId: id('规格编号') })

export const getAdminProduct = adminRoute('get', '/admin/products/{id}', 'catalog.write', {
  summary: '一个商品及其规格（含已下架的）',
  request: { params: productParam },
  responses: answers(AdminProduct, [401, 404]),
})

export const postProductListing = adminRoute('post', '/admin/products/{id}/listing', 'catalog.write', {
  summary: '上架（listed: true）或下架商品；已是该状态：409',
  request: { params: productParam, body: jsonBody(z.object({ listed: z.boolean() })) },
  responses: answers(AdminProduct, [401, 404, 409]),
})

export const patchSku = adminRoute('patch', '/admin/skus/{skuId}', 'catalog.write', {
  summary: '修改规格的价格（元，两位小数以内）、名称或图片；商品的起价随之更新',
  request: {
    params: skuParam,
    body: jsonBody(
      ruleBody(checkSkuEdit, {
        price: field('number', '价格（元）'),
        title: field('string', '规格名称'),
        img: field('string', '规格图片（经 /api/admin/products/images 上传的路径），空串为无'),
      }),
    ),
  },
  responses: answers(AdminSku, [401, 404]),
})

export const postSkuStock = adminRoute('post', '/admin/skus/{skuId}/stock', 'catalog.write', {
  summary: '调整库存：加减数量并写明原因（记录在案）；调整后不能为负数（409）',
  request: {
    params: skuParam,
    body: jsonBody(
      ruleBody(checkStockAdjust, {
        delta: field('integer', '调整数量：正数增加，负数减少'),
        requestId: field(
          'string',
          '可选：这次调整的编号（表单打开时生成的 UUID）。同一编号再次提交（连点、重试）不再调整，回答当前库存',
        ),
        reason: field('string', `调整原因，至多${STOCK_REASON_MAX}字`),
      }),
    ),
  },
  responses: answers(z.object({ skuId: z.number().int(), stock: z.number().int() }), [401, 404, 409]),
})

export const patchProduct = adminRoute('patch', '/admin/products/{id}', 'catalog.write', {
  summary: '编辑商品：只改给出的字段；详情经净化后保存，分类与标签须在字典中',
  request: {
    params: productParam,
    body: jsonBody(
      ruleBody(checkProductEdit, {
        title: field('string', '商品名称'),
        subTitle: field('string', '副标题'),
        brand: field('string', '品牌（空串为无）'),
        model: field('string', '型号（空串为无）'),
        classId: field('integer', '分类：商品分类字典的编号'),
        tag: field('string', `标签：商品标签字典的名称，逗号分隔或数组，至多${PRODUCT_TAGS_MAX}个`),
        shippingTemplateId: field('integer', '运费模板编号；null 为默认模板。“包邮”标签随模板而定'),
        orderLimit: field(
          'integer',
          `每单限购（件）：0 到 ${ORDER_LIMIT_MAX}，0 为不另限（每单仍至多 UNPAID_SKU_HOLD_CAP 件）`,
        ),
        imgurls: field(
          'string',
          `商品图片路径，按顺序（第一张为主图），逗号分隔或数组，至多${PRODUCT_IMAGES_MAX}张`,
        ),
        params: field('array', `其余规格参数 [{ title, text }]，至多${PARAMS_MAX}项；品牌、型号用各自的字段`),
        content: field('string', `商品详情（HTML，至多${PRODUCT_CONTENT_MAX}个字符）`),
      }),
    ),
  },
  responses: answers(AdminProduct, [401, 404]),
})

export const postProduct = adminRoute('post', '/admin/products', 'catalog.write', {
  summary: '新建商品及其第一个规格：库存从0开始（通过调整库存入库），新商品未上架',
  request: ruleRequest(checkNewProduct, {
    title: field('string', '商品名称'),
    skuTitle: field('string', '第一个规格的名称'),
    price: field('number', '第一个规格的价格（元）'),
    shippingTemplateId: field('integer', '运费模板编号；不填或 null 为默认模板'),
  }),
  responses: answers(AdminProduct, [401]),
})

export const postProductImage = adminRoute('post', '/admin/products/images', 'catalog.write', {
  summary: '上传商品图片、规格图片或详情中的图片（png、jpg、gif、webp，公开存放）',
  request: {
    body: fileBody('图片'),
  },
  responses: answers(z.object({ path: z.string() }), [401, 413]),
})

export const postSku = adminRoute('post', '/admin/products/{id}/skus', 'catalog.write', {
  summary: '新增规格（库存从0开始，通过调整库存入库）',
  request: {
    params: productParam,
    body: jsonBody(
      ruleBody(checkNewSku, { title: field('string', '规格名称'), price: field('number', '价格（元）') }),
    ),
  },
  responses: answers(AdminSku, [401, 404]),
})

export const deleteSku = adminRoute('delete', '/admin/skus/{skuId}', 'catalog.write', {
  summary: '删除规格：有未完成订单（待付款、待发货、待收货）的规格或商品的最后一个规格不能删除（409）',
  request: { params: skuParam },
  responses: answers(AdminProduct, [401, 404, 409]),
})

export const putProductOptions = adminRoute('put', '/admin/products/{id}/options', 'catalog.write', {
  summary:
    '选项与规格：商品的选项及在售的规格组合（各有货号、条码、价格）。保留组合仍在的规格（库存、销量不变），新增新组合（可带初始库存，记入库存调整），删除不再在售的（有未完成订单的不能删除：409）；货号已被使用：409',
  request: {
    params: productParam,
    body: jsonBody(
      ruleBody(checkSkuMatrix, {
        options: field('array', `选项 [{ name, values: [值…] }]，至多${OPTIONS_MAX}个`),
        skus: field(
          'array',
          `在售的组合 [{ id?, values: [每个选项一个值], code（货号，空则自动生成）, barcode?, price（元）, stock?（新规格的初始库存） }]，至多${MATRIX_MAX}个；id 为保留的已有规格`,
        ),
      }),
    ),
  },
  responses: answers(AdminProduct, [401, 404, 409]),
})
