/**
 * What the moderation screens share (issue 20): their sub-navigation, the dialog that asks for a
 * reason (or a note) and confirms a destructive action in one step, and the unlist/restore
 * buttons of a post, task or course.
 */
import { type ReactNode, type SubmitEvent, useCallback, useEffect, useId, useState } from 'react'
import { type ModeratedArticle, moderationApi } from '../../../lib/api/admin-moderation.ts'
import type { Checked, Input } from '../../../lib/rules/fields.ts'
import {
  checkReason,
  checkRestoreReason,
  MODERATION_TEXT_MAX,
  TAKEDOWN_CHOICES,
  type TakedownChoice,
} from '../../../lib/rules/moderation.ts'
import { toast } from '../../../lib/toast.ts'
import { Dialog } from '../../common/Dialog.tsx'
import { DialogButtons } from '../form/DialogButtons.tsx'
import { ActionButton } from '../kit/Actions.tsx'
import type { Action, Filter } from '../kit/list-types.ts'

const TABS = [
  { href: '/admin/moderation/', label: '投诉' },
  { href: '/admin/moderation/content/', label: '内容' },
  { href: '/admin/moderation/comments/', label: '评论' },
  { href: '/admin/moderation/reviews/', label: '商品评价' },
] as const

/** The moderation screens, one link each; the current one is marked. */
export function ModerationTabs({ current }: { current: (typeof TABS)[number]['href'] }) {
  return (
    <nav aria-label="内容审核" className="mb-4 flex gap-1 border-b border-slate-200">
      {TABS.map((t) => (
        <a
          key={t.href}
          href={t.href}
          aria-current={t.href === current ? 'page' : undefined}
          className={`-mb-px border-b-2 px-4 py-2 text-sm ${
            t.href === current
              ? 'border-brand-600 font-medium text-brand-700'
              : 'border-transparent text-slate-600 hover:text-slate-900'
          }`}
        >
          {t.label}
        </a>
      ))}
    </nav>
  )
}

export const inputClass =
  'rounded-md border border-slate-300 bg-white px-3 py-2 text-sm focus:border-brand-600 focus:outline-none'

/** What a reason dialog asks for and does once the operator confirms. */
export interface ReasonAsk {
  title: string
  /** What will happen, said before the operator confirms. */
  text: string
  /** 原因 or 处理说明. */
  label: string
  /** The confirm button: 确认下架, 确认隐藏 … */
  confirm: string
  /** The shared rule (src/lib/rules/moderation.ts) the server applies too; its value's text is sent. */
  check: (input: Input) => Checked<Record<string, string>>
  /** The key of the text in the rule's input and value: reason or note. */
  field: 'reason' | 'note'
  /** A choice between ways of doing it (a radio group; the first is the default), if any. */
  choice?: Choice
  /** The call with the text and the chosen way ('' without a choice); resolves when the server accepted it. */
  submit: (text: string, choice: string) => Promise<unknown>
  /** The toast after it. */
  done: string
}

/** The ways an act can be done, offered as radio buttons above its reason. */
export interface Choice {
  legend: string
  options: readonly { value: string; label: string }[]
  /** What the choice means here, loaded as the dialog opens (how many buyers, how much). */
  info?: () => Promise<string>
}

/** The radio group of a Choice and its loaded line (加载中… until then, nothing when it fails). */
function ChoiceField({
  choice,
  value,
  onChange,
}: {
  choice: Choice
  value: string
  onChange: (v: string) => void
}) {
  const [info, setInfo] = useState<string | null>(null)
  const name = useId()
  useEffect(() => {
    let live = true
    setInfo(choice.info ? '加载中…' : null)
    choice.info?.().then(
      (t) => live && setInfo(t),
      () => live && setInfo(null),
    )
    return () => {
      live = false
    }
  }, [choice])
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm text-slate-700">{choice.legend}</legend>
      {choice.options.map((o) => (
        <label key={o.value} className="flex items-center gap-2 text-sm text-slate-800">
          <input
            type="radio"
            name={name}
            value={o.value}
            checked={value === o.value}
            onChange={() => onChange(o.value)}
            className="accent-brand-600"
          />
          {o.label}
        </label>
      ))}
      {info && (
        <p data-takedown-info className="rounded bg-amber-50 px-3 py-2 text-sm text-slate-700">
          {info}
        </p>
      )}
    </fieldset>
  )
}

