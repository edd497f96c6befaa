/**
 * The cart (storefront §3 "Cart item", §4, §9): one nanostore, persisted in localStorage under
 * 'center' (accounts §3), shared by the nav's badge, the product buy box, /shopcar and checkout,
 * and kept in step across tabs through the storage event. The pure rules are exported for tests.
 */
import { atom } from 'nanostores'
import { STORAGE_CART } from '../api/http.ts'
import { nextPromotion, type PriceLine, type Promotion, priceOrder } from '../rules/pricing.ts'

export const CART_KEY = STORAGE_CART
export const QTY_MIN = 1
export const QTY_MAX = 99999

/** One line: `id` is the SKU's id. `stock` and `state` are refreshed from the API on /shopcar. */
export interface CartItem {
  id: number
  spuId: number
  title: string
  img: string
  price: number
  qty: number
  checked: boolean
  /** The SKU's stock when last seen. */
  stock?: number
  /** ok, soldOut (no stock left) or unlisted (product gone or off the shelf). */
  state?: 'ok' | 'soldOut' | 'unlisted'
  /** The product's category, for the 满减 of one category (issue 24); refreshed on /shopcar. */
  classId?: number | null
  /** The product's shipping template (null: the default), refreshed on /shopcar. */
  templateId?: number | null
  /** The most of the SKU one order may hold (SpuDetail.buyLimit, issue 39), refreshed on /shopcar. */
  limit?: number
}

export type NewCartItem = Omit<CartItem, 'qty' | 'checked' | 'state'>

/** Cart quantity is an integer 1..99999; anything else becomes 1 (storefront §4, §5). */
export function cartQty(v: unknown): number {
  const n = typeof v === 'number' ? v : Number(String(v ?? '').trim())
  return Number.isInteger(n) && n >= QTY_MIN && n <= QTY_MAX ? n : QTY_MIN
}

/**
 * The most a line's stepper goes to: the SKU's buy limit when known (an order holding more is
 * refused, src/lib/rules/holds.ts), else QTY_MAX. qtyCap({ limit: 10 }) → 10
 */
export const qtyCap = (x: { limit?: number }) =>
  Math.min(QTY_MAX, x.limit !== undefined && x.limit > 0 ? x.limit : QTY_MAX)

/**
 * Adding an item already there adds to it, up to the SKU's stock and buy limit when known (the buy
 * box caps one add at them; two adds went past, and only the order refused); a new one goes
 * first, checked.
 */
export function addTo(list: CartItem[], item: NewCartItem, qty = 1): CartItem[] {
  const cap = Math.min(qtyCap(item), item.stock !== undefined && item.stock > 0 ? item.stock : QTY_MAX)
  const old = list.find((x) => x.id === item.id)
  if (old)
    return list.map((x) =>
      x.id === item.id ? { ...x, ...item, qty: Math.min(cap, x.qty + qty), checked: true } : x,
    )
  return [{ ...item, qty: Math.min(cap, cartQty(qty)), checked: true, state: 'ok' }, ...list]
}

/** What the buy box and the cart say when the stock caps a quantity: stockLeft(3) → '库存仅剩3件' */
export const stockLeft = (n: number) => `库存仅剩${n}件`

/** How many of a SKU the cart holds: cartQtyOf(list, 12) → 3 */
export const cartQtyOf = (list: CartItem[], id: number) => list.find((x) => x.id === id)?.qty ?? 0

/** A line can reach checkout only while it is listed and in stock. */
export const buyable = (x: CartItem) => (x.state ?? 'ok') === 'ok'

/** The checked, buyable lines, their count and total in yuan (rounded to the fen). */
export function selection(list: CartItem[]) {
  const items = list.filter((x) => x.checked && buyable(x))
  const fen = items.reduce((s, x) => s + Math.round(x.price * 100) * x.qty, 0)
  return { items, count: items.reduce((s, x) => s + x.qty, 0), total: fen / 100 }
}

/** The selection as the pricing rule reads it: list prices in fen. */
export const priceLines = (items: CartItem[]): PriceLine[] =>
  items.map((x) => ({
    kind: 'goods',
    spuId: x.spuId,
    classId: x.classId ?? null,
    templateId: x.templateId ?? null,
    priceFen: Math.round(x.price * 100),
    quantity: x.qty,
  }))

