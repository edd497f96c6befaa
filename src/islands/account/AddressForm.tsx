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
import { FormFoot, RegionDetailFields } from './address-fields.tsx'
import { fieldOf, focusField, invalidProps } from './form-errors.ts'

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
      <RegionDetailFields
        regionId={id('region')}
        region={region}
        onRegion={(v) => {
          setRegion(v)
          clear('region')
        }}
        regionError={errorOf('region')}
        detailId={id('addressDetail')}
        detail={addressDetail}
        onDetail={(v) => {
          setDetail(v)
          clear('addressDetail')
        }}
        detailError={errorOf('addressDetail')}
        detailMax={DETAIL_MAX}
        detailAutoComplete="street-address"
      />
      <FormFoot
        defaultLabel="设为默认地址"
        isDefault={isDefault}
        onDefault={setDefault}
        message={error && error.key === null ? error.message : null}
        busy={busy}
        onCancel={onCancel}
      />
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
