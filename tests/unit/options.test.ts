/** The option matrix rule (src/lib/rules/options.ts): combinations, the buy box's choices, the editor's check. */
import { describe, expect, it } from 'vitest'
import {
  checkSkuMatrix,
  combinations,
  repick,
  shownOptions,
  valueStates,
} from '../../src/lib/rules/options.ts'

const SIZE = { name: '规格', values: ['小号', '大号'] }
const PACK = { name: '包装', values: ['单支', '10支装'] }

describe('the option matrix', () => {
  it('lists every combination, first option slowest', () => {
    expect(combinations([SIZE, PACK])).toEqual([
      ['小号', '单支'],
      ['小号', '10支装'],
      ['大号', '单支'],
      ['大号', '10支装'],
    ])
    expect(combinations([])).toEqual([])
  })

  it('disables a value no SKU has with the values chosen before it, and marks a sold-out one', () => {
    const skus = [
      { options: ['小号', '单支'], stock: 3 },
      { options: ['小号', '10支装'], stock: 0 },
      { options: ['大号', '单支'], stock: 1 },
    ]
    const big = valueStates([SIZE, PACK], skus, ['大号', '单支'])
    expect(big[0]?.map((v) => v.disabled)).toEqual([false, false])
    expect(big[1]).toEqual([
      { value: '单支', disabled: false, soldOut: false },
      { value: '10支装', disabled: true, soldOut: false },
    ])
    const small = valueStates([SIZE, PACK], skus, ['小号', '10支装'])
    expect(small[1]?.map((v) => [v.disabled, v.soldOut])).toEqual([
      [false, false],
      [false, true],
    ])
    // Choosing 大号 while 10支装 is chosen moves 包装 to one 大号 has: never stuck.
    expect(repick([SIZE, PACK], skus, ['大号', '10支装'], 0)).toEqual(['大号', '单支'])
    expect(repick([SIZE, PACK], skus, ['小号', '10支装'], 0)).toEqual(['小号', '10支装'])
  })

  it('checks the editor matrix: each combination once, values of their options, codes distinct', () => {
    const ok = checkSkuMatrix({
      options: [SIZE],
      skus: [
        { values: ['小号'], code: 'A-1', price: '9.9', stock: '3' },
        { id: 4, values: ['大号'], code: '', price: 20 },
      ],
    })
    expect(ok.value?.skus).toEqual([
      { values: ['小号'], code: 'A-1', barcode: '', priceFen: 990, stock: 3 },
      { id: 4, values: ['大号'], code: '', barcode: '', priceFen: 2000, stock: 0 },
    ])
    const refused = (input: Record<string, unknown>) => checkSkuMatrix(input).error
    expect(refused({ options: [SIZE], skus: [{ values: ['中号'], price: '1' }] })).toBe(
      '规格组合“中号”与选项不符',
    )
    expect(
      refused({
        options: [SIZE],
        skus: [
          { values: ['小号'], price: '1' },
          { values: ['小号'], price: '2' },
        ],
      }),
    ).toBe('规格组合“小号”重复')
    expect(refused({ options: [{ name: '规格', values: ['a', 'a'] }], skus: [] })).toBe(
      '选项“规格”的值“a”重复',
    )
    expect(refused({ options: [SIZE], skus: [{ values: ['小号'], code: '货 号', price: '1' }] })).toContain(
      '货号只能由',
    )
    expect(refused({ options: [SIZE], skus: [{ values: ['小号'], price: '-1' }] })).toBe(
      '“小号”的价格不能为负数',
    )
    expect(refused({ options: [SIZE], skus: [] })).toBe('请至少保留一个在售的规格组合')
  })

  it('shows SKUs written without options as one option 规格', () => {
    const skus = [
      { title: '标准装', param: '10支/盒', options: [] },
      { title: '大号', param: '', options: [] },
    ]
    expect(shownOptions([], skus)).toEqual({
      options: [{ name: '规格', values: ['标准装 10支/盒', '大号'] }],
      skus: [
        { title: '标准装', param: '10支/盒', options: ['标准装 10支/盒'] },
        { title: '大号', param: '', options: ['大号'] },
      ],
    })
  })
})
