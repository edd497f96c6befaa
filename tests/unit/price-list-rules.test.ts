import { describe, expect, it } from 'vitest'
import { unitPrice } from '../../src/lib/rules/member-price.ts'
import { checkMembers, checkPriceList, phonesOfCsv } from '../../src/lib/rules/price-list.ts'

describe('phonesOfCsv', () => {
  it('reads the first cell of each line, skips a header, quotes and repeats, and reports what is no phone', () => {
    const csv = '\uFEFF手机号,姓名\r\n"13800000001",张三\n13800000002\n\n1380000\n13800000001\n'
    expect(phonesOfCsv(csv)).toEqual({ phones: ['13800000001', '13800000002'], bad: ['1380000'] })
  })
})

describe('checkPriceList', () => {
  const base = { groupId: 3, title: ' 合作医院价 ', prices: [{ skuId: '12', price: '80.5' }] }
  it('cleans a list: prices in fen, open dates null', () => {
    expect(checkPriceList(base).value).toEqual({
      groupId: 3,
      title: '合作医院价',
      prices: [{ skuId: 12, priceFen: 8050 }],
      categories: [],
      startTime: null,
      endTime: null,
    })
  })
  it.each([
    [{ groupId: '' }, '请选择客户组'],
    [{ title: '' }, '请填写价目表名称'],
    [{ prices: [{ skuId: 12, price: '1.005' }] }, '规格 12 的协议价最多两位小数'],
    [{ prices: [{ skuId: 12, price: 0 }] }, '规格 12 的协议价须大于0'],
    [
      {
        prices: [
          { skuId: 12, price: 5 },
          { skuId: 12, price: 6 },
        ],
      },
      '规格 12 重复了',
    ],
    [
      { prices: [], categories: [{ classId: 2, percentOff: 0 }] },
      '分类 2 的折扣须为1到99之间的整数（减百分之几）',
    ],
    [{ startTime: '2026-13-01 00:00' }, '开始时间格式不正确，应为yyyy-mm-dd hh:mm'],
    [{ startTime: '2026-12-02 00:00', endTime: '2026-12-01 00:00' }, '结束时间须晚于开始时间'],
  ])('refuses %j: %s', (over, message) => {
    expect(checkPriceList({ ...base, ...over }).error).toBe(message)
  })
  it('takes the members as whole ids without repeats', () => {
    expect(checkMembers({ userIds: [3, '7', 3] }).value).toEqual({ userIds: [3, 7] })
    expect(checkMembers({ userIds: [0] }).error).toBe('客户编号“0”不正确')
  })
})

describe('unitPrice', () => {
  it('is the lowest of list, member and group price', () => {
    expect(unitPrice(10_000, 90, 8_000)).toEqual({ fen: 8_000, kind: 'group' })
    expect(unitPrice(10_000, 90, 9_500)).toEqual({ fen: 9_000, kind: 'member' })
    expect(unitPrice(10_000, 100, null)).toEqual({ fen: 10_000, kind: 'list' })
  })
})
