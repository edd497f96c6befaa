/**
 * A form's send: `busy` while it runs, and one at a time. A failed call has been shown by the API
 * client (its toast says the server's message), so the form keeps what was typed for another try.
 *   const { busy, send } = useSend()
 *   await send(async () => { await api.save(value); toast('success', '保存成功') })
 */
import { useCallback, useRef, useState } from 'react'

export function useSend() {
  const [busy, setBusy] = useState(false)
  const running = useRef(false)
  const send = useCallback(async (work: () => Promise<void>) => {
    if (running.current) return
    running.current = true
    setBusy(true)
    try {
      await work()
    } catch {
      // Shown by the client.
    } finally {
      running.current = false
      setBusy(false)
    }
  }, [])
  return { busy, send }
}
