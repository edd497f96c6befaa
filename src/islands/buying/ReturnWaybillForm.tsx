/**
 * 寄回商品 (issue 38): once a 退货退款 or 换货 is approved (待寄回) the buyer names the courier
 * (one of COURIERS, or 其他 and its name typed) and the waybill of the goods sent back, checked as
 * PostOrdersReturn checks it (returnWaybillRefusal) before it goes; the order then reads 待验收.
 */
import { type SubmitEvent, useId, useState } from 'react'
import { buying } from '../../lib/api/browser.ts'
import { normalWaybill } from '../../lib/couriers.ts'
import { COURIER_NAMES, OTHER_COURIER, returnWaybillRefusal } from '../../lib/rules/after-sales.ts'
import { toast } from '../../lib/toast.ts'
import { Field, inputClass, TextField } from '../common/Field.tsx'
import { FormActions } from '../common/FormActions.tsx'
import { invalidProps, useRefusal } from '../common/form-errors.ts'
import { useSend } from '../common/useSend.ts'

type ReturnField = 'company' | 'number'

export function ReturnWaybillForm({ orderId, onDone }: { orderId: number; onDone: () => Promise<void> }) {
  const uid = useId()
  const ID: Record<ReturnField | 'other', string> = {
    company: `${uid}-company`,
    other: `${uid}-other`,
    number: `${uid}-number`,
  }
  const [choice, setChoice] = useState('')
  const [other, setOther] = useState('')
  const [number, setNumber] = useState('')
  const { busy, send } = useSend()
  // 其他: a refusal of the company is about the name typed, so it points there.
  const { refuse, errorOf, clear } = useRefusal((f: ReturnField) =>
    f === 'company' && choice === OTHER_COURIER ? ID.other : ID[f],
  )
  const company = choice === OTHER_COURIER ? other.trim() : choice

  async function submit(e: SubmitEvent) {
    e.preventDefault()
    if (busy) return
    const wrong = returnWaybillRefusal(company, number)
    if (wrong) {
      refuse(wrong.field, wrong.message)
      return
    }
    await send(async () => {
      const res = await buying.postOrdersReturn({ id: orderId, company, number: normalWaybill(number) })
      toast('success', typeof res.data === 'string' && res.data ? res.data : '提交成功')
      await onDone()
    })
  }

  const companyError = errorOf('company')
  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid gap-3"
      aria-labelledby={`${uid}-title`}
      data-return-form
    >
      <h3 id={`${uid}-title`} className="font-medium text-slate-900">
        填写寄回运单
      </h3>
      <Field id={ID.company} label="快递公司" required error={choice === OTHER_COURIER ? null : companyError}>
        <select
          id={ID.company}
          className={`${inputClass} sm:max-w-48`}
          value={choice}
          onChange={(e) => {
            setChoice(e.target.value)
            clear('company')
          }}
          {...invalidProps(ID.company, choice === OTHER_COURIER ? null : companyError)}
        >
          <option value="">请选择快递公司</option>
          {COURIER_NAMES.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
          <option value={OTHER_COURIER}>{OTHER_COURIER}</option>
        </select>
      </Field>
      {choice === OTHER_COURIER && (
        <TextField
          id={ID.other}
          label="公司名称"
          required
          narrow
          maxLength={20}
          placeholder="如 德邦快递"
          error={companyError}
          value={other}
          onValue={(v) => {
            setOther(v)
            clear('company')
          }}
        />
      )}
      <TextField
        id={ID.number}
        label="运单号"
        required
        maxLength={40}
        autoComplete="off"
        spellCheck={false}
        narrow
        placeholder={choice === '顺丰速运' ? 'SF 加 13 位数字' : '请填写运单号'}
        error={errorOf('number')}
        value={number}
        onValue={(v) => {
          setNumber(v)
          clear('number')
        }}
      />
      <FormActions
        busy={busy}
        label="提交运单"
        busyLabel="提交中…"
        className="flex justify-end sm:pl-[calc(7rem+0.75rem)] sm:justify-start"
      />
    </form>
  )
}
