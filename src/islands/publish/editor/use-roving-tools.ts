import { type FocusEvent, type KeyboardEvent, useLayoutEffect, useRef } from 'react'

/**
 * One tab stop for a toolbar (WAI-ARIA toolbar, roving tabindex): arrows, Home and End move
 * between its `[data-tool]` controls, Tab goes on past it. Spread `props` on the toolbar.
 */
export function useRovingTools() {
  const bar = useRef<HTMLDivElement>(null)
  // The control that holds the toolbar's one tab stop.
  const current = useRef(0)

  const controls = () => [...(bar.current?.querySelectorAll<HTMLElement>('[data-tool]') ?? [])]
  const rove = (index: number, focus: boolean) => {
    const all = controls()
    current.current = Math.max(0, Math.min(index, all.length - 1))
    all.forEach((el, i) => {
      el.tabIndex = i === current.current ? 0 : -1
    })
    if (focus) all[current.current]?.focus()
  }
  // Every render: React does not own tabIndex here, so it is set once the controls exist.
  useLayoutEffect(() => rove(current.current, false))

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    const all = controls()
    const at = all.indexOf(e.target as HTMLElement)
    if (at < 0) return
    const to =
      e.key === 'ArrowRight'
        ? (at + 1) % all.length
        : e.key === 'ArrowLeft'
          ? (at - 1 + all.length) % all.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? all.length - 1
              : null
    if (to === null) return
    // Also keeps a closed select from changing its value on Left/Right.
    e.preventDefault()
    rove(to, true)
  }

  function onFocus(e: FocusEvent<HTMLDivElement>) {
    const i = controls().indexOf(e.target as HTMLElement)
    if (i >= 0) rove(i, false)
  }

  return { ref: bar, onKeyDown, onFocus }
}