/**
 * A dialog with one text field that confirms a destructive action and carries its reason:
 *   const [dialog, ask] = useReasonDialog(reload)
 *   ask({ title: '下架帖子', text: '…', label: '原因', confirm: '确认下架', check: checkReason, … })
 */
export function useReasonDialog(onDone: () => void): [ReactNode, (ask: ReasonAsk) => void] {
  const [ask, setAsk] = useState<ReasonAsk | null>(null)
  const [text, setText] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [chosen, setChosen] = useState('')
  const id = useId()
  const open = useCallback((a: ReasonAsk) => {
    setText('')
    setError(null)
    setChosen(a.choice?.options[0]?.value ?? '')
    setAsk(a)
  }, [])
  const submit = async (e: SubmitEvent) => {
    e.preventDefault()
    if (!ask) return
    const r = ask.check({ [ask.field]: text })
    if (r.error !== null) return setError(r.error)
    setError(null)
    setBusy(true)
    try {
      await ask.submit(r.value[ask.field] ?? '', chosen)
      toast('success', ask.done)
      setAsk(null)
      onDone()
    } catch {
      // The client has toasted the server's refusal (409: another operator was first); the
      // screen reloads so it shows what is true now.
      setAsk(null)
      onDone()
    } finally {
      setBusy(false)
    }
  }
  const dialog = (
    <Dialog open={ask !== null} onOpenChange={(o) => !o && setAsk(null)} title={ask?.title ?? ''}>
      <form onSubmit={submit} noValidate className="grid gap-3">
        <p className="text-sm text-slate-700">{ask?.text}</p>
        {ask?.choice && <ChoiceField choice={ask.choice} value={chosen} onChange={setChosen} />}
        <label htmlFor={id} className="text-sm text-slate-700">
          {ask?.label}
        </label>
        <textarea
          id={id}
          rows={3}
          className={`${inputClass} w-full`}
          value={text}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => setText(e.target.value)}
        />
        <div className="flex justify-between text-xs">
          <span id={`${id}-error`} className="text-red-600" role={error ? 'alert' : undefined}>
            {error}
          </span>
          <span className="text-slate-500">
            {[...text.trim()].length}/{MODERATION_TEXT_MAX}
          </span>
        </div>
        <DialogButtons
          close={() => setAsk(null)}
          busy={busy}
          label={ask?.confirm}
          className="mt-2 flex justify-end gap-2"
        />
      </form>
    </Dialog>
  )
  return [dialog, open]
}

/** A public page an item stands on, opened in a new tab so the moderation list keeps its place. */
export function PublicLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className="text-brand-700 hover:underline">
      {children}
    </a>
  )
}

/** The kind of an item as a noun: 帖子, 任务, 课程. */
export const nounOf = (status: number) => ({ 10: '帖子', 20: '任务', 30: '课程' })[status] ?? '内容'

/** 上架 / 已下架 (by its owner) / 平台下架 (by an operator). */
export function ListingState({ a }: { a: Pick<ModeratedArticle, 'listed' | 'moderated'> }) {
  if (a.moderated)
    return (
      <span className="whitespace-nowrap rounded bg-red-50 px-2 py-0.5 text-xs text-red-700">平台下架</span>
    )
  if (!a.listed)
    return (
      <span className="whitespace-nowrap rounded bg-slate-100 px-2 py-0.5 text-xs text-slate-600">
        作者下架
      </span>
    )
  return (
    <span className="whitespace-nowrap rounded bg-emerald-50 px-2 py-0.5 text-xs text-emerald-700">上架</span>
  )
}

