/**
 * A click that beats the page's script is not lost (issue 23). The detail pages' buttons (buy
 * box, 收藏, 立即购买 of a course) are plain HTML that startDetail() wires once the page's module
 * has loaded — on a slow phone a second or more after the buttons show. EARLY_CLICKS, inlined at
 * the top of the page's main content (the detail pages), notes every click on such a button not wired yet
 * (wired ones, or their buy box, carry data-on); replayEarlyClicks() gives them again, in order,
 * once startDetail() has wired them.
 */

/** What counts as a button of a detail view that its script wires. */
const WIRED = '[data-buy],[data-step],[data-favourite],[data-article-buy],[data-section-buy],[data-alert]'

/** The inline script: plain ES5 in a string, since it runs before any module. */
export const EARLY_CLICKS = `window.__earlyClicks=[];addEventListener('click',function(e){var t=e.target;var b=t&&t.closest&&t.closest(${JSON.stringify(WIRED)});if(b&&!b.closest('[data-on]'))window.__earlyClicks.push(b)},true)`

/** Clicks the buttons clicked before their script was there, now that it is; then forgets them. */
export function replayEarlyClicks(): void {
  const w = window as { __earlyClicks?: HTMLElement[] }
  const held = w.__earlyClicks ?? []
  w.__earlyClicks = []
  for (const b of held) if (b.isConnected && b.closest('[data-on]')) b.click()
}
