/**
 * 购物车 /shopcar (storefront §2 "Cart", §4, §5, §9): select all, a checkbox per line, the
 * quantity stepper (1 up to the SKU's buy limit, anything else 1), delete with the confirm dialog, delete selected,
 * the selected count and total, and 去结算 (请勾选商品生成订单). On opening, prices and stock are
 * refreshed from ProductSpu/GetProductSpu; sold-out and unlisted lines are marked and cannot be checked.
 * The 满减 of the selection (issue 24): the promotion reached and the next within reach, on list
 * prices (the member discount and the coupon are for checkout, which says so).
 */
import { useStore } from '@nanostores/react'
import { useEffect, useState } from 'react'
import { AssetImg, NO_PICTURE } from '../../components/AssetImg.tsx'
import { api, buying } from '../../lib/api/browser.ts'
import { ApiRequestError } from '../../lib/api/http.ts'
import { formatMoney } from '../../lib/format.ts'
import { productPath } from '../../lib/routes.ts'
import { tooManyUnits } from '../../lib/rules/holds.ts'
import type { Promotion } from '../../lib/rules/pricing.ts'
import {
  $cart,
  buyable,
  type CartItem,
  cartPromotion,
  cartQty,
  qtyCap,
  removeFromCart,
  selection,
  setAllChecked,
  setChecked,
  setQty,
  updateCart,
} from '../../lib/stores/cart.ts'
import { toast } from '../../lib/toast.ts'
import { chinaNow, promotionRule } from '../../lib/view/offers.ts'
import { AccountGate } from '../common/AccountGate.tsx'
import { useConfirm } from '../common/useConfirm.tsx'

export function ShopCar() {
  return <AccountGate>{() => <Cart />}</AccountGate>
}

/** Fresh price, stock and state of every line, one product call per product. */
async function refresh(list: CartItem[]): Promise<void> {
  const spuIds = [...new Set(list.map((x) => x.spuId))]
  const fresh = new Map<number, Partial<CartItem>>()
  await Promise.all(
    spuIds.map(async (spuId) => {
      const lines = list.filter((x) => x.spuId === spuId)
      try {
        const p = await api.getProductSpu(spuId, { silent: true })
        for (const x of lines) {
          const s = p.skuList.find((k) => k.id === x.id)
          if (!s) fresh.set(x.id, { state: 'unlisted' })
          else
            fresh.set(x.id, {
              price: s.price,
              stock: s.stock,
              state: s.stock > 0 ? 'ok' : 'soldOut',
              classId: p.classId,
              templateId: p.shippingTemplateId,
              limit: p.buyLimit,
            })
        }
      } catch (e) {
        // Gone or off the shelf; a network failure leaves the line as it was.
        if (e instanceof ApiRequestError && e.status >= 400 && e.status < 500)
          for (const x of lines) fresh.set(x.id, { state: 'unlisted' })
      }
    }),
  )
  if (fresh.size) updateCart(fresh)
}

/**
 * The buyer's 协议价 by SKU (issue 40): the group price their customer group gives, shown under the
 * line as the product page shows it; the checkout's quote charges it (the cart's sums stay on
 * list prices, like the member discount).
 */
async function groupPrices(list: CartItem[]): Promise<Map<number, number>> {
  const found = new Map<number, number>()
  await Promise.all(
    [...new Set(list.map((x) => x.spuId))].map(async (spuId) => {
      try {
        for (const p of await buying.getMyPrices(spuId, { silent: true }))
          if (p.kind === 'group') found.set(p.skuId, p.myPrice)
      } catch {
        // No group price shown: the checkout still prices it.
      }
    }),
  )
  return found
}