/** 下架 (asks a reason) or 恢复上架, by the item's state; `ask` opens the screen's reason dialog. */
export function articleAction(a: ModeratedArticle, ask: (r: ReasonAsk) => void): Action {
  const noun = nounOf(a.status)
  if (a.moderated)
    return {
      label: '恢复上架',
      run: () =>
        ask({
          title: `恢复上架：${a.title}`,
          text: `恢复后该${noun}重新上架，作者会收到通知。`,
          label: '说明（可选）',
          confirm: '确认恢复',
          check: checkRestoreReason,
          field: 'reason',
          submit: (reason) => moderationApi.restore(a.id, reason),
          done: '已恢复上架',
        }),
    }
  return {
    label: '下架',
    danger: true,
    run: () =>
      ask({
        title: `下架${noun}：${a.title}`,
        text: `下架后公开页面不再显示该${noun}，作者会收到通知，且不能自行重新上架。`,
        choice: {
          legend: '下架方式',
          options: (Object.keys(TAKEDOWN_CHOICES) as TakedownChoice[]).map((k) => ({
            value: k,
            label: TAKEDOWN_CHOICES[k],
          })),
          info: () => moderationApi.takedownQuote(a.id).then(takedownInfo),
        },
        label: '原因（作者可见）',
        confirm: '确认下架',
        check: checkReason,
        field: 'reason',
        submit: (reason, choice) => moderationApi.unlist(a.id, reason, choice === 'refund'),
        done: '已下架',
      }),
  }
}

/** What the takedown dialog says of the buyers: 共 2 位购买者（2 笔订单）… 18.80 元. */
export const takedownInfo = (q: { buyers: number; orders: number; amount: number }) =>
  q.orders === 0
    ? '该内容没有已付款的购买者，无需退款。'
    : `共 ${q.buyers} 位购买者（${q.orders} 笔订单）。选择“${TAKEDOWN_CHOICES.refund}”将退回 ${q.amount.toFixed(2)} 元到他们的余额，并通知每位购买者；默认保留，已购用户仍可查看。`

/** The 下架 / 恢复上架 button of an item (the complaint's page shows it beside the item). */
export const ArticleAction = ({ a, ask }: { a: ModeratedArticle; ask: (r: ReasonAsk) => void }) => (
  <ActionButton action={articleAction(a, ask)} />
)

/** What a hidden-or-shown thing (a comment, a review) is called and says where it will (dis)appear. */
export interface Hideable {
  /** 评论 / 评价 */
  noun: string
  /** Who is told: 评论人 / 评价人 (the reason is shown to them). */
  author: string
  /** The sentence after 隐藏后该…: where it stops appearing. */
  hideEffect: string
  /** The sentence after 恢复后该…: where it appears again. */
  restoreEffect: string
  /** The restore button: 恢复显示, 恢复. */
  restoreLabel: string
  hide: (id: number, reason: string) => Promise<unknown>
  restore: (id: number, reason: string) => Promise<unknown>
}

/** 隐藏 (asks a reason) or the restore button, by the row's state; `ask` opens the screen's reason dialog. */
export function hideAction(
  { id, hidden }: { id: number; hidden: boolean },
  k: Hideable,
  ask: (r: ReasonAsk) => void,
): Action {
  if (hidden)
    return {
      label: k.restoreLabel,
      run: () =>
        ask({
          title: `${k.restoreLabel}${k.noun} #${id}`,
          text: `恢复后该${k.noun}${k.restoreEffect}，${k.author}会收到通知。`,
          label: '说明（可选）',
          confirm: '确认恢复',
          check: checkRestoreReason,
          field: 'reason',
          submit: (reason) => k.restore(id, reason),
          done: `${k.noun}已恢复显示`,
        }),
    }
  return {
    label: '隐藏',
    danger: true,
    run: () =>
      ask({
        title: `隐藏${k.noun} #${id}`,
        text: `隐藏后该${k.noun}${k.hideEffect}，${k.author}会收到通知。`,
        label: `原因（${k.author}可见）`,
        confirm: '确认隐藏',
        check: checkReason,
        field: 'reason',
        submit: (reason) => k.hide(id, reason),
        done: `${k.noun}已隐藏`,
      }),
  }
}

/** 已隐藏 / 显示. */
export const HiddenState = ({ hidden }: { hidden: boolean }) =>
  hidden ? (
    <span className="whitespace-nowrap rounded bg-red-50 px-2 py-0.5 text-xs text-red-700">已隐藏</span>
  ) : (
    <span className="whitespace-nowrap rounded bg-emerald-50 px-2 py-0.5 text-xs text-emerald-700">显示</span>
  )

/** The 全部状态 / 显示 / 已隐藏 filter ('' / '0' / '1'), applied as soon as it changes. */
export const hiddenFilter: Filter = {
  type: 'select',
  key: 'hidden',
  label: '状态',
  hideLabel: true,
  live: true,
  options: [
    ['', '全部状态'],
    ['0', '显示'],
    ['1', '已隐藏'],
  ],
}
