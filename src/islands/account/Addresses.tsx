/**
 * 收货地址 (accounts §2 "Address list"): each address with name, masked phone, region and
 * detail, a 默认 mark for status 1; add and edit in the address dialog, delete after the
 * generic confirm dialog.
 */
import type { Address } from '../../lib/api/account.ts'
import { account } from '../../lib/api/browser.ts'
import { OWNED_MAX } from '../../lib/constants.ts'
import { maskPhone } from '../../lib/format.ts'
import { AccountGate } from '../common/AccountGate.tsx'
import { AddressFormDialog } from '../forms/AddressForm.tsx'
import { DefaultMark, ListSkeleton, PlusIcon, RowAction } from './list-parts.tsx'
import { useOwnedList } from './owned-list.ts'

export function Addresses() {
  return <AccountGate>{() => <AddressList />}</AccountGate>
}

function AddressList() {
  const { list, load, remove, makeDefault, form, openForm, setFormOpen, confirmDialog } =
    useOwnedList<Address>({
      query: account.getUserAddressQuery,
      remove: account.deleteUserAddress,
      save: account.saveUserAddress,
      removed: '地址删除成功',
      madeDefault: '已设为默认地址',
    })

  const add = () => openForm(null)
  const full = (list?.length ?? 0) >= OWNED_MAX

  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-500">
          {list ? `已保存 ${list.length} 个地址，最多 ${OWNED_MAX} 个` : ' '}
        </p>
        <button type="button" className="btn-primary" onClick={add} disabled={full}>
          <PlusIcon />
          新增地址
        </button>
      </div>

      {list === null ? (
        <ListSkeleton />
      ) : list.length === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 px-4 py-12 text-center">
          <p className="text-slate-600">还没有收货地址</p>
          <p className="mt-1 text-sm text-slate-500">添加一个常用地址，下单时可直接选择。</p>
        </div>
      ) : (
        <ul className="grid gap-3 lg:grid-cols-2" aria-label="收货地址列表">
          {list.map((a) => (
            <li
              key={a.id}
              className={`flex flex-col rounded-lg border p-4 ${a.status === 1 ? 'border-brand-500 bg-brand-50/40' : 'border-slate-200'}`}
            >
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <h2 className="text-base font-semibold text-slate-900 break-all">{a.name}</h2>
                <span className="text-sm tabular-nums text-slate-600">{maskPhone(a.tel)}</span>
                {a.status === 1 && <DefaultMark />}
              </div>
              <dl className="mt-2 grid grid-cols-[4.5rem_1fr] gap-x-2 gap-y-1 text-sm">
                <dt className="text-slate-500">所在地区</dt>
                <dd className="text-slate-700">
                  {[a.province, a.city, a.area, a.street].filter(Boolean).join(' ')}
                </dd>
                <dt className="text-slate-500">详细地址</dt>
                <dd className="break-all text-slate-700">{a.addressDetail}</dd>
              </dl>
              <div className="mt-3 flex flex-wrap items-center justify-end gap-1 border-t border-slate-100 pt-2">
                {a.status !== 1 && (
                  <RowAction onClick={() => makeDefault(a)} context={`${a.name}的地址`}>
                    设为默认
                  </RowAction>
                )}
                <RowAction onClick={() => openForm(a)} context={`${a.name}的地址`}>
                  编辑
                </RowAction>
                <RowAction danger onClick={() => remove(a)} context={`${a.name}的地址`}>
                  删除
                </RowAction>
              </div>
            </li>
          ))}
        </ul>
      )}

      <AddressFormDialog open={form.open} address={form.item} onOpenChange={setFormOpen} onSaved={load} />
      {confirmDialog}
    </div>
  )
}
