import { describe, expect, it } from 'vitest'
import { holdCap, tooManyUnits, tooManyUnpaid, transferRetryLater } from '../../src/lib/rules/holds.ts'
import { addTo, type CartItem, cartQty, parseCart, qtyCap, selection } from '../../src/lib/stores/cart.ts'

const sku = (id: number, price = 10) => ({ id, spuId: 1, title: `t${id}`, img: '', price })

describe('cart rules', () => {
  it('quantity is 1..99999, anything else 1', () => {
    expect(cartQty(5)).toBe(5)
    expect(cartQty('12')).toBe(12)
    for (const bad of [0, -1, 1.5, 100000, 'x', '', null, undefined]) expect(cartQty(bad)).toBe(1)
    expect(cartQty(99999)).toBe(99999)
  })
  it('a new item goes first, checked, quantity 1; an old one adds 1', () => {
    let list: CartItem[] = []
    list = addTo(list, sku(1))
    list = addTo(list, sku(2))
    expect(list.map((x) => x.id)).toEqual([2, 1])
    expect(list[0]).toMatchObject({ qty: 1, checked: true })
    list = addTo(list, sku(1))
    expect(list.map((x) => [x.id, x.qty])).toEqual([
      [2, 1],
      [1, 2],
    ])
  })
  it('adds up to the stock when it is known: two adds of 40 with 51 left hold 51', () => {
    let list: CartItem[] = []
    list = addTo(list, { ...sku(6), stock: 51 }, 40)
    list = addTo(list, { ...sku(6), stock: 51 }, 40)
    expect(list[0]?.qty).toBe(51)
    expect(addTo([], { ...sku(7), stock: 3 }, 5)[0]?.qty).toBe(3)
    // Unknown stock (an old stored line): the cart's own limit.
    expect(addTo([], sku(8), 120)[0]?.qty).toBe(120)
  })
  it('adds up to the buy limit when it is known (issue 39): the stepper stops there too', () => {
    let list: CartItem[] = []
    list = addTo(list, { ...sku(9), stock: 50, limit: 10 }, 8)
    list = addTo(list, { ...sku(9), stock: 50, limit: 10 }, 8)
    expect(list[0]?.qty).toBe(10)
    expect(addTo([], { ...sku(10), stock: 2, limit: 10 }, 5)[0]?.qty).toBe(2)
    expect([qtyCap({ limit: 3 }), qtyCap({}), qtyCap({ limit: 0 })]).toEqual([3, 99999, 99999])
    expect([holdCap(10, 0), holdCap(10, 3), holdCap(10, 20)]).toEqual([10, 3, 10])
    expect(tooManyUnits('牙椅 标准版', 10)).toBe('牙椅 标准版最多购买10件')
    expect(tooManyUnpaid(5)).toBe('您有5笔未付款订单，请先支付或取消后再下单')
    expect(transferRetryLater(24)).toBe('该商品的对公转账订单已过期未付款，请24小时后再下单或选择在线支付')
  })
  it('selection counts checked buyable lines and totals to the fen', () => {
    const list: CartItem[] = [
      { ...sku(1, 0.1), qty: 3, checked: true },
      { ...sku(2, 0.2), qty: 1, checked: true },
      { ...sku(3, 5), qty: 1, checked: false },
      { ...sku(4, 5), qty: 1, checked: true, state: 'soldOut' },
    ]
    expect(selection(list)).toMatchObject({ count: 4, total: 0.5 })
  })
  it('reads only sane stored data', () => {
    expect(parseCart('nope')).toEqual([])
    expect(parseCart('{"a":1}')).toEqual([])
    expect(parseCart('[{"id":3,"qty":0,"price":"2"}]')[0]).toMatchObject({
      id: 3,
      qty: 1,
      price: 2,
      checked: true,
    })
  })
})
