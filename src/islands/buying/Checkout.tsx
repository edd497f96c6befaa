/**
 * 确认订单: /createorder (the checked cart lines) and /buyorder?id&ids&quantity (one SKU bought
 * directly) (storefront §2 "Create order"; accounts §3-§4): the first 2 addresses, default
 * first, and 更多地址; the add-address dialog; the items, totals, the member discount line (only
 * below 10折), the payable amount; 提交订单 (请添加地址) → Orders/PostOrdersAppend → /pay?id.
 * Prices shown here are the page's; the server prices the order from the database.
 */
import { useStore } from '@nanostores/react'
import { useCallback, useEffect, useState } from 'react'
import type { Address, Profile } from '../../lib/api/account.ts'
import { account, api, buying } from '../../lib/api/browser.ts'
import { formatMoney, maskPhone } from '../../lib/format.ts'
import { discountLine, payable } from '../../lib/rules/pricing.ts'
import { $cart, removeFromCart, selection } from '../../lib/stores/cart.ts'
import { toast } from '../../lib/toast.ts'
import { AddressFormDialog } from '../account/AddressForm.tsx'
import { AccountGate } from '../common/AccountGate.tsx'
import { ItemRows, MoneyRow } from './parts.tsx'

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

function Confirm({ me, lines, onOrdered }: { me: Profile; lines: Line[]; onOrdered: () => void }) {
  const [addresses, setAddresses] = useState<Address[] | null>(null)
  const [chosen, setChosen] = useState<number | null>(null)
  const [more, setMore] = useState(false)
  const [adding, setAdding] = useState(false)
  const [busy, setBusy] = useState(false)

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

  const totalFen = lines.reduce((s, l) => s + Math.round(l.price * 100) * l.quantity, 0)
  const tenths = Math.round((me.discount || 10) * 10)
  const line = discountLine(tenths)
  const payFen = payable(totalFen, tenths)
  const shown = addresses ? (more ? addresses : addresses.slice(0, 2)) : []

  async function submit() {
    const a = addresses?.find((x) => x.id === chosen)
    if (!a) return toast('error', '请添加地址')
    setBusy(true)
    try {
      const r = await buying.postOrdersAppend({
        recName: a.name,
        recTel: a.tel,
        recProvince: a.province,
        recCity: a.city,
        recArea: a.area,
        recStreet: a.street,
        recAddress: a.address,
        recAddressx: a.addressDetail,
        nickName: me.nickName,
        list: lines.map((l) => ({
          skuId: l.skuId,
          spuId: l.spuId,
          quantity: l.quantity,
          title: l.title,
          imgurl: l.imgurl,
        })),
      })
      onOrdered()
      location.assign(`/pay?id=${r.data}`)
    } catch {
      // The client has shown the server's message (库存不足, 当前商品已经下架 …).
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
        {addresses === null ? (
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
                    onChange={() => setChosen(a.id)}
                  />
                  <span className="min-w-0 text-sm">
                    <span className="font-medium text-slate-900">{a.name}</span>
                    <span className="ml-2 tabular-nums text-slate-600">{maskPhone(a.tel)}</span>
                    {a.status === 1 && (
                      <span className="ml-2 rounded bg-brand-50 px-1.5 py-0.5 text-xs text-brand-700">
                        默认
                      </span>
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
        )}
      </section>

      <section aria-labelledby="co-items">
        <h2 id="co-items" className="mb-1 text-base font-semibold text-slate-900">
          商品清单
        </h2>
        <ItemRows items={lines.map((l) => ({ ...l, key: l.skuId }))} />
      </section>

      <section aria-labelledby="co-sum" className="ml-auto w-full max-w-sm">
        <h2 id="co-sum" className="sr-only">
          金额
        </h2>
        <dl className="text-sm">
          <MoneyRow label="商品金额" value={`¥${formatMoney(totalFen / 100)}`} />
          {line && <MoneyRow label="会员折扣" value={line} />}
          <MoneyRow label="应付金额" value={`¥${formatMoney(payFen / 100)}`} strong />
        </dl>
        <button type="button" className="btn-primary mt-4 w-full py-2.5" onClick={submit} disabled={busy}>
          {busy ? '正在提交…' : '提交订单'}
        </button>
      </section>

      <AddressFormDialog open={adding} onOpenChange={setAdding} onSaved={() => void load(true)} />
    </div>
  )
}
