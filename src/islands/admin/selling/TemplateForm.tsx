/**
 * The shipping template form (issue 24): a name, the base fee, the amount above which a parcel
 * ships free, and dearer (or cheaper) provinces chosen from the region picker's list. Checked by
 * the server's own rule (src/lib/rules/promotion.ts) before it is sent.
 */
import { useState } from 'react'
import {
  type AdminShippingTemplate,
  type ShippingTemplateBody,
  sellingApi,
} from '../../../lib/api/admin-selling.ts'
import { checkShippingTemplate, TEMPLATE_NAME_MAX, type TemplateField } from '../../../lib/rules/promotion.ts'
import { inputClass } from '../../common/Field.tsx'
import { invalidProps, useRefusal } from '../../common/form-errors.ts'
import { GroupRow } from '../../publish/form-parts.tsx'
import { FormInput, saveChecked } from './form-fields.tsx'
import { FormDialogFrame, num, useProvinces } from './parts.tsx'

interface Form {
  name: string
  base: string
  freeAbove: string
  /** `key` keeps React's rows (and focus) with their values when a row above is removed. */
  rates: { key: number; province: string; fee: string }[]
}

let nextKey = 0

const formOf = (t?: AdminShippingTemplate): Form => ({
  name: t?.name ?? '',
  base: t ? String(t.base) : '',
  freeAbove: t && t.freeAbove > 0 ? String(t.freeAbove) : '',
  rates: (t?.rates ?? []).map((r) => ({ key: nextKey++, province: r.province, fee: String(r.fee) })),
})

const bodyOf = (f: Form): ShippingTemplateBody => ({
  name: f.name.trim(),
  base: num(f.base),
  freeAbove: num(f.freeAbove),
  rates: f.rates.map((r) => ({ province: r.province, fee: num(r.fee) })),
})

/** A rule names a rate's field rates.<i>.province or rates.<i>.fee; its input has this id. */
const fieldId = (k: TemplateField) => `template-${String(k).replaceAll('.', '-')}`

export function TemplateForm({
  template,
  close,
  onSaved,
}: {
  template?: AdminShippingTemplate
  close: () => void
  onSaved: () => void
}) {
  const [f, setF] = useState<Form>(() => formOf(template))
  const provinces = useProvinces()
  const { refuse, clear, errorOf, formError } = useRefusal<TemplateField>(fieldId)
  const setRate = (i: number, change: Partial<Form['rates'][number]>) => {
    setF((old) => ({ ...old, rates: old.rates.map((r, n) => (n === i ? { ...r, ...change } : r)) }))
    clear()
  }
  const submit = async () => {
    // The rule reads the fields as typed, so a blank one is asked for rather than taken as 0.
    const r = checkShippingTemplate({ ...f })
    const body = bodyOf(f)
    const save = async () => {
      if (template) await sellingApi.editTemplate(template.id, body)
      else await sellingApi.createTemplate(body)
      onSaved()
    }
    return saveChecked(r, refuse, save, template ? '运费模板已保存' : '运费模板已创建')
  }
  const set = (k: 'name' | 'base' | 'freeAbove', v: string) => {
    setF((old) => ({ ...old, [k]: v }))
    clear(k)
  }
  const money = (k: 'base' | 'freeAbove', label: string, hint: string) => (
    <FormInput
      id={fieldId(k)}
      label={label}
      required={k === 'base'}
      value={f[k]}
      onChange={(v) => set(k, v)}
      error={errorOf(k)}
      unit="元"
      hint={hint}
    />
  )
  const taken = new Set(f.rates.map((r) => r.province))
  const rateError = f.rates
    .flatMap((_, i) => [errorOf(`rates.${i}.province`), errorOf(`rates.${i}.fee`)])
    .find(Boolean)
  return (
    <FormDialogFrame
      title={template ? '编辑运费模板' : '新建运费模板'}
      formError={formError}
      submit={submit}
      close={close}
      note={
        template && template.products > 0
          ? `有 ${template.products} 个商品使用这个模板：保存后它们的运费和“包邮”标签随之更新。`
          : undefined
      }
    >
      <FormInput
        id={fieldId('name')}
        label="模板名称"
        required
        value={f.name}
        onChange={(v) => set('name', v)}
        error={errorOf('name')}
        max={TEMPLATE_NAME_MAX}
      />
      {money('base', '基础运费', '未单独设置的地区按此收取；填 0 为包邮')}
      {money('freeAbove', '满额包邮', '同一模板的商品原价合计满此金额免运费；不填为不按金额包邮')}
      <GroupRow
        id={fieldId('rates')}
        legend="指定地区运费"
        error={errorOf('rates') ?? rateError ?? null}
        hint="偏远地区（如新疆、西藏）可设更高运费；未列出的省份按基础运费"
      >
        <div className="grid gap-2">
          {f.rates.map((r, i) => (
            <div
              key={r.key}
              className="grid grid-cols-[minmax(0,14rem)_6rem_auto_auto] items-center justify-start gap-2"
            >
              <label htmlFor={fieldId(`rates.${i}.province`)} className="sr-only">
                第{i + 1}个地区
              </label>
              <select
                id={fieldId(`rates.${i}.province`)}
                className={inputClass}
                value={r.province}
                onChange={(e) => setRate(i, { province: e.target.value })}
                {...invalidProps(fieldId('rates'), errorOf(`rates.${i}.province`))}
              >
                <option value="">请选择省份</option>
                {provinces.map((p) => (
                  <option key={p} value={p} disabled={p !== r.province && taken.has(p)}>
                    {p}
                  </option>
                ))}
              </select>
              <label htmlFor={fieldId(`rates.${i}.fee`)} className="sr-only">
                第{i + 1}个地区的运费（元）
              </label>
              <input
                id={fieldId(`rates.${i}.fee`)}
                className={inputClass}
                inputMode="decimal"
                maxLength={10}
                placeholder="运费"
                value={r.fee}
                onChange={(e) => setRate(i, { fee: e.target.value })}
                {...invalidProps(fieldId('rates'), errorOf(`rates.${i}.fee`))}
              />
              <span className="text-sm text-slate-600">元</span>
              <button
                type="button"
                className="btn-outline px-2 py-1 text-xs"
                aria-label={`删除第${i + 1}个地区`}
                onClick={() => {
                  setF((old) => ({ ...old, rates: old.rates.filter((_, n) => n !== i) }))
                  clear()
                }}
              >
                删除
              </button>
            </div>
          ))}
          <div>
            <button
              type="button"
              className="btn-outline px-3 py-1 text-sm"
              onClick={() =>
                setF((old) => ({ ...old, rates: [...old.rates, { key: nextKey++, province: '', fee: '' }] }))
              }
            >
              添加地区
            </button>
          </div>
        </div>
      </GroupRow>
    </FormDialogFrame>
  )
}
