/**
 * `client:interact`: an island whose code is fetched only when someone reaches for it — the
 * pointer comes over it, a finger touches it, or focus or a key enters it — or at once when the
 * address asks for more than the pre-rendered HTML shows (a query string: a filter, a sort, a page).
 * The listing pages use it: their first page and every filter are plain HTML and links, so the
 * page is complete without the island's React (91 KB of gzip before; issue 12). A click that beats
 * the download simply follows its link, and that page hydrates at once.
 * Registered in astro.config.mjs (addClientDirective); typed in src/types/astro-directives.d.ts.
 */
import type { ClientDirective } from 'astro'

const EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const

const interact: ClientDirective = (load, _options, el) => {
  let started = false
  const go = async () => {
    if (started) return
    started = true
    for (const e of EVENTS) el.removeEventListener(e, go)
    const hydrate = await load()
    await hydrate()
  }
  if (location.search.length > 1) {
    void go()
    return
  }
  for (const e of EVENTS) el.addEventListener(e, go, { passive: true })
}

export default interact
