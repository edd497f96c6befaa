/**
 * 批量发货 on the order list (issue 38): a CSV of 订单号,快递公司,运单号 (as Excel saves it, with
 * or without its header row) ships every good row whole; the dialog then lists each row's result,
 * the refused ones first, so a warehouse fixes them and imports those rows again.
 */
import { type FormEvent, useState } from 'react'
import { ordersApi } from '../../../lib/api/admin-orders.ts'
import { toast } from '../../../lib/toast.ts'
import { Dialog } from '../../common/Dialog.tsx'
import { Labeled } from '../form/Labeled.tsx'
import { RowResults } from '../kit/RowResults.tsx'
import { may, useStaff } from '../kit/staff.ts'
import { DialogEnd } from './OrderDialogs.tsx'

type Result = Awaited<ReturnType<typeof ordersApi.importShipments>>

export function ShipImport({ reload }: { reload?: () => void }) {
  const me = useStaff()
  const [open, setOpen] = useState(false)
  const [file, setFile] = useState<File | null>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [result, setResult] = useState<Result | null>(null)
  if (!may(me, 'orders.fulfil')) return null
  const close = () => {
    setOpen(false)
    setResult(null)
    setFile(null)
  }
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (!file) return setError('请选择 CSV 文件')
    setError(null)
    setBusy(true)
    try {
      const r = await ordersApi.importShipments(await file.text())
      setResult(r)
      toast(
        r.failed ? 'error' : 'success',
        `已发货 ${r.shipped} 单${r.failed ? `，${r.failed} 行未发货` : ''}`,
      )
      reload?.()
    } catch {
      // Refused as a whole (not CSV, too many rows): the client has toasted why.
    } finally {
      setBusy(false)
    }
  }
  const rows = result ? [...result.rows].sort((a, b) => Number(a.ok) - Number(b.ok) || a.row - b.row) : []
  return (
    <>
      <button type="button" className="btn-outline px-3 py-1.5 text-sm" onClick={() => setOpen(true)}>
        批量发货
      </button>
      <Dialog open={open} onOpenChange={(v) => !v && close()} title="批量发货" width="max-w-xl">
        {result ? (
          <div className="grid gap-3">
            <p className="text-sm text-slate-700" data-import-summary>
              已发货 {result.shipped} 单，未发货 {result.failed} 行
            </p>
            <RowResults
              caption="每行的发货结果"
              nameHeader="订单号"
              rows={rows.map((r) => ({
                row: r.row,
                ok: r.ok,
                name: <span className="font-mono text-xs">{r.code || '—'}</span>,
                text: r.message,
                state: r.ok ? 'ok' : 'failed',
              }))}
            />
            <div className="flex justify-end">
              <button type="button" className="btn-primary" onClick={close}>
                完成
              </button>
            </div>
          </div>
        ) : (
          <form onSubmit={submit} className="grid gap-4" noValidate>
            <p className="text-sm text-slate-700">
              上传 CSV 文件，每行一单：
              <code className="rounded bg-slate-100 px-1">订单号,快递公司,运单号</code>
              ，如{' '}
              <code className="rounded bg-slate-100 px-1">D202612070930001234,顺丰速运,SF1234567890123</code>
              。每单整单发出，有误的行不影响其他行，一次至多 500 行。
            </p>
            <Labeled
              label="CSV 文件"
              control={(id) => (
                <input
                  id={id}
                  type="file"
                  accept=".csv,text/csv"
                  className="text-sm"
                  onChange={(e) => setFile(e.target.files?.[0] ?? null)}
                />
              )}
            />
            <DialogEnd error={error} close={close} busy={busy} submit="开始发货" />
          </form>
        )}
      </Dialog>
    </>
  )
}
