/**
 * 确认订单: /createorder (the checked cart lines) and /buyorder?id&ids&quantity (one SKU bought
 * directly) (storefront §2 "Create order"; accounts §3-§4): the first 2 addresses, default
 * first, and 更多地址; the add-address dialog; the items, totals, the member discount line (only
 * below 10折), the payable amount; 提交订单 (请添加地址) → Orders/PostOrdersAppend → /pay?id.
 *
 * Issue 24: the figures are the server's (Orders/PostOrdersQuote, asked on opening and again when
 * the address or the coupon changes): 商品金额, 会员折扣, 满减, 优惠券 (a select: usable coupons
 * first, the best preselected by the server, 不使用优惠券; unusable ones greyed with why), 运费
 * (by the receiver's province) and 实付. A 买家留言 of at most 200 characters (checkBuyerNote, the
 * server's rule) and the chosen coupon go with the order; the server prices it again from its rows.
 */
import { useStore } from '@nanostores/react'
import { useCallback, useEffect, useId, useRef, useState } from 'react'
import type { Address, Profile } from '../../lib/api/account.ts'
import { account, api, buying } from '../../lib/api/browser.ts'
import type { QuoteBody } from '../../lib/api/buying.ts'
import { ApiRequestError } from '../../lib/api/http.ts'
import type { Quote } from '../../lib/api/types.ts'

type QuoteCoupon = Quote['coupons'][number]

import { formatMoney, maskPhone } from '../../lib/format.ts'
import { BUYER_NOTE_MAX, checkBuyerNote } from '../../lib/rules/order-note.ts'
import { discountLine, payable } from '../../lib/rules/pricing.ts'
import { $cart, removeFromCart, selection } from '../../lib/stores/cart.ts'
import { toast } from '../../lib/toast.ts'
import { AccountGate } from '../common/AccountGate.tsx'
import { BusyButton } from '../common/BusyButton.tsx'
import { AddressFormDialog } from '../forms/AddressForm.tsx'
import { ItemRows, MoneyRow, minus, PriceRows } from './parts.tsx'

interface Line {
  skuId: number
  spuId: number
  title: string
  imgurl: string
  price: number
  quantity: number
}

export function Checkout({ mode }: { mode: 'cart' | 'buy' }) {
  return <AccountGate>{(me) => (mode === 'cart' ? <FromCart me={me} /> : <BuyNow me={me} />)}</AccountGate>
}

function FromCart({ me }: { me: Profile }) {
  const cart = useStore($cart)
  const lines: Line[] = selection(cart).items.map((x) => ({
    skuId: x.id,
    spuId: x.spuId,
    title: x.title,
    imgurl: x.img,
    price: x.price,
    quantity: x.qty,
  }))
  const [done, setDone] = useState(false)
  if (!lines.length && !done)
    return (
      <div className="rounded-lg border border-dashed border-slate-300 px-4 py-12 text-center">
        <p className="text-slate-600">请勾选商品生成订单</p>
        <a href="/shopcar" className="btn-primary mt-4">
          返回购物车
        </a>
      </div>
    )
  return (
    <Confirm
      me={me}
      lines={lines}
      onOrdered={() => {
        setDone(true)
        removeFromCart(lines.map((l) => l.skuId))
      }}
    />
  )
}

function BuyNow({ me }: { me: Profile }) {
  const [line, setLine] = useState<Line | null>(null)
  useEffect(() => {
    const q = new URLSearchParams(location.search)
    const id = Number(q.get('id'))
    const skuId = Number(q.get('ids'))
    const home = () => location.replace('/')
    if (!Number.isInteger(id) || id <= 0) return home()
    api
      .getProductSpu(id, { silent: true })
      .then((p) => {
        const s = p.skuList.find((k) => k.id === skuId)
        if (!s) return home()
        const n = Number(q.get('quantity'))
        const quantity = Number.isInteger(n) && n >= 1 ? Math.min(n, Math.max(1, s.stock)) : 1
        setLine({
          skuId: s.id,
          spuId: p.id,
          title: s.param ? `${p.title} ${s.title} ${s.param}` : `${p.title} ${s.title}`,
          imgurl: s.img || p.imgurls.split(',')[0] || '',
          price: s.price,
          quantity,
        })
      })
      // A product fetch that returns nothing sends the user home (storefront §8).
      .catch(home)
  }, [])
  if (!line) return <p className="py-12 text-center text-slate-500">正在加载…</p>
  return <Confirm me={me} lines={[line]} onOrdered={() => {}} />
}

