import { describe, expect, it } from 'vitest'
import { checkRefund } from '../../src/lib/rules/refund.ts'

const img = '/uploads/u/202601/ab.png'

describe('refund (accounts §5)', () => {
  it('checks the reason, then the images, in order', () => {
    const cases: [Record<string, unknown>, string | null][] = [
      [{}, '请填写退款原因'],
      [{ afterRemarks: '  ', extMore: img }, '请填写退款原因'],
      [{ afterRemarks: '坏'.repeat(101), extMore: img }, '退款原因不能超过100个字'],
      [{ afterRemarks: '坏了' }, '请上传图片'],
      [{ afterRemarks: '坏了', extMore: ' , ' }, '请上传图片'],
      [{ afterRemarks: '坏了', extMore: [img, img, img, img].join(',') }, '最多上传3张图片'],
      [{ afterRemarks: '坏了', extMore: 'javascript:alert(1)' }, '图片地址不正确'],
      [{ afterRemarks: '坏'.repeat(100), extMore: [img, img, img].join(',') }, null],
    ]
    expect(cases.map(([i]) => checkRefund(i).error)).toEqual(cases.map(([, m]) => m))
  })

  it('answers the trimmed reason and the image list; an array of paths is accepted', () => {
    expect(checkRefund({ afterRemarks: ' 屏幕碎了 ', extMore: `${img}, ${img}` }).value).toEqual({
      afterRemarks: '屏幕碎了',
      images: [img, img],
      kind: 'refund',
      lines: [],
    })
    expect(checkRefund({ afterRemarks: 'x', extMore: [img] }).field).toBeNull()
    expect(checkRefund({ extMore: [img] }).field).toBe('afterRemarks')
    expect(checkRefund({ afterRemarks: 'x' }).field).toBe('extMore')
  })

  it('checks the kind and the lines first (issue 38); none given is 仅退款 of the whole order', () => {
    const ok = { afterRemarks: '坏了', extMore: img }
    expect(checkRefund({ ...ok, kind: 'swap' })).toMatchObject({ field: 'kind', error: '请选择售后类型' })
    expect(checkRefund({ ...ok, lines: 'all' })).toMatchObject({ field: 'lines', error: '请选择售后商品' })
    expect(checkRefund({ ...ok, lines: [{ lineId: 1, quantity: 0 }] }).field).toBe('lines')
    expect(checkRefund({ ...ok, kind: 'return', lines: [{ lineId: 1, quantity: 2 }] }).value).toMatchObject({
      kind: 'return',
      lines: [{ lineId: 1, quantity: 2 }],
    })
  })
})
