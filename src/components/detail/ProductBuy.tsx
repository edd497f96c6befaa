import type { SpuDetail } from '../../lib/api/types.ts'
import { firstImage } from '../../lib/format.ts'
import { MEMBER_HINT } from '../../lib/rules/member-price.ts'
import { comboKey, legacyValue, valueStates } from '../../lib/rules/options.ts'
import { ALERT_ACTION } from '../../lib/rules/stock-alert.ts'
import { priceLabel } from './text.ts'

/**
 * The product buy box (storefront §2 "Product detail", §5): SKU selector (a radio group per
 * option, issue 40), the chosen SKU's price
 * and stock, a quantity stepper 1 … the stock or the buy limit (issue 39), 加入购物车 and 立即购买. Rendered as plain HTML (real
 * radios, a number input, buttons) so the product page ships no framework; buy.ts (started by
 * startDetail) brings it to life. Without JavaScript it still lists every SKU with price and stock.
 */
export function ProductBuy({ p }: { p: SpuDetail }) {
  const skus = p.skuList
  const first = skus.find((s) => s.stock > 0) ?? skus[0]
  const picks = first?.options ?? []
  const states = valueStates(p.options, skus, picks)
  const byValue = new Map(skus.map((s) => [s.options[0] ?? '', s]))
  const img = firstImage(p.imgurls)
  return (
    <form
      data-buy-box
      data-spu={p.id}
      data-title={p.title}
      data-img={img}
      // For the cart's 满减 and shipping (issue 24); '' is none (the default template).
      data-class={p.classId ?? ''}
      data-template={p.shippingTemplateId ?? ''}
      // The most one order may hold of a SKU: the stepper stops there (src/lib/rules/holds.ts).
      data-limit={p.buyLimit}
      className="flex flex-col gap-4"
      noValidate
      aria-label="购买"
    >
      {skus.length > 0 ? (
        <>
          {/* One radio group per option (规格, 包装 …); buy.ts picks the SKU of the chosen values and
              disables the values no SKU has with the ones chosen before them (valueStates). */}
          {p.options.map((o, i) => (
            <fieldset key={o.name} data-option={i}>
              <legend className="mb-2 text-sm text-slate-500">{o.name}</legend>
              <div className="flex flex-wrap gap-2">
                {(states[i] ?? []).map((v) => (
                  <label
                    key={v.value}
                    className="relative cursor-pointer rounded-md px-3 py-2 text-sm ring-1 ring-slate-300 has-checked:bg-brand-50 has-checked:ring-2 has-checked:ring-brand-600 has-disabled:cursor-not-allowed has-disabled:opacity-50 has-focus-visible:outline-2 has-focus-visible:outline-brand-600"
                  >
                    <input
                      type="radio"
                      name={`opt-${p.id}-${i}`}
                      value={v.value}
                      className="sr-only"
                      defaultChecked={picks[i] === v.value}
                      disabled={v.disabled}
                    />
                    <ValueText
                      value={v.value}
                      sku={p.options.length === 1 ? byValue.get(v.value) : undefined}
                    />
                    {/* Shown or hidden again by the live stock (buy.ts): orders never rebuild the page. */}
                    <span data-sold-out className="ml-1.5 text-xs text-slate-500" hidden={!v.soldOut}>
                      缺货
                    </span>
                  </label>
                ))}
              </div>
            </fieldset>
          ))}
          {skus.map((s) => (
            <input
              key={s.id}
              type="hidden"
              data-sku
              value={s.id}
              data-combo={comboKey(s.options)}
              data-code={s.code}
              data-price={s.price}
              data-stock={s.stock}
              data-title={legacyValue(s.title, s.param)}
              data-img={s.img || img}
            />
          ))}
        </>
      ) : (
        <p className="text-sm text-slate-500">暂无可选规格</p>
      )}

      <div className="flex flex-wrap items-center gap-x-6 gap-y-2 text-sm">
        <p>
          <span className="text-slate-500">单价 </span>
          <span data-buy-price className="price text-lg">
            {first ? priceLabel(first.price) : '—'}
          </span>
          {/* The same for everyone when built; the page script puts a member's 会员价 in its
              place (member-price.ts). Wide enough for 会员价 ¥99999.99, so nothing moves. */}
          <span
            data-member-price
            className="ml-2 inline-block min-w-[10em] rounded bg-amber-50 px-1.5 py-0.5 text-sm text-amber-800 data-[member=1]:font-semibold"
          >
            {MEMBER_HINT}
          </span>
        </p>
        <p data-buy-stock className="text-slate-500" aria-live="polite">
          {first ? (first.stock > 0 ? `库存 ${first.stock}` : '缺货') : ''}
        </p>
      </div>

      <div className="flex items-center gap-3">
        <label htmlFor={`qty-${p.id}`} className="text-sm text-slate-500">
          数量
        </label>
        <div className="inline-flex items-stretch overflow-hidden rounded-md ring-1 ring-slate-300">
          <button
            type="button"
            data-step="-1"
            className="px-3 text-lg text-slate-600 hover:bg-slate-50"
            aria-label="减少数量"
          >
            −
          </button>
          <input
            id={`qty-${p.id}`}
            data-buy-qty
            type="number"
            inputMode="numeric"
            min={1}
            max={Math.max(1, Math.min(first?.stock ?? 1, p.buyLimit))}
            defaultValue={1}
            className="w-16 border-x border-slate-300 py-1.5 text-center tabular-nums focus:outline-none"
          />
          <button
            type="button"
            data-step="1"
            className="px-3 text-lg text-slate-600 hover:bg-slate-50"
            aria-label="增加数量"
          >
            +
          </button>
        </div>
      </div>

      <div className="flex flex-wrap gap-3">
        <button type="button" data-buy="now" className="btn-primary min-w-32 px-6 py-2.5" disabled={!first}>
          立即购买
        </button>
        <button type="button" data-buy="cart" className="btn-outline min-w-32 px-6 py-2.5" disabled={!first}>
          加入购物车
        </button>
        {/* Offered on a sold-out SKU (stock-alert.ts shows it for the chosen one). */}
        <button
          type="button"
          data-alert
          className="btn-outline min-w-32 px-6 py-2.5"
          hidden={!first || first.stock > 0}
        >
          {ALERT_ACTION}
        </button>
      </div>
    </form>
  )
}

/**
 * A value as the box shows it: the SKU's name with its param beside it in small type when the
 * value is the two of them (a product's one option 规格 from before options, migration 47).
 */
function ValueText({ value, sku }: { value: string; sku: { title: string; param: string } | undefined }) {
  if (!sku?.param || legacyValue(sku.title, sku.param) !== value)
    return <span className="text-slate-800">{value}</span>
  return (
    <>
      <span className="text-slate-800">{sku.title}</span>
      <span className="ml-1.5 text-xs text-slate-500">{sku.param}</span>
    </>
  )
}
