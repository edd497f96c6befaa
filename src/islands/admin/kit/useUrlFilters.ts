import { useCallback, useEffect, useState } from 'react'

type Filters<K extends string> = Record<K, string>

const read = <K extends string>(defaults: Filters<K>): Filters<K> => {
  const q = new URLSearchParams(typeof location === 'undefined' ? '' : location.search)
  return Object.fromEntries(Object.entries(defaults).map(([k, d]) => [k, q.get(k) ?? d])) as Filters<K>
}

/**
 * A screen's filters kept in the URL (issue 20): a filtered list can be bookmarked, shared and
 * reloaded, and Back walks through earlier filters. Values are strings; a value equal to its
 * default stays out of the URL. Changing any filter but the page goes back to the first page.
 *
 *   const [f, set] = useUrlFilters({ staff: '', action: '', pageIndex: '0' })
 *   set({ staff: 'operator' })        // → ?staff=operator
 *   api.audit({ ...f, pageIndex: Number(f.pageIndex) })
 */
export function useUrlFilters<K extends string>(defaults: Filters<K>) {
  const [filters, setFilters] = useState<Filters<K>>(() => read(defaults))
  // Back and Forward restore the filters of that entry.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the defaults are the screen's constants.
  useEffect(() => {
    const pop = () => setFilters(read(defaults))
    addEventListener('popstate', pop)
    return () => removeEventListener('popstate', pop)
  }, [])
  const set = useCallback(
    (change: Partial<Filters<K>>) =>
      setFilters((current) => {
        const paging = 'pageIndex' in defaults && !('pageIndex' in change)
        const next = {
          ...current,
          ...change,
          ...(paging ? { pageIndex: (defaults as Record<string, string>).pageIndex } : {}),
        }
        const q = new URLSearchParams()
        for (const [k, v] of Object.entries(next) as [K, string][])
          if (v !== defaults[k] && v !== '') q.set(k, v)
        const url = `${location.pathname}${q.size ? `?${q}` : ''}`
        if (url !== location.pathname + location.search) history.pushState(null, '', url)
        return next
      }),
    [defaults],
  )
  return [filters, set] as const
}