/** Addresses with the default first. */
const ordered = (list: Address[]) =>
  [...list].sort((a, b) => (b.status === 1 ? 1 : 0) - (a.status === 1 ? 1 : 0))

/** The receiver's fields of an order body, from the chosen address (none: the province is unknown). */
const receiver = (a: Address | undefined) => ({
  recName: a?.name,
  recTel: a?.tel,
  recProvince: a?.province,
  recCity: a?.city,
  recArea: a?.area,
  recStreet: a?.street,
  recAddress: a?.address,
  recAddressx: a?.addressDetail,
})

/**
 * The server's quote for these lines, address and coupon choice (-1: the best, 0: none), asked
 * again whenever one of them changes; an older answer arriving late is dropped.
 */
function useQuote(body: QuoteBody | null) {
  const [quote, setQuote] = useState<Quote | null>(null)
  const [failed, setFailed] = useState<string | null>(null)
  const asked = useRef(0)
  const key = body ? JSON.stringify(body) : ''
  useEffect(() => {
    if (!key) return
    const n = ++asked.current
    setFailed(null)
    buying
      .postOrdersQuote(JSON.parse(key) as QuoteBody, { silent: true })
      .then((r) => n === asked.current && setQuote(r.data))
      .catch((e: unknown) => {
        if (n !== asked.current) return
        setQuote(null)
        setFailed(e instanceof ApiRequestError ? e.message : '金额计算失败')
      })
  }, [key])
  return { quote, failed }
}

