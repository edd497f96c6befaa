import { describe, expect, it } from 'vitest'
import { checkPrice, checkTopUp, TOP_UP_RANGE } from '../../src/lib/rules/price.ts'

describe('the price rule (accounts §5 "Price input", issue 19: no silent changes)', () => {
  it.each([
    ['12.5', 1250],
    ['0.01', 1],
    ['007', 700],
    ['5.', 500],
    ['.5', 50],
    [' 99.99 ', 9999],
    ['12345678', 1_234_567_800],
    [12.5, 1250],
  ])('takes %j as %i fen', (typed, fen) => {
    expect(checkPrice(typed)).toEqual({ fen, error: null })
  })

  it.each([
    ['-1', '价格不能为负数'],
    [-1, '价格不能为负数'],
    ['99.999', '价格最多两位小数'],
    [99.999, '价格最多两位小数'],
    ['1.2.3', '价格须为数字'],
    ['¥1,299', '价格须为数字'],
    ['12元', '价格须为数字'],
    ['1e3', '价格须为数字'],
    ['.', '价格须为数字'],
    ['', '价格须为数字'],
    [null, '价格须为数字'],
    ['123456789', '价格不能超过8位'],
  ])('refuses %j with %s, never rewrites it', (typed, error) => {
    expect(checkPrice(typed)).toEqual({ fen: null, error })
  })

  it('names the amount it checks', () => {
    expect(checkPrice('-5', '充值金额').error).toBe('充值金额不能为负数')
  })

  it('keeps a top-up between 0.01 and 50000 yuan', () => {
    expect(checkTopUp('100')).toEqual({ fen: 10_000, error: null })
    expect(checkTopUp(50000)).toEqual({ fen: 5_000_000, error: null })
    expect(checkTopUp('')).toEqual({ fen: null, error: '请填写充值金额' })
    expect(checkTopUp(undefined).error).toBe('请填写充值金额')
    expect(checkTopUp('0').error).toBe(TOP_UP_RANGE)
    expect(checkTopUp('50000.01').error).toBe(TOP_UP_RANGE)
    expect(checkTopUp('-1').error).toBe('充值金额不能为负数')
    expect(checkTopUp('99.999').error).toBe('充值金额最多两位小数')
  })
})
