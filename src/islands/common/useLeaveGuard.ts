import { useEffect } from 'react'

/**
 * While `unsaved`, leaving the page (a reload, a link, closing the tab) asks first with the
 * browser's own prompt; a form that has been sent, or not touched, lets the visitor go freely.
 */
export function useLeaveGuard(unsaved: boolean): void {
  useEffect(() => {
    if (!unsaved) return
    const warn = (e: BeforeUnloadEvent) => e.preventDefault()
    addEventListener('beforeunload', warn)
    return () => removeEventListener('beforeunload', warn)
  }, [unsaved])
}