function Cart() {
  const list = useStore($cart)
  const [confirmDialog, confirm] = useConfirm()
  const [promotions, setPromotions] = useState<Promotion[]>([])
  const [agreed, setAgreed] = useState<Map<number, number>>(new Map())
  useEffect(() => {
    void refresh($cart.get())
    groupPrices($cart.get()).then(setAgreed, () => {})
    api
      .getPromotionsList({ silent: true })
      .then((l) => setPromotions(l.map(promotionRule)))
      .catch(() => {})
  }, [])

  const sel = selection(list)
  const offer = cartPromotion(list, promotions, chinaNow())
  const selectable = list.filter(buyable)
  const allChecked = selectable.length > 0 && selectable.every((x) => x.checked)

  async function removeOne(x: CartItem) {
    if (!(await confirm({ action: '删除' }))) return
    removeFromCart([x.id])
    toast('success', '删除成功')
  }
  async function removeSelected() {
    const ids = list.filter((x) => x.checked).map((x) => x.id)
    if (!ids.length) return toast('error', '请勾选商品')
    if (!(await confirm({ action: '删除选中的商品' }))) return
    removeFromCart(ids)
    toast('success', '删除成功')
  }
  function settle() {
    if (!sel.items.length) return toast('error', '请勾选商品生成订单')
    location.assign('/createorder')
  }

  if (list.length === 0)
    return (
      <div className="rounded-lg border border-dashed border-slate-300 px-4 py-16 text-center">
        <p className="text-slate-600">购物车还是空的</p>
        <a href="/product/" className="btn-primary mt-4">
          去逛逛
        </a>
      </div>
    )

  return (
    <div>
      <ul className="divide-y divide-slate-100 rounded-lg ring-1 ring-slate-200" aria-label="购物车商品">
        {list.map((x) => {
          const ok = buyable(x)
          const id = `cart-${x.id}`
          return (
            <li
              key={x.id}
              className={`flex flex-wrap items-center gap-3 p-3 sm:flex-nowrap ${ok ? '' : 'bg-slate-50'}`}
              data-cart-item={x.id}
            >
              <input
                id={id}
                type="checkbox"
                className="h-4 w-4 shrink-0 accent-brand-600"
                checked={x.checked && ok}
                disabled={!ok}
                onChange={(e) => setChecked(x.id, e.target.checked)}
                aria-label={`选择 ${x.title}`}
              />
              <AssetImg
                path={x.img}
                fallback={NO_PICTURE}
                width={72}
                className={`h-16 w-16 shrink-0 rounded bg-slate-100 object-cover sm:h-[72px] sm:w-[72px] ${ok ? '' : 'opacity-50'}`}
              />
              <div className="min-w-0 flex-1 basis-40">
                <a
                  href={productPath(x.spuId)}
                  className="line-clamp-2 break-all text-sm text-slate-800 hover:text-brand-700"
                >
                  {x.title}
                </a>
                {agreed.has(x.id) && (
                  <p data-cart-group-price className="mt-1 text-xs text-amber-800">
                    协议价 ¥{formatMoney(agreed.get(x.id) ?? 0)}（结算时计算）
                  </p>
                )}
                {x.state === 'soldOut' && <p className="mt-1 text-xs font-medium text-accent-600">已售罄</p>}
                {x.state === 'unlisted' && <p className="mt-1 text-xs font-medium text-accent-600">已下架</p>}
                <p className="mt-1 text-sm tabular-nums text-slate-500 sm:hidden">¥{formatMoney(x.price)}</p>
              </div>
              <p className="hidden w-24 shrink-0 text-right text-sm tabular-nums text-slate-600 sm:block">
                ¥{formatMoney(x.price)}
              </p>
              <Stepper item={x} disabled={!ok} />
              <p className="w-24 shrink-0 text-right font-medium tabular-nums text-slate-900">
                ¥{formatMoney((Math.round(x.price * 100) * x.qty) / 100)}
              </p>
              <button
                type="button"
                className="shrink-0 rounded px-2 py-1 text-sm text-slate-500 hover:text-red-600"
                onClick={() => removeOne(x)}
                aria-label={`删除 ${x.title}`}
              >
                删除
              </button>
            </li>
          )
        })}
      </ul>

      <div className="sticky bottom-0 mt-4 flex flex-wrap items-center gap-3 rounded-lg bg-white p-3 shadow-[0_-2px_8px_rgb(0_0_0/.06)] ring-1 ring-slate-200">
        {(offer.reached || offer.next) && <PromotionHint offer={offer} />}
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="h-4 w-4 accent-brand-600"
            checked={allChecked}
            onChange={(e) => setAllChecked(e.target.checked)}
          />
          全选
        </label>
        <button type="button" className="text-sm text-slate-500 hover:text-red-600" onClick={removeSelected}>
          删除选中
        </button>
        <p className="ml-auto text-sm text-slate-600" aria-live="polite">
          已选{' '}
          <span data-cart-count className="font-semibold text-accent-600">
            {sel.count}
          </span>{' '}
          件，合计
          <span data-cart-total className="price ml-1 text-xl">
            ¥{formatMoney(offer.payFen / 100)}
          </span>
          {offer.reached && (
            <span className="ml-2 text-xs text-accent-600" data-cart-off>
              已减¥{formatMoney(offer.reached.offFen / 100)}
            </span>
          )}
        </p>
        <button type="button" className="btn-primary px-6 py-2.5" onClick={settle}>
          去结算
        </button>
      </div>
      {confirmDialog}
    </div>
  )
}

