/**
 * Tab 公司信息 of /admin/content/ (issue 21): the company facts the public pages show — hotline,
 * head-office address, offices, contacts, the ICP number, the footer's two QR codes and the about
 * page's texts. The form checks with the server's own schema (src/lib/rules/company.ts) before
 * saving, shows the message under the field it is about and moves the focus there; a save
 * rebuilds every page (the facts are in the footer).
 */
import { type FormEvent, type ReactNode, useState } from 'react'
import { type CompanyFacts, contentApi } from '../../../lib/api/admin-content.ts'
import {
  CONTACTS_MAX,
  checkCompany,
  INTRO_MAX,
  COMPANY_TEXT_MAX as MAX,
  OFFICES_MAX,
  PRODUCT_LINES_MAX,
} from '../../../lib/rules/company.ts'
import { toast } from '../../../lib/toast.ts'
import { BusyButton } from '../../common/BusyButton.tsx'
import { Field, inputClass } from '../../common/Field.tsx'
import { FormError } from '../../common/FormError.tsx'
import { useLoad } from '../useLoad.ts'

type Refused = { field: string; message: string } | null

/** The element id of a field path: idOf('contacts.1.phone') → 'co-contacts-1-phone'. */
const idOf = (path: string) => `co-${path.replace(/\./g, '-')}`

type Node = Record<string, unknown>
/** The object holding a path's last key, and that key: holder(f, 'contacts.1.phone') → [f.contacts[1], 'phone']. */
function holder(f: CompanyFacts, path: string): [Node, string] {
  const keys = path.split('.')
  const last = keys.pop() as string
  return [keys.reduce((o, k) => o[k] as Node, f as unknown as Node), last]
}
const textAt = (f: CompanyFacts, path: string) => {
  const [o, k] = holder(f, path)
  return String(o[k] ?? '')
}

const QR = [
  { key: 'app', label: '下载APP' },
  { key: 'mp', label: '关注公众号' },
] as const

export function CompanyForm({ onSaved }: { onSaved: (tag: string) => void }) {
  const { data } = useLoad(() => contentApi.company(), '')
  if (!data) return <p className="text-slate-500">正在加载…</p>
  return <Editor initial={data} onSaved={onSaved} />
}