function Confirm({ me, lines, onOrdered }: { me: Profile; lines: Line[]; onOrdered: () => void }) {
  const [addresses, setAddresses] = useState<Address[] | null>(null)
  const [chosen, setChosen] = useState<number | null>(null)
  const [adding, setAdding] = useState(false)
  const [busy, setBusy] = useState(false)
  /** -1 until the buyer picks: the server preselects the best coupon. */
  const [couponChoice, setCouponChoice] = useState(-1)
  const [note, setNote] = useState('')
  const [noteError, setNoteError] = useState<string | null>(null)

  const load = useCallback(async (pickNewest = false) => {
    const list = ordered(await account.getUserAddressQuery())
    setAddresses(list)
    setChosen((c) => {
      if (pickNewest && list.length) return list.reduce((a, b) => (b.id > a.id ? b : a)).id
      return c !== null && list.some((a) => a.id === c) ? c : (list[0]?.id ?? null)
    })
  }, [])
  useEffect(() => {
    load().catch(() => setAddresses([]))
  }, [load])

  const address = addresses?.find((x) => x.id === chosen)
  const orderLines = lines.map((l) => ({
    skuId: l.skuId,
    spuId: l.spuId,
    quantity: l.quantity,
    title: l.title,
    imgurl: l.imgurl,
  }))
  // Asked once the addresses are known, so the first quote already has the receiver's province.
  const { quote, failed } = useQuote(
    addresses === null ? null : { ...receiver(address), list: orderLines, userCouponId: couponChoice },
  )

  // Until the server answers (or if it cannot), the page's own figures: list prices and the 折.
  const totalFen = lines.reduce((s, l) => s + Math.round(l.price * 100) * l.quantity, 0)
  const tenths = Math.round((me.discount || 10) * 10)
  const line = discountLine(tenths)
  const payFen = payable(totalFen, tenths)

  async function submit() {
    const a = addresses?.find((x) => x.id === chosen)
    if (!a) return toast('error', '请添加地址')
    const problem = checkBuyerNote(note)
    setNoteError(problem)
    if (problem) return toast('error', problem)
    setBusy(true)
    try {
      const r = await buying.postOrdersAppend({
        ...receiver(a),
        nickName: me.nickName,
        list: orderLines,
        userCouponId: quote?.userCouponId ?? 0,
        buyerNote: note.trim(),
      })
      onOrdered()
      location.assign(`/pay?id=${r.data}`)
    } catch {
      // The client has shown the server's message (库存不足, 当前商品已经下架, 优惠券不可用：…).
      setBusy(false)
    }
  }

  return (
    <div className="grid gap-6">
      <section aria-labelledby="co-addr">
        <div className="mb-3 flex items-center justify-between gap-3">
          <h2 id="co-addr" className="text-base font-semibold text-slate-900">
            收货地址
          </h2>
          <button type="button" className="btn-outline px-3 py-1.5 text-sm" onClick={() => setAdding(true)}>
            新增地址
          </button>
        </div>
        <AddressChoice addresses={addresses} chosen={chosen} onChoose={setChosen} />
      </section>

      <section aria-labelledby="co-items">
        <h2 id="co-items" className="mb-1 text-base font-semibold text-slate-900">
          商品清单
        </h2>
        <ItemRows items={lines.map((l) => ({ ...l, key: l.skuId }))} />
      </section>

      <BuyerNote note={note} onNote={setNote} error={noteError} onError={setNoteError} />

      <section aria-labelledby="co-sum" className="ml-auto w-full max-w-sm">
        <h2 id="co-sum" className="sr-only">
          金额
        </h2>
        <dl className="text-sm" aria-busy={!quote && !failed} data-quote={quote ? 'server' : 'page'}>
          {quote ? (
            <PriceRows
              p={{
                ...quote,
                promoOff: quote.promotion?.off ?? 0,
                promoTitle: quote.promotion?.title ?? '',
                couponOff: quote.coupon?.off ?? 0,
                couponTitle: quote.coupon?.title ?? '',
                offerNote: quote.offerChoice?.reason ?? '',
              }}
              goods
              totalLabel="实付金额"
              coupon={
                <CouponPick
                  coupons={quote.coupons}
                  value={quote.userCouponId}
                  off={quote.coupon?.off ?? 0}
                  onChange={setCouponChoice}
                />
              }
            />
          ) : (
            <>
              <MoneyRow label="商品金额" value={`¥${formatMoney(totalFen / 100)}`} />
              {line && <MoneyRow label="会员折扣" value={line} />}
              <MoneyRow label="应付金额" value={`¥${formatMoney(payFen / 100)}`} strong />
            </>
          )}
        </dl>
        {failed && (
          <p className="mt-1 text-xs text-amber-700" role="status">
            {failed}：以上为参考金额，以提交后的订单为准
          </p>
        )}
        {quote?.nextPromotion && (
          <p className="mt-1 text-right text-xs text-accent-600" data-next-promotion>
            再买¥{formatMoney(quote.nextPromotion.need)}可减¥{formatMoney(quote.nextPromotion.off)}
          </p>
        )}
        <BusyButton type="button" className="btn-primary mt-4 w-full py-2.5" onClick={submit} busy={busy}>
          {busy ? '正在提交…' : '提交订单'}
        </BusyButton>
      </section>

      <AddressFormDialog open={adding} onOpenChange={setAdding} onSaved={() => void load(true)} />
    </div>
  )
}

/** The buyer's addresses to choose from: two, then 更多地址 shows the rest. */
function AddressChoice({
  addresses,
  chosen,
  onChoose,
}: {
  addresses: Address[] | null
  chosen: number | null
  onChoose: (id: number) => void
}) {
  const [more, setMore] = useState(false)
  const shown = addresses ? (more ? addresses : addresses.slice(0, 2)) : []
  return addresses === null ? (
    <p className="text-sm text-slate-500">正在加载…</p>
  ) : addresses.length === 0 ? (
    <p className="rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-500">
      还没有收货地址，请先新增地址
    </p>
  ) : (
    <fieldset>
      <legend className="sr-only">选择收货地址</legend>
      <div className="grid gap-3 md:grid-cols-2">
        {shown.map((a) => (
          <label
            key={a.id}
            className="flex cursor-pointer gap-3 rounded-lg border border-slate-200 p-3 has-checked:border-brand-600 has-checked:bg-brand-50/50 has-focus-visible:outline-2 has-focus-visible:outline-brand-600"
          >
            <input
              type="radio"
              name="address"
              className="mt-1 accent-brand-600"
              checked={chosen === a.id}
              onChange={() => onChoose(a.id)}
            />
            <span className="min-w-0 text-sm">
              <span className="font-medium text-slate-900">{a.name}</span>
              <span className="ml-2 tabular-nums text-slate-600">{maskPhone(a.tel)}</span>
              {a.status === 1 && (
                <span className="ml-2 rounded bg-brand-50 px-1.5 py-0.5 text-xs text-brand-700">默认</span>
              )}
              <span className="mt-1 block break-all text-slate-600">
                {[a.province, a.city, a.area, a.street, a.addressDetail].filter(Boolean).join(' ')}
              </span>
            </span>
          </label>
        ))}
      </div>
      {addresses.length > 2 && !more && (
        <button
          type="button"
          className="mt-2 text-sm text-brand-700 hover:underline"
          onClick={() => setMore(true)}
        >
          更多地址
        </button>
      )}
    </fieldset>
  )
}