/**
 * The cart's 满减 hint (issue 24) for the selected lines, on list prices (the member discount and
 * coupons come at checkout): the promotion reached (已减¥30) and the next one within reach
 * (再买¥20.00可减¥30.00), both from the one pricing rule.
 */
export function cartPromotion(list: CartItem[], promotions: Promotion[], at: string) {
  const lines = priceLines(selection(list).items)
  const b = priceOrder({
    lines,
    discountTenths: 100,
    promotions,
    coupon: null,
    templates: [],
    defaultTemplateId: null,
    province: '',
    at,
  })
  const next = nextPromotion(promotions, lines, at)
  return {
    reached: b.promotion && b.promotion.offFen > 0 ? b.promotion : null,
    next: next ? { needFen: next.needFen, offFen: next.promotion.offFen, title: next.promotion.title } : null,
    payFen: b.goodsFen,
  }
}

/** Whatever localStorage holds under 'center', cleaned: unknown shapes are dropped. */
export function parseCart(raw: string | null): CartItem[] {
  if (!raw) return []
  try {
    const v: unknown = JSON.parse(raw)
    if (!Array.isArray(v)) return []
    return v
      .filter((x): x is CartItem => typeof x === 'object' && x !== null && Number.isInteger(x.id))
      .map((x) => ({
        ...x,
        spuId: Number(x.spuId) || 0,
        title: String(x.title ?? ''),
        img: String(x.img ?? ''),
        price: Number(x.price) || 0,
        classId: Number.isInteger(x.classId) ? x.classId : null,
        templateId: Number.isInteger(x.templateId) ? x.templateId : null,
        qty: cartQty(x.qty),
        checked: x.checked !== false,
      }))
  } catch {
    return []
  }
}

function read(): CartItem[] {
  try {
    return parseCart(localStorage.getItem(CART_KEY))
  } catch {
    return []
  }
}

/** The cart; empty on the server (the build) and until the browser has read it. */
export const $cart = atom<CartItem[]>(typeof window === 'undefined' ? [] : read())

if (typeof window !== 'undefined') {
  // Another tab changed the cart: take its version.
  window.addEventListener('storage', (e) => {
    if (e.key === CART_KEY || e.key === null) $cart.set(read())
  })
}

function save(list: CartItem[]): void {
  $cart.set(list)
  try {
    localStorage.setItem(CART_KEY, JSON.stringify(list))
  } catch {
    // Storage blocked: the cart lasts for this page.
  }
}

export const cartCount = (list: CartItem[]) => list.length

/** The session ended (clearSession removed the stored cart): this tab's copy goes too. */
export const forgetCart = () => $cart.set([])

/** Adds to the cart; answers how many were added (fewer than asked when the stock caps it). */
export function addToCart(item: NewCartItem, qty = 1): number {
  const before = cartQtyOf($cart.get(), item.id)
  const next = addTo($cart.get(), item, qty)
  save(next)
  return cartQtyOf(next, item.id) - before
}
export const setQty = (id: number, qty: unknown) =>
  save($cart.get().map((x) => (x.id === id ? { ...x, qty: Math.min(cartQty(qty), qtyCap(x)) } : x)))
export const setChecked = (id: number, checked: boolean) =>
  save($cart.get().map((x) => (x.id === id ? { ...x, checked } : x)))
export const setAllChecked = (checked: boolean) =>
  save($cart.get().map((x) => ({ ...x, checked: checked && buyable(x) })))
export const removeFromCart = (ids: readonly number[]) => save($cart.get().filter((x) => !ids.includes(x.id)))
/** Replaces lines by id with fresher data (prices, stock, state) from the API. */
export const updateCart = (fresh: Map<number, Partial<CartItem>>) =>
  save(
    $cart.get().map((x) => {
      const f = fresh.get(x.id)
      if (!f) return x
      // A limit lowered since the line was added brings its quantity down with it.
      const next = { ...x, ...f, qty: Math.min(x.qty, qtyCap({ ...x, ...f })) }
      return buyable(next) ? next : { ...next, checked: false }
    }),
  )