function Editor({ initial, onSaved }: { initial: CompanyFacts; onSaved: (tag: string) => void }) {
  const [form, setForm] = useState(initial)
  const [refused, setRefused] = useState<Refused>(null)
  const [busy, setBusy] = useState(false)
  /** Changes a copy of the form: edit((d) => { d.hotline = v }). */
  const edit = (change: (d: CompanyFacts) => unknown) =>
    setForm((f) => {
      const d = structuredClone(f)
      change(d)
      return d
    })
  const at = (path: string) => (refused?.field === path ? refused.message : null)
  /** What a text field of `path` shows and how it changes the form: <Text label="…" {...bind('hotline')} />. */
  const bind = (path: string) => ({
    path,
    value: textAt(form, path),
    error: at(path),
    onChange: (v: string) =>
      edit((d) => {
        const [o, k] = holder(d, path)
        o[k] = v
      }),
  })

  const save = async (e: FormEvent) => {
    e.preventDefault()
    const r = checkCompany(form)
    if (r.error !== null) {
      setRefused({ field: r.field, message: r.error })
      // A QR code's "link or image" is about the pair: its link field takes the focus.
      const el = document.getElementById(idOf(r.field)) ?? document.getElementById(idOf(`${r.field}.link`))
      el?.focus()
      return
    }
    setRefused(null)
    setBusy(true)
    try {
      const saved = await contentApi.saveCompany(r.value).catch(() => null)
      if (!saved) return
      setForm(saved)
      toast('success', '公司信息已保存')
      onSaved('company')
    } finally {
      setBusy(false)
    }
  }

  const upload = async (key: 'app' | 'mp', file: File | undefined) => {
    if (!file) return
    const path = await contentApi.uploadImage(file, file.name).catch(() => null)
    if (path) edit((d) => Object.assign(d.qr[key], { image: path }))
  }

  return (
    <form className="grid gap-4" onSubmit={save} noValidate aria-label="公司信息">
      <Section id="co-basic" title="基本信息">
        <Text label="服务热线" {...bind('hotline')} hint="400号码、座机（如0512-62886688）或手机号" />
        <Text label="口号" {...bind('slogan')} max={MAX.slogan} />
        <Text label="网站简介" {...bind('description')} max={MAX.description} rows={3} />
        <Text label="ICP备案号" {...bind('icp')} />
      </Section>

      <Section id="co-postal" title="总部地址">
        <Text label="省份" {...bind('postal.region')} />
        <Text label="城市" {...bind('postal.locality')} />
        <Text label="详细地址" {...bind('postal.street')} max={MAX.address} />
      </Section>

      <Section id="co-offices" title="办事处">
        {form.offices.map((_, i) => (
          <Item
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id of their own; their values are held in the form.
            key={i}
            legend={`第${i + 1}个办事处`}
            onRemove={() => edit((d) => d.offices.splice(i, 1))}
          >
            <Text label="名称" {...bind(`offices.${i}.name`)} />
            <Text label="地址" {...bind(`offices.${i}.address`)} max={MAX.address} />
          </Item>
        ))}
        <Add
          path="offices"
          label="添加办事处"
          full={form.offices.length >= OFFICES_MAX}
          error={at('offices')}
          onAdd={() => edit((d) => d.offices.push({ name: '', address: '' }))}
        />
      </Section>

      <Section id="co-contacts" title="联系人" note="第一位联系人是对公转账支付页上的业务经理。">
        {form.contacts.map((_, i) => (
          <Item
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id of their own; their values are held in the form.
            key={i}
            legend={`第${i + 1}位联系人`}
            onRemove={() => edit((d) => d.contacts.splice(i, 1))}
          >
            <Text label="姓名" {...bind(`contacts.${i}.name`)} />
            <Text label="负责事项" {...bind(`contacts.${i}.role`)} />
            <Text label="电话" {...bind(`contacts.${i}.phone`)} type="tel" />
            <Text label="邮箱" {...bind(`contacts.${i}.email`)} type="email" />
          </Item>
        ))}
        <Add
          path="contacts"
          label="添加联系人"
          full={form.contacts.length >= CONTACTS_MAX}
          error={at('contacts')}
          onAdd={() => edit((d) => d.contacts.push({ name: '', role: '', phone: '', email: '' }))}
        />
      </Section>

      <Section id="co-qr" title="页脚二维码" note="上传了二维码图片时页脚显示该图片，否则按链接生成二维码。">
        {QR.map(({ key, label }) => {
          const q = form.qr[key]
          const fileId = idOf(`qr.${key}.image`)
          return (
            <fieldset key={key} className="grid gap-3 rounded-md border border-slate-200 p-3">
              <legend className="px-1 text-sm font-medium text-slate-800">{label}</legend>
              <Text
                label="链接"
                {...bind(`qr.${key}.link`)}
                required={false}
                error={at(`qr.${key}.link`) ?? at(`qr.${key}`)}
                hint="完整网址（https://…）或本站路径（/…）"
              />
              <Field id={fileId} label="二维码图片" error={at(`qr.${key}.image`)}>
                <div className="flex flex-wrap items-center gap-3">
                  {q.image && (
                    <img
                      src={q.image}
                      alt={`当前${label}二维码`}
                      className="h-20 w-20 rounded border object-contain"
                    />
                  )}
                  <input
                    id={fileId}
                    type="file"
                    accept="image/png,image/jpeg,image/gif,image/webp"
                    aria-invalid={at(`qr.${key}.image`) ? true : undefined}
                    aria-describedby={at(`qr.${key}.image`) ? `${fileId}-error` : undefined}
                    onChange={(e) => upload(key, e.target.files?.[0])}
                  />
                  {q.image && (
                    <button
                      type="button"
                      className="btn-outline"
                      onClick={() => edit((d) => Object.assign(d.qr[key], { image: '' }))}
                    >
                      移除图片<span className="sr-only">（{label}）</span>
                    </button>
                  )}
                </div>
              </Field>
            </fieldset>
          )
        })}
      </Section>

      <Section id="co-about" title="关于页">
        <h3 className="text-sm font-medium text-slate-700">公司简介</h3>
        {form.about.intro.map((_, i) => (
          <Item
            // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs have no id of their own; their text is held in the form.
            key={i}
            legend={`公司简介第${i + 1}段`}
            onRemove={() => edit((d) => d.about.intro.splice(i, 1))}
          >
            <Text label="段落" {...bind(`about.intro.${i}`)} max={MAX.paragraph} rows={3} />
          </Item>
        ))}
        <Add
          path="about.intro"
          label="添加段落"
          full={form.about.intro.length >= INTRO_MAX}
          error={at('about.intro')}
          onAdd={() => edit((d) => d.about.intro.push(''))}
        />
        <h3 className="mt-2 text-sm font-medium text-slate-700">主营产品</h3>
        {form.about.productLines.map((_, i) => (
          <Item
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id of their own; their values are held in the form.
            key={i}
            legend={`第${i + 1}条主营产品`}
            onRemove={() => edit((d) => d.about.productLines.splice(i, 1))}
          >
            <Text label="名称" {...bind(`about.productLines.${i}.title`)} />
            <Text label="说明" {...bind(`about.productLines.${i}.text`)} max={MAX.lineText} />
          </Item>
        ))}
        <Add
          path="about.productLines"
          label="添加主营产品"
          full={form.about.productLines.length >= PRODUCT_LINES_MAX}
          error={at('about.productLines')}
          onAdd={() => edit((d) => d.about.productLines.push({ title: '', text: '' }))}
        />
      </Section>

      <div className="flex justify-end">
        <BusyButton type="submit" className="btn-primary" busy={busy}>
          {busy ? '正在保存…' : '保存公司信息'}
        </BusyButton>
      </div>
    </form>
  )
}

