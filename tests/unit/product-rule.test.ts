import { describe, expect, it } from 'vitest'
import {
  checkNewProduct,
  checkProductEdit,
  joinParams,
  splitParams,
  withFreeShipping,
} from '../../src/lib/rules/product.ts'

describe('the product editor’s rule (issue 21)', () => {
  it('takes only the fields given, cleaned', () => {
    expect(
      checkProductEdit({
        brand: ' 安麻 ',
        tag: '新品, 热销,新品',
        imgurls: ['/uploads/a.png', '/uploads/b.png'],
        classId: '12',
        shippingTemplateId: '2',
        params: [{ title: ' 产地 ', text: ' 南京 ' }],
        content: ' <p>好</p> ',
      }).value,
    ).toEqual({
      brand: '安麻',
      tags: ['新品', '热销'],
      imgurls: ['/uploads/a.png', '/uploads/b.png'],
      classId: 12,
      shippingTemplateId: 2,
      params: [{ title: '产地', text: '南京' }],
      content: '<p>好</p>',
    })
    expect(checkProductEdit({ subTitle: '副' }).value).toEqual({ subTitle: '副' })
    // null or blank: the default template.
    expect(checkProductEdit({ shippingTemplateId: null }).value).toEqual({ shippingTemplateId: null })
    expect(checkProductEdit({ shippingTemplateId: '' }).value).toEqual({ shippingTemplateId: null })
    expect(checkProductEdit({ imgurls: '', tag: '' }).value).toEqual({ imgurls: [], tags: [] })
  })

  it.each([
    [{}, 'title', '请填写商品名称'],
    [{ title: '' }, 'title', '请填写商品名称'],
    [{ brand: 'x'.repeat(21) }, 'brand', '品牌不能超过20个字'],
    [{ classId: 0 }, 'classId', '请选择商品分类'],
    [{ shippingTemplateId: 'x' }, 'shippingTemplateId', '请选择运费模板'],
    [{ shippingTemplateId: 0 }, 'shippingTemplateId', '请选择运费模板'],
    [{ imgurls: '/uploads/a.png,//evil/x.png' }, 'imgurls', '商品图片的文件地址不正确，请重新上传'],
    [
      {
        params: [
          { title: '产地', text: 'a' },
          { title: '', text: 'b' },
        ],
      },
      'params.1.title',
      '请填写第2项参数的名称',
    ],
    [
      { params: [{ title: '型号', text: 'a' }] },
      'params.0.title',
      '型号请填在“型号”一栏，不要写在规格参数里',
    ],
    [{ params: [{ title: '产地', text: ' ' }] }, 'params.0.text', '请填写第1项参数的内容'],
    [{ params: ['x'] }, 'params', '规格参数格式不正确'],
    [{ content: null }, 'content', '商品详情格式不正确'],
  ])('refuses %j at %s: %s', (input, field, error) => {
    expect(checkProductEdit(input)).toEqual({ error, field, value: null })
  })

  it('moves brand and model between the params list and their own fields, losing nothing', () => {
    const stored = [
      { title: '品牌', text: '安麻' },
      { title: '型号', text: 'AM-1' },
      { title: '产地', text: '南京' },
      { title: '品牌', text: '重复' },
    ]
    const split = splitParams(stored)
    expect(split).toEqual({
      brand: '安麻',
      model: 'AM-1',
      params: [
        { title: '产地', text: '南京' },
        { title: '品牌', text: '重复' },
      ],
    })
    expect(joinParams(split.brand, split.model, split.params)).toEqual(stored)
    expect(joinParams('', 'M', [])).toEqual([{ title: '型号', text: 'M' }])
    expect(splitParams([])).toEqual({ brand: '', model: '', params: [] })
  })

  it('maps free shipping onto the 包邮 tag', () => {
    expect(withFreeShipping(['新品'], true)).toEqual(['新品', '包邮'])
    expect(withFreeShipping(['包邮', '新品'], true)).toEqual(['新品', '包邮'])
    expect(withFreeShipping(['包邮', '新品'], false)).toEqual(['新品'])
  })

  it('a new product needs a title and its first SKU', () => {
    expect(checkNewProduct({ title: '种植体', skuTitle: '标准装', price: '99' }).value).toEqual({
      title: '种植体',
      sku: { title: '标准装', priceFen: 9900 },
      shippingTemplateId: null,
    })
    expect(
      checkNewProduct({ title: '种植体', skuTitle: '标准装', price: '99', shippingTemplateId: 2 }).value,
    ).toMatchObject({
      shippingTemplateId: 2,
    })
    expect(
      checkNewProduct({ title: '种植体', skuTitle: '标准装', price: '99', shippingTemplateId: 'x' }),
    ).toMatchObject({
      field: 'shippingTemplateId',
      error: '请选择运费模板',
    })
    expect(checkNewProduct({ skuTitle: 'a', price: '1' })).toMatchObject({
      field: 'title',
      error: '请填写商品名称',
    })
    expect(checkNewProduct({ title: 'a', price: '1' })).toMatchObject({
      field: 'skuTitle',
      error: '请填写规格名称',
    })
    expect(checkNewProduct({ title: 'a', skuTitle: 'b' })).toMatchObject({
      field: 'price',
      error: '请填写价格',
    })
  })
})
