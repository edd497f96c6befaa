import { describe, expect, it } from 'vitest'
import { initialPaged, type PagedState, pagedReducer, paramsKey } from '../../src/islands/common/usePaged.ts'

type S = PagedState<string, number>

/** Runs the events through the reducer from the empty state. */
const run = (events: Parameters<typeof pagedReducer<string, number>>[1][], from: S = initialPaged()) =>
  events.reduce<S>(pagedReducer, from)

describe('usePaged: the stale-answer guard', () => {
  it('starts loading with nothing, or with the pre-rendered answer and not loading', () => {
    expect(initialPaged()).toMatchObject({ data: null, loading: true, failed: false })
    expect(initialPaged({ data: 'page 1', params: 1 })).toMatchObject({
      data: 'page 1',
      dataParams: 1,
      loading: false,
    })
  })

  it('shows the answer of the latest request', () => {
    const s = run([
      { type: 'start', id: 1 },
      { type: 'done', id: 1, data: 'page 1', params: 1 },
    ])
    expect(s).toMatchObject({ data: 'page 1', dataParams: 1, loading: false, failed: false })
  })

  it('ignores an answer that arrives after a newer request started', () => {
    const s = run([
      { type: 'start', id: 1 },
      { type: 'start', id: 2 },
      { type: 'done', id: 2, data: 'page 3', params: 3 },
      // The slow page 2 comes back last: it must not replace page 3.
      { type: 'done', id: 1, data: 'page 2', params: 2 },
    ])
    expect(s).toMatchObject({ data: 'page 3', dataParams: 3, loading: false })
  })

  it('stays loading while the latest request is out, whatever older ones answer', () => {
    const s = run([
      { type: 'start', id: 1 },
      { type: 'start', id: 2 },
      { type: 'done', id: 1, data: 'old', params: 1 },
      { type: 'fail', id: 1 },
    ])
    expect(s).toMatchObject({ data: null, loading: true, failed: false })
  })

  it('keeps the last answer on a failure, and a new request clears the failure', () => {
    const failed = run([
      { type: 'start', id: 1 },
      { type: 'done', id: 1, data: 'page 1', params: 1 },
      { type: 'start', id: 2 },
      { type: 'fail', id: 2 },
    ])
    expect(failed).toMatchObject({ data: 'page 1', dataParams: 1, loading: false, failed: true })
    expect(run([{ type: 'start', id: 3 }], failed)).toMatchObject({ loading: true, failed: false })
  })

  it('returns the same state for a stale event, so React skips the render', () => {
    const s = run([{ type: 'start', id: 2 }])
    expect(pagedReducer(s, { type: 'done', id: 1, data: 'x', params: 1 })).toBe(s)
  })

  it('compares parameters by value', () => {
    expect(paramsKey({ pageIndex: 0, tag: undefined })).toBe(paramsKey({ pageIndex: 0 }))
    expect(paramsKey({ pageIndex: 0 })).not.toBe(paramsKey({ pageIndex: 1 }))
    expect(paramsKey(null)).toBe('null')
  })
})
