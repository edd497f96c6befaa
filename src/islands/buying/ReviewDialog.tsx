/**
 * 评价 and 追评 of one product of a completed order (issue 24 item 6): stars as five radio
 * buttons (a review only), the text with a counter out of 500, and up to 6 images through the
 * uploader. Checked by the rule the server checks with (src/lib/rules/review.ts) before sending.
 */
import { type SubmitEvent, useId, useState } from 'react'
import { ApiRequestError } from '../../lib/api/http.ts'
import { type OwnReview, reviewsApi } from '../../lib/api/reviews.ts'
import { UPLOAD_HINT_MAX_MB } from '../../lib/constants.ts'
import { len } from '../../lib/rules/fields.ts'
import {
  checkAddition,
  checkReview,
  REVIEW_IMAGES_MAX,
  REVIEW_MAX,
  type ReviewField,
  STAR_WORDS,
  STARS_MAX,
} from '../../lib/rules/review.ts'
import { toast } from '../../lib/toast.ts'
import { Dialog } from '../common/Dialog.tsx'
import { inputClass, RequiredMark } from '../common/Field.tsx'
import { FormActions } from '../common/FormActions.tsx'
import { FormError } from '../common/FormError.tsx'
import { useRefusal } from '../common/form-errors.ts'
import { Uploader } from '../common/Uploader.tsx'

/** What the dialog is for: a first review of a product, or the 追评 of a review. */
export type ReviewTarget =
  | { kind: 'review'; orderId: number; spuId: number; title: string }
  | { kind: 'addition'; reviewId: number; title: string }

export function ReviewDialog({
  target,
  onOpenChange,
  onDone,
}: {
  target: ReviewTarget | null
  onOpenChange: (open: boolean) => void
  onDone: (r: OwnReview) => void
}) {
  return (
    <Dialog
      open={target !== null}
      onOpenChange={onOpenChange}
      title={target?.kind === 'addition' ? '追评' : '评价商品'}
      width="max-w-lg"
      description={target?.title}
    >
      {target && <ReviewForm target={target} onCancel={() => onOpenChange(false)} onDone={onDone} />}
    </Dialog>
  )
}

