/**
 * The shipping address form (accounts §2 "Shipping address form", §5 address rule): recipient,
 * phone, region picker down to the street, detail, default flag. Saves as new or updated by id.
 * Used by the address list and by checkout's add-address dialog (AddressFormDialog).
 */
import { type SubmitEvent, useId, useState } from 'react'
import type { Address } from '../../lib/api/account.ts'
import { account } from '../../lib/api/browser.ts'
import { checkAddress, DETAIL_MAX, NAME_MAX } from '../../lib/rules/address.ts'
import { joinRegion } from '../../lib/rules/region.ts'
import { toast } from '../../lib/toast.ts'
import { Dialog } from '../common/Dialog.tsx'
import { Field, inputClass } from '../common/Field.tsx'
import { fieldOf, focusField, invalidProps } from './form-errors.ts'
import { RegionPicker } from './RegionPicker.tsx'

type Key = 'name' | 'tel' | 'region' | 'addressDetail'

/** Which field each message of checkAddress is about. */
const FIELDS = [
  ['name', ['收货人']],
  ['tel', ['手机号']],
  ['region', ['省市区', '所在地区', '街道']],
  ['addressDetail', ['详细地址']],
] as const satisfies readonly (readonly [Key, readonly string[]])[]

export const ADDRESS_SAVED = '地址保存成功'

export function AddressForm({
  address,
  onSaved,
  onCancel,
}: {
  /** The address to edit; none for a new one. */
  address?: Address | null
  onSaved: () => void
  onCancel?: () => void
}) {
  const uid = useId()
  const id = (k: Key) => `${uid}-${k}`
  const [name, setName] = useState(address?.name ?? '')
  const [tel, setTel] = useState(address?.tel ?? '')
  const [region, setRegion] = useState(address ? joinRegion(address) : '')
  const [addressDetail, setDetail] = useState(address?.addressDetail ?? '')
  // A new address is not the default unless asked (accounts §9: default status 0 in the form).
  const [isDefault, setDefault] = useState(address?.status === 1)
  const [error, setError] = useState<{ key: Key | null; message: string } | null>(null)
  const [busy, setBusy] = useState(false)

  const errorOf = (k: Key) => (error?.key === k ? error.message : null)
  /** Typing in a field clears its message. */
  const clear = (k: Key) => error?.key === k && setError(null)

  async function submit(e: SubmitEvent) {
    e.preventDefault()
    const result = checkAddress({ name, tel, address: region, addressDetail, status: isDefault ? 1 : 0 })
    if (result.error !== null) {
      const key = fieldOf(result.error, FIELDS)
      setError({ key, message: result.error })
      if (key === 'region' && result.error.includes('街道')) focusField(`${id('region')}-street`)
      else if (key) focusField(id(key))
      else toast('error', result.error)
      return
    }
    setError(null)
    setBusy(true)
    try {
      await account.saveUserAddress({ ...result.value, ...(address ? { id: address.id } : {}) })
      toast('success', ADDRESS_SAVED)
      onSaved()
    } catch {
      // The client has shown the server's message.
    } finally {
      setBusy(false)
    }
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <Field id={id('name')} label="收货人" required error={errorOf('name')}>
        <input
          id={id('name')}
          className={inputClass}
          value={name}
          maxLength={NAME_MAX}
          autoComplete="name"
          placeholder="请填写收货人姓名"
          onChange={(e) => {
            setName(e.target.value)
            clear('name')
          }}
          {...invalidProps(id('name'), errorOf('name'))}
        />
      </Field>
      <Field id={id('tel')} label="手机号" required error={errorOf('tel')}>
        <input
          id={id('tel')}
          className={inputClass}
          type="tel"
          inputMode="numeric"
          value={tel}
          maxLength={11}
          autoComplete="tel-national"
          placeholder="请填写11位手机号"
          onChange={(e) => {
            setTel(e.target.value.replace(/\s/g, ''))
            clear('tel')
          }}
          {...invalidProps(id('tel'), errorOf('tel'))}
        />
      </Field>
      <Field id={id('region')} label="所在地区" required error={errorOf('region')}>
        <RegionPicker
          id={id('region')}
          value={region}
          onChange={(v) => {
            setRegion(v)
            clear('region')
          }}
          invalid={errorOf('region') !== null}
          describedBy={errorOf('region') ? `${id('region')}-error` : undefined}
        />
      </Field>
      <Field id={id('addressDetail')} label="详细地址" required error={errorOf('addressDetail')}>
        <textarea
          id={id('addressDetail')}
          className={`${inputClass} resize-none`}
          rows={2}
          value={addressDetail}
          maxLength={DETAIL_MAX}
          autoComplete="street-address"
          placeholder="门牌号、楼栋、单元室等"
          onChange={(e) => {
            setDetail(e.target.value)
            clear('addressDetail')
          }}
          {...invalidProps(id('addressDetail'), errorOf('addressDetail'))}
        />
      </Field>
      <div className="sm:pl-[7.75rem]">
        <label className="inline-flex cursor-pointer items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            className="h-4 w-4 accent-brand-700"
            checked={isDefault}
            onChange={(e) => setDefault(e.target.checked)}
          />
          设为默认地址
        </label>
      </div>
      {error && error.key === null && (
        <p role="alert" className="text-sm text-red-600">
          {error.message}
        </p>
      )}
      <div className="flex justify-end gap-2 border-t border-slate-100 pt-4">
        {onCancel && (
          <button type="button" className="btn-outline" onClick={onCancel}>
            取消
          </button>
        )}
        <button type="submit" className="btn-primary min-w-24" disabled={busy}>
          {busy ? '保存中…' : '保存'}
        </button>
      </div>
    </form>
  )
}

/** The add/edit address dialog: the list page and checkout open it; `onSaved` reloads their list. */
export function AddressFormDialog({
  open,
  onOpenChange,
  address,
  onSaved,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  address?: Address | null
  onSaved: () => void
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={address ? '编辑地址' : '新增地址'}
      width="max-w-xl"
      description="填写收货人、手机号、所在地区和详细地址"
    >
      {/* A fresh form per opening and per address, so nothing typed before lingers. */}
      {open && (
        <AddressForm
          key={address?.id ?? 'new'}
          address={address}
          onCancel={() => onOpenChange(false)}
          onSaved={() => {
            onOpenChange(false)
            onSaved()
          }}
        />
      )}
    </Dialog>
  )
}
