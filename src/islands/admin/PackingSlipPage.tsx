/**
 * /admin/orders/slip/?code=… (or ?codes=a,b,c from the order list's chosen rows, one slip a
 * printed page): the packing slip of a goods order, printable on A4 (issue 20): what goes in
 * the parcel and to whom, and the buyer's note (issue 24) where the packer reads it. A page of
 * paper, not a screen: no menu (AdminShell) to keep off the print; the staff session and the
 * permission are checked by the call as ever (a 401 goes to the sign-in, a refusal is toasted).
 */
import { useState } from 'react'
import { type AdminOrder, ordersApi } from '../../lib/api/admin-orders.ts'
import { site } from '../../lib/site.ts'
import { useLoad } from './kit/useLoad.ts'
import { detailHref, hasPackingSlip } from './order-parts.tsx'

/** One order's slip, or why it has none. */
function Slip({ code }: { code: string }) {
  const { data: o, loading } = useLoad(() => ordersApi.get(code), code)
  if (!o) return <p className="text-slate-600">{loading ? '加载中…' : `订单 ${code} 不存在`}</p>
  // A link kept from before a cancellation still opens: it says why there is nothing to pack.
  if (!hasPackingSlip(o))
    return (
      <p role="alert" className="text-slate-700 print:hidden">
        订单 {o.code} {o.statusText}，没有发货单
      </p>
    )
  return <Paper o={o} />
}

/** The slip itself: a page of paper (the next slip starts on a new one). */
function Paper({ o }: { o: AdminOrder }) {
  const count = o.items.reduce((n, i) => n + i.quantity, 0)
  return (
    <article
      aria-label="发货单"
      className="mx-auto w-full max-w-3xl break-after-page bg-white p-8 text-sm text-slate-900 shadow-sm print:max-w-none print:p-0 print:shadow-none"
      data-slip={o.code}
    >
      <header className="mb-6 flex items-end justify-between border-b-2 border-slate-900 pb-3">
        <h1 className="text-2xl font-bold">{site.name} 发货单</h1>
        <p className="text-right">
          订单号 <span className="font-mono">{o.code}</span>
          <span className="block">下单 {o.createTime}</span>
        </p>
      </header>
      <dl className="mb-6 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="text-slate-600">收货人</dt>
        <dd>
          {o.recName} {o.recTel}
        </dd>
        <dt className="text-slate-600">收货地址</dt>
        <dd>
          {o.recAddress.replaceAll(',', ' ')} {o.recAddressx}
        </dd>
        {o.waybills.map((w) => (
          <div key={w.number} className="contents">
            <dt className="text-slate-600">运单</dt>
            <dd>
              {w.company} <span className="font-mono">{w.number}</span>
            </dd>
          </div>
        ))}
      </dl>
      {o.buyerNote && (
        <section aria-label="买家留言" className="mb-6 border-2 border-slate-900 p-3" data-buyer-note>
          <h2 className="mb-1 font-bold">买家留言</h2>
          <p className="whitespace-pre-wrap break-all text-base">{o.buyerNote}</p>
        </section>
      )}
      <table className="w-full border-collapse">
        <thead>
          <tr className="border-b border-slate-900 text-left">
            <th scope="col" className="py-2 pr-3">
              序号
            </th>
            <th scope="col" className="py-2 pr-3">
              商品
            </th>
            <th scope="col" className="py-2 text-right">
              数量
            </th>
          </tr>
        </thead>
        <tbody>
          {o.items.map((i, n) => (
            <tr key={i.title} className="border-b border-slate-300">
              <td className="py-2 pr-3">{n + 1}</td>
              <td className="py-2 pr-3">{i.title}</td>
              <td className="py-2 text-right tabular-nums">{i.quantity}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <td className="py-2 pr-3" />
            <td className="py-2 pr-3 text-right font-medium">合计</td>
            <td className="py-2 text-right font-medium tabular-nums">{count}</td>
          </tr>
        </tfoot>
      </table>
      <p className="mt-10 flex justify-between text-slate-600">
        <span>配货人：__________</span>
        <span>复核人：__________</span>
      </p>
    </article>
  )
}

/** The codes asked for: ?codes=a,b,c, or the one ?code= of an order's own link. */
const codesOf = (q: URLSearchParams) => [
  ...new Set((q.get('codes') ?? q.get('code') ?? '').split(',').filter(Boolean)),
]

export default function PackingSlipPage() {
  const [codes] = useState(() => codesOf(new URLSearchParams(location.search)))
  const one = codes.length === 1 ? codes[0] : undefined
  return (
    <main className="grid gap-4 p-4 print:block print:p-0">
      <div className="flex gap-2 print:hidden">
        <button type="button" className="btn-primary px-4 py-2 text-sm" onClick={() => print()}>
          打印
        </button>
        <a className="btn-outline px-4 py-2 text-sm" href={one ? detailHref(one) : '/admin/orders/'}>
          {one ? '返回订单' : '返回订单列表'}
        </a>
      </div>
      {codes.map((code) => (
        <Slip key={code} code={code} />
      ))}
    </main>
  )
}
