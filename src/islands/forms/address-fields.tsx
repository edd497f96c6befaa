/**
 * The pieces the address form and the invoice form share, so the two cannot drift apart:
 * the 所在地区 picker with its 详细地址 box, and the foot of the form (the 设为默认 box, a
 * message no field owns, 取消/保存).
 */

import type { Checked } from '../../lib/rules/fields.ts'
import { toast } from '../../lib/toast.ts'
import { Field, inputClass } from '../common/Field.tsx'
import { FormActions } from '../common/FormActions.tsx'
import { FormError } from '../common/FormError.tsx'
import { invalidProps } from '../common/form-errors.ts'
import { RegionPicker } from './RegionPicker.tsx'

/** A new address or invoice title saved (storefront §8); an edit keeps its form's own message. */
export const ADDED = '添加成功'

/**
 * Shows a refusal of the address or invoice rule, true when there was one. `country` has no field
 * of its own: its message is the form's, and a toast.
 */
export function refused<T, F extends string>(
  result: Checked<T, F>,
  refuse: (field: Exclude<F, 'country'> | null, message: string) => void,
): result is Extract<Checked<T, F>, { value: null }> {
  if (result.error === null) return false
  if (result.field === 'country') {
    refuse(null, result.error)
    toast('error', result.error)
  } else refuse(result.field as Exclude<F, 'country'>, result.error)
  return true
}

/** The form's props in its dialog: 取消 closes it, a save closes it and reloads the list behind. */
export const savedThen = (close: () => void, onSaved: () => void) => ({
  onCancel: close,
  onSaved: () => {
    close()
    onSaved()
  },
})

/** The region picker and the detail textarea; each clears its own message as it changes. */
export function RegionDetailFields({
  regionId,
  region,
  onRegion,
  regionError,
  detailId,
  detail,
  onDetail,
  detailError,
  detailMax,
  detailAutoComplete,
}: {
  regionId: string
  region: string
  onRegion: (value: string) => void
  regionError: string | null
  detailId: string
  detail: string
  onDetail: (value: string) => void
  detailError: string | null
  detailMax: number
  detailAutoComplete?: string
}) {
  return (
    <>
      <Field id={regionId} label="所在地区" required error={regionError}>
        <RegionPicker
          id={regionId}
          value={region}
          onChange={onRegion}
          invalid={regionError !== null}
          describedBy={regionError ? `${regionId}-error` : undefined}
        />
      </Field>
      <Field id={detailId} label="详细地址" required error={detailError}>
        <textarea
          id={detailId}
          className={`${inputClass} resize-none`}
          rows={2}
          value={detail}
          maxLength={detailMax}
          autoComplete={detailAutoComplete}
          placeholder="门牌号、楼栋、单元室等"
          onChange={(e) => onDetail(e.target.value)}
          {...invalidProps(detailId, detailError)}
        />
      </Field>
    </>
  )
}

/** The 设为默认 checkbox, the message no field owns (if any), and 取消 (when cancellable) / 保存. */
export function FormFoot({
  defaultLabel,
  isDefault,
  onDefault,
  message,
  busy,
  onCancel,
}: {
  defaultLabel: string
  isDefault: boolean
  onDefault: (value: boolean) => void
  message: string | null
  busy: boolean
  onCancel?: () => void
}) {
  return (
    <>
      <div className="sm:pl-[7.75rem]">
        <label className="inline-flex cursor-pointer items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            className="h-4 w-4 accent-brand-700"
            checked={isDefault}
            onChange={(e) => onDefault(e.target.checked)}
          />
          {defaultLabel}
        </label>
      </div>
      <FormError message={message} />
      <FormActions
        busy={busy}
        label="保存"
        busyLabel="保存中…"
        onCancel={onCancel}
        className="flex justify-end gap-2 border-t border-slate-100 pt-4"
      />
    </>
  )
}
