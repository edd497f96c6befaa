import { describe, expect, it } from 'vitest'
import {
  defaultPicks,
  lineCounts,
  lineMax,
  mayApplyAfterSales,
  pickedLines,
  refundKinds,
  returnWaybillRefusal,
} from '../../src/lib/rules/after-sales.ts'
import { checkRefund } from '../../src/lib/rules/refund.ts'

const line = (lineId: number, quantity: number, shipped = 0, refunded = 0) => ({
  lineId,
  quantity,
  shipped,
  refunded,
})

describe('after-sales lines (issue 38)', () => {
  it('a line may be refunded up to what is not refunded, sent back up to what shipped and stayed', () => {
    expect(lineMax(line(1, 3, 0, 1), 'refund')).toBe(2)
    expect(lineMax(line(1, 3, 2, 0), 'return')).toBe(2)
    expect(lineMax(line(1, 3, 2, 1), 'exchange')).toBe(1)
    // A refund of what never shipped does not go below 0.
    expect(lineMax(line(1, 3, 0, 2), 'return')).toBe(0)
    expect(lineMax(line(1, 2, 2, 2), 'refund')).toBe(0)
  })

  it('offers 退货退款 and 换货 only when something shipped and stayed', () => {
    expect(refundKinds([line(1, 2), line(2, 1)])).toEqual(['refund'])
    expect(refundKinds([line(1, 2), line(2, 1, 1)])).toEqual(['refund', 'return', 'exchange'])
    expect(refundKinds([line(1, 1, 1, 1)])).toEqual(['refund'])
  })

  it('chooses every line at its most, leaving out what has nothing to cover', () => {
    const lines = [line(1, 2, 2), line(2, 1, 0), line(3, 4, 4, 1)]
    expect(defaultPicks(lines, 'refund')).toEqual({
      1: { chosen: true, quantity: 2 },
      2: { chosen: true, quantity: 1 },
      3: { chosen: true, quantity: 3 },
    })
    expect(defaultPicks(lines, 'return')).toEqual({
      1: { chosen: true, quantity: 2 },
      3: { chosen: true, quantity: 3 },
    })
  })

  it('sends the chosen lines; nothing chosen is refused by the rule, never taken for the whole order', () => {
    const lines = [line(1, 2, 2), line(2, 1, 1)]
    const picks = { 1: { chosen: true, quantity: 1 }, 2: { chosen: false, quantity: 1 } }
    expect(pickedLines(lines, picks)).toEqual([{ lineId: 1, quantity: 1 }])
    const none = pickedLines(lines, { 1: { chosen: false, quantity: 2 } })
    expect(none).toEqual([
      { lineId: 1, quantity: 0 },
      { lineId: 2, quantity: 0 },
    ])
    const form = { afterRemarks: '坏了', extMore: '/uploads/u/202601/ab.png', kind: 'return' }
    expect(checkRefund({ ...form, lines: none })).toMatchObject({ field: 'lines', error: '请选择售后商品' })
    expect(checkRefund({ ...form, lines: pickedLines(lines, picks) }).error).toBeNull()
  })

  it('says what of a line shipped and came back, only when any', () => {
    expect(lineCounts({ shipped: 0, refunded: 0 })).toBe('')
    expect(lineCounts({ shipped: 2, refunded: 0 })).toBe('已发 2')
    expect(lineCounts({ shipped: 1, refunded: 1 })).toBe('已发 1 / 已退 1')
    expect(lineCounts({ shipped: 0, refunded: 1 })).toBe('已退 1')
  })

  it('allows a request on 20 or 40 with none under way, again after one ended', () => {
    const goods = { kind: 'goods' }
    expect(mayApplyAfterSales({ ...goods, status: 20, afterStatus: 0 })).toBe(true)
    expect(mayApplyAfterSales({ ...goods, status: 40, afterStatus: 20 })).toBe(true)
    expect(mayApplyAfterSales({ ...goods, status: 40, afterStatus: 21 })).toBe(true)
    expect(mayApplyAfterSales({ ...goods, status: 40, afterStatus: 30 })).toBe(true)
    for (const afterStatus of [10, 11, 12, 13, 14])
      expect(mayApplyAfterSales({ ...goods, status: 40, afterStatus })).toBe(false)
    expect(mayApplyAfterSales({ ...goods, status: 30, afterStatus: 0 })).toBe(false)
    expect(mayApplyAfterSales({ ...goods, status: 100, afterStatus: 20 })).toBe(false)
    expect(mayApplyAfterSales({ kind: 'article', status: 40, afterStatus: 0 })).toBe(false)
  })

  it('checks a return waybill as PostOrdersReturn does, at its field', () => {
    expect(returnWaybillRefusal('', 'SF1234567890123')).toEqual({
      field: 'company',
      message: '请填写快递公司',
    })
    expect(returnWaybillRefusal('其他', 'DPK123456')).toEqual({ field: 'company', message: '请填写快递公司' })
    expect(returnWaybillRefusal('顺丰速运', ' ')).toEqual({ field: 'number', message: '请填写运单号' })
    expect(returnWaybillRefusal('顺丰速运', 'SF1')).toEqual({
      field: 'number',
      message: '顺丰运单号应为 SF 加 13 位数字',
    })
    expect(returnWaybillRefusal('顺丰速运', 'sf 1234567890123')).toBeNull()
    expect(returnWaybillRefusal('德邦快递', 'DPK12345678')).toBeNull()
    // A company without its own format: the general one (waybillRefusal), as shipping says it.
    expect(returnWaybillRefusal('德邦快递', 'DP-1')).toEqual({
      field: 'number',
      message: '运单号应为 6–32 位字母或数字',
    })
  })
})
