/** The publish form's fields, each bound to the form's state (use-publish-form.ts) by `ctl`. */
import type { ComponentProps, ReactNode } from 'react'
import type { ClassifyItem } from '../../lib/api/types.ts'
import {
  CONTACT_ADDRESS_MAX,
  CONTACT_NAME_MAX,
  CONTACT_TEL_MAX,
  PayMode,
  type PublishField,
} from '../../lib/rules/publish.ts'
import { Field, inputClass, TextField } from '../common/Field.tsx'
import { invalidProps } from '../common/form-errors.ts'
import { Choice, GroupRow } from './form-parts.tsx'
import { fieldId } from './publish-form.ts'
import { idOf, type PublishFormCtl } from './use-publish-form.ts'

type TextKey = 'title' | 'postName' | 'tel' | 'addressx'

/**
 * One line of text: its label, the refusal under it and, with `max`, the count of what is typed.
 * <TextRow ctl={ctl} field="postName" label="联系人名称" max={CONTACT_NAME_MAX} autoComplete="name" />
 */
export function TextRow({
  ctl,
  field,
  label,
  max,
  count = true,
  className = inputClass,
  ...input
}: {
  ctl: PublishFormCtl
  field: TextKey
  label: string
  max: number
  /** Whether the row shows 已输入 n/max (the phone does not). */
  count?: boolean
  className?: string
} & Omit<ComponentProps<'input'>, 'id' | 'value' | 'onChange' | 'maxLength'>) {
  const id = fieldId(field)
  const value = ctl.form[field]
  return (
    <Field
      id={id}
      label={label}
      required
      error={ctl.errorOf(field)}
      count={count ? [...value].length : undefined}
      max={count ? max : undefined}
    >
      <input
        id={id}
        className={className}
        value={value}
        maxLength={max}
        placeholder={`请填写${label}`}
        onChange={(e) => ctl.set(field, e.target.value)}
        {...input}
        {...invalidProps(id, ctl.errorOf(field))}
      />
    </Field>
  )
}

/**
 * A row of choices from a dictionary: the category (one, radios) or the tags (checkboxes); the
 * first choice carries the field's id, so a refusal focuses it.
 */
export function ChoiceRow({
  field,
  legend,
  type,
  items,
  empty,
  error,
  hint,
  required,
  isChecked,
  onPick,
}: {
  field: PublishField
  legend: string
  type: 'radio' | 'checkbox'
  items: ClassifyItem[]
  /** Said when the dictionary is empty: 暂无分类. */
  empty: string
  error: string | null
  hint?: string
  required?: boolean
  isChecked: (item: ClassifyItem) => boolean
  onPick: (item: ClassifyItem) => void
}) {
  return (
    <GroupRow id={fieldId(field)} legend={legend} required={required} error={error} hint={hint}>
      {items.length === 0 ? (
        <p className="pt-1 text-sm text-slate-500">{empty}</p>
      ) : (
        <div className="flex flex-wrap gap-2">
          {items.map((c, i) => (
            <Choice
              key={c.id}
              type={type}
              name={type === 'radio' ? 'pub-class' : 'pub-tag'}
              id={i === 0 ? fieldId(field) : undefined}
              checked={isChecked(c)}
              onChange={() => onPick(c)}
            >
              {c.title}
            </Choice>
          ))}
        </div>
      )}
    </GroupRow>
  )
}

/** 收费方式 (免费/收费) and, when paid, the price: free means a price of 0 (accounts §5). */
export function PaymentFields({ ctl, noun }: { ctl: PublishFormCtl; noun: string }) {
  const { form, setForm, clear, errorOf } = ctl
  const paid = form.free === PayMode.paid
  return (
    <>
      <GroupRow id={idOf('status')} legend="收费方式" required error={errorOf('status')}>
        <div className="flex flex-wrap gap-2">
          <Choice
            type="radio"
            name="pub-free"
            id={idOf('status')}
            checked={form.free === PayMode.free}
            onChange={() => {
              setForm((f) => ({ ...f, free: PayMode.free, price: '0' }))
              clear('price')
              clear('status')
            }}
          >
            免费
          </Choice>
          <Choice
            type="radio"
            name="pub-free"
            checked={paid}
            onChange={() => {
              setForm((f) => ({ ...f, free: PayMode.paid, price: f.price === '0' ? '' : f.price }))
              clear('status')
            }}
          >
            收费
          </Choice>
        </div>
      </GroupRow>
      {paid && (
        <TextField
          id={fieldId('price')}
          label={`${noun}价格（元）`}
          required
          error={errorOf('price')}
          narrow
          inputMode="decimal"
          autoComplete="off"
          value={form.price}
          placeholder={`请填写${noun}价格`}
          // Kept as typed: checkPublish refuses -1 or 99.999 with a message (price.ts), never rewrites it.
          onValue={(v) => ctl.set('price', v)}
        />
      )}
    </>
  )
}

/** A task's city, from the city dictionary. */
export function CityField({ ctl, cities }: { ctl: PublishFormCtl; cities: ClassifyItem[] }) {
  const error = ctl.errorOf('city')
  return (
    <Field id={fieldId('city')} label="城市" required error={error}>
      <select
        id={fieldId('city')}
        className={`${inputClass} sm:max-w-48`}
        value={ctl.form.city}
        onChange={(e) => ctl.set('city', e.target.value)}
        {...invalidProps(fieldId('city'), error)}
      >
        <option value="">请选择城市</option>
        {cities.map((c) => (
          <option key={c.id} value={c.title}>
            {c.title}
          </option>
        ))}
      </select>
    </Field>
  )
}

/** A task's contact: name, phone and address. */
export function TaskContactFields({ ctl }: { ctl: PublishFormCtl }) {
  return (
    <>
      <TextRow ctl={ctl} field="postName" label="联系人名称" max={CONTACT_NAME_MAX} autoComplete="name" />
      <TextRow
        ctl={ctl}
        field="tel"
        label="联系人电话"
        max={CONTACT_TEL_MAX}
        count={false}
        className={`${inputClass} sm:max-w-64`}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
      />
      <TextRow
        ctl={ctl}
        field="addressx"
        label="联系人地址"
        max={CONTACT_ADDRESS_MAX}
        autoComplete="street-address"
      />
    </>
  )
}

/** A label on the left and the control on the right, as the form's rows are laid out. */
export function WideRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 sm:grid-cols-[7rem_1fr] sm:items-start sm:gap-3">
      {/* The control takes its name from its own label; this is the same name, for the eye. */}
      <span aria-hidden="true" className="pt-2 text-sm text-slate-600 sm:text-right">
        <span className="mr-0.5 text-red-600">*</span>
        {label}
      </span>
      <div className="min-w-0">{children}</div>
    </div>
  )
}
