/**
 * 物流信息 (accounts §2 "Logistics dialog", §3 "Logistics timeline entry"): the first waybill of
 * the order from Express/GetWay — courier, number and status as the data gives them (issue 9
 * takes them from data, not fixed text) — then its timeline, newest first, the first styled as
 * the latest.
 */
import { useEffect, useState } from 'react'
import { buying } from '../../lib/api/browser.ts'
import type { LocusEntry, Waybill } from '../../lib/api/buying.ts'
import { Dialog } from '../common/Dialog.tsx'

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
  const [bill, setBill] = useState<Waybill | null | 'none' | 'failed'>(null)
  useEffect(() => {
    if (!open) return
    let live = true
    setBill(null)
    buying.getWay(orderId, { silent: true }).then(
      (list) => live && setBill(list[0] ?? 'none'),
      () => live && setBill('failed'),
    )
    return () => {
      live = false
    }
  }, [open, orderId])

  const entries = bill && typeof bill === 'object' ? parseLocus(bill.locus) : []
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="物流信息"
      width="max-w-lg"
      description="快递公司、运单号和物流轨迹"
    >
      {bill === null ? (
        <p className="py-8 text-center text-slate-500">正在加载…</p>
      ) : bill === 'none' || bill === 'failed' ? (
        <p className="py-8 text-center text-slate-500" role="alert">
          {bill === 'none' ? '暂无物流信息' : '物流信息加载失败，请稍后重试'}
        </p>
      ) : (
        <div data-waybill>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 rounded-lg bg-slate-50 p-4 text-sm">
            <dt className="text-slate-500">快递公司</dt>
            <dd className="font-medium text-slate-900" data-waybill-company>
              {bill.company}
            </dd>
            <dt className="text-slate-500">运单号</dt>
            <dd className="break-all tabular-nums text-slate-900" data-waybill-number>
              {bill.number}
            </dd>
            <dt className="text-slate-500">物流状态</dt>
            <dd className="font-medium text-brand-700" data-waybill-status>
              {bill.status}
            </dd>
          </dl>
          {entries.length === 0 ? (
            <p className="py-6 text-center text-sm text-slate-500">暂无物流轨迹</p>
          ) : (
            <ol className="mt-5 ml-1" aria-label="物流轨迹">
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
      )}
    </Dialog>
  )
}
