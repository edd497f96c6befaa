/**
 * The coupon form (issue 24), for 新建优惠券 and 编辑: 满减券 (满X减Y) or 折扣券 (a rate with a
 * cap), what it applies to, its dates and limits. Checked by the server's own rule
 * (src/lib/rules/promotion.ts) before it is sent. Once customers have claimed it, only the fields
 * the server still accepts are offered: the name, a later end, the total, 可与满减同享 (marketing's
 * call at any time, issue 39) and (by 停用) its state.
 */
import { useState } from 'react'
import { type AdminCoupon, type CouponBody, sellingApi } from '../../../lib/api/admin-selling.ts'
import {
  COUPON_TITLE_MAX,
  type CouponField,
  type CouponKind,
  type CouponScope,
  checkCoupon,
} from '../../../lib/rules/promotion.ts'
import { useRefusal } from '../../common/form-errors.ts'
import { Choice, GroupRow } from '../../publish/form-parts.tsx'
import { FormInput, saveChecked, TimeInput } from './form-fields.tsx'
import { FormDialogFrame, newDates, num, toLocalInput, wireTime } from './parts.tsx'
import { ScopePicker } from './ScopePicker.tsx'

interface Form {
  title: string
  kind: CouponKind
  threshold: string
  amount: string
  rate: string
  cap: string
  scope: CouponScope
  scopeIds: number[]
  includeCourses: boolean
  stacksWithPromotion: boolean
  totalLimit: string
  perUserLimit: string
  startTime: string
  endTime: string
}

/** The fields typed as text. */
type TextKey = Exclude<keyof Form, 'kind' | 'scope' | 'scopeIds' | 'includeCourses' | 'stacksWithPromotion'>

const NEW: () => Form = () => ({
  title: '',
  kind: 'amount',
  threshold: '',
  amount: '',
  rate: '',
  cap: '',
  scope: 'all',
  scopeIds: [],
  includeCourses: false,
  stacksWithPromotion: false,
  totalLimit: '',
  perUserLimit: '1',
  ...newDates(),
})

const formOf = (c: AdminCoupon): Form => ({
  title: c.title,
  kind: c.kind,
  threshold: String(c.threshold),
  amount: c.kind === 'amount' ? String(c.amount) : '',
  rate: c.kind === 'rate' ? String(c.rate) : '',
  cap: c.kind === 'rate' && c.cap > 0 ? String(c.cap) : '',
  scope: c.scope,
  scopeIds: c.scopeIds,
  includeCourses: c.includeCourses,
  stacksWithPromotion: c.stacksWithPromotion,
  totalLimit: String(c.totalLimit),
  perUserLimit: String(c.perUserLimit),
  startTime: toLocalInput(c.startTime),
  endTime: toLocalInput(c.endTime),
})

/**
 * The form as the wire reads it: the kind's own amounts, the other kind's neutral ones. The
 * times keep their stored text when left as loaded (wireTime): an edit after claims must keep
 * the start.
 */
function bodyOf(f: Form, was?: AdminCoupon): CouponBody {
  const rate = f.kind === 'rate'
  return {
    title: f.title.trim(),
    kind: f.kind,
    threshold: num(f.threshold),
    amount: rate ? 0 : num(f.amount),
    rate: rate ? num(f.rate) : 10,
    cap: rate ? num(f.cap) : 0,
    scope: f.scope,
    scopeIds: f.scope === 'all' ? [] : f.scopeIds,
    includeCourses: f.includeCourses,
    stacksWithPromotion: f.stacksWithPromotion,
    totalLimit: num(f.totalLimit),
    perUserLimit: num(f.perUserLimit),
    startTime: wireTime(f, 'startTime', was),
    endTime: wireTime(f, 'endTime', was),
  }
}

/** The coupon as it is, as a whole edit body: 重新启用 sends it with isShow. */
export const couponBody = (c: AdminCoupon): CouponBody => bodyOf(formOf(c), c)

const fieldId = (k: CouponField) => `coupon-${k}`

