/**
 * 物流信息 (accounts §2 "Logistics dialog", §3 "Logistics timeline entry"): every parcel of the
 * order from Express/GetWay (issue 38: an order may go out in several, and a 换货 sends a
 * replacement) — 包裹 1, 包裹 2 …, each with its courier, number and status as the data gives them
 * (issue 9 takes them from data, not fixed text), what it holds, and its own timeline, newest
 * first, the first styled as the latest.
 */
import { useEffect, useId, useState } from 'react'
import { buying } from '../../lib/api/browser.ts'
import type { LocusEntry, Waybill } from '../../lib/api/buying.ts'
import { Dialog } from '../common/Dialog.tsx'
import { CopyButton } from './parts.tsx'

/** The locus JSON text of a waybill as entries, newest first; unreadable text is no entries. */
export function parseLocus(locus: string): LocusEntry[] {
  let v: unknown
  try {
    v = JSON.parse(locus || '[]')
  } catch {
    return []
  }
  if (!Array.isArray(v)) return []
  const str = (x: unknown) => (typeof x === 'string' ? x : x == null ? '' : String(x))
  return v
    .filter((e): e is Record<string, unknown> => typeof e === 'object' && e !== null)
    .map((e) => ({
      upload_Time: str(e.upload_Time),
      status: str(e.status),
      infoContent: str(e.infoContent),
      processInfo: str(e.processInfo),
    }))
    .sort((a, b) => (a.upload_Time < b.upload_Time ? 1 : a.upload_Time > b.upload_Time ? -1 : 0))
}

export function LogisticsDialog({
  orderId,
  open,
  onOpenChange,
}: {
  orderId: number
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const [bills, setBills] = useState<Waybill[] | null | 'failed'>(null)
  useEffect(() => {
    if (!open) return
    let live = true
    setBills(null)
    buying.getWay(orderId, { silent: true }).then(
      (list) => live && setBills(list),
      () => live && setBills('failed'),
    )
    return () => {
      live = false
    }
  }, [open, orderId])

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="物流信息"
      width="max-w-lg"
      description="每个包裹的快递公司、运单号、商品和物流轨迹"
    >
      {bills === null ? (
        <p className="py-8 text-center text-slate-500">正在加载…</p>
      ) : bills === 'failed' || bills.length === 0 ? (
        <p className="py-8 text-center text-slate-500" role="alert">
          {bills === 'failed' ? '物流信息加载失败，请稍后重试' : '暂无物流信息'}
        </p>
      ) : (
        <div className="grid gap-4">
          {bills.map((b, i) => (
            <Parcel key={`${b.company} ${b.number}`} bill={b} n={i + 1} />
          ))}
        </div>
      )}
    </Dialog>
  )
}

/** One parcel: 包裹 n (换货 for a replacement), its courier and number, its items, its timeline. */
function Parcel({ bill, n }: { bill: Waybill; n: number }) {
  const uid = useId()
  const name = `包裹 ${n}`
  const entries = parseLocus(bill.locus)
  return (
    <section aria-labelledby={uid} className="rounded-lg ring-1 ring-slate-200" data-waybill>
      <div className="flex flex-wrap items-center gap-2 border-b border-slate-100 px-4 py-2.5">
        <h3 id={uid} className="font-semibold text-slate-900">
          {name}
        </h3>
        {bill.replacement && (
          <span className="chip bg-amber-50 text-amber-800" data-replacement>
            换货
          </span>
        )}
        <span className="ml-auto text-sm font-medium text-brand-700" data-waybill-status>
          {bill.status}
        </span>
      </div>
      <div className="grid gap-3 p-4">
        <dl className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-1.5 text-sm">
          <dt className="text-slate-500">快递公司</dt>
          <dd className="font-medium text-slate-900" data-waybill-company>
            {bill.company}
          </dd>
          <dt className="text-slate-500">运单号</dt>
          <dd className="min-w-0 text-slate-900">
            <span className="break-all tabular-nums" data-waybill-number>
              {bill.number}
            </span>
            <CopyButton text={bill.number} label={`${name}运单号`} />
          </dd>
        </dl>
        {bill.items.length > 0 && (
          <ul
            className="grid gap-1 rounded-md bg-slate-50 px-3 py-2 text-sm"
            aria-label={`${name}商品`}
            data-parcel-items
          >
            {bill.items.map((it) => (
              <li key={it.lineId} className="flex justify-between gap-3">
                <span className="min-w-0 break-all text-slate-700">{it.title}</span>
                <span className="shrink-0 tabular-nums text-slate-500">× {it.quantity}</span>
              </li>
            ))}
          </ul>
        )}
        {entries.length === 0 ? (
          <p className="py-2 text-center text-sm text-slate-500">暂无物流轨迹</p>
        ) : (
          <ol className="mt-1 ml-1" aria-label={`${name}物流轨迹`}>
            {entries.map((e, i) => {
              const latest = i === 0
              return (
                <li
                  // biome-ignore lint/suspicious/noArrayIndexKey: entries have no id; the list is replaced whole
                  key={i}
                  className="relative border-l-2 border-slate-200 pb-5 pl-5 last:border-transparent last:pb-0"
                  aria-current={latest ? 'step' : undefined}
                  data-locus-latest={latest || undefined}
                >
                  <span
                    aria-hidden="true"
                    className={`absolute top-1 -left-[7px] h-3 w-3 rounded-full ring-2 ring-white ${latest ? 'bg-brand-600' : 'bg-slate-300'}`}
                  />
                  <p className={`text-sm ${latest ? 'font-semibold text-brand-700' : 'text-slate-700'}`}>
                    {e.status && <span className="mr-2">{e.status}</span>}
                    <time className="text-xs font-normal tabular-nums text-slate-500">{e.upload_Time}</time>
                  </p>
                  {e.infoContent && (
                    <p className={`mt-1 text-sm ${latest ? 'text-slate-900' : 'text-slate-600'}`}>
                      {e.infoContent}
                    </p>
                  )}
                  {e.processInfo && <p className="mt-0.5 text-xs text-slate-500">{e.processInfo}</p>}
                </li>
              )
            })}
          </ol>
        )}
      </div>
    </section>
  )
}
