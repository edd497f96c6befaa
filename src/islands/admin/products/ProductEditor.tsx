/**
 * The product editor (issue 21): title, subtitle, brand, model, category, tags, shipping
 * template (issue 24: its rule decides the fee and the 包邮 label), images (the first is the main image), specs and the detail text in the one rich-text editor.
 * It sends only the fields that changed, checked first by the server's own rule
 * (src/lib/rules/product.ts); the server sanitises the text and checks the dictionaries.
 */
import { type SubmitEvent, useMemo, useState } from 'react'
import { refusalMessage } from '../../../lib/api/admin.ts'
import { type AdminProduct, catalogApi, type ProductEditBody } from '../../../lib/api/admin-catalog.ts'
import { splitList } from '../../../lib/format.ts'
import {
  BRAND_MAX,
  checkProductEdit,
  FREE_SHIPPING_TAG,
  MODEL_MAX,
  PRODUCT_IMAGES_MAX,
  PRODUCT_SUBTITLE_MAX,
  PRODUCT_TITLE_MAX,
  type ProductField,
} from '../../../lib/rules/product.ts'
import { toast } from '../../../lib/toast.ts'
import { Field, inputClass } from '../../common/Field.tsx'
import { invalidProps, useRefusal } from '../../common/form-errors.ts'
import { Uploader } from '../../common/Uploader.tsx'
import { useLeaveGuard } from '../../common/useLeaveGuard.ts'
import { GroupRow } from '../../publish/form-parts.tsx'
import { type ParamRow, ParamsEditor, paramFieldId, paramRows } from './ParamsEditor.tsx'
import { ContentField, SaveBar, ShippingField, TagsField, useProductChoices } from './product-fields.tsx'
import { staffFileUpload } from './staff-uploads.ts'

interface Form {
  title: string
  subTitle: string
  brand: string
  model: string
  classId: string
  /** The tags besides 包邮, which the server derives from the shipping template. */
  tags: string[]
  /** '' for the default template. */
  shippingTemplateId: string
  /** 每单限购 as typed; '0' for none. */
  orderLimit: string
  /** Comma-joined paths, as the uploader holds them. */
  imgurls: string
  params: ParamRow[]
  content: string
}

const formOf = (p: AdminProduct): Form => ({
  title: p.title,
  subTitle: p.subTitle,
  brand: p.brand,
  model: p.model,
  classId: p.classId === null ? '' : String(p.classId),
  tags: splitList(p.tag).filter((t) => t !== FREE_SHIPPING_TAG),
  shippingTemplateId: p.shippingTemplateId === null ? '' : String(p.shippingTemplateId),
  orderLimit: String(p.orderLimit),
  imgurls: p.imgurls,
  params: paramRows(p.params),
  content: p.content,
})

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)
const plainParams = (rows: ParamRow[]) => rows.map(({ title, text }) => ({ title, text }))

/** The body of what changed since `base`. */
function changes(base: Form, f: Form): ProductEditBody {
  const body: ProductEditBody = {}
  for (const k of ['title', 'subTitle', 'brand', 'model', 'content'] as const)
    if (f[k] !== base[k]) body[k] = f[k]
  if (f.classId !== base.classId) body.classId = Number(f.classId)
  if (!same(f.tags, base.tags)) body.tag = f.tags
  if (f.shippingTemplateId !== base.shippingTemplateId)
    body.shippingTemplateId = f.shippingTemplateId === '' ? null : Number(f.shippingTemplateId)
  if (f.orderLimit.trim() !== base.orderLimit) body.orderLimit = f.orderLimit.trim()
  if (f.imgurls !== base.imgurls) body.imgurls = splitList(f.imgurls)
  if (!same(plainParams(f.params), plainParams(base.params))) body.params = plainParams(f.params)
  return body
}

/** The element a refusal of `field` moves focus to. */
const idOf = (field: ProductField) => {
  const row = /^params\.(\d+)\.(title|text)$/.exec(field)
  if (row) return paramFieldId(Number(row[1]), row[2] as 'title' | 'text')
  return field === 'params' ? 'product-params' : `product-${field}`
}