export function CouponForm({
  coupon,
  close,
  onSaved,
}: {
  /** The coupon edited; none for 新建优惠券. */
  coupon?: AdminCoupon
  close: () => void
  onSaved: (c: AdminCoupon) => void
}) {
  const [f, setF] = useState<Form>(() => (coupon ? formOf(coupon) : NEW()))
  const { refuse, clear, errorOf, formError } = useRefusal<CouponField>(fieldId)
  // After the first claim a customer holds the coupon as it was: its rule and scope stay.
  const locked = !!coupon && coupon.claimed > 0
  const set = <K extends keyof Form>(k: K, v: Form[K], field = k as CouponField) => {
    setF((old) => ({ ...old, [k]: v }))
    clear(field)
  }

  const submit = async () => {
    const body = bodyOf(f, coupon)
    // The rule reads the fields as typed, so a blank one is asked for rather than taken as 0.
    const r = checkCoupon({ ...f, startTime: body.startTime, endTime: body.endTime })
    const earlierEnd = locked && coupon && body.endTime < coupon.endTime
    const checked =
      r.error === null && earlierEnd
        ? { field: 'endTime' as const, error: '已有用户领取，结束时间只能延后' }
        : r
    const save = async () =>
      // An edit sends the whole form; once claimed, the fields not offered go back as they were.
      onSaved(coupon ? await sellingApi.editCoupon(coupon.id, body) : await sellingApi.createCoupon(body))
    return saveChecked(checked, refuse, save, coupon ? '优惠券已保存' : '优惠券已创建')
  }

  /** A text field's id, value, change and message. */
  const bound = (k: TextKey) => ({
    id: fieldId(k),
    value: f[k],
    onChange: (v: string) => set(k, v),
    error: errorOf(k),
  })
  const input = (
    k: Exclude<TextKey, 'startTime' | 'endTime'>,
    label: string,
    o: { required?: boolean; max?: number; hint?: string; unit?: string } = {},
  ) => <FormInput label={label} {...bound(k)} {...o} />
  const time = (k: 'startTime' | 'endTime', label: string) => (
    <TimeInput
      label={label}
      {...bound(k)}
      min={k === 'endTime' && locked ? toLocalInput(coupon?.endTime ?? '') : undefined}
    />
  )

  return (
    <FormDialogFrame
      title={coupon ? '编辑优惠券' : '新建优惠券'}
      formError={formError}
      submit={submit}
      close={close}
      note={
        locked
          ? `已有 ${coupon?.claimed} 位用户领取：只能修改名称、延后结束时间、调整发放总量（不少于已领取数量）；规则和适用范围保持领取时的样子。`
          : undefined
      }
    >
      {input('title', '优惠券名称', { required: true, max: COUPON_TITLE_MAX })}
      {!locked && (
        <>
          <GroupRow id={fieldId('kind')} legend="类型" required error={errorOf('kind')}>
            <div className="flex flex-wrap gap-2">
              <Choice
                type="radio"
                name="coupon-kind"
                id={fieldId('kind')}
                checked={f.kind === 'amount'}
                onChange={() => set('kind', 'amount')}
              >
                满减券（满X减Y）
              </Choice>
              <Choice
                type="radio"
                name="coupon-kind"
                checked={f.kind === 'rate'}
                onChange={() => set('kind', 'rate')}
              >
                折扣券（打折）
              </Choice>
            </div>
          </GroupRow>
          {input('threshold', '使用门槛', { unit: '元', hint: '订单中适用商品满此金额可用；填 0 为无门槛' })}
          {f.kind === 'amount' ? (
            input('amount', '减免金额', { required: true, unit: '元' })
          ) : (
            <>
              {input('rate', '折扣', { required: true, unit: '折', hint: '如 9 为 9折，8.5 为 8.5折' })}
              {input('cap', '最多减', { unit: '元', hint: '不填为不封顶' })}
            </>
          )}
          <GroupRow
            id={fieldId('scopeIds')}
            legend="适用范围"
            required
            error={errorOf('scopeIds') ?? errorOf('scope')}
          >
            <ScopePicker
              id={fieldId('scope')}
              scope={f.scope}
              ids={f.scopeIds}
              invalid={!!(errorOf('scopeIds') ?? errorOf('scope'))}
              onChange={(scope, ids) => {
                setF((old) => ({ ...old, scope, scopeIds: ids }))
                clear('scopeIds')
              }}
            />
          </GroupRow>
          <GroupRow id={fieldId('includeCourses')} legend="课程" error={errorOf('includeCourses')}>
            <Choice
              type="checkbox"
              name="coupon-includeCourses"
              id={fieldId('includeCourses')}
              checked={f.includeCourses}
              onChange={() => set('includeCourses', !f.includeCourses)}
            >
              课程、付费帖子和任务也可使用
            </Choice>
          </GroupRow>
          {time('startTime', '开始时间')}
        </>
      )}
      {time('endTime', '结束时间')}
      <GroupRow id={fieldId('stacksWithPromotion')} legend="满减" error={errorOf('stacksWithPromotion')}>
        <Choice
          type="checkbox"
          name="coupon-stacksWithPromotion"
          id={fieldId('stacksWithPromotion')}
          checked={f.stacksWithPromotion}
          onChange={() => set('stacksWithPromotion', !f.stacksWithPromotion)}
        >
          可与满减同享
        </Choice>
      </GroupRow>
      {input('totalLimit', '发放总量', {
        required: true,
        unit: '张',
        hint: locked ? `不能少于已领取的 ${coupon?.claimed} 张` : undefined,
      })}
      {!locked && input('perUserLimit', '每人限领', { required: true, unit: '张' })}
    </FormDialogFrame>
  )
}
