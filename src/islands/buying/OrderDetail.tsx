/**
 * 订单详情 /orderdetail?id (storefront §2 "Order detail", §4): the step bar (hidden when
 * cancelled), receiver, items, totals and the discount line; while unpaid, 去支付 and 取消订单
 * (取消成功). After-sales, invoice and logistics come with a later issue.
 */
import { useCallback, useEffect, useState } from 'react'
import { buying } from '../../lib/api/browser.ts'
import type { OrderDetail as Order } from '../../lib/api/buying.ts'
import { formatDateTime, formatMoney, maskPhone } from '../../lib/format.ts'
import { discountLine } from '../../lib/rules/pricing.ts'
import { toast } from '../../lib/toast.ts'
import { AccountGate } from '../common/AccountGate.tsx'
import { useConfirm } from '../common/useConfirm.tsx'
import { ItemRows, MoneyRow, StepBar, WAY_NAME } from './parts.tsx'

export function OrderDetail() {
  return <AccountGate>{() => <Detail />}</AccountGate>
}

function Detail() {
  const [o, setO] = useState<Order | null | 'missing'>(null)
  const [confirmDialog, confirm] = useConfirm()
  const [busy, setBusy] = useState(false)
  const id = Number(new URLSearchParams(location.search).get('id'))
  const load = useCallback(
    () =>
      buying
        .getOrders(id, { silent: true })
        .then(setO)
        .catch(() => setO('missing')),
    [id],
  )
  useEffect(() => {
    if (!Number.isInteger(id) || id <= 0) setO('missing')
    else void load()
  }, [id, load])

  if (o === null) return <p className="py-12 text-center text-slate-500">正在加载…</p>
  if (o === 'missing')
    return (
      <div className="py-12 text-center">
        <p className="text-slate-600">订单不存在</p>
        <a href="/orderlist" className="btn-primary mt-4">
          查看我的订单
        </a>
      </div>
    )

  async function cancel() {
    if (!(await confirm({ action: '取消该订单' }))) return
    setBusy(true)
    try {
      await buying.cancelOrder(id)
      toast('success', '取消成功')
      await load()
    } catch {
      // Message shown by the client.
    }
    setBusy(false)
  }

  const line = discountLine(Math.round((o.discount || 10) * 10))
  const cancelled = o.status === 100
  const way = WAY_NAME[o.payWay as keyof typeof WAY_NAME] ?? o.payWay
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600">
        <span className="tabular-nums">订单号 {o.code}</span>
        <span>下单时间 {formatDateTime(o.createTime, true)}</span>
        <span className="ml-auto font-semibold text-brand-700" data-order-status>
          {o.statusText}
        </span>
      </div>
      {!cancelled && <StepBar status={o.status} />}

      {o.kind !== 'article' && (
        <section aria-labelledby="od-rec" className="rounded-lg bg-slate-50 p-4 text-sm">
          <h2 id="od-rec" className="mb-2 text-base font-semibold text-slate-900">
            收货信息
          </h2>
          <p>
            <span className="font-medium text-slate-900">{o.recName}</span>
            <span className="ml-2 tabular-nums text-slate-600">{maskPhone(o.recTel)}</span>
          </p>
          <p className="mt-1 break-all text-slate-600">
            {o.recAddress.split(',').filter(Boolean).join(' ')} {o.recAddressx}
          </p>
        </section>
      )}

      <section aria-labelledby="od-items">
        <h2 id="od-items" className="mb-1 text-base font-semibold text-slate-900">
          商品清单
        </h2>
        <ItemRows items={o.list.length ? o.list : o.itemList} />
      </section>

      <section aria-labelledby="od-sum" className="ml-auto w-full max-w-sm">
        <h2 id="od-sum" className="sr-only">
          金额
        </h2>
        <dl className="text-sm">
          <MoneyRow label="商品金额" value={`¥${formatMoney(o.costPrice)}`} />
          {line && <MoneyRow label="会员折扣" value={line} />}
          <MoneyRow
            label={o.status === 10 || cancelled ? '应付金额' : '实付金额'}
            value={`¥${formatMoney(o.tolCost)}`}
            strong
          />
          {o.payTime && <MoneyRow label="支付时间" value={formatDateTime(o.payTime, true)} />}
          {o.payTime && way && <MoneyRow label="支付方式" value={way} />}
        </dl>
        {o.status === 10 && (
          <div className="mt-4 flex justify-end gap-3">
            <button type="button" className="btn-outline px-5" onClick={cancel} disabled={busy}>
              取消订单
            </button>
            <a href={`/pay?id=${o.id}${o.kind === 'article' ? '&type=1' : ''}`} className="btn-primary px-6">
              去支付
            </a>
          </div>
        )}
      </section>
      {confirmDialog}
    </div>
  )
}
