import { useState } from 'react'
import { toast } from '../../../lib/toast.ts'

/** Runs an action: its answer is the order as it is now; toasts `done` (or what it says of the answer). */
export function useOrderAction(reload: () => void) {
  const [busy, setBusy] = useState(false)
  const run = async <T>(work: () => Promise<T>, done: string | ((answer: T) => string)) => {
    setBusy(true)
    try {
      const answer = await work()
      toast('success', typeof done === 'string' ? done : done(answer))
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
