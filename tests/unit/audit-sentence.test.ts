/** The audit log in words (issue 40): each row as a sentence, its before/after as changes in words. */
import { describe, expect, it } from 'vitest'
import { auditChanges, auditSentence, auditTarget } from '../../src/lib/audit-text.ts'

describe('auditSentence', () => {
  it('reads a row as who did what to what', () => {
    expect(
      auditSentence({
        staffName: '张敏',
        action: 'order.ship',
        target: 'order:202612071234',
        targetName: '202612071234',
      }),
    ).toBe('张敏 将订单 202612071234 标记为已发货')
    expect(
      auditSentence({
        staffName: '李强',
        action: 'product.edit',
        target: 'product:12',
        targetName: '牙科手机',
      }),
    ).toBe('李强 修改了商品 牙科手机')
    expect(
      auditSentence({ staffName: '张敏', action: 'staff.roles', target: 'staff:3', targetName: '王芳' }),
    ).toBe('张敏 修改了员工 王芳 的角色')
    expect(
      auditSentence({ staffName: '王芳', action: 'staff.sign-in', target: 'staff:3', targetName: '王芳' }),
    ).toBe('王芳 登录了后台')
  })

  it('falls back to the action label and the target, and to the id when the name is unknown', () => {
    expect(
      auditSentence({ staffName: '陈静', action: 'banner.publish', target: 'banner:3', targetName: '' }),
    ).toBe('陈静 发布横幅：横幅 3')
    expect(
      auditSentence({ staffName: 'ops', action: 'staff.add', target: 'staff:9', targetName: 'li' }),
    ).toBe('服务器命令行 新增了员工 li')
    expect(
      auditSentence({ staffName: '张敏', action: 'x.new-thing', target: 'thing:1', targetName: '' }),
    ).toBe('张敏 x.new-thing：thing:1')
    expect(auditTarget('user:12', '13800000001')).toBe('用户 13800000001')
  })
})

describe('auditChanges', () => {
  it('names statuses by their words and money as ¥, field by field, old → new', () => {
    expect(auditChanges({ status: 20 }, { status: 30, waybill: '顺丰 SF1' }, 'order')).toEqual([
      '状态：待发货 → 待收货',
      '运单号：顺丰 SF1',
    ])
    expect(auditChanges({ balance: 10 }, { balance: 12.5, delta: 2.5, reason: '补偿' }, 'user')).toEqual([
      '余额：¥10.00 → ¥12.50',
      '变动：¥2.50',
      '原因：补偿',
    ])
    expect(
      auditChanges({ paymentStatus: 30 }, { paymentStatus: 40, way: 'union', amount: 99 }, 'order'),
    ).toEqual(['付款状态：待退款 → 已退款', '方式：对公转账', '金额：¥99.00'])
    expect(auditChanges({ name: '赵磊' }, { name: '赵大磊' }, 'staff')).toEqual(['姓名：赵磊 → 赵大磊'])
    expect(auditChanges({ roles: ['marketing'] }, { roles: ['operator', 'finance'] })).toEqual([
      '角色：市场 → 运营、财务',
    ])
  })

  it('shows unknown fields as 字段：旧 → 新, nested records in words, never raw JSON', () => {
    expect(auditChanges({ colour: 'red' }, { colour: 'blue' })).toEqual(['colour：red → blue'])
    const [line] = auditChanges(null, { refund: { amount: 5, reason: '破损' } })
    expect(line).toBe('退款：金额：¥5.00，原因：破损')
    expect(line).not.toMatch(/[{}"]/)
    expect(auditChanges({ note: '旧' }, null)).toEqual(['备注：旧 → —'])
  })

  it("reads a SKU's stock change as units, not money", () => {
    expect(auditChanges(null, { delta: 20, stock: 20, reason: '到货入库' }, 'sku')).toEqual([
      '变动：20',
      '库存：20',
      '原因：到货入库',
    ])
  })
})