/** 买家留言 with its count; checked on leaving the box, and again on each change once refused. */
function BuyerNote({
  note,
  onNote,
  error: noteError,
  onError: setNoteError,
}: {
  note: string
  onNote: (note: string) => void
  error: string | null
  onError: (error: string | null) => void
}) {
  const noteId = useId()
  return (
    <section aria-labelledby="co-note">
      <h2 id="co-note" className="mb-2 text-base font-semibold text-slate-900">
        <label htmlFor={noteId}>买家留言</label>
      </h2>
      <textarea
        id={noteId}
        value={note}
        onChange={(e) => {
          onNote(e.target.value)
          if (noteError) setNoteError(checkBuyerNote(e.target.value))
        }}
        onBlur={() => setNoteError(checkBuyerNote(note))}
        rows={2}
        placeholder="选填：对本次交易的说明，如开票、送货时间"
        aria-invalid={noteError ? true : undefined}
        aria-describedby={`${noteId}-count${noteError ? ` ${noteId}-error` : ''}`}
        className={`w-full rounded-md border px-3 py-2 text-sm focus:border-brand-500 focus:outline-none ${noteError ? 'border-red-500' : 'border-slate-300'}`}
        data-buyer-note
      />
      <div className="mt-1 flex justify-between gap-3 text-xs">
        <p id={`${noteId}-error`} className="text-red-600" role={noteError ? 'alert' : undefined}>
          {noteError}
        </p>
        <p
          id={`${noteId}-count`}
          className={`tabular-nums ${[...note.trim()].length > BUYER_NOTE_MAX ? 'text-red-600' : 'text-slate-500'}`}
        >
          {[...note.trim()].length}/{BUYER_NOTE_MAX}
        </p>
      </div>
    </section>
  )
}

/** 不使用优惠券, or a held coupon's value in the select: its user coupon id. */
const NONE = 0

/**
 * The coupon line of the checkout: a select of the buyer's coupons, usable ones first (the
 * server's order, the best preselected), 不使用优惠券, and the unusable ones greyed with why.
 */
function CouponPick({
  coupons,
  value,
  off,
  onChange,
}: {
  coupons: QuoteCoupon[]
  value: number
  off: number
  onChange: (id: number) => void
}) {
  const id = useId()
  const usable = coupons.filter((c) => c.usable)
  const unusable = coupons.filter((c) => !c.usable)
  return (
    <div className="grid grid-cols-[1fr_auto] gap-x-4 py-1" data-price-line="coupon">
      <dt>
        <label htmlFor={id} className="text-slate-500">
          优惠券
        </label>
      </dt>
      <dd className="tabular-nums text-slate-800">{off > 0 ? minus(off) : '—'}</dd>
      <dd className="col-span-2 mt-1">
        <select
          id={id}
          value={value}
          onChange={(e) => onChange(Number(e.target.value))}
          className="w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm focus:border-brand-500 focus:outline-none"
          data-coupon-select
        >
          {coupons.length === 0 && <option value={NONE}>暂无可用优惠券</option>}
          {usable.length > 0 && (
            <optgroup label={`可用优惠券（${usable.length}）`}>
              {usable.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.title} · {c.ruleText} · 省¥{formatMoney(c.off)}
                </option>
              ))}
            </optgroup>
          )}
          {coupons.length > 0 && <option value={NONE}>不使用优惠券</option>}
          {unusable.length > 0 && (
            <optgroup label={`不可用（${unusable.length}）`}>
              {unusable.map((c) => (
                <option key={c.id} value={c.id} disabled>
                  {c.title} · {c.ruleText} · {c.reason ?? '不可用'}
                </option>
              ))}
            </optgroup>
          )}
        </select>
      </dd>
    </div>
  )
}
