/**
 * What a visitor asked for when the login dialog stopped them (issue 19): 加入购物车 or 立即购买.
 * Login reloads the page (accounts §4), so the wish waits in sessionStorage (this tab only) and
 * the reloaded page carries it out once. It is dropped when the dialog closes without a login,
 * and by any page load that cannot carry it out (a visitor's, another page's, a stale one).
 */

import { tooManyUnits } from '../rules/holds.ts'
import { storedUser } from '../session.ts'
import { toast } from '../toast.ts'
import { addToCart, type NewCartItem, qtyCap, stockLeft } from './cart.ts'

const KEY = 'after-login'
/** Long enough to register and log in, short enough that a forgotten wish never surprises anyone. */
const TTL_MS = 15 * 60 * 1000

/**
 * A buy action: lines into the cart, a page to go to (the direct-buy checkout), or an order of a
 * course, post or task (or one course section) that goes on to its payment.
 */
export type BuyAction =
  | { kind: 'cart'; item: NewCartItem; qty: number }
  | { kind: 'go'; url: string }
  | { kind: 'order'; item: ArticleOrderItem }

export interface ArticleOrderItem {
  articleId: number
  sectionId?: number
}

/**
 * Orders a course, post or task (or one section): a paid one goes on to /pay?id&type=1, which
 * lands back on the item once paid; a free one is joined at once (the server answers 0, no order).
 * True when it was joined here (the caller shows it); a refusal has been shown as a toast.
 */
export async function orderArticle(item: ArticleOrderItem): Promise<boolean> {
  const { buying } = await import('../api/browser.ts')
  // No checkout page comes first: the claimed coupon that takes off most (one that covers courses) is used.
  const r = await buying.postOrdersAppend({ list: [item], userCouponId: -1 })
  if (r.data > 0) {
    location.assign(`/pay?id=${r.data}&type=1`)
    return false
  }
  toast('success', '加入成功')
  return true
}

interface Waiting {
  action: BuyAction
  /** The page that asked; login reloads that very page. */
  page: string
  at: number
}

const here = () => `${location.pathname}${location.search}`

function session(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage
  } catch {
    return null
  }
}

/** Does it now: adds to the cart (已经加入购物车) or goes on to checkout. */
export function carryOut(action: BuyAction): void {
  if (action.kind === 'go') {
    location.assign(action.url)
    return
  }
  if (action.kind === 'order') {
    // A refusal (已经购买过了 …) has been shown by the client.
    orderArticle(action.item).catch(() => {})
    return
  }
  const added = addToCart(action.item, action.qty)
  if (added === action.qty) {
    toast('success', '已经加入购物车')
    return
  }
  // What stopped it: the buy limit when it is below the stock (issue 39), else the stock.
  const stock = action.item.stock ?? 0
  const limit = qtyCap(action.item)
  const [why, cap] =
    limit < stock ? [tooManyUnits(action.item.title, limit), limit] : [stockLeft(stock), stock]
  if (added > 0) toast('info', `${why}，已加入${added}件`)
  else toast('error', `${why}，购物车中已有${cap}件`)
}

/** Keeps the action for after the login that is about to be asked for. */
export function afterLogin(action: BuyAction, now = Date.now()): void {
  try {
    session()?.setItem(KEY, JSON.stringify({ action, page: here(), at: now } satisfies Waiting))
  } catch {
    // Storage blocked: the visitor clicks again after logging in.
  }
}

/** The login was abandoned: nothing waits any more. */
export function dropAfterLogin(): void {
  try {
    session()?.removeItem(KEY)
  } catch {
    // Nothing stored.
  }
}

/** Takes the waiting action (once: it is removed) if this page, signed in, may carry it out. */
export function takeAfterLogin(now = Date.now()): BuyAction | null {
  const s = session()
  let raw: string | null = null
  try {
    raw = s?.getItem(KEY) ?? null
    if (raw) s?.removeItem(KEY)
  } catch {
    return null
  }
  if (!raw || !storedUser()) return null
  try {
    const w = JSON.parse(raw) as Waiting
    return w.page === here() && now - w.at >= 0 && now - w.at < TTL_MS ? w.action : null
  } catch {
    return null
  }
}

/** On every page load (nav.ts): the action the login interrupted, carried out once. */
export function resumeAfterLogin(): void {
  const action = takeAfterLogin()
  if (action) carryOut(action)
}
