/**
 * 发布/编辑/查看 a community post, a task or a course: /postassociation, /posttask, /postcourse
 * (accounts §2 "Publish and edit forms", §4 "Publish flow", §5). No id publishes, ?id edits the
 * signed-in user's own item, ?id&type=1 views it with every control read-only and no publish
 * button. The one rule (checkPublish) runs before sending, the server runs it again; 发布成功,
 * and 2 s later the kind's admin list.
 *
 * <PublishForm client:only="react" kind={20} />
 */
import { type ReactNode, type SubmitEvent, useEffect, useRef, useState } from 'react'
import { Breadcrumbs } from '../../components/Breadcrumbs.tsx'
import type { Profile } from '../../lib/api/account.ts'
import { api, publishing } from '../../lib/api/browser.ts'
import { ApiRequestError } from '../../lib/api/http.ts'
import type { ClassifyGroup, ClassifyItem } from '../../lib/api/types.ts'
import { ArticleStatus, KIND_KEYS, MAX_TAGS } from '../../lib/constants.ts'
import type { Input } from '../../lib/rules/fields.ts'
import {
  CERT_NEEDED,
  CONTACT_ADDRESS_MAX,
  CONTACT_NAME_MAX,
  CONTACT_TEL_MAX,
  checkPublish,
  mayCreateCourse,
  PayMode,
  type PublishField,
  TITLE_MAX,
} from '../../lib/rules/publish.ts'
import { toast } from '../../lib/toast.ts'
import { AccountGate } from '../common/AccountGate.tsx'
import { BusyButton } from '../common/BusyButton.tsx'
import { Field, inputClass } from '../common/Field.tsx'
import { FormError } from '../common/FormError.tsx'
import { invalidProps, useRefusal } from '../common/form-errors.ts'
import { Uploader } from '../common/Uploader.tsx'
import { useLeaveGuard } from '../common/useLeaveGuard.ts'
import { CourseSections } from './CourseSections.tsx'
import { Choice, FileView, GroupRow } from './form-parts.tsx'
import {
  bodyOf,
  emptyForm,
  fieldId,
  formFromDetail,
  KIND_INFO,
  MODE_VERB,
  type Mode,
  modeOf,
  type PublishFormState,
  type PublishKind,
  REDIRECT_AFTER_MS,
  serverField,
} from './publish-form.ts'
import { RichEditor } from './RichEditor.tsx'

export function PublishForm({ kind }: { kind: PublishKind }) {
  return <AccountGate>{(me) => <Loader kind={kind} me={me} />}</AccountGate>
}

/** The kind's dictionaries: its categories and tags, and the cities (accounts §3 Classification). */
interface Dict {
  classes: ClassifyItem[]
  tags: ClassifyItem[]
  cities: ClassifyItem[]
}

function dictOf(groups: ClassifyGroup[], kind: PublishKind): Dict {
  const { classKey, tagKey } = KIND_KEYS[kind]
  const of = (key: string) => groups.find((g) => g.key === key)?.list ?? []
  return { classes: of(classKey), tags: of(tagKey), cities: of('cityTag') }
}

type Loaded =
  | { s: 'loading' }
  | { s: 'failed'; message: string }
  | { s: 'notice'; title: string; text: string; link?: { href: string; label: string } }
  | { s: 'ready'; form: PublishFormState; dict: Dict; owner: boolean }

