/**
 * 发票信息 (accounts §2 "Invoice list"): each record with its kind, the company's billing
 * details and the receiver (phone masked), a 默认 mark for status 1; add, edit and delete
 * after the generic confirm dialog.
 */
import type { Invoice } from '../../lib/api/account.ts'
import { account } from '../../lib/api/browser.ts'
import { OWNED_MAX } from '../../lib/constants.ts'
import { maskPhone } from '../../lib/format.ts'
import { INVOICE_TYPES, InvoiceKind } from '../../lib/rules/invoice.ts'
import { AccountGate } from '../common/AccountGate.tsx'
import { InvoiceFormDialog } from '../forms/InvoiceForm.tsx'
import { DefaultMark, ListSkeleton, PlusIcon, RowAction } from './list-parts.tsx'
import { useOwnedList } from './owned-list.ts'

export function Invoices() {
  return <AccountGate>{() => <InvoiceList />}</AccountGate>
}

function InvoiceList() {
  const { list, load, remove, makeDefault, form, openForm, setFormOpen, confirmDialog } =
    useOwnedList<Invoice>({
      query: account.getUserInvoiceQuery,
      remove: account.deleteUserInvoice,
      save: account.saveUserInvoice,
      removed: '发票删除成功',
      madeDefault: '已设为默认发票信息',
    })

  const full = (list?.length ?? 0) >= OWNED_MAX

  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-500">申请发票时可直接选择已保存的发票信息。</p>
        <button type="button" className="btn-primary" onClick={() => openForm(null)} disabled={full}>
          <PlusIcon />
          新增发票信息
        </button>
      </div>

      {list === null ? (
        <ListSkeleton />
      ) : list.length === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 px-4 py-12 text-center">
          <p className="text-slate-600">还没有发票信息</p>
          <p className="mt-1 text-sm text-slate-500">支持{INVOICE_TYPES.join('和')}。</p>
        </div>
      ) : (
        <ul className="grid gap-3" aria-label="发票信息列表">
          {list.map((v) => (
            <li
              key={v.id}
              className={`rounded-lg border p-4 ${v.status === 1 ? 'border-brand-500 bg-brand-50/40' : 'border-slate-200'}`}
            >
              <div className="flex flex-wrap items-center gap-2">
                <span
                  className={`rounded px-1.5 py-0.5 text-xs font-medium ${v.types === InvoiceKind.vat ? 'bg-amber-100 text-amber-800' : 'bg-sky-100 text-sky-800'}`}
                >
                  {v.types}
                </span>
                <h2 className="min-w-0 break-all text-base font-semibold text-slate-900">{v.companyName}</h2>
                {v.status === 1 && <DefaultMark />}
              </div>
              <dl className="mt-3 grid gap-x-6 gap-y-1.5 text-sm sm:grid-cols-2">
                <Item label="税号" value={v.companyCode} />
                <Item label="注册电话" value={v.companyTel} />
                <Item label="注册地址" value={v.companyAddress} wide />
                <Item label="开户银行" value={v.bank} />
                <Item label="银行账号" value={v.account} />
                <Item label="收票人" value={v.name} />
                <Item label="收票人手机" value={maskPhone(v.tel)} />
                <Item
                  label="收票地址"
                  value={`${[v.province, v.city, v.area, v.street].filter(Boolean).join(' ')} ${v.addressx}`}
                  wide
                />
              </dl>
              <div className="mt-3 flex flex-wrap justify-end gap-1 border-t border-slate-100 pt-2">
                {v.status !== 1 && (
                  <RowAction onClick={() => makeDefault(v)} context={`${v.companyName}的发票信息`}>
                    设为默认
                  </RowAction>
                )}
                <RowAction onClick={() => openForm(v)} context={`${v.companyName}的发票信息`}>
                  编辑
                </RowAction>
                <RowAction danger onClick={() => remove(v)} context={`${v.companyName}的发票信息`}>
                  删除
                </RowAction>
              </div>
            </li>
          ))}
        </ul>
      )}

      <InvoiceFormDialog open={form.open} invoice={form.item} onOpenChange={setFormOpen} onSaved={load} />
      {confirmDialog}
    </div>
  )
}

function Item({ label, value, wide }: { label: string; value: string; wide?: boolean }) {
  // A 电子普通发票 has no registration or postal details: nothing to list for them.
  if (!value.trim()) return null
  return (
    <div className={`flex gap-2 ${wide ? 'sm:col-span-2' : ''}`}>
      <dt className="w-20 shrink-0 text-slate-500">{label}</dt>
      <dd className="min-w-0 break-all text-slate-700">{value}</dd>
    </div>
  )
}
