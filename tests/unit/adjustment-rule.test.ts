import { describe, expect, it } from 'vitest'
import { checkAdjustment, needsApproval } from '../../src/lib/rules/adjustment.ts'
import { checkCertDecision } from '../../src/lib/rules/certification.ts'

describe('the balance adjustment rule (issue 20)', () => {
  it.each([
    ['100', 10000],
    ['+12.5', 1250],
    ['-0.01', -1],
    ['− 3', -300],
    ['＋3', 300],
    [-7.25, -725],
  ])('takes %j as %i fen', (amount, fen) => {
    expect(checkAdjustment({ amount, reason: ' 年度活动补贴 ' })).toEqual({
      error: null,
      field: null,
      value: { fen, reason: '年度活动补贴' },
    })
  })

  it.each([
    ['', '请填写调整金额'],
    ['--1', '调整金额须为数字'],
    ['1.005', '调整金额最多两位小数'],
    ['-0', '调整金额不能为0'],
    ['0.00', '调整金额不能为0'],
  ])('refuses %j with %s', (amount, error) => {
    expect(checkAdjustment({ amount, reason: '年度活动补贴' })).toMatchObject({ error, field: 'amount' })
  })

  it('requires a reason of 5 to 100 characters (issue 39)', () => {
    expect(checkAdjustment({ amount: '1' })).toMatchObject({ error: '请填写调整原因', field: 'reason' })
    expect(checkAdjustment({ amount: '1', reason: ' 活动补贴 ' })).toMatchObject({
      error: '调整原因至少5个字',
      field: 'reason',
    })
    expect(checkAdjustment({ amount: '1', reason: '活动补贴A' }).error).toBeNull()
    expect(checkAdjustment({ amount: '1', reason: '因'.repeat(101) }).error).toBe('调整原因不能超过100个字')
  })
})

describe('the approval limit (issue 39)', () => {
  it('holds above the limit either way, not at it', () => {
    expect(needsApproval(500_000, 500_000)).toBe(false)
    expect(needsApproval(-500_000, 500_000)).toBe(false)
    expect(needsApproval(500_001, 500_000)).toBe(true)
    expect(needsApproval(-600_000, 500_000)).toBe(true)
  })
})

describe('the certification decision rule (issue 20)', () => {
  it('approves without a reason, rejects only with one', () => {
    expect(checkCertDecision({ decision: 'approve' }).value).toEqual({ decision: 'approve', reason: '' })
    expect(checkCertDecision({ decision: 'reject' }).error).toBe('请填写驳回原因')
    expect(checkCertDecision({ decision: 'reject', reason: ' 模糊 ' }).value).toEqual({
      decision: 'reject',
      reason: '模糊',
    })
    expect(checkCertDecision({}).error).toBe('请选择审核结果')
  })
})