/** Reads the query once, then the dictionaries and, for ?id, the stored item. */
function Loader({ kind, me }: { kind: PublishKind; me: Profile }) {
  const [{ id, mode, bad }] = useState(() => modeOf(location.search))
  const [loaded, setLoaded] = useState<Loaded>({ s: 'loading' })
  const info = KIND_INFO[kind]

  useEffect(() => {
    if (bad) {
      setLoaded({
        s: 'notice',
        title: '链接有误',
        text: `没有找到要${MODE_VERB.edit}的${info.noun}。`,
        link: { href: info.admin, label: `返回${info.adminLabel}` },
      })
      return
    }
    let live = true
    ;(async () => {
      try {
        const [groups, item] = await Promise.all([
          api.getClassifyQuerys({ silent: true }),
          id === null ? null : api.getArticle(id, { silent: true }),
        ])
        if (!live) return
        const dict = dictOf(groups, kind)
        if (!item) {
          setLoaded({ s: 'ready', form: emptyForm(kind), dict, owner: true })
          return
        }
        const owner = item.createId === me.id
        if (item.status !== kind) {
          const other = KIND_INFO[item.status as PublishKind] as (typeof KIND_INFO)[PublishKind] | undefined
          // Someone else's item can only be viewed, whichever form it was opened in.
          const go = mode === 'edit' && !owner ? 'view' : mode
          setLoaded({
            s: 'notice',
            title: `这不是${info.noun}`,
            text: other ? `该内容是${other.noun}。` : `没有找到要${MODE_VERB[mode]}的${info.noun}。`,
            link: other
              ? {
                  href: `${other.form}?id=${item.id}${go === 'view' ? '&type=1' : ''}`,
                  label: `${MODE_VERB[go]}${other.noun}`,
                }
              : { href: info.admin, label: `返回${info.adminLabel}` },
          })
          return
        }
        if (mode === 'edit' && !owner) {
          setLoaded({
            s: 'notice',
            title: `不能编辑此${info.noun}`,
            text: `只能编辑自己发布的${info.noun}。`,
            link: { href: `${info.form}?id=${item.id}&type=1`, label: `查看${info.noun}` },
          })
          return
        }
        setLoaded({ s: 'ready', form: formFromDetail(item), dict, owner })
      } catch (e) {
        if (!live) return
        if (e instanceof ApiRequestError && e.status === 404)
          setLoaded({
            s: 'notice',
            title: `${info.noun}不存在`,
            text: `该${info.noun}不存在或已删除。`,
            link: { href: info.admin, label: `返回${info.adminLabel}` },
          })
        else setLoaded({ s: 'failed', message: e instanceof Error ? e.message : '加载失败' })
      }
    })()
    return () => {
      live = false
    }
  }, [bad, id, kind, me.id, mode, info])

  const crumbs = [{ label: info.adminLabel, href: info.admin }, { label: `${MODE_VERB[mode]}${info.noun}` }]
  let body: ReactNode
  if (loaded.s === 'loading') body = <p className="py-12 text-center text-slate-500">正在加载…</p>
  else if (loaded.s === 'failed')
    body = (
      <div className="rounded-lg bg-slate-50 px-4 py-12 text-center" role="alert">
        <p className="text-slate-600">加载失败：{loaded.message}</p>
        <button type="button" className="btn-outline mt-4" onClick={() => location.reload()}>
          重新加载
        </button>
      </div>
    )
  else if (loaded.s === 'notice')
    body = (
      <div className="rounded-lg bg-slate-50 px-4 py-12 text-center">
        <h2 className="font-semibold text-slate-800">{loaded.title}</h2>
        <p className="mt-2 text-sm text-slate-600">{loaded.text}</p>
        {loaded.link && (
          <a href={loaded.link.href} className="btn-primary mt-4">
            {loaded.link.label}
          </a>
        )}
      </div>
    )
  else
    body = (
      <Form
        kind={kind}
        me={me}
        id={id}
        mode={mode}
        initial={loaded.form}
        dict={loaded.dict}
        owner={loaded.owner}
      />
    )
  return (
    <div>
      <Breadcrumbs items={crumbs} className="-mt-2 mb-4" />
      {body}
    </div>
  )
}

/** The refusal's element: the payment radios answer for the body's `status`. */
const idOf = (f: PublishField) => (f === 'status' ? 'pub-free' : fieldId(f))

