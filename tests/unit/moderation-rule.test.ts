import { describe, expect, it } from 'vitest'
import { checkHandleNote, checkReason, checkRestoreReason } from '../../src/lib/rules/moderation.ts'

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
