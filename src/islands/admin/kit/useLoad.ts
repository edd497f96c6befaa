import { useCallback, useEffect, useRef, useState } from 'react'

/**
 * Loads what a screen shows, again whenever `key` changes (the filters, say) or on reload();
 * an answer that arrives after a newer request is dropped. Refusals were toasted by the client.
 *   const { data, loading, reload } = useLoad(() => adminApi.audit(query), JSON.stringify(query))
 */
export function useLoad<T>(load: () => Promise<T>, key: string) {
  const [data, setData] = useState<T | null>(null)
  const [loading, setLoading] = useState(true)
  const [tick, setTick] = useState(0)
  const latest = useRef(0)
  const loader = useRef(load)
  loader.current = load
  // biome-ignore lint/correctness/useExhaustiveDependencies: key and tick are what ask for a new load.
  useEffect(() => {
    const n = ++latest.current
    setLoading(true)
    loader
      .current()
      .then(
        (d) => {
          if (n === latest.current) setData(d)
        },
        () => {},
      )
      .finally(() => {
        if (n === latest.current) setLoading(false)
      })
  }, [key, tick])
  const reload = useCallback(() => setTick((t) => t + 1), [])
  return { data, loading, reload }
}