export function ProductEditor({ product, onSaved }: { product: AdminProduct; onSaved: () => void }) {
  // The editor starts from the product as loaded and keeps its own `base` from then on, so a
  // reload after a SKU or listing change elsewhere on the page never drops typed edits.
  const [base, setBase] = useState(() => formOf(product))
  const [f, setF] = useState(base)
  const { classes, tagList, shipping } = useProductChoices()
  const [busy, setBusy] = useState(false)
  const { refuse, clear, errorOf, formError } = useRefusal<ProductField>(idOf)
  const body = useMemo(() => changes(base, f), [base, f])
  const dirty = Object.keys(body).length > 0

  // Leaving with unsaved edits asks first (the browser's own prompt).
  useLeaveGuard(dirty)

  const set = <K extends keyof Form>(k: K, v: Form[K], field: ProductField = k as ProductField) => {
    setF((old) => ({ ...old, [k]: v }))
    clear(field)
  }
  const toggleTag = (t: string) =>
    set('tags', f.tags.includes(t) ? f.tags.filter((x) => x !== t) : [...f.tags, t], 'tag')

  const submit = async (e: SubmitEvent) => {
    e.preventDefault()
    if (!dirty) return toast('info', '没有需要保存的修改')
    const r = checkProductEdit({ ...body })
    if (r.error !== null) return refuse(r.field, r.error)
    setBusy(true)
    try {
      const saved = await catalogApi.editProduct(product.id, body)
      const next = formOf(saved)
      setBase(next)
      setF(next)
      toast('success', '商品信息已保存')
      onSaved()
    } catch (err) {
      // The client has toasted it too; it stays here, by the button, until the next change.
      refuse(null, refusalMessage(err))
    } finally {
      setBusy(false)
    }
  }

  const text = (
    k: 'title' | 'subTitle' | 'brand' | 'model',
    label: string,
    max: number,
    extra: { required?: boolean; placeholder?: string } = {},
  ) => (
    <Field
      id={`product-${k}`}
      label={label}
      required={extra.required}
      error={errorOf(k)}
      count={[...f[k]].length}
      max={max}
    >
      <input
        id={`product-${k}`}
        className={inputClass}
        maxLength={max}
        autoComplete="off"
        placeholder={extra.placeholder}
        value={f[k]}
        onChange={(e) => set(k, e.target.value)}
        {...invalidProps(`product-${k}`, errorOf(k))}
      />
    </Field>
  )

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby="product-editor-title"
      className="grid gap-4 rounded-lg bg-white p-5 shadow-sm"
    >
      <h2 id="product-editor-title" className="text-base font-semibold">
        商品信息
      </h2>
      {text('title', '商品名称', PRODUCT_TITLE_MAX, { required: true })}
      {text('subTitle', '副标题', PRODUCT_SUBTITLE_MAX, { placeholder: '一句话卖点，显示在名称下方' })}
      <div className="grid gap-4 lg:grid-cols-2">
        {text('brand', '品牌', BRAND_MAX)}
        {text('model', '型号', MODEL_MAX)}
      </div>
      <Field id="product-classId" label="分类" error={errorOf('classId')}>
        <select
          id="product-classId"
          className={`${inputClass} sm:max-w-64`}
          value={f.classId}
          onChange={(e) => set('classId', e.target.value)}
          {...invalidProps('product-classId', errorOf('classId'))}
        >
          {/* A product without a category (a new one) can keep none until one is chosen. */}
          <option value="" disabled={base.classId !== ''}>
            请选择分类
          </option>
          {classes.map((c) => (
            <option key={c.id} value={c.id}>
              {c.title}
            </option>
          ))}
        </select>
      </Field>
      <TagsField tagList={tagList} tags={f.tags} error={errorOf('tag')} toggleTag={toggleTag} />
      <ShippingField
        shipping={shipping}
        value={f.shippingTemplateId}
        error={errorOf('shippingTemplateId')}
        onChange={(v) => set('shippingTemplateId', v)}
      />
      <Field id="product-orderLimit" label="每单限购（件）" error={errorOf('orderLimit')}>
        <input
          id="product-orderLimit"
          className={`${inputClass} sm:max-w-32`}
          inputMode="numeric"
          autoComplete="off"
          value={f.orderLimit}
          onChange={(e) => set('orderLimit', e.target.value)}
          {...invalidProps('product-orderLimit', errorOf('orderLimit'))}
          aria-describedby={`${errorOf('orderLimit') ? 'product-orderLimit-error ' : ''}product-orderLimit-hint`}
        />
        <p id="product-orderLimit-hint" className="mt-1 text-xs text-slate-500">
          0 为不另限；每笔未付款订单同一规格另有全站上限（UNPAID_SKU_HOLD_CAP，默认 10 件）
        </p>
      </Field>
      <GroupRow
        id="product-imgurls"
        legend="商品图片"
        error={errorOf('imgurls')}
        hint="第一张为主图（商品卡片、分享与搜索结果都用它）；用图片上的上移、下移按钮调整顺序"
      >
        <Uploader
          label="商品图片"
          value={f.imgurls}
          onChange={(v) => set('imgurls', v)}
          limit={PRODUCT_IMAGES_MAX}
          upload={staffFileUpload}
          invalid={!!errorOf('imgurls')}
        />
      </GroupRow>
      <GroupRow id="product-params" legend="规格参数" error={errorOf('params')}>
        <ParamsEditor
          rows={f.params}
          onChange={(rows) => {
            setF((old) => ({ ...old, params: rows }))
            clear()
          }}
          errorOf={errorOf}
        />
      </GroupRow>
      <ContentField value={f.content} error={errorOf('content')} onChange={(html) => set('content', html)} />
      <SaveBar
        formError={formError}
        dirty={dirty}
        busy={busy}
        discard={() => {
          setF(base)
          clear()
        }}
      />
    </form>
  )
}