function Section({
  id,
  title,
  note,
  children,
}: {
  id: string
  title: string
  note?: string
  children: ReactNode
}) {
  return (
    <section aria-labelledby={id} className="grid gap-3 rounded-lg bg-white p-4 shadow-sm">
      <h2 id={id} className="font-medium text-slate-900">
        {title}
      </h2>
      {note && <p className="-mt-2 text-sm text-slate-500">{note}</p>}
      {children}
    </section>
  )
}

/** One row of a list (an office, a contact, a paragraph) with its 删除 button. */
function Item({ legend, onRemove, children }: { legend: string; onRemove: () => void; children: ReactNode }) {
  return (
    <fieldset className="grid gap-3 rounded-md border border-slate-200 p-3">
      <legend className="px-1 text-sm font-medium text-slate-800">{legend}</legend>
      {children}
      <div className="flex justify-end">
        <button type="button" className="text-sm text-red-700 hover:underline" onClick={onRemove}>
          删除<span className="sr-only">{legend}</span>
        </button>
      </div>
    </fieldset>
  )
}

/** A list's 添加 button; a message about the list as a whole (请至少填写一位联系人) shows under it. */
function Add({
  path,
  label,
  full,
  error,
  onAdd,
}: {
  path: string
  label: string
  full: boolean
  error: string | null
  onAdd: () => void
}) {
  const id = idOf(path)
  return (
    <div className="grid justify-items-start gap-1">
      <button
        id={id}
        type="button"
        className="btn-outline"
        disabled={full}
        aria-describedby={error ? `${id}-error` : undefined}
        onClick={onAdd}
      >
        {label}
      </button>
      <FormError id={`${id}-error`} at="field" message={error} />
    </div>
  )
}

/** A text field of the form, named by its path in the facts (its id is idOf(path)). */
function Text({
  path,
  label,
  value,
  onChange,
  error,
  hint,
  max,
  rows,
  type = 'text',
  required = true,
}: {
  path: string
  label: string
  value: string
  onChange: (v: string) => void
  error: string | null
  hint?: string
  max?: number
  rows?: number
  type?: 'text' | 'tel' | 'email'
  required?: boolean
}) {
  const id = idOf(path)
  const described = [error && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(' ')
  const props = {
    id,
    className: inputClass,
    value,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described || undefined,
    onChange: (e: { target: { value: string } }) => onChange(e.target.value),
  }
  return (
    <Field
      id={id}
      label={label}
      required={required}
      error={error}
      count={max === undefined ? undefined : value.length}
      max={max}
    >
      {rows ? <textarea rows={rows} {...props} /> : <input type={type} autoComplete="off" {...props} />}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      )}
    </Field>
  )
}
