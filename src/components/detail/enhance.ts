/**
 * Browser behaviour of the detail views, shared by the static pages (a page <script>) and the
 * query-route island (after it has rendered): the image carousel, the tabs, the buy box, 收藏.
 * Plain DOM, so a detail page shows and works without React (issue 23); only the comments
 * island brings React, once its tab is opened.
 */
import { startCarousels } from '../../scripts/carousel.ts'
import { startArticleBuy, startBuy } from './buy.ts'
import { replayEarlyClicks } from './early-clicks.ts'
import { startFavourites } from './favourite.ts'
import { startPreview } from './preview.ts'
import { startTaskContact } from './task-contact.ts'

/** Turns every not yet enhanced [data-tabs] block (a nav of links until then) under `root` (Tabs.tsx) into WAI-ARIA tabs. */
export function enhanceTabs(root: ParentNode = document): void {
  for (const box of root.querySelectorAll<HTMLElement>('[data-tabs]:not([data-enhanced])')) {
    const list = box.querySelector<HTMLElement>('[data-tablist]')
    const tabs = [...box.querySelectorAll<HTMLAnchorElement>('a[data-tab]')]
    const panels = tabs.map((t) => box.querySelector<HTMLElement>(`#${CSS.escape(t.hash.slice(1))}`))
    if (!list || tabs.length === 0 || panels.some((p) => !p)) continue
    const panelOf = (i: number) => panels[i] as HTMLElement
    box.dataset.enhanced = '1'
    list.setAttribute('role', 'tablist')
    tabs.forEach((t, i) => {
      const panel = panelOf(i)
      t.id ||= `${panel.id}-tab`
      t.setAttribute('role', 'tab')
      t.setAttribute('aria-controls', panel.id)
      panel.setAttribute('role', 'tabpanel')
      panel.setAttribute('aria-labelledby', t.id)
      panel.tabIndex = 0
    })

    let current = -1
    /** `byUser`: also focus the tab and record it in the address, without the jump a hash change causes. */
    const select = (i: number, byUser = false) => {
      current = (i + tabs.length) % tabs.length
      tabs.forEach((t, k) => {
        t.setAttribute('aria-selected', String(k === current))
        t.tabIndex = k === current ? 0 : -1
        panelOf(k).hidden = k !== current
      })
      if (byUser) {
        tabs[current]?.focus()
        history.replaceState(history.state, '', `#${panelOf(current).id}`)
      }
    }
    const indexOfHash = () => panels.findIndex((p) => p && `#${p.id}` === decodeURIComponent(location.hash))
    select(Math.max(0, indexOfHash()))

    list.addEventListener('click', (e) => {
      const i = tabs.indexOf((e.target as Element).closest('a[data-tab]') as HTMLAnchorElement)
      if (i < 0) return
      e.preventDefault()
      select(i, true)
    })
    list.addEventListener('keydown', (e) => {
      const moves: Record<string, number> = {
        ArrowRight: current + 1,
        ArrowLeft: current - 1,
        Home: 0,
        End: tabs.length - 1,
      }
      if (e.key in moves) {
        e.preventDefault()
        select(moves[e.key] as number, true)
      } else if (e.key === ' ') {
        e.preventDefault()
        select(current, true)
      }
    })
    // Links elsewhere on the page (e.g. "12 条评论" → #tab-comments) open their tab.
    window.addEventListener('hashchange', () => {
      const i = indexOfHash()
      if (i >= 0) select(i)
    })
  }
}

/** Starts the carousel, the tabs, the buy boxes, 收藏, the course preview and a paid task's contacts of a detail view rendered under `root`. */
export function startDetail(root: ParentNode = document): void {
  enhanceTabs(root)
  startFavourites(root)
  startPreview(root)
  startBuy(root)
  startArticleBuy(root)
  startTaskContact(root)
  startCarousels()
  replayEarlyClicks()
}
