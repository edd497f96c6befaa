import { describe, expect, it } from 'vitest'
import {
  checkHandleNote,
  checkReason,
  checkRestoreReason,
  checkTakedown,
} from '../../src/lib/rules/moderation.ts'
import { contactsSold, seesContacts } from '../../src/lib/rules/task-contact.ts'

describe('moderation reasons and notes (issue 20)', () => {
  it('requires a reason of at most 200 characters to unlist or hide; a restore may have none', () => {
    const cases: [Record<string, unknown>, string | null, string | null][] = [
      [{}, '请填写原因', null],
      [{ reason: '  ' }, '请填写原因', null],
      [{ reason: '😀'.repeat(200) }, null, null],
      [{ reason: '长'.repeat(201) }, '原因不能超过200个字', '原因不能超过200个字'],
    ]
    expect(cases.map(([i]) => checkReason(i).error)).toEqual(cases.map(([, m]) => m))
    expect(cases.map(([i]) => checkRestoreReason(i).error)).toEqual(cases.map(([, , m]) => m))
    expect(checkReason({ reason: ' 广告 ' }).value).toEqual({ reason: '广告' })
  })

  it('requires a handling note of at most 200 characters', () => {
    expect(checkHandleNote({ note: '' }).error).toBe('请填写处理说明')
    expect(checkHandleNote({ note: '说'.repeat(201) }).error).toBe('处理说明不能超过200个字')
    expect(checkHandleNote({ note: '已退货' })).toMatchObject({ error: null, value: { note: '已退货' } })
  })
})

describe('takedowns with a choice and a paid task’s contacts (issue 39)', () => {
  it('a takedown keeps buyers reading by default; refund must be a boolean; the reason comes first', () => {
    expect(checkTakedown({ reason: '违规' }).value).toEqual({ reason: '违规', refund: false })
    expect(checkTakedown({ reason: '违规', refund: true }).value).toEqual({ reason: '违规', refund: true })
    expect(checkTakedown({ reason: '违规', refund: 'true' })).toMatchObject({
      error: '请选择下架方式',
      field: 'refund',
    })
    expect(checkTakedown({ refund: 1 }).error).toBe('请填写原因')
  })

  it('only a paid task withholds its contacts, and only from readers who neither wrote nor bought it', () => {
    expect([
      contactsSold({ status: 20, price: 9.9 }),
      contactsSold({ status: 20, price: 0 }),
      contactsSold({ status: 10, price: 9.9 }),
    ]).toEqual([true, false, false])
    const who = (sold: boolean, author: boolean, bought: boolean) => seesContacts({ sold, author, bought })
    expect([
      who(true, false, false),
      who(true, true, false),
      who(true, false, true),
      who(false, false, false),
    ]).toEqual([false, true, true, true])
  })
})