/** 满减 of the selection: what is taken off now, and how much more takes off more. */
function PromotionHint({ offer }: { offer: ReturnType<typeof cartPromotion> }) {
  const { reached, next } = offer
  return (
    <div className="flex w-full flex-wrap items-center gap-x-3 gap-y-1 border-b border-slate-100 pb-2 text-sm">
      <span className="rounded bg-accent-600 px-1.5 py-0.5 text-xs text-white">满减</span>
      <p aria-live="polite" data-cart-promotion className="text-slate-700">
        {reached && (
          <span>
            已减¥{formatMoney(reached.offFen / 100)}（{reached.title}）
          </span>
        )}
        {reached && next && <span>，</span>}
        {next && (
          <span className="text-accent-600">
            再买¥{formatMoney(next.needFen / 100)}可减¥{formatMoney(next.offFen / 100)}
          </span>
        )}
      </p>
      <a href="/product/" className="text-brand-700 hover:underline">
        去凑单
      </a>
      <p className="w-full text-xs text-slate-500 sm:ml-auto sm:w-auto">
        按原价计算，会员折扣与优惠券在结算时计算
      </p>
    </div>
  )
}

/** Stores the typed quantity; an invalid one becomes 1 on screen too, one past the buy limit the limit, said. */
function commit(item: CartItem, input: HTMLInputElement) {
  const typed = cartQty(input.value)
  const n = Math.min(typed, qtyCap(item))
  if (typed > n) toast('info', tooManyUnits(item.title, n))
  input.value = String(n)
  setQty(item.id, n)
}

function Stepper({ item, disabled }: { item: CartItem; disabled: boolean }) {
  const id = `qty-${item.id}`
  return (
    <div className="inline-flex shrink-0 items-stretch overflow-hidden rounded-md ring-1 ring-slate-300">
      <button
        type="button"
        className="px-2.5 text-slate-600 hover:bg-slate-50 disabled:opacity-40"
        disabled={disabled || item.qty <= 1}
        onClick={() => setQty(item.id, item.qty - 1)}
        aria-label={`减少 ${item.title} 的数量`}
      >
        −
      </button>
      <label htmlFor={id} className="sr-only">
        {item.title} 数量
      </label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={1}
        max={qtyCap(item)}
        // Keyed by the stored quantity, so an invalid entry shows the 1 it became.
        key={item.qty}
        defaultValue={item.qty}
        disabled={disabled}
        onBlur={(e) => commit(item, e.currentTarget)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit(item, e.currentTarget)
        }}
        className="w-16 border-x border-slate-300 py-1 text-center text-sm tabular-nums focus:outline-none"
      />
      <button
        type="button"
        className="px-2.5 text-slate-600 hover:bg-slate-50 disabled:opacity-40"
        disabled={disabled || item.qty >= qtyCap(item)}
        onClick={() => setQty(item.id, item.qty + 1)}
        aria-label={`增加 ${item.title} 的数量`}
      >
        +
      </button>
    </div>
  )
}
