/**
 * Pieces shared by the buying screens: the payment QR dialog with its polling (storefront §4
 * "Order payment polling"; accounts §2 "Payment QR dialog", QR drawn here, never by a service),
 * the order's item list, money lines and the step bar.
 */
import { useEffect, useRef, useState } from 'react'
import { AssetImg, NO_PICTURE } from '../../components/AssetImg.tsx'
import type { OrderItem } from '../../lib/api/buying.ts'
import { formatDateTime, formatMoney } from '../../lib/format.ts'
import { AfterStatusText, OPEN_AFTER_STATUSES } from '../../lib/order-states.ts'
import { mayApplyAfterSales } from '../../lib/rules/after-sales.ts'
import { toast } from '../../lib/toast.ts'
import { Dialog, type DialogState } from '../common/Dialog.tsx'

/** A dialog that acts on one order (退款售后, 申请发票) and tells the order screen when it is done. */
export type OrderDialogProps = DialogState & { orderId: number; onDone: () => void }

export const POLL_MS = 5000
export const POLL_MAX = 10

/** A QR code of `text`, drawn in the browser by `qrcode` (loaded when first needed). */
export function QrImage({ text, label, size = 200 }: { text: string; label: string; size?: number }) {
  const [src, setSrc] = useState('')
  useEffect(() => {
    let live = true
    import('qrcode')
      .then((q) =>
        q.toDataURL(text, { margin: 1, width: size, color: { dark: '#0c3b3d', light: '#ffffff' } }),
      )
      .then((url) => live && setSrc(url))
      .catch(() => {})
    return () => {
      live = false
    }
  }, [text, size])
  return src ? (
    <img src={src} alt={label} width={size} height={size} className="mx-auto" data-qr={text} />
  ) : (
    <div
      role="img"
      aria-label={label}
      style={{ width: size, height: size }}
      className="mx-auto bg-slate-100"
    />
  )
}

/**
 * The pay dialog: title the way, width 30% (wider on small screens), the QR of `url`. While open
 * it asks `isPaid` every 5 s, at most 10 times; paid → onPaid; the 10th unpaid answer closes it.
 * Closing stops the polling.
 */
export function PayQrDialog({
  open,
  title,
  url,
  amount,
  isPaid,
  onPaid,
  onClose,
}: {
  open: boolean
  title: string
  url: string
  amount?: number
  isPaid: () => Promise<boolean>
  onPaid: () => void
  onClose: () => void
}) {
  const check = useRef(isPaid)
  check.current = isPaid
  const paid = useRef(onPaid)
  paid.current = onPaid
  const close = useRef(onClose)
  close.current = onClose
  useEffect(() => {
    if (!open) return
    let n = 0
    let stopped = false
    const timer = setInterval(() => {
      n++
      const last = n >= POLL_MAX
      check.current().then(
        (ok) => {
          if (stopped) return
          if (ok) {
            stopped = true
            clearInterval(timer)
            paid.current()
          } else if (last) close.current()
        },
        () => {
          if (!stopped && last) close.current()
        },
      )
      if (last) clearInterval(timer)
    }, POLL_MS)
    return () => {
      stopped = true
      clearInterval(timer)
    }
  }, [open])
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && onClose()}
      title={title}
      width="max-w-sm md:max-w-none md:w-[30%] md:min-w-80"
      description="请使用手机扫码完成支付"
    >
      <div className="text-center">
        <QrImage text={url} label={`${title}二维码`} />
        {amount !== undefined && (
          <p className="mt-3 text-slate-700">
            支付金额 <span className="price text-xl">¥{formatMoney(amount)}</span>
          </p>
        )}
        <p className="mt-2 text-sm text-slate-500">请使用手机扫码完成支付，支付后页面自动跳转</p>
        <p className="mt-1 text-xs text-slate-400">
          无法扫码？
          <a href={url} target="_blank" rel="noopener" className="text-brand-700 underline">
            打开支付页面
          </a>
        </p>
      </div>
    </Dialog>
  )
}

/**
 * The lines of an order or a checkout: image, title, unit price, quantity; `note` in the accent
 * colour (a member price), `meta` quietly (已发 1 / 已退 1).
 */
export function ItemRows({
  items,
}: {
  items: (Pick<OrderItem, 'imgurl' | 'title' | 'price' | 'quantity'> & {
    key?: string | number
    note?: string
    meta?: string
  })[]
}) {
  return (
    <ul className="divide-y divide-slate-100">
      {items.map((it, i) => (
        <li key={it.key ?? i} className="flex items-center gap-3 py-3">
          <ItemThumb path={it.imgurl} size="md" />
          <div className="min-w-0 flex-1">
            <p className="line-clamp-2 break-all text-sm text-slate-800">{it.title}</p>
            {it.note && <p className="mt-0.5 text-xs text-accent-600">{it.note}</p>}
            <p className="mt-1 text-sm text-slate-500 tabular-nums">
              ¥{formatMoney(it.price)} × {it.quantity}
              {it.meta && (
                <span className="ml-2 text-xs text-slate-500" data-line-counts>
                  {it.meta}
                </span>
              )}
            </p>
          </div>
          <p className="shrink-0 font-medium tabular-nums text-slate-900">
            ¥{formatMoney(Math.round(it.price * 100 * it.quantity) / 100)}
          </p>
        </li>
      ))}
    </ul>
  )
}

/** The price rows are shared with the back office's order screen: they live in common/PriceRows.tsx. */
export { MoneyRow, minus, orderParts, type PriceParts, PriceRows } from '../common/PriceRows.tsx'

/**
 * Which after-the-order moves the order's state allows (README "Order states"): a button shows
 * only for a move the server would accept. A content order (kind article) is delivered when
 * paid and completes then: it can get an invoice, and has no logistics, receipt or after-sales.
 */
