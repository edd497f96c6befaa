/**
 * What the selling-tool screens share (issue 24: coupons, 满减, shipping templates): the state
 * filter and badge, the datetime fields' conversion to the wire's China-time text, the dialog
 * frame every edit form of these screens uses, and the lists the pickers offer (categories,
 * provinces).
 */
import { type ReactNode, type SubmitEvent, useEffect, useState } from 'react'
import { catalogApi } from '../../../lib/api/admin-catalog.ts'
import type { SellingState } from '../../../lib/api/admin-selling.ts'
import type { ClassifyItem } from '../../../lib/api/types.ts'
import { Dialog } from '../../common/Dialog.tsx'
import { FormError } from '../../common/FormError.tsx'
import { DialogButtons } from '../form/DialogButtons.tsx'
import type { Column } from '../kit/DataTable.tsx'

/** The list filter's states (?state=), as the admin calls read them. */
export const STATE_OPTIONS: readonly (readonly [string, string])[] = [
  ['', '全部状态'],
  ['upcoming', '未开始'],
  ['live', '进行中'],
  ['ended', '已结束'],
  ['stopped', '已停用'],
]

const STATE_LOOK: Record<SellingState, string> = {
  未开始: 'bg-sky-50 text-sky-800',
  进行中: 'bg-emerald-50 text-emerald-800',
  已结束: 'bg-slate-100 text-slate-700',
  已停用: 'bg-amber-50 text-amber-900',
}

export function StateBadge({ state }: { state: SellingState }) {
  return (
    <span className={`inline-block whitespace-nowrap rounded px-1.5 py-0.5 text-xs ${STATE_LOOK[state]}`}>
      {state}
    </span>
  )
}

/** '2026-11-26 09:30:00' → '2026-11-26T09:30', what a datetime-local input holds. */
export const toLocalInput = (t: string) => t.slice(0, 16).replace(' ', 'T')

/** '2026-11-26T09:30' → '2026-11-26 09:30:00' (an end time keeps the minute's last second); '' stays ''. */
export const fromLocalInput = (v: string, end = false) =>
  v ? `${v.replace('T', ' ').slice(0, 16)}:${end ? '59' : '00'}` : ''

/** Now in China time as a datetime-local value: the back office prices in China time whatever the browser's zone. */
export function chinaLocalNow(addDays = 0): string {
  const d = new Date(Date.now() + addDays * 86_400_000)
  return d.toLocaleString('sv-SE', { timeZone: 'Asia/Shanghai' }).slice(0, 16).replace(' ', 'T')
}

/** A new coupon's or promotion's dates: from now to the end of the thirtieth day on. */
export const newDates = () => ({
  startTime: chinaLocalNow(),
  endTime: `${chinaLocalNow(30).slice(0, 10)}T23:59`,
})

/**
 * A form's start or end as the wire reads it. A time left as loaded keeps its stored text
 * (seconds and all), so an edit that must keep the start sends it back unchanged.
 */
export function wireTime<K extends 'startTime' | 'endTime'>(
  form: Record<K, string>,
  k: K,
  was?: Record<K, string>,
): string {
  return was && form[k] === toLocalInput(was[k]) ? was[k] : fromLocalInput(form[k], k === 'endTime')
}

/** The dates of a coupon or promotion in one cell: '2026-11-26 09:30 至 2026-12-31 23:59'. */
export const dateRange = (start: string, end: string) => `${start.slice(0, 16)} 至 ${end.slice(0, 16)}`

/** The 有效期 and 状态 columns, alike on the coupon and 满减 lists (sorted by the start). */
export function datesAndState<
  R extends { startTime: string; endTime: string; state: SellingState },
>(): Column<R>[] {
  return [
    {
      id: 'dates',
      header: '有效期',
      cell: (r) => dateRange(r.startTime, r.endTime),
      sortValue: (r) => r.startTime,
      className: 'min-w-40 text-xs',
    },
    { id: 'state', header: '状态', cell: (r) => <StateBadge state={r.state} /> },
  ]
}

/** A form's number field as the wire's number: '' → 0 (a rule has refused a missing one first). */
export const num = (s: string) => (s.trim() === '' ? 0 : Number(s))

/** The product categories (the dictionary the product editor uses), for the scope and 满减 pickers. */
export function useCategories(): ClassifyItem[] {
  const [list, setList] = useState<ClassifyItem[]>([])
  useEffect(() => {
    catalogApi.classes().then(setList, () => {})
  }, [])
  return list
}

/** The provinces of the region picker's tree, by the names addresses store (新疆维吾尔自治区). */
export function useProvinces(): string[] {
  const [list, setList] = useState<string[]>([])
  useEffect(() => {
    import('../../../lib/regions/pca.json').then(
      (m) => setList((m.default as { n: string }[]).map((p) => p.n)),
      () => {},
    )
  }, [])
  return list
}

/**
 * The dialog of an edit form: its fields, the message no field owns, 取消 and 保存. `submit`
 * checks (the shared rule), sends and answers whether it saved; the dialog closes when it did.
 */
export function FormDialogFrame({
  title,
  width = 'max-w-2xl',
  note,
  formError,
  submit,
  close,
  children,
}: {
  title: string
  width?: string
  note?: ReactNode
  formError: string | null
  submit: () => Promise<boolean>
  close: () => void
  children: ReactNode
}) {
  const [busy, setBusy] = useState(false)
  const onSubmit = async (e: SubmitEvent) => {
    e.preventDefault()
    setBusy(true)
    try {
      if (await submit()) close()
    } finally {
      setBusy(false)
    }
  }
  return (
    <Dialog open onOpenChange={(o) => !o && close()} title={title} width={width}>
      <form onSubmit={onSubmit} className="grid gap-4" noValidate>
        {note && <div className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">{note}</div>}
        {children}
        <DialogButtons close={close} busy={busy} className="flex flex-wrap items-center justify-end gap-2">
          <FormError message={formError} className="mr-auto" />
        </DialogButtons>
      </form>
    </Dialog>
  )
}

/** The address of a coupon's back-office page. */
export const couponHref = (id: number) => `/admin/coupons/detail/?id=${id}`
