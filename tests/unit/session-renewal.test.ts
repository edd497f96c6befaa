/**
 * An expired staff session asked about in a dialog (issue 40): renewingSession makes a call
 * refused 401 once more after the renewer (the dialog) signed the same account in again; calls
 * refused together wait for one question; declined, or for a disabled account, the 401 stands.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renewingSession, setSessionRenewer } from '../../src/lib/api/admin-http.ts'
import { ApiRequestError, MSG_EXPIRED } from '../../src/lib/api/http.ts'
import { STAFF_DISABLED } from '../../src/lib/rules/staff.ts'

const expired = () => new ApiRequestError(401, MSG_EXPIRED, { status: 401, data: '请先登录后台' })

/** A call refused 401 the first `refusals` times, then answering 'saved'. */
const callRefused = (refusals: number, error = expired) => {
  let n = 0
  return vi.fn(async () => {
    n += 1
    if (n <= refusals) throw error()
    return 'saved'
  })
}

afterEach(() => setSessionRenewer(null))

describe('renewingSession', () => {
  it('asks once, then makes the refused call again and answers it', async () => {
    const ask = vi.fn(async () => true)
    setSessionRenewer(ask)
    const call = callRefused(1)
    await expect(renewingSession(call)).resolves.toBe('saved')
    expect([ask.mock.calls.length, call.mock.calls.length]).toEqual([1, 2])
  })

  it('asks one question for calls refused together', async () => {
    let answer: (yes: boolean) => void = () => {}
    const ask = vi.fn(() => new Promise<boolean>((r) => (answer = r)))
    setSessionRenewer(ask)
    const both = Promise.all([renewingSession(callRefused(1)), renewingSession(callRefused(1))])
    await vi.waitFor(() => expect(ask).toHaveBeenCalled())
    answer(true)
    await expect(both).resolves.toEqual(['saved', 'saved'])
    expect(ask).toHaveBeenCalledTimes(1)
  })

  it('keeps the refusal when declined, for a disabled account, or with no screen to ask on', async () => {
    setSessionRenewer(async () => false)
    const declined = callRefused(1)
    await expect(renewingSession(declined)).rejects.toBeInstanceOf(ApiRequestError)
    expect(declined).toHaveBeenCalledTimes(1)

    const ask = vi.fn(async () => true)
    setSessionRenewer(ask)
    const disabled = () => new ApiRequestError(401, MSG_EXPIRED, { status: 401, data: STAFF_DISABLED })
    await expect(renewingSession(callRefused(1, disabled))).rejects.toBeInstanceOf(ApiRequestError)
    expect(ask).not.toHaveBeenCalled()

    setSessionRenewer(null)
    await expect(renewingSession(callRefused(1))).rejects.toBeInstanceOf(ApiRequestError)
  })

  it('leaves other refusals alone', async () => {
    const ask = vi.fn(async () => true)
    setSessionRenewer(ask)
    const refused = () => new ApiRequestError(400, '手机号格式不正确')
    await expect(renewingSession(callRefused(1, refused))).rejects.toThrow('手机号格式不正确')
    expect(ask).not.toHaveBeenCalled()
  })
})
