/**
 * The 满减 form (issue 24): a name, store-wide or one category, 满X减Y and the dates. Checked by
 * the server's own rule (src/lib/rules/promotion.ts) before it is sent.
 */
import { useState } from 'react'
import { type AdminPromotion, type PromotionBody, sellingApi } from '../../../lib/api/admin-selling.ts'
import { checkPromotion, PROMOTION_TITLE_MAX, type PromotionField } from '../../../lib/rules/promotion.ts'
import { Field, inputClass } from '../../common/Field.tsx'
import { invalidProps, useRefusal } from '../../common/form-errors.ts'
import { FormInput, saveChecked, TimeInput } from './form-fields.tsx'
import { FormDialogFrame, newDates, num, toLocalInput, useCategories, wireTime } from './parts.tsx'

interface Form {
  title: string
  classId: string
  threshold: string
  off: string
  startTime: string
  endTime: string
}

const NEW = (): Form => ({
  title: '',
  classId: '',
  threshold: '',
  off: '',
  ...newDates(),
})

const formOf = (p: AdminPromotion): Form => ({
  title: p.title,
  classId: p.classId === null ? '' : String(p.classId),
  threshold: String(p.threshold),
  off: String(p.off),
  startTime: toLocalInput(p.startTime),
  endTime: toLocalInput(p.endTime),
})

/** The form as the wire reads it; a time left as loaded keeps its stored text. */
function bodyOf(f: Form, was?: AdminPromotion): PromotionBody {
  return {
    title: f.title.trim(),
    classId: f.classId === '' ? null : Number(f.classId),
    threshold: num(f.threshold),
    off: num(f.off),
    startTime: wireTime(f, 'startTime', was),
    endTime: wireTime(f, 'endTime', was),
  }
}

/** The promotion as it is, as a whole edit body: 重新启用 sends it with isShow. */
export const promotionBody = (p: AdminPromotion): PromotionBody => bodyOf(formOf(p), p)

const fieldId = (k: PromotionField) => `promotion-${k}`

export function PromotionForm({
  promotion,
  close,
  onSaved,
}: {
  promotion?: AdminPromotion
  close: () => void
  onSaved: () => void
}) {
  const [f, setF] = useState<Form>(() => (promotion ? formOf(promotion) : NEW()))
  const categories = useCategories()
  const { refuse, clear, errorOf, formError } = useRefusal<PromotionField>(fieldId)
  const set = (k: keyof Form, v: string) => {
    setF((old) => ({ ...old, [k]: v }))
    clear(k as PromotionField)
  }
  const submit = async () => {
    const body = bodyOf(f, promotion)
    // The rule reads the fields as typed, so a blank one is asked for rather than taken as 0.
    const r = checkPromotion({ ...f, startTime: body.startTime, endTime: body.endTime })
    const save = async () => {
      if (promotion) await sellingApi.editPromotion(promotion.id, body)
      else await sellingApi.createPromotion(body)
      onSaved()
    }
    return saveChecked(r, refuse, save, promotion ? '满减活动已保存' : '满减活动已创建')
  }
  /** A field's id, value, change and message. */
  const bound = (k: keyof Form) => ({
    id: fieldId(k),
    value: f[k],
    onChange: (v: string) => set(k, v),
    error: errorOf(k),
  })
  const input = (k: 'title' | 'threshold' | 'off', label: string, money: boolean) => (
    <FormInput
      label={label}
      required
      {...bound(k)}
      max={money ? undefined : PROMOTION_TITLE_MAX}
      unit={money ? '元' : undefined}
    />
  )
  const time = (k: 'startTime' | 'endTime', label: string) => <TimeInput label={label} {...bound(k)} />
  return (
    <FormDialogFrame
      title={promotion ? '编辑满减活动' : '新建满减活动'}
      width="max-w-xl"
      formError={formError}
      submit={submit}
      close={close}
    >
      {input('title', '活动名称', false)}
      <Field id={fieldId('classId')} label="适用范围" error={errorOf('classId')}>
        <select
          id={fieldId('classId')}
          className={`${inputClass} sm:max-w-64`}
          value={f.classId}
          onChange={(e) => set('classId', e.target.value)}
          {...invalidProps(fieldId('classId'), errorOf('classId'))}
        >
          <option value="">全场商品</option>
          {categories.map((c) => (
            <option key={c.id} value={c.id}>
              分类：{c.title}
            </option>
          ))}
        </select>
      </Field>
      {input('threshold', '满减门槛', true)}
      {input('off', '减免金额', true)}
      <p className="text-xs text-slate-500 sm:pl-[7.75rem]">
        按商品原价计算是否满额；多个活动同时满足时只享受减得最多的一个，不与其他满减叠加。
      </p>
      {time('startTime', '开始时间')}
      {time('endTime', '结束时间')}
    </FormDialogFrame>
  )
}
