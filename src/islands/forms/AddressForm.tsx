/**
 * The shipping address form (accounts §2 "Shipping address form", §5 address rule): recipient,
 * phone, region picker down to the street, detail, default flag. Saves as new or updated by id.
 * Used by the address list and by checkout's add-address dialog (AddressFormDialog).
 */
import { type SubmitEvent, useId, useState } from 'react'
import type { Address } from '../../lib/api/account.ts'
import { account } from '../../lib/api/browser.ts'
import { type AddressField, checkAddress, DETAIL_MAX, NAME_MAX } from '../../lib/rules/address.ts'
import { joinRegion } from '../../lib/rules/region.ts'
import { toast } from '../../lib/toast.ts'
import { type DialogState, FreshFormDialog } from '../common/Dialog.tsx'
import { TextField } from '../common/Field.tsx'
import { useRefusal } from '../common/form-errors.ts'
import { useSend } from '../common/useSend.ts'
import { ADDED, FormFoot, RegionDetailFields, refused, savedThen } from './address-fields.tsx'

/** The fields on the form; the rule's `street` is the region picker's last select. */
type Key = Exclude<AddressField, 'street' | 'country'>

/** An edit says 地址保存成功 (accounts §5); a new address 添加成功 (storefront §8). */
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
  // `street` focuses the picker's street select; `country` has no field, so it is the form's.
  const { refuse, errorOf, formError, clear } = useRefusal<Exclude<AddressField, 'country'>>((k) =>
    k === 'street' ? `${id('address')}-street` : id(k),
  )
  const [name, setName] = useState(address?.name ?? '')
  const [tel, setTel] = useState(address?.tel ?? '')
  const [region, setRegion] = useState(address ? joinRegion(address) : '')
  const [addressDetail, setDetail] = useState(address?.addressDetail ?? '')
  // A new address is not the default unless asked (accounts §9: default status 0 in the form).
  const [isDefault, setDefault] = useState(address?.status === 1)
  const { busy, send } = useSend()
  const regionError = errorOf('address') ?? errorOf('street')

  async function submit(e: SubmitEvent) {
    e.preventDefault()
    const result = checkAddress({ name, tel, address: region, addressDetail, status: isDefault ? 1 : 0 })
    if (refused(result, refuse)) return
    clear()
    await send(async () => {
      await account.saveUserAddress({ ...result.value, ...(address ? { id: address.id } : {}) })
      toast('success', address ? ADDRESS_SAVED : ADDED)
      onSaved()
    })
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <TextField
        id={id('name')}
        label="收货人"
        required
        error={errorOf('name')}
        value={name}
        maxLength={NAME_MAX}
        autoComplete="name"
        placeholder="请填写收货人姓名"
        onValue={(v) => {
          setName(v)
          clear('name')
        }}
      />
      <TextField
        id={id('tel')}
        label="手机号"
        required
        error={errorOf('tel')}
        type="tel"
        inputMode="numeric"
        value={tel}
        maxLength={11}
        autoComplete="tel-national"
        placeholder="请填写11位手机号"
        onValue={(v) => {
          setTel(v.replace(/\s/g, ''))
          clear('tel')
        }}
      />
      <RegionDetailFields
        regionId={id('address')}
        region={region}
        onRegion={(v) => {
          setRegion(v)
          if (regionError) clear()
        }}
        regionError={regionError}
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
        message={formError}
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
}: DialogState & {
  address?: Address | null
  onSaved: () => void
}) {
  return (
    <FreshFormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={address ? '编辑地址' : '新增地址'}
      width="max-w-xl"
      description="填写收货人、手机号、所在地区和详细地址"
    >
      {/* A fresh form per address too. */}
      {(close) => <AddressForm key={address?.id ?? 'new'} address={address} {...savedThen(close, onSaved)} />}
    </FreshFormDialog>
  )
}
