/**
 * The order timeline's sources and their merge (server/modules/order-desk/timeline.ts): oldest
 * first, ties in the sources' order, who acted, and the audit actions another source tells left
 * out of the staff's list.
 */
import { describe, expect, it } from 'vitest'
import {
  orderTimeline,
  TIMELINE_SOURCES,
  type TimelineFacts,
} from '../../server/modules/order-desk/timeline.ts'
import { checkOrderNote } from '../../src/lib/rules/back-office.ts'

const facts = (over: Partial<TimelineFacts> = {}): TimelineFacts => ({
  order: {
    kind: 'goods',
    createTime: '2026-05-01 10:00:00',
    tolCost: 120,
    finishTime: '',
    invoiceTime: '',
    invoiceNumber: '',
  },
  payments: [],
  waybills: [],
  audit: [],
  notes: [],
  ...over,
})

describe('orderTimeline', () => {
  it('tells a transfer confirmed by finance, an after-sales refund and an invoice, oldest first', () => {
    const t = orderTimeline(
      facts({
        order: {
          kind: 'goods',
          createTime: '2026-05-01 10:00:00',
          tolCost: 120,
          finishTime: '',
          invoiceTime: '2026-05-04 09:00:00',
          invoiceNumber: 'FP001',
        },
        payments: [
          {
            outTradeNo: 'P1',
            way: 'union',
            amount: 120,
            paidTime: '2026-05-02 09:00:00',
            refundTime: '2026-05-03 15:00:00',
          },
        ],
        audit: [
          {
            at: '2026-05-04 09:00:00',
            staff: 'finance',
            action: 'order.invoice',
            detail: '',
            after: { invoiceNumber: 'FP001' },
          },
          {
            at: '2026-05-03 15:00:00',
            staff: 'operator',
            action: 'order.after-sales.approve',
            detail: '订单已取消',
            after: { status: 100 },
          },
          {
            at: '2026-05-02 09:00:00',
            staff: 'finance',
            action: 'order.confirm-transfer',
            detail: '',
            after: { status: 20 },
          },
          {
            at: '2026-05-05 08:00:00',
            staff: 'finance',
            action: 'order.note',
            detail: '',
            after: { note: '已冲红' },
          },
        ],
        notes: [{ at: '2026-05-05 08:00:00', staff: 'finance', text: '已冲红' }],
      }),
    )
    expect(t.map((e) => [e.at.slice(5), e.kind, e.actor])).toEqual([
      ['05-01 10:00:00', 'placed', '买家'],
      ['05-02 09:00:00', 'paid', 'finance'],
      ['05-03 15:00:00', 'after-sales', 'operator'],
      ['05-03 15:00:00', 'refund', '系统'],
      ['05-04 09:00:00', 'invoice', 'finance'],
      ['05-05 08:00:00', 'note', 'finance'],
    ])
    expect(t[1]?.text).toBe('对公转账付款 120.00 元（付款单 P1）')
    expect(t[2]?.text).toBe('同意退款：订单已取消')
    expect(t[4]?.text).toBe('发票已开具，号码 FP001')
    expect(t[5]?.text).toBe('备注：已冲红')
  })

  it('puts a waybill before its track, oldest first, and completes content when paid', () => {
    const shipped = orderTimeline(
      facts({
        waybills: [
          {
            company: '中通快递',
            number: '7312',
            createTime: '2026-05-02 10:00:00',
            locus: [
              { time: '2026-05-03 10:00:00', status: '运输中', text: '到达杭州' },
              { time: '2026-05-02 12:00:00', status: '已揽收', text: '快递员已揽件' },
            ],
          },
        ],
        audit: [
          {
            at: '2026-05-02 10:00:00',
            staff: 'operator',
            action: 'order.ship',
            detail: '',
            after: { waybill: '中通快递 7312' },
          },
        ],
      }),
    )
    expect(shipped.map((e) => [e.kind, e.actor, e.text])).toEqual([
      ['placed', '买家', '买家下单，订单金额 120.00 元'],
      ['shipped', 'operator', '发货：中通快递 7312'],
      ['track', '系统', '中通快递 已揽收：快递员已揽件'],
      ['track', '系统', '中通快递 运输中：到达杭州'],
    ])
    const content = orderTimeline(
      facts({ order: { ...facts().order, kind: 'article', finishTime: '2026-05-01 10:01:00' } }),
    )
    expect(content.at(-1)).toMatchObject({ kind: 'received', actor: '系统', text: '付款即交付，订单完成' })
  })

  it('takes more sources', () => {
    const parcels = () => [{ at: '2026-05-01 10:00:00', kind: 'parcel', actor: '系统', text: '包裹 1' }]
    expect(orderTimeline(facts(), [...TIMELINE_SOURCES, parcels]).map((e) => e.kind)).toEqual([
      'placed',
      'parcel',
    ])
  })
})

describe('checkOrderNote', () => {
  it('wants 1 to 500 characters, trimmed', () => {
    expect(checkOrderNote({ text: '  ' }).error).toBe('请填写备注内容')
    expect(checkOrderNote({ text: '字'.repeat(501) }).error).toBe('备注不能超过500个字')
    expect(checkOrderNote({ text: ' 好 ' }).value).toEqual({ text: '好' })
  })
})
