/**
 * 到货通知 in the buy box (issue 24 item 7): on a sold-out SKU the box offers the button; a
 * visitor is asked to log in, a customer subscribes (PostStockAlert) and reads 已订阅 from then
 * on. Which SKUs the customer already waits for is asked once per page, and only when a
 * sold-out SKU is shown (GetStockAlerts).
 */
import { ALERT_ACTION, ALERT_ALREADY, ALERT_SUBSCRIBED } from '../../lib/rules/stock-alert.ts'
import { storedUser } from '../../lib/session.ts'
import { toast } from '../../lib/toast.ts'

export interface StockAlertBox {
  /** Shows, hides and labels the button for the chosen SKU (null: none chosen). */
  show(sku: HTMLInputElement | null): void
}

export function startStockAlert(form: HTMLFormElement, needLogin: () => boolean): StockAlertBox {
  const button = form.querySelector<HTMLButtonElement>('button[data-alert]')
  const spuId = Number(form.dataset.spu)
  const subscribed = new Set<number>()
  let chosen: HTMLInputElement | null = null
  let asked = false
  // Which SKUs the customer waits for: asked the first time a sold-out SKU is shown (the built
  // page's, or one the live stock sold out since), once per page.
  const askSubscribed = () => {
    if (asked || !storedUser()) return
    asked = true
    import('../../lib/api/browser.ts')
      .then(({ buying }) => buying.getStockAlerts(spuId, { silent: true }))
      .then(
        (ids) => {
          for (const id of ids) subscribed.add(id)
          show(chosen)
        },
        () => {
          asked = false
        },
      )
  }
  const show = (sku: HTMLInputElement | null) => {
    chosen = sku
    if (!button) return
    const out = sku !== null && Number(sku.dataset.stock ?? 0) <= 0
    button.hidden = !out
    const on = out && subscribed.has(Number(sku?.value))
    button.textContent = on ? ALERT_SUBSCRIBED : ALERT_ACTION
    button.disabled = on
    if (out) askSubscribed()
  }
  button?.addEventListener('click', async () => {
    const sku = chosen
    if (!sku || needLogin()) return
    button.disabled = true
    const skuId = Number(sku.value)
    const [{ buying }, { ApiRequestError }] = await Promise.all([
      import('../../lib/api/browser.ts'),
      import('../../lib/api/http.ts'),
    ])
    try {
      const r = await buying.postStockAlert(skuId)
      subscribed.add(skuId)
      toast('success', r.data)
    } catch (e) {
      // Subscribed before (another tab): the button says so. Other refusals were toasted.
      if (e instanceof ApiRequestError && e.message === ALERT_ALREADY) subscribed.add(skuId)
    } finally {
      show(chosen)
    }
  })
  return { show }
}
