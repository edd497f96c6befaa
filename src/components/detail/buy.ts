/**
 * Behaviour of the product buy box (ProductBuy.tsx): the chosen SKU's price and stock, the
 * quantity capped at that stock, 加入购物车 (已经加入购物车) and 立即购买 (→ /buyorder). Every write
 * needs login (请登录 opens the login dialog); a SKU must be chosen (请选择商品规格).
 */
import type { ArticleSection } from '../../lib/api/types.ts'
import { assetUrl } from '../../lib/asset.ts'
import { ArticleStatus, OFF_SHELF, PICK_SKU } from '../../lib/constants.ts'
import { formatMoney } from '../../lib/format.ts'
import { tooManyUnits } from '../../lib/rules/holds.ts'
import { comboKey, repick, valueStates } from '../../lib/rules/options.ts'
import { storedUser } from '../../lib/session.ts'
import {
  type ArticleOrderItem,
  afterLogin,
  type BuyAction,
  carryOut,
  orderArticle,
} from '../../lib/stores/after-login.ts'
import { stockLeft } from '../../lib/stores/cart.ts'
import { toast } from '../../lib/toast.ts'
import { currentArticle, currentProduct } from './current.ts'
import { showLive } from './live.ts'
import { loadMyPrices, showMemberPrice } from './member-price.ts'
import { previewButton } from './preview.ts'
import { startStockAlert } from './stock-alert.ts'
import { countComments, priceLabel } from './text.ts'

/** A visitor is asked to log in; `action`, if given, is carried out once they have (after-login.ts). */
function needLogin(action?: BuyAction): boolean {
  if (storedUser()) return false
  if (action) afterLogin(action)
  toast('error', '请登录')
  window.dispatchEvent(new CustomEvent('portal:login', { detail: { tab: 'login' } }))
  return true
}

/**
 * The page was built earlier; the product may have left the shelf since. False (with the spec's
 * info toast) when the API no longer shows it; a network failure lets the server decide later.
 */
async function stillListed(spuId: number): Promise<boolean> {
  const [{ api }, { ApiRequestError }] = await Promise.all([
    import('../../lib/api/browser.ts'),
    import('../../lib/api/http.ts'),
  ])
  try {
    await api.getProductSpu(spuId, { silent: true })
    return true
  } catch (e) {
    if (!(e instanceof ApiRequestError) || e.status !== 404) return true
    toast('info', OFF_SHELF)
    return false
  }
}

/** data-class="12" → 12; '' (none) → null. */
const idOrNull = (v: string | undefined) => (v ? Number(v) : null)

