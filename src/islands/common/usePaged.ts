/**
 * One way for an island to load a list (a page of a listing, a table, a feed) that is safe against
 * stale answers: each change of the parameters aborts the request before it, and an answer that
 * arrives after a newer request started is ignored, so a slow page 2 never replaces page 3.
 * A failure keeps what is on screen and sets `failed`; lists fail quietly (storefront §8), so the
 * island decides what to show (a retry offer, an empty table) and how loud the call is.
 */
import { useCallback, useEffect, useReducer, useRef, useState } from 'react'

export interface PagedState<T, P> {
  /** The last answer that counted; null before the first one. */
  data: T | null
  /** The parameters `data` answers. */
  dataParams: P | null
  loading: boolean
  failed: boolean
  /** The request whose answer is awaited; any other answer is stale. */
  latest: number
}

export type PagedEvent<T, P> =
  | { type: 'start'; id: number }
  | { type: 'done'; id: number; data: T; params: P }
  | { type: 'fail'; id: number }

/**
 * The stale-answer guard as a pure reducer: `start` makes its request the latest; `done` and
 * `fail` of any other request change nothing.
 */
export function pagedReducer<T, P>(state: PagedState<T, P>, event: PagedEvent<T, P>): PagedState<T, P> {
  if (event.type === 'start') return { ...state, latest: event.id, loading: true, failed: false }
  if (event.id !== state.latest) return state
  if (event.type === 'done')
    return { ...state, data: event.data, dataParams: event.params, loading: false, failed: false }
  return { ...state, loading: false, failed: true }
}

/** The state before any request: loading, unless a pre-rendered answer is on screen. */
export function initialPaged<T, P>(initial?: { data: T; params: P }): PagedState<T, P> {
  return {
    data: initial?.data ?? null,
    dataParams: initial?.params ?? null,
    loading: initial === undefined,
    failed: false,
    latest: 0,
  }
}

/** Parameters compare by value: plain data (numbers, strings, null, arrays and objects of them). */
export const paramsKey = (params: unknown): string => JSON.stringify(params) ?? ''

export interface PagedOptions<T, P> {
  /** An answer already on screen (rendered at build time) and the parameters it answers: not fetched again. */
  initial?: { data: T; params: P }
  /** Nothing to fetch yet (e.g. before the URL has been read). */
  skip?: boolean
}

/**
 * usePaged((p, signal) => api.getPage(p, { signal }), { pageIndex: 0 }) → { data, loading, failed, reload }.
 * `fetcher` may change every render; `params` are compared by value (paramsKey).
 */
export function usePaged<T, P>(
  fetcher: (params: P, signal: AbortSignal) => Promise<T>,
  params: P,
  { initial, skip = false }: PagedOptions<T, P> = {},
) {
  const [state, dispatch] = useReducer(pagedReducer<T, P>, initial, initialPaged<T, P>)
  const [attempt, setAttempt] = useState(0)
  const fetcherRef = useRef(fetcher)
  fetcherRef.current = fetcher
  const paramsRef = useRef(params)
  paramsRef.current = params
  const requests = useRef(0)
  const initialKey = useRef(initial ? paramsKey(initial.params) : null)
  const key = paramsKey(params)

  useEffect(() => {
    if (skip) return
    // The pre-rendered answer stands until something else is asked for (or 重试).
    if (requests.current === 0 && attempt === 0 && key === initialKey.current) return
    const id = ++requests.current
    const asked = paramsRef.current
    const ctrl = new AbortController()
    dispatch({ type: 'start', id })
    fetcherRef.current(asked, ctrl.signal).then(
      (data) => {
        if (!ctrl.signal.aborted) dispatch({ type: 'done', id, data, params: asked })
      },
      () => {
        if (!ctrl.signal.aborted) dispatch({ type: 'fail', id })
      },
    )
    return () => ctrl.abort()
  }, [key, attempt, skip])

  /** Asks again with the same parameters (重试, or after a change the list should show). */
  const reload = useCallback(() => setAttempt((n) => n + 1), [])
  return {
    data: state.data,
    dataParams: state.dataParams,
    loading: state.loading,
    failed: state.failed,
    reload,
  }
}
