/**
 * The invoice information form (accounts §3 "Invoice info", §5 invoice rule): the kind, the
 * company's billing details and where the invoice goes. The kind decides the fields (checkInvoice):
 * a 电子普通发票 asks for the title, the tax id and its receiver; a 增值税专用发票 for every field,
 * all required. Limits are the rule's. Saves as new or updated by id.
 */
import { type ReactNode, type SubmitEvent, useId, useState } from 'react'
import type { Invoice } from '../../lib/api/account.ts'
import { account } from '../../lib/api/browser.ts'
import {
  ACCOUNT_MAX,
  checkInvoice,
  INVOICE_TYPES,
  type InvoiceField,
  type InvoiceType,
  isVat,
} from '../../lib/rules/invoice.ts'
import { COMPANY_TEL_MAX } from '../../lib/rules/phone.ts'
import { joinRegion } from '../../lib/rules/region.ts'
import { toast } from '../../lib/toast.ts'
import { type DialogState, FreshFormDialog } from '../common/Dialog.tsx'
import { RequiredMark, TextField } from '../common/Field.tsx'
import { FormError } from '../common/FormError.tsx'
import { invalidProps, useRefusal } from '../common/form-errors.ts'
import { useSend } from '../common/useSend.ts'
import { ADDED, FormFoot, RegionDetailFields, refused, savedThen } from './address-fields.tsx'

/** The text fields: every field of the rule but the type and the region picker. */
type TextKey = Exclude<InvoiceField, 'types' | 'address' | 'country'>
/** The fields on the form; the rule's `address` is the region picker, `country` has no field. */
type Key = Exclude<InvoiceField, 'country'>

/** The text fields in the rule's order, with their limits (accounts §5). */
const TEXT_FIELDS: {
  key: TextKey
  label: string
  max: number
  placeholder: string
  type?: 'tel'
  /** Asked only for a 增值税专用发票. */
  vatOnly?: boolean
}[] = [
  { key: 'companyName', label: '公司名称', max: 20, placeholder: '发票抬头，与营业执照一致' },
  { key: 'companyCode', label: '税号', max: 18, placeholder: '18位统一社会信用代码' },
  { key: 'companyAddress', label: '注册地址', max: 100, placeholder: '公司注册地址', vatOnly: true },
  {
    key: 'companyTel',
    label: '注册电话',
    max: COMPANY_TEL_MAX,
    placeholder: '手机或座机，如 0512-65551234',
    type: 'tel',
    vatOnly: true,
  },
  { key: 'bank', label: '开户银行', max: 30, placeholder: '如：中国银行苏州分行', vatOnly: true },
  { key: 'account', label: '银行账号', max: ACCOUNT_MAX, placeholder: '对公银行账号，仅数字', vatOnly: true },
]
const RECEIVER_FIELDS: typeof TEXT_FIELDS = [
  { key: 'name', label: '收票人', max: 10, placeholder: '收票人姓名' },
  { key: 'tel', label: '收票人手机号', max: 11, placeholder: '11位手机号', type: 'tel' },
]

/** An edit says 发票保存成功 (accounts §8); a new invoice title 添加成功 (storefront §8). */
export const INVOICE_SAVED = '发票保存成功'

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-4">
      <legend className="mb-3 w-full border-b border-slate-100 pb-2 text-sm font-semibold text-slate-800">
        {title}
      </legend>
      {children}
    </fieldset>
  )
}