function Form({
  kind,
  me,
  id,
  mode,
  initial,
  dict,
  owner,
}: {
  kind: PublishKind
  me: Profile
  id: number | null
  mode: Mode
  initial: PublishFormState
  dict: Dict
  owner: boolean
}) {
  const info = KIND_INFO[kind]
  const viewing = mode === 'view'
  const isTask = kind === ArticleStatus.task
  const isCourse = kind === ArticleStatus.course
  const [form, setForm] = useState(initial)
  const { refuse, clear, errorOf, formError } = useRefusal<PublishField>(idOf)
  /** The 4th tag refused: said by the tag group, without moving focus off the box just ticked. */
  const [tagNote, setTagNote] = useState<string | null>(null)
  /** The course gate said no (accounts §5): the notice with the way to certification. */
  const [gate, setGate] = useState(false)
  const gateLink = useRef<HTMLAnchorElement>(null)
  const [busy, setBusy] = useState(false)
  const [done, setDone] = useState(false)
  // Typed into (any field, the editor, an upload): leaving before 发布 asks first, so a long
  // post is not lost to a stray reload or link. Sent, it goes freely.
  const [edited, setEdited] = useState(false)
  useLeaveGuard(edited && !done)
  const paid = form.free === PayMode.paid

  const set = <K extends keyof PublishFormState>(k: K, v: PublishFormState[K], field?: PublishField) => {
    setForm((f) => ({ ...f, [k]: v }))
    clear(field ?? (k as PublishField))
  }

  useEffect(() => {
    if (!gate) return
    gateLink.current?.focus({ preventScroll: true })
    gateLink.current?.scrollIntoView({ block: 'center', behavior: 'smooth' })
  }, [gate])

  /** Shows a refusal by its field; `toasted` when the client has already toasted it. */
  function show(field: PublishField | 'gate' | null, message: string, toasted = false) {
    if (!toasted) toast('error', message)
    if (field === 'gate' || message === CERT_NEEDED) {
      clear()
      setGate(true)
      return
    }
    refuse(field, message)
    // The editor's area is no form control, so focusField does not focus it: done here.
    if (field === 'content') document.getElementById(fieldId('content'))?.focus()
  }

  function toggleTag(title: string) {
    setTagNote(null)
    if (form.tags.includes(title)) {
      set(
        'tags',
        form.tags.filter((t) => t !== title),
        'tag',
      )
      return
    }
    if (form.tags.length >= MAX_TAGS) {
      setTagNote(`${info.noun}标签不得超过三个`)
      return
    }
    set('tags', [...form.tags, title], 'tag')
  }

  async function submit(e: SubmitEvent) {
    e.preventDefault()
    if (viewing || busy || done) return
    setGate(false)
    const body = bodyOf(kind, form)
    const r = checkPublish(body as unknown as Input, { isNew: id === null, gate: mayCreateCourse(me) })
    if (r.error !== null) {
      show(r.field, r.error)
      return
    }
    clear()
    setBusy(true)
    try {
      if (id === null) await publishing.publish(body)
      else await publishing.update({ ...body, id })
      toast('success', '发布成功')
      setDone(true)
      setTimeout(() => location.assign(info.admin), REDIRECT_AFTER_MS)
    } catch (err) {
      // The client has toasted the server's message; it is shown by its field as well. What was
      // typed stays as it was.
      if (err instanceof ApiRequestError && err.status !== 401)
        show(serverField(err.message), err.message, true)
    } finally {
      setBusy(false)
    }
  }

  const tagError = errorOf('tag') ?? tagNote
  const noun = info.noun

  return (
    <form
      onSubmit={submit}
      onInput={() => setEdited(true)}
      onChange={() => setEdited(true)}
      noValidate
      aria-label={`${MODE_VERB[mode]}${noun}`}
      className="space-y-5"
    >
      {viewing && (
        <p className="rounded-md bg-slate-50 px-4 py-2.5 text-sm text-slate-600">
          当前为查看模式，内容不可修改。
        </p>
      )}
      {/* In the view mode one disabled fieldset makes every control read-only at once. */}
      <fieldset
        disabled={viewing}
        className="min-w-0 space-y-5 [&_input:disabled]:bg-slate-50 [&_select:disabled]:bg-slate-50"
      >
        <Field
          id={fieldId('title')}
          label={`${noun}标题`}
          required
          error={errorOf('title')}
          count={[...form.title].length}
          max={TITLE_MAX}
        >
          <input
            id={fieldId('title')}
            className={inputClass}
            value={form.title}
            maxLength={TITLE_MAX}
            placeholder={`请填写${noun}标题`}
            onChange={(e) => set('title', e.target.value)}
            {...invalidProps(fieldId('title'), errorOf('title'))}
          />
        </Field>

        <GroupRow id={fieldId('imgurl')} legend={`${noun}封面`} required error={errorOf('imgurl')}>
          {viewing ? (
            <FileView path={form.imgurl} label={`${noun}封面`} />
          ) : (
            <Uploader
              label={`${noun}封面`}
              value={form.imgurl}
              limit={1}
              invalid={errorOf('imgurl') !== null}
              onChange={(v) => set('imgurl', v)}
            />
          )}
        </GroupRow>

        <GroupRow id={fieldId('classId')} legend="所属分类" required error={errorOf('classId')}>
          {dict.classes.length === 0 ? (
            <p className="pt-1 text-sm text-slate-500">暂无分类</p>
          ) : (
            <div className="flex flex-wrap gap-2">
              {dict.classes.map((c, i) => (
                <Choice
                  key={c.id}
                  type="radio"
                  name="pub-class"
                  id={i === 0 ? fieldId('classId') : undefined}
                  checked={form.classId === c.id}
                  onChange={() => set('classId', c.id)}
                >
                  {c.title}
                </Choice>
              ))}
            </div>
          )}
        </GroupRow>

        <GroupRow id={idOf('status')} legend="收费方式" required error={errorOf('status')}>
          <div className="flex flex-wrap gap-2">
            <Choice
              type="radio"
              name="pub-free"
              id={idOf('status')}
              checked={form.free === PayMode.free}
              onChange={() => {
                // Free means a price of 0 (accounts §5).
                setForm((f) => ({ ...f, free: PayMode.free, price: '0' }))
                clear('price')
                clear('status')
              }}
            >
              免费
            </Choice>
            <Choice
              type="radio"
              name="pub-free"
              checked={paid}
              onChange={() => {
                setForm((f) => ({ ...f, free: PayMode.paid, price: f.price === '0' ? '' : f.price }))
                clear('status')
              }}
            >
              收费
            </Choice>
          </div>
        </GroupRow>

        {paid && (
          <Field id={fieldId('price')} label={`${noun}价格（元）`} required error={errorOf('price')}>
            <input
              id={fieldId('price')}
              className={`${inputClass} sm:max-w-48`}
              inputMode="decimal"
              autoComplete="off"
              value={form.price}
              placeholder={`请填写${noun}价格`}
              // Kept as typed: checkPublish refuses -1 or 99.999 with a message (price.ts), never rewrites it.
              onChange={(e) => set('price', e.target.value)}
              {...invalidProps(fieldId('price'), errorOf('price'))}
            />
          </Field>
        )}

        {isTask && (
          <Field id={fieldId('city')} label="城市" required error={errorOf('city')}>
            <select
              id={fieldId('city')}
              className={`${inputClass} sm:max-w-48`}
              value={form.city}
              onChange={(e) => set('city', e.target.value)}
              {...invalidProps(fieldId('city'), errorOf('city'))}
            >
              <option value="">请选择城市</option>
              {dict.cities.map((c) => (
                <option key={c.id} value={c.title}>
                  {c.title}
                </option>
              ))}
            </select>
          </Field>
        )}

        <GroupRow
          id={fieldId('tag')}
          legend={`${noun}标签`}
          error={tagError}
          hint={viewing ? undefined : `最多选择${MAX_TAGS}个，已选${form.tags.length}个`}
        >
          {dict.tags.length === 0 ? (
            <p className="pt-1 text-sm text-slate-500">暂无标签</p>
          ) : (
            <div className="flex flex-wrap gap-2">
              {dict.tags.map((t, i) => (
                <Choice
                  key={t.id}
                  type="checkbox"
                  name="pub-tag"
                  id={i === 0 ? fieldId('tag') : undefined}
                  checked={form.tags.includes(t.title)}
                  onChange={() => toggleTag(t.title)}
                >
                  {t.title}
                </Choice>
              ))}
            </div>
          )}
        </GroupRow>

        {isTask && (
          <>
            <Field
              id={fieldId('postName')}
              label="联系人名称"
              required
              error={errorOf('postName')}
              count={[...form.postName].length}
              max={CONTACT_NAME_MAX}
            >
              <input
                id={fieldId('postName')}
                className={inputClass}
                value={form.postName}
                maxLength={CONTACT_NAME_MAX}
                autoComplete="name"
                placeholder="请填写联系人名称"
                onChange={(e) => set('postName', e.target.value)}
                {...invalidProps(fieldId('postName'), errorOf('postName'))}
              />
            </Field>
            <Field id={fieldId('tel')} label="联系人电话" required error={errorOf('tel')}>
              <input
                id={fieldId('tel')}
                className={`${inputClass} sm:max-w-64`}
                type="tel"
                inputMode="tel"
                value={form.tel}
                maxLength={CONTACT_TEL_MAX}
                autoComplete="tel"
                placeholder="请填写联系人电话"
                onChange={(e) => set('tel', e.target.value)}
                {...invalidProps(fieldId('tel'), errorOf('tel'))}
              />
            </Field>
            <Field
              id={fieldId('addressx')}
              label="联系人地址"
              required
              error={errorOf('addressx')}
              count={[...form.addressx].length}
              max={CONTACT_ADDRESS_MAX}
            >
              <input
                id={fieldId('addressx')}
                className={inputClass}
                value={form.addressx}
                maxLength={CONTACT_ADDRESS_MAX}
                autoComplete="street-address"
                placeholder="请填写联系人地址"
                onChange={(e) => set('addressx', e.target.value)}
                {...invalidProps(fieldId('addressx'), errorOf('addressx'))}
              />
            </Field>
          </>
        )}

        <div className="grid gap-1 sm:grid-cols-[7rem_1fr] sm:items-start sm:gap-3">
          {/* The editor's area takes its name from `label`; this is the same name, for the eye. */}
          <span aria-hidden="true" className="pt-2 text-sm text-slate-600 sm:text-right">
            <span className="mr-0.5 text-red-600">*</span>
            {info.contentLabel}
          </span>
          <div className="min-w-0">
            <RichEditor
              id={fieldId('content')}
              label={info.contentLabel}
              value={form.content}
              invalid={errorOf('content') !== null}
              readOnly={viewing}
              onChange={(html) => set('content', html)}
            />
            <FormError
              id={`${fieldId('content')}-error`}
              at="field"
              className="mt-1 empty:hidden"
              message={errorOf('content')}
            />
          </div>
        </div>

        {isCourse && (
          <CourseSections
            sections={form.sections}
            onChange={(next) => setForm((f) => ({ ...f, sections: next(f.sections) }))}
            paid={paid}
            readOnly={viewing}
            errorOf={errorOf}
            clear={clear}
          />
        )}
      </fieldset>

      {gate && (
        <div
          id="pub-gate"
          role="alert"
          className="rounded-md bg-amber-50 px-4 py-3 text-sm leading-6 text-amber-900 ring-1 ring-amber-200 sm:ml-[7.75rem]"
        >
          <p className="font-medium">{CERT_NEEDED}</p>
          <p>
            通过机构认证后即可发布课程。
            <a ref={gateLink} href="/account" className="font-medium text-brand-700 underline">
              去认证
            </a>
          </p>
        </div>
      )}

      <FormError id="pub-form-error" message={formError} className="sm:pl-[7.75rem]" />

      <div className="flex flex-wrap justify-end gap-2 border-t border-slate-100 pt-4 sm:pl-[7.75rem]">
        <a href={info.admin} className="btn-outline">
          {viewing ? `返回${info.adminLabel}` : '取消'}
        </a>
        {viewing && owner && id !== null && (
          <a href={`${info.form}?id=${id}`} className="btn-primary">
            编辑{noun}
          </a>
        )}
        {!viewing && (
          <BusyButton
            type="submit"
            className="btn-primary min-w-28"
            busy={busy || done}
            aria-busy={busy || undefined}
          >
            {done ? '发布成功' : busy ? '提交中…' : id === null ? `${MODE_VERB.publish}${noun}` : '保存修改'}
          </BusyButton>
        )}
      </div>
    </form>
  )
}