function ReviewForm({
  target,
  onCancel,
  onDone,
}: {
  target: ReviewTarget
  onCancel: () => void
  onDone: (r: OwnReview) => void
}) {
  const uid = useId()
  const ID: Record<ReviewField, string> = {
    orderId: `${uid}-form`,
    spuId: `${uid}-form`,
    stars: `${uid}-stars`,
    content: `${uid}-content`,
    imgs: `${uid}-imgs`,
  }
  const [stars, setStars] = useState(0)
  const [content, setContent] = useState('')
  const [imgs, setImgs] = useState('')
  const [busy, setBusy] = useState(false)
  const { refuse, errorOf, clear, formError } = useRefusal((f: ReviewField) => ID[f])
  const isReview = target.kind === 'review'

  async function submit(e: SubmitEvent) {
    e.preventDefault()
    if (busy) return
    const body = { content, imgs }
    const checked =
      target.kind === 'review'
        ? checkReview({ ...body, orderId: target.orderId, spuId: target.spuId, stars })
        : checkAddition({ ...body, id: target.reviewId })
    if (checked.error !== null) {
      // Ids are the page's, not the buyer's to fix: those say so for the form as a whole.
      const f = checked.field
      refuse(f === 'stars' || f === 'content' || f === 'imgs' ? f : null, checked.error)
      return
    }
    setBusy(true)
    try {
      const joined = checked.value.images.join(',')
      const res =
        target.kind === 'review'
          ? await reviewsApi.postReviewsAppend(
              {
                orderId: target.orderId,
                spuId: target.spuId,
                stars,
                content: checked.value.content,
                imgs: joined,
              },
              { silent: true },
            )
          : await reviewsApi.postReviewsAddition(
              { id: target.reviewId, content: checked.value.content, imgs: joined },
              { silent: true },
            )
      toast('success', isReview ? '评价成功' : '追评成功')
      onDone(res.data)
    } catch (err) {
      // The server's refusal (已评价过了, 订单完成后才能评价 …) stays in the dialog.
      refuse(null, err instanceof ApiRequestError ? err.message : '提交失败，请稍后再试')
    } finally {
      setBusy(false)
    }
  }

  const count = len(content)
  const over = count > REVIEW_MAX
  return (
    <form onSubmit={submit} noValidate className="grid gap-5" aria-describedby={ID.orderId}>
      {isReview && (
        <fieldset id={`${ID.stars}-group`} className="min-w-0">
          <legend className="mb-2 text-sm font-medium text-slate-700">
            <RequiredMark />
            评分
          </legend>
          <div className="flex flex-wrap items-center gap-1" data-stars>
            {Array.from({ length: STARS_MAX }, (_, i) => i + 1).map((n) => (
              <label
                key={n}
                className={`cursor-pointer rounded px-1 text-3xl leading-none has-focus-visible:outline-2 has-focus-visible:outline-brand-600 ${n <= stars ? 'text-amber-500' : 'text-slate-300'}`}
              >
                <input
                  type="radio"
                  name={`${uid}-stars`}
                  value={n}
                  checked={stars === n}
                  onChange={() => {
                    setStars(n)
                    clear('stars')
                  }}
                  className="sr-only"
                  aria-describedby={errorOf('stars') ? `${ID.stars}-error` : undefined}
                />
                <span aria-hidden="true">★</span>
                <span className="sr-only">
                  {n}星 {STAR_WORDS[n]}
                </span>
              </label>
            ))}
            <span className="ml-2 text-sm text-slate-600" aria-hidden="true">
              {stars ? STAR_WORDS[stars] : ''}
            </span>
          </div>
          <FormError id={`${ID.stars}-error`} at="field" className="mt-1" message={errorOf('stars')} />
        </fieldset>
      )}
      <div>
        <label htmlFor={ID.content} className="mb-1 block text-sm font-medium text-slate-700">
          <RequiredMark />
          {isReview ? '评价内容' : '追评内容'}
        </label>
        <textarea
          id={ID.content}
          className={`${inputClass} min-h-28 resize-y`}
          rows={4}
          value={content}
          placeholder={isReview ? '说说商品的质量、使用感受' : '用了一段时间，再说说感受'}
          onChange={(e) => {
            setContent(e.target.value)
            clear('content')
          }}
          aria-invalid={over || errorOf('content') !== null || undefined}
          aria-describedby={`${uid}-count ${ID.content}-error`}
        />
        <div className="mt-1 flex justify-between gap-2">
          <FormError id={`${ID.content}-error`} at="field" message={errorOf('content')} />
          <p
            id={`${uid}-count`}
            className={`shrink-0 text-xs tabular-nums ${over ? 'text-red-600' : 'text-slate-500'}`}
          >
            {count}/{REVIEW_MAX}
          </p>
        </div>
      </div>
      <fieldset id={`${ID.imgs}-group`} className="min-w-0">
        <legend className="mb-2 text-sm font-medium text-slate-700">上传图片（选填）</legend>
        <Uploader
          value={imgs}
          onChange={(v) => {
            setImgs(v)
            clear('imgs')
          }}
          limit={REVIEW_IMAGES_MAX}
          label={isReview ? '评价图片' : '追评图片'}
          hint={`图片大小须小于${UPLOAD_HINT_MAX_MB}MB`}
          invalid={errorOf('imgs') !== null}
        />
        <FormError
          id={`${ID.imgs}-error`}
          at="field"
          className="mt-1 empty:hidden"
          message={errorOf('imgs')}
        />
      </fieldset>
      <FormError id={ID.orderId} message={formError} />
      <FormActions
        busy={busy}
        label={isReview ? '发表评价' : '发表追评'}
        busyLabel="提交中…"
        onCancel={onCancel}
      />
    </form>
  )
}
