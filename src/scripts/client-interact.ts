/**
 * `client:interact`: an island whose code is fetched only when someone reaches for it — the
 * pointer comes over it, a finger touches it, or focus or a key enters it — or at once when the
 * address asks for more than the pre-rendered HTML shows (a query string: a filter, a sort, a page).
 * The listing pages use it: their first page and every filter are plain HTML and links, so the
 * page is complete without the island's React (91 KB of gzip before; issue 12). A click that beats
 * the download simply follows its link, and that page hydrates at once.
 *
 * `client:interact="reach"` also hydrates when the island comes into view: the comments of a
 * detail page, hidden behind their tab until it is opened (issue 23: a detail page loads no React
 * before that). Watching starts once the page's own scripts have run (DOMContentLoaded), so a
 * panel that they hide at once never counts as seen.
 *
 * A click on a button (or a form sent with Enter) before the island's code is there is not lost:
 * it is held, and given again to the same element once React has taken over the HTML (React
 * hydrates that very DOM, so the element is still the one clicked).
 * Registered in astro.config.mjs (addClientDirective); typed in src/types/astro-directives.d.ts.
 */
import type { ClientDirective } from 'astro'

const EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const

const interact: ClientDirective = (load, options, el) => {
  let started = false
  let held: (() => void) | null = null
  let observer: IntersectionObserver | null = null
  const go = async () => {
    if (started) return
    started = true
    for (const e of EVENTS) el.removeEventListener(e, go)
    observer?.disconnect()
    const hydrate = await load()
    await hydrate()
    el.removeEventListener('click', hold, true)
    el.removeEventListener('submit', hold, true)
    const again = held
    held = null
    again?.()
  }
  /** Until React is in place: keep a click on anything but a link (or a form's sending) for later. */
  function hold(e: Event) {
    const target = e.target as Element
    if (e.type === 'click' && target.closest('a[href]')) return
    e.preventDefault()
    e.stopPropagation()
    const form = e.type === 'submit' ? (target as HTMLFormElement) : null
    held = form ? () => form.requestSubmit() : () => (target as HTMLElement).click()
    void go()
  }
  el.addEventListener('click', hold, true)
  el.addEventListener('submit', hold, true)

  if (location.search.length > 1) {
    void go()
    return
  }
  for (const e of EVENTS) el.addEventListener(e, go, { passive: true })
  if (options.value === 'reach') {
    const watch = () => {
      if (started) return
      observer = new IntersectionObserver((entries) => {
        if (entries.some((x) => x.isIntersecting)) void go()
      })
      // The island element itself is display: contents; its children are what shows.
      for (const child of el.children) observer.observe(child)
    }
    if (document.readyState === 'loading')
      document.addEventListener('DOMContentLoaded', watch, { once: true })
    else watch()
  }
}

export default interact