export function startBuy(root: ParentNode = document): void {
  for (const form of root.querySelectorAll<HTMLFormElement>('form[data-buy-box]:not([data-on])')) {
    form.dataset.on = '1'
    const qty = form.querySelector<HTMLInputElement>('[data-buy-qty]')
    const price = form.querySelector<HTMLElement>('[data-buy-price]')
    const stockText = form.querySelector<HTMLElement>('[data-buy-stock]')
    const member = form.querySelector<HTMLElement>('[data-member-price]')
    const alert = startStockAlert(form, () => needLogin())
    const stockOf = (r: HTMLInputElement | null) => Number(r?.dataset.stock ?? 0)
    // The SKUs (hidden inputs: id, combination, price, stock) and one radio group per option.
    const skuInputs = [...form.querySelectorAll<HTMLInputElement>('input[data-sku]')]
    const groups = [...form.querySelectorAll<HTMLFieldSetElement>('fieldset[data-option]')]
    const options = groups.map((g) => ({
      name: '',
      values: [...g.querySelectorAll<HTMLInputElement>('input[type=radio]')].map((r) => r.value),
    }))
    const pickable = () =>
      skuInputs.map((s) => ({ options: JSON.parse(s.dataset.combo ?? '[]') as string[], stock: stockOf(s) }))
    const picks = () =>
      groups.map((g) => g.querySelector<HTMLInputElement>('input[type=radio]:checked')?.value ?? null)
    /** The SKU of the chosen values; null while a value is missing. */
    const chosen = () => {
      const v = picks()
      if (v.some((x) => x === null)) return null
      const key = comboKey(v as string[])
      return skuInputs.find((s) => s.dataset.combo === key) ?? null
    }
    /** Disables the values no SKU has with the ones chosen before them; marks sold-out ones 缺货. */
    const offer = (changed?: number) => {
      const skus = pickable()
      if (changed !== undefined) {
        const next = repick(options, skus, picks(), changed)
        for (const [i, g] of groups.entries())
          for (const r of g.querySelectorAll<HTMLInputElement>('input[type=radio]'))
            r.checked = r.value === next[i]
      }
      const states = valueStates(options, skus, picks())
      for (const [i, g] of groups.entries())
        for (const [k, r] of [...g.querySelectorAll<HTMLInputElement>('input[type=radio]')].entries()) {
          const st = states[i]?.[k]
          r.disabled = st?.disabled ?? true
          const mark = r.parentElement?.querySelector<HTMLElement>('[data-sold-out]')
          if (mark) mark.hidden = !st?.soldOut
        }
    }
    // The buy limit (issue 39); a page built before it had none, and then only the stock caps.
    const limit = () => Number(form.dataset.limit) || Number.POSITIVE_INFINITY
    const maxOf = (r: HTMLInputElement | null) => Math.max(1, Math.min(stockOf(r), limit()))
    const clamp = (v: number) => (Number.isInteger(v) ? Math.min(maxOf(chosen()), Math.max(1, v)) : 1)
    const show = () => {
      const r = chosen()
      const stock = stockOf(r)
      if (price) price.textContent = r ? priceLabel(Number(r.dataset.price)) : '—'
      showMemberPrice(member, r ? Number(r.dataset.price) : Number.NaN, r?.value)
      alert.show(r)
      if (stockText) stockText.textContent = r ? (stock > 0 ? `库存 ${stock}` : '缺货') : ''
      if (qty) {
        qty.max = String(maxOf(r))
        qty.value = String(clamp(Number(qty.value)))
      }
      for (const b of form.querySelectorAll<HTMLButtonElement>('[data-buy]')) b.disabled = !r || stock <= 0
    }
    // The built page's 已售 and stock are the build's: every order changes them and none rebuilds
    // the page. The live answer (the read cache's, at most READ_CACHE seconds old, for a visitor;
    // the database's for a customer) puts the current ones in.
    currentProduct(Number(form.dataset.spu)).then(
      (p) => {
        showLive('sold', p.extMore, root)
        form.dataset.limit = String(p.buyLimit)
        const live = new Map(p.skuList.map((s) => [String(s.id), s.stock]))
        for (const r of skuInputs) {
          const stock = live.get(r.value)
          if (stock !== undefined) r.dataset.stock = String(stock)
        }
        offer()
        show()
      },
      () => {},
    )
    // The buyer's own prices (协议价 of their customer group, issue 40): the page is the same for everyone.
    loadMyPrices(Number(form.dataset.spu), show)
    form.addEventListener('change', (e) => {
      const target = e.target as HTMLInputElement
      if (target.type === 'radio') {
        offer(groups.findIndex((g) => g.contains(target)))
        show()
      } else if (qty && e.target === qty) {
        const typed = Number(qty.value)
        qty.value = String(clamp(typed))
        // Typed past the stock or the limit: said, not silently changed (99999 became 373 without a word).
        const n = Number(qty.value)
        if (Number.isInteger(typed) && typed > n)
          toast('info', n < stockOf(chosen()) ? tooManyUnits(form.dataset.title ?? '', n) : stockLeft(n))
      }
    })
    for (const b of form.querySelectorAll<HTMLButtonElement>('[data-step]')) {
      b.addEventListener('click', () => {
        if (qty) qty.value = String(clamp(Number(qty.value) + Number(b.dataset.step)))
      })
    }
    form.addEventListener('submit', (e) => e.preventDefault())
    form.addEventListener('click', async (e) => {
      const b = (e.target as Element).closest<HTMLButtonElement>('[data-buy]')
      if (!b) return
      const r = chosen()
      if (!r) return toast('error', PICK_SKU)
      const n = clamp(Number(qty?.value))
      const spuId = Number(form.dataset.spu)
      const action: BuyAction =
        b.dataset.buy === 'now'
          ? { kind: 'go', url: `/buyorder?id=${spuId}&ids=${r.value}&quantity=${n}` }
          : {
              kind: 'cart',
              item: {
                id: Number(r.value),
                spuId,
                title: `${form.dataset.title ?? ''} ${r.dataset.title ?? ''}`.trim(),
                img: r.dataset.img ?? '',
                price: Number(r.dataset.price),
                stock: stockOf(r),
                limit: Number(form.dataset.limit) || undefined,
                classId: idOrNull(form.dataset.class),
                templateId: idOrNull(form.dataset.template),
              },
              qty: n,
            }
      if (needLogin(action)) return
      if (!(await stillListed(spuId))) return
      carryOut(action)
    })
    offer()
    show()
  }
}

/** 立即购买 / 免费加入 / 购买本节: a visitor's click is carried out after the login it asks for. */
async function placeOrder(b: HTMLButtonElement, item: ArticleOrderItem) {
  if (needLogin({ kind: 'order', item })) return
  b.disabled = true
  try {
    // Joined, or on the way to the payment: either way not a second order.
    if (await orderArticle(item)) b.textContent = '已加入'
  } catch {
    b.disabled = false
  }
}