export function InvoiceForm({
  invoice,
  defaultType = INVOICE_TYPES[0],
  onSaved,
  onCancel,
}: {
  invoice?: Invoice | null
  /** The kind a new record starts with (the application dialog's tab). */
  defaultType?: InvoiceType
  onSaved: () => void
  onCancel?: () => void
}) {
  const uid = useId()
  const id = (k: Key) => `${uid}-${k}`
  const { refuse, errorOf, formError, clear } = useRefusal<Key>(id)
  const [types, setTypes] = useState<InvoiceType>(invoice?.types ?? defaultType)
  const [text, setText] = useState<Record<TextKey, string>>({
    companyName: invoice?.companyName ?? '',
    companyCode: invoice?.companyCode ?? '',
    companyAddress: invoice?.companyAddress ?? '',
    companyTel: invoice?.companyTel ?? '',
    bank: invoice?.bank ?? '',
    account: invoice?.account ?? '',
    name: invoice?.name ?? '',
    tel: invoice?.tel ?? '',
    addressx: invoice?.addressx ?? '',
  })
  const [region, setRegion] = useState(invoice ? joinRegion(invoice) : '')
  const [isDefault, setDefault] = useState(invoice?.status === 1)
  const { busy, send } = useSend()
  const vat = isVat(types)

  async function submit(e: SubmitEvent) {
    e.preventDefault()
    const result = checkInvoice({ types, ...text, address: region, status: isDefault ? 1 : 0 })
    if (refused(result, refuse)) return
    clear()
    await send(async () => {
      await account.saveUserInvoice({ ...result.value, ...(invoice ? { id: invoice.id } : {}) })
      toast('success', invoice ? INVOICE_SAVED : ADDED)
      onSaved()
    })
  }

  const input = (f: (typeof TEXT_FIELDS)[number]) => (
    <TextField
      key={f.key}
      id={id(f.key)}
      label={f.label}
      required
      error={errorOf(f.key)}
      type={f.type ?? 'text'}
      inputMode={f.type === 'tel' ? 'tel' : undefined}
      value={text[f.key]}
      maxLength={f.max}
      placeholder={f.placeholder}
      onValue={(v) => {
        setText((t) => ({ ...t, [f.key]: v }))
        clear(f.key)
      }}
    />
  )

  return (
    <form onSubmit={submit} noValidate className="space-y-6">
      <div className="grid gap-1 sm:grid-cols-[7rem_1fr] sm:items-start sm:gap-3">
        <span id={`${id('types')}-label`} className="pt-2.5 text-sm text-slate-600 sm:text-right">
          <RequiredMark />
          发票类型
        </span>
        <div>
          <div
            role="radiogroup"
            aria-labelledby={`${id('types')}-label`}
            {...invalidProps(id('types'), errorOf('types'))}
            className="grid grid-cols-2 gap-2"
          >
            {INVOICE_TYPES.map((t, i) => (
              <label
                key={t}
                className={`flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2.5 text-sm transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500 ${types === t ? 'border-brand-500 bg-brand-50 font-medium text-brand-700' : 'border-slate-300 text-slate-700 hover:border-brand-500'}`}
              >
                <input
                  id={i === 0 ? id('types') : undefined}
                  type="radio"
                  name={`${uid}-types`}
                  className="h-4 w-4 shrink-0 accent-brand-700"
                  checked={types === t}
                  onChange={() => {
                    setTypes(t)
                    clear('types')
                  }}
                />
                {t}
              </label>
            ))}
          </div>
          <FormError id={`${id('types')}-error`} at="field" message={errorOf('types')} className="mt-1" />
        </div>
      </div>

      <Section title="开票信息">{TEXT_FIELDS.filter((f) => vat || !f.vatOnly).map(input)}</Section>

      <Section title="收票信息">
        {RECEIVER_FIELDS.map(input)}
        {vat ? (
          <RegionDetailFields
            regionId={id('address')}
            region={region}
            onRegion={(v) => {
              setRegion(v)
              clear('address')
            }}
            regionError={errorOf('address')}
            detailId={id('addressx')}
            detail={text.addressx}
            onDetail={(v) => {
              setText((t) => ({ ...t, addressx: v }))
              clear('addressx')
            }}
            detailError={errorOf('addressx')}
            detailMax={100}
          />
        ) : (
          <p className="text-sm text-slate-500">电子普通发票无需邮寄地址，开具后在“消息”中通知。</p>
        )}
      </Section>

      <FormFoot
        defaultLabel="设为默认发票信息"
        isDefault={isDefault}
        onDefault={setDefault}
        message={formError}
        busy={busy}
        onCancel={onCancel}
      />
    </form>
  )
}

/** The add/edit invoice information dialog; the order screen's "add new invoice information" link can open it too. */
export function InvoiceFormDialog({
  open,
  onOpenChange,
  invoice,
  defaultType,
  onSaved,
}: DialogState & {
  invoice?: Invoice | null
  defaultType?: InvoiceType
  onSaved: () => void
}) {
  return (
    <FreshFormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={invoice ? '编辑发票信息' : '新增发票信息'}
      width="max-w-2xl"
      description="填写发票类型、开票信息和收票信息"
    >
      {(close) => (
        <InvoiceForm
          key={invoice?.id ?? 'new'}
          invoice={invoice}
          defaultType={defaultType}
          {...savedThen(close, onSaved)}
        />
      )}
    </FreshFormDialog>
  )
}
