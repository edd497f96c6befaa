/**
 * The fields and the submit of the selling forms (coupon, 满减, shipping template), so that the
 * three read and behave alike: a text or amount input and a datetime input, each in its labelled
 * row with the rule's message under it, and `saveChecked`, which runs the shared rule before the
 * call and shows either refusal.
 */
import { refusalMessage } from '../../../lib/api/admin.ts'
import { toast } from '../../../lib/toast.ts'
import { Field, inputClass } from '../../common/Field.tsx'
import { invalidProps } from '../../common/form-errors.ts'
import { FieldControl } from '../form/FieldControl.tsx'

interface RowProps {
  /** The input's id; the rule's message is `${id}-error`. */
  id: string
  label: string
  value: string
  onChange: (value: string) => void
  error: string | null
  required?: boolean
}

/**
 * A text field (with `max`: its count shows) or, without `max`, an amount: narrow, decimal,
 * ten characters, followed by its unit (元, 张, 折) and a hint under it.
 */
export function FormInput({ max, ...row }: RowProps & { max?: number; unit?: string; hint?: string }) {
  return max ? (
    <FieldControl {...row} max={max} maxLength={max} />
  ) : (
    <FieldControl {...row} narrow maxLength={10} inputMode="decimal" />
  )
}

/** A required start or end time (China time, as `chinaLocalNow` gives it); `min` bars an earlier one. */
export function TimeInput({
  id,
  label,
  value,
  onChange,
  error,
  min,
}: Omit<RowProps, 'required'> & { min?: string }) {
  return (
    <Field id={id} label={label} required error={error}>
      <input
        id={id}
        type="datetime-local"
        className={`${inputClass} sm:max-w-56`}
        value={value}
        min={min}
        onChange={(e) => onChange(e.target.value)}
        {...invalidProps(id, error)}
      />
    </Field>
  )
}

/**
 * A selling form's submit, as FormDialogFrame takes it: the rule's refusal (`checked`, read from
 * the fields as typed) lands on its field; else `save` sends, the toast says `done`, and a refusal
 * of the server becomes the form's message. Answers whether it saved.
 */
export async function saveChecked<F extends string>(
  checked: { error: string | null; field: F | null },
  refuse: (field: F | null, message: string) => void,
  save: () => Promise<unknown>,
  done: string,
): Promise<boolean> {
  if (checked.error !== null) {
    refuse(checked.field, checked.error)
    return false
  }
  try {
    await save()
    toast('success', done)
    return true
  } catch (err) {
    refuse(null, refusalMessage(err))
    return false
  }
}
