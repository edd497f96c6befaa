import { useState } from 'react'
import { toast } from '../../../lib/toast.ts'

/** Runs an action: its answer is the order as it is now; toasts `done`. */
export function useOrderAction(reload: () => void) {
  const [busy, setBusy] = useState(false)
  const run = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true)
    try {
      await work()
      toast('success', done)
      reload()
      return true
    } catch {
      // Refused: the client has toasted why; the screen shows the state it had.
      reload()
      return false
    } finally {
      setBusy(false)
    }
  }
  return { busy, run }
}
