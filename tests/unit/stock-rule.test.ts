import { describe, expect, it } from 'vitest'
import { checkProductEdit } from '../../src/lib/rules/product.ts'
import { checkNewSku, checkSkuEdit, checkStockAdjust } from '../../src/lib/rules/stock.ts'

describe('the product screens’ rules (issue 21): stock adjustments, SKU and product edits', () => {
  it.each([
    [
      { delta: '5', reason: '到货' },
      { delta: 5, reason: '到货' },
    ],
    [
      { delta: -3, reason: ' 盘点 ' },
      { delta: -3, reason: '盘点' },
    ],
    [
      { delta: '+2', reason: 'x' },
      { delta: 2, reason: 'x' },
    ],
  ])('adjusts by %j', (input, value) => {
    expect(checkStockAdjust(input)).toEqual({ error: null, field: null, value })
  })

  it.each([
    [{ reason: 'x' }, 'delta', '请填写调整数量'],
    [{ delta: '1.5', reason: 'x' }, 'delta', '调整数量须为整数'],
    [{ delta: '0', reason: 'x' }, 'delta', '调整数量不能为0'],
    [{ delta: '10000000', reason: 'x' }, 'delta', '调整数量不能超过1000000'],
    [{ delta: '3' }, 'reason', '请填写调整原因'],
    [{ delta: '3', reason: '长'.repeat(201) }, 'reason', '调整原因不能超过200个字'],
  ])('refuses %j at %s: %s', (input, field, error) => {
    expect(checkStockAdjust(input)).toEqual({ error, field, value: null })
  })

  it('edits a price through the one price rule, a title, or both; one is required', () => {
    expect(checkSkuEdit({ price: '32.9' }).value).toEqual({ priceFen: 3290 })
    expect(checkSkuEdit({ title: '大号' }).value).toEqual({ title: '大号' })
    expect(checkSkuEdit({ title: '大号', price: 1 }).value).toEqual({ title: '大号', priceFen: 100 })
    expect(checkSkuEdit({}).error).toBe('请填写价格')
    expect(checkSkuEdit({ price: '-1' }).error).toBe('价格不能为负数')
    expect(checkSkuEdit({ price: '99.999' }).error).toBe('价格最多两位小数')
    expect(checkSkuEdit({ title: ' ' }).error).toBe('请填写规格名称')
    expect(checkSkuEdit({ img: '/uploads/a.png' }).value).toEqual({ img: '/uploads/a.png' })
    expect(checkSkuEdit({ img: '' }).value).toEqual({ img: '' })
    expect(checkSkuEdit({ img: 'javascript:x' })).toEqual({
      error: '规格图片的文件地址不正确，请重新上传',
      field: 'img',
      value: null,
    })
  })

  it('a new SKU needs a title and a price; a product keeps a title', () => {
    expect(checkNewSku({ title: '特惠装', price: '12.5' }).value).toEqual({ title: '特惠装', priceFen: 1250 })
    expect(checkNewSku({ price: '1' }).error).toBe('请填写规格名称')
    expect(checkNewSku({ title: 'a' }).error).toBe('请填写价格')
    expect(checkProductEdit({ subTitle: '副' }).value).toEqual({ subTitle: '副' })
    expect(checkProductEdit({ title: '' }).error).toBe('请填写商品名称')
    expect(checkProductEdit({}).error).toBe('请填写商品名称')
  })
})