export function orderMoves(o: {
  status: number
  afterStatus: number
  invoiceStatus: number
  hasWaybill: number
  kind: 'goods' | 'article'
}) {
  const shipped = o.status === 30 || o.status === 40
  const goods = o.kind === 'goods'
  return {
    // A parcel may be out while the rest waits (部分发货), and stays traceable after a refund.
    logistics: goods && o.status !== 10 && o.hasWaybill === 1,
    receive: goods && o.status === 30,
    refund: mayApplyAfterSales(o),
    cancelRefund: o.afterStatus === 10,
    invoice: shipped && o.invoiceStatus === 0,
  }
}

/**
 * Where 去支付 leads, from the order list and the order detail alike: the pay page, with type=1
 * for a course, post or task so that paying lands on the bought item (storefront §4).
 * payHref({id: 7, kind: 'article'}) → '/pay?id=7&type=1'
 */
export const payHref = (o: { id: number; kind: 'goods' | 'article' }) =>
  `/pay?id=${o.id}${o.kind === 'article' ? '&type=1' : ''}`

/** An order counts as paid once it left 待付款 for 待发货, 待收货 or 已完成 (content goes to 40). */
export const isPaidStatus = (status: number) => status === 20 || status === 30 || status === 40

/**
 * The small state badge of an order row (issues 9, 38): after-sales first, then the invoice. A
 * request under way says its state (售后待寄回 …) in the words of order-states.ts.
 */
const AFTER_BADGE: Record<number, string> = { 10: '售后申请中', 20: '已退款', 21: '已换货', 30: '售后已驳回' }
const afterBadge = (s: number) =>
  AFTER_BADGE[s] ?? (OPEN_AFTER_STATUSES.includes(s) ? `售后${AfterStatusText[s] ?? ''}` : undefined)
const INVOICE_BADGE: Record<string, string> = {
  申请中: '发票申请中',
  已开票: '已开票',
  已作废: '发票已作废',
  待重开: '发票待重开',
  已取消: '发票申请已取消',
}
export function afterBadges(o: { afterStatus: number; invoiceStatusText: string }): string[] {
  const after = afterBadge(o.afterStatus)
  const invoice = INVOICE_BADGE[o.invoiceStatusText]
  return [after, invoice].filter((x): x is string => Boolean(x))
}

/** Puts `text` on the clipboard, with the page's own fallback where the Clipboard API is missing (plain http). */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text)
    return true
  } catch {
    const area = document.createElement('textarea')
    area.value = text
    area.setAttribute('readonly', '')
    area.style.position = 'fixed'
    area.style.opacity = '0'
    document.body.append(area)
    area.select()
    // Deprecated, yet the only way to copy where navigator.clipboard is not offered.
    const done = document.execCommand('copy')
    area.remove()
    return done
  }
}

/** A small 复制 button beside an order code or an account number: 复制成功 (storefront §8). */
export function CopyButton({ text, label }: { text: string; label: string }) {
  return (
    <button
      type="button"
      className="ml-2 rounded px-1.5 py-0.5 text-xs text-brand-700 ring-1 ring-slate-300 hover:bg-brand-50"
      aria-label={`复制${label}`}
      data-copy={text}
      onClick={async () => {
        if (await copyText(text)) toast('success', '复制成功')
        else toast('error', '复制失败，请手动复制')
      }}
    >
      复制
    </button>
  )
}

/** The line that says until when an unpaid order can be paid; nothing once it is not unpaid. */
export function PayDeadline({ deadline, className = '' }: { deadline: string; className?: string }) {
  if (!deadline) return null
  return (
    <span className={`text-accent-600 ${className}`} data-pay-deadline>
      请在 {formatDateTime(deadline)} 前完成支付，逾期订单自动取消
    </span>
  )
}

const STEPS = ['待付款', '待发货', '待收货', '已完成']
/** The step bar's active step (storefront §4): 10→1 … 40→4, anything else 0. */
export const stepOf = (status: number) => ({ 10: 1, 20: 2, 30: 3, 40: 4 })[status] ?? 0

export function StepBar({ status }: { status: number }) {
  const active = stepOf(status)
  return (
    <ol className="grid grid-cols-4 gap-1 text-center text-xs sm:text-sm" aria-label="订单进度">
      {STEPS.map((s, i) => {
        const done = i + 1 <= active
        return (
          <li
            key={s}
            aria-current={i + 1 === active ? 'step' : undefined}
            className="flex flex-col items-center gap-1"
          >
            <span
              className={`flex h-7 w-7 items-center justify-center rounded-full text-sm font-semibold ${done ? 'bg-brand-600 text-white' : 'bg-slate-100 text-slate-500'}`}
            >
              {i + 1}
            </span>
            <span className={done ? 'font-medium text-brand-700' : 'text-slate-500'}>{s}</span>
          </li>
        )
      })}
    </ol>
  )
}

/** An id that names no order of the buyer's: the way back to the list. */
export function OrderMissing() {
  return (
    <div className="py-12 text-center">
      <p className="text-slate-600">订单不存在</p>
      <a href="/orderlist" className="btn-primary mt-4">
        查看我的订单
      </a>
    </div>
  )
}

const THUMB = {
  sm: { width: 48, className: 'h-12 w-12' },
  md: { width: 64, className: 'h-16 w-16' },
}

/** The picture of an order's line (the product's or course's first image), square, with a stand-in when none. */
export function ItemThumb({ path, size }: { path: string | null | undefined; size: keyof typeof THUMB }) {
  const t = THUMB[size]
  return (
    <AssetImg
      path={path}
      fallback={NO_PICTURE}
      width={t.width}
      className={`${t.className} shrink-0 rounded bg-slate-100 object-cover`}
    />
  )
}