/**
 * 立即购买 / 免费加入 of a course, post or task (issue 8 item 7), 购买本节 of a course section, and
 * what the built page cannot know: the item is read again from the API (the read cache answers
 * visitors) for the live learners count, and for the signed-in reader what they have unlocked —
 * 已购买, the sections to open, a bought post's whole text. A click on a locked section's row
 * says how to unlock it.
 */
export function startArticleBuy(root: ParentNode = document): void {
  const buttons = [...root.querySelectorAll<HTMLButtonElement>('button[data-article-buy]:not([data-on])')]
  const first = buttons[0]
  if (!first) return
  const articleId = Number(first.dataset.articleBuy)
  const free = first.dataset.free === '1'
  for (const b of buttons) {
    b.dataset.on = '1'
    b.addEventListener('click', () => placeOrder(b, { articleId }))
  }
  for (const b of root.querySelectorAll<HTMLButtonElement>('button[data-section-buy]:not([data-on])')) {
    b.dataset.on = '1'
    b.addEventListener('click', () =>
      placeOrder(b, { articleId: Number(b.dataset.article), sectionId: Number(b.dataset.sectionBuy) }),
    )
  }
  for (const list of root.querySelectorAll<HTMLElement>('[data-preview-scope]:not([data-locks-on])')) {
    list.dataset.locksOn = '1'
    list.addEventListener('click', (e) => {
      const target = e.target as Element
      const row = target.closest<HTMLElement>('[data-section-id][data-locked]')
      if (row && !target.closest('a, button')) toast('info', row.dataset.locked ?? '')
    })
  }
  currentArticle(articleId).then(
    (a) => {
      showLive('learners', a.hitsTrue, root)
      // The comments island loads only when its tab is opened; the counts of the page follow now.
      showLive('comments', countComments(a.listComment), root)
      if (a.unlock === 1 && !free) {
        for (const b of buttons) {
          b.textContent = '已购买'
          b.disabled = true
        }
        root.querySelector('[data-locked-note]')?.remove()
      } else if (a.upgrade !== null) {
        // Some sections bought: the course's 立即购买 sells the rest at what they have not paid yet.
        for (const b of buttons) b.textContent = upgradeLabel(a.upgrade)
      }
      openSections(root, a.list)
      // The static page shows a paid post's brief (built for visitors); its buyer reads it all.
      const body = root.querySelector<HTMLElement>('[data-article-content]')
      if (body && a.unlock === 1 && a.status === ArticleStatus.post && a.content)
        void showFullText(body, a.content)
    },
    () => {},
  )
}

/** The whole course's button for a buyer of some sections: upgradeLabel(63) → '补差价购买整套课程 ¥63.00'. */
export const upgradeLabel = (yuan: number) => `补差价购买整套课程 ¥${formatMoney(yuan)}`

/**
 * Puts the full text of a bought post in place of its brief, sanitised like every stored HTML
 * (RichText does the same for rendered pages). DOMPurify is loaded only for such a buyer, and
 * the parsed document is inert: nothing in it runs while it is moved into the page.
 */
async function showFullText(body: HTMLElement, html: string): Promise<void> {
  const { sanitizeRichText } = await import('#sanitize')
  const doc = new DOMParser().parseFromString(sanitizeRichText(html), 'text/html')
  body.replaceChildren(...doc.body.childNodes)
}

/**
 * The static catalogue is built for visitors; for the signed-in buyer, every section the API now
 * unlocks (bought whole or on its own) gets a 预览 button (preview.ts, opening the preview dialog)
 * in place of its 购买本节, and loses its unlock hint.
 */
function openSections(root: ParentNode, sections: ArticleSection[]): void {
  for (const s of sections) {
    if (s.unlock !== 1 || !s.url) continue
    const row = root.querySelector<HTMLElement>(`[data-section-id="${s.id}"]`)
    const state = row?.querySelector<HTMLElement>('[data-section-state]')
    // A free section's 预览 is on the static page already (a button once startPreview ran): it stays,
    // so a preview opened before this answer came hands focus back to the button still there.
    if (!row || !state || row.dataset.open || state.querySelector('[data-preview]')) continue
    row.dataset.open = '1'
    delete row.dataset.locked
    row.classList.remove('cursor-pointer')
    row.querySelector('[data-section-hint]')?.remove()
    // A paid section's url is a signed link to its private file, valid for about an hour (issue 13).
    state.replaceWith(previewButton({ src: assetUrl(s.url), kind: s.kind, title: s.title }))
  }
}
