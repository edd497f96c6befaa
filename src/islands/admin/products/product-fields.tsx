/**
 * The product editor's larger fields, each one part of the form: the tags (包邮 left to the
 * shipping template), the shipping template with what the product will show, the detail text,
 * and the save bar; and the choices they offer, loaded once.
 */
import { useEffect, useState } from 'react'
import { catalogApi, type ShippingChoice } from '../../../lib/api/admin-catalog.ts'
import type { ClassifyItem } from '../../../lib/api/types.ts'
import { FREE_SHIPPING_TAG, PRODUCT_CONTENT_MAX, PRODUCT_TAGS_MAX } from '../../../lib/rules/product.ts'
import { BusyButton } from '../../common/BusyButton.tsx'
import { Field, inputClass } from '../../common/Field.tsx'
import { FormError } from '../../common/FormError.tsx'
import { invalidProps } from '../../common/form-errors.ts'
import { Choice, GroupRow } from '../../publish/form-parts.tsx'
import { RichEditor } from '../../publish/RichEditor.tsx'
import { staffImageUpload } from './staff-uploads.ts'

type Shipping = { defaultId: number | null; templates: ShippingChoice[] }

/** The categories, tags and shipping templates the editor offers, loaded once. */
export function useProductChoices() {
  const [classes, setClasses] = useState<ClassifyItem[]>([])
  const [tagList, setTagList] = useState<ClassifyItem[]>([])
  const [shipping, setShipping] = useState<Shipping>({ defaultId: null, templates: [] })
  useEffect(() => {
    catalogApi.classes().then(setClasses, () => {})
    catalogApi.tags().then(setTagList, () => {})
    catalogApi.shippingTemplates().then(setShipping, () => {})
  }, [])
  return { classes, tagList, shipping }
}

/** 商品标签: the dictionary's tags but 包邮, which the server derives from the shipping template. */
export function TagsField({
  tagList,
  tags,
  error,
  toggleTag,
}: {
  tagList: ClassifyItem[]
  tags: string[]
  error: string | null
  toggleTag: (title: string) => void
}) {
  const tagChoices = tagList.filter((t) => t.title !== FREE_SHIPPING_TAG)
  return (
    <GroupRow
      id="product-tag"
      legend="商品标签"
      error={error}
      hint={`最多选择${PRODUCT_TAGS_MAX}个，已选${tags.length}个；商品卡片显示前3个`}
    >
      {tagChoices.length === 0 ? (
        <p className="pt-1 text-sm text-slate-500">暂无标签</p>
      ) : (
        <div className="flex flex-wrap gap-2">
          {tagChoices.map((t, i) => (
            <Choice
              key={t.id}
              type="checkbox"
              name="product-tag"
              id={i === 0 ? 'product-tag' : undefined}
              checked={tags.includes(t.title)}
              onChange={() => toggleTag(t.title)}
            >
              {t.title}
            </Choice>
          ))}
        </div>
      )}
    </GroupRow>
  )
}

/** 运费模板, and what the product will show with the one chosen ('' is the default template). */
export function ShippingField({
  shipping,
  value,
  error,
  onChange,
}: {
  shipping: Shipping
  value: string
  error: string | null
  onChange: (id: string) => void
}) {
  const templateOf = (id: string) =>
    shipping.templates.find((t) => t.id === (id === '' ? shipping.defaultId : Number(id)))
  const shippingText = (t: ShippingChoice | undefined) => (t ? (t.label ?? '按地区收运费') : '')
  const chosen = templateOf(value)
  return (
    <Field id="product-shippingTemplateId" label="运费模板" error={error}>
      <select
        id="product-shippingTemplateId"
        className={`${inputClass} sm:max-w-80`}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        {...invalidProps('product-shippingTemplateId', error)}
      >
        <option value="">默认模板（{templateOf('')?.name ?? '…'}）</option>
        {shipping.templates.map((t) => (
          <option key={t.id} value={t.id}>
            {t.name === shippingText(t) ? t.name : `${t.name}（${shippingText(t)}）`}
          </option>
        ))}
      </select>
      <p className="mt-1 text-xs text-slate-500" data-shipping-label>
        {chosen
          ? `商品显示：${shippingText(chosen)}${chosen.label === '包邮' ? `，并带“${FREE_SHIPPING_TAG}”标签` : ''}；模板在“运费模板”中设置`
          : ''}
      </p>
    </Field>
  )
}

/** 商品详情: the one rich-text editor, its images uploaded by the staff call. */
export function ContentField({
  value,
  error,
  onChange,
}: {
  value: string
  error: string | null
  onChange: (html: string) => void
}) {
  return (
    <div className="grid gap-1 sm:grid-cols-[7rem_1fr] sm:items-start sm:gap-3">
      {/* The editor's area takes its name from `label`; this is the same name, for the eye. */}
      <span aria-hidden="true" className="pt-2 text-sm text-slate-600 sm:text-right">
        商品详情
      </span>
      <div className="min-w-0">
        <RichEditor
          id="product-content"
          label="商品详情"
          value={value}
          invalid={!!error}
          upload={staffImageUpload}
          max={PRODUCT_CONTENT_MAX}
          onChange={onChange}
        />
        <FormError id="product-content-error" at="field" className="mt-1 empty:hidden" message={error} />
      </div>
    </div>
  )
}

/** The save bar, kept in view while the long form scrolls: the save button is never a page away. */
export function SaveBar({
  formError,
  dirty,
  busy,
  discard,
}: {
  formError: string | null
  dirty: boolean
  busy: boolean
  discard: () => void
}) {
  return (
    <div className="sticky bottom-0 z-10 -mx-5 -mb-5 flex flex-wrap items-center justify-end gap-3 rounded-b-lg border-t border-slate-200 bg-white px-5 py-3">
      <FormError id="product-editor-error" message={formError} className="mr-auto" />
      <span className="text-sm text-slate-600" aria-live="polite">
        {dirty ? '有未保存的修改' : ''}
      </span>
      <BusyButton type="button" className="btn-outline" busy={!dirty || busy} onClick={discard}>
        放弃修改
      </BusyButton>
      <BusyButton type="submit" className="btn-primary" busy={busy}>
        保存商品信息
      </BusyButton>
    </div>
  )
}
