import { type FormEvent, lazy, Suspense, useId, useState } from 'react'
import {
  type AdminBanner,
  type AdminFaq,
  type AdminText,
  contentApi,
  type DictEntry,
} from '../../../lib/api/admin-content.ts'
import { BannerPosition, type ClassifyKey } from '../../../lib/constants.ts'
import { sortNumber } from '../../../lib/rules/fields.ts'
import { FAQ_ANSWER_MAX, SITE_TEXT_MAX } from '../../../lib/rules/site-content.ts'
import { toast } from '../../../lib/toast.ts'
import { Dialog } from '../../common/Dialog.tsx'
import { useConfirm } from '../../common/useConfirm.tsx'
import { AdminShell } from '../AdminShell.tsx'
import { TextField } from '../account-parts.tsx'
import { type Column, DataTable } from '../DataTable.tsx'
import { useLoad } from '../useLoad.ts'
import { useUrlFilters } from '../useUrlFilters.ts'
import { BuildStatusPanel } from './BuildStatusPanel.tsx'
import { CompanyForm } from './CompanyForm.tsx'
import { DraftBadge, type DraftKind, POSITION_NAMES, previewHref } from './drafts.tsx'

const DICT_NAMES: Record<keyof typeof ClassifyKey, string> = {
  productClass: '商品分类',
  productTag: '商品标签',
  courseClass: '课程分类',
  courseTag: '课程标签',
  communityClass: '社区分类',
  communityTag: '社区标签',
  taskClass: '任务分类',
  taskTag: '任务标签',
  cityTag: '城市',
}
const TABS = [
  { id: 'banners', label: '广告图' },
  { id: 'faq', label: '常见问题' },
  { id: 'texts', label: '配置文本' },
  { id: 'dict', label: '字典' },
  { id: 'company', label: '公司信息' },
] as const

type Saved = { tag: string; at: number } | null
type OnSaved = (tag: string) => void
const all = <T,>(rows: T[] | null) =>
  rows ? { pageData: rows, pageIndex: 0, pageSize: Math.max(1, rows.length), pageTotal: rows.length } : null
const linkBtn = 'text-brand-700 hover:underline'
const field =
  'w-full rounded-md border border-slate-300 px-3 py-2 text-sm focus:border-brand-600 focus:outline-none'

function Select({
  label,
  value,
  options,
  onChange,
}: {
  label: string
  value: string
  options: [string, string][]
  onChange: (v: string) => void
}) {
  const id = useId()
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-sm text-slate-700">
        {label}
      </label>
      <select id={id} className={field} value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map(([v, t]) => (
          <option key={v} value={v}>
            {t}
          </option>
        ))}
      </select>
    </div>
  )
}

function Area({
  label,
  value,
  onChange,
  rows = 6,
}: {
  label: string
  value: string
  onChange: (v: string) => void
  rows?: number
}) {
  const id = useId()
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-sm text-slate-700">
        {label}
      </label>
      <textarea
        id={id}
        className={`${field} font-mono`}
        rows={rows}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  )
}

// --- drafts -----------------------------------------------------------------------------------

/**
 * A row's draft actions: 预览 (the staff-only preview, in a new tab), 发布, 放弃草稿 (asked first).
 * Publishing rebuilds the site (onSaved); saving or discarding a draft changes nothing public.
 */
function useDraftActions<T>(opts: {
  kind: DraftKind
  calls: { publish: (id: number) => Promise<T>; discard: (id: number) => Promise<T> }
  tag: string
  published: string
  reload: () => void
  onSaved: OnSaved
}) {
  const [confirmDialog, confirm] = useConfirm()
  const publish = async (id: number) => {
    if (!(await opts.calls.publish(id).catch(() => null))) return
    toast('success', opts.published)
    opts.reload()
    opts.onSaved(opts.tag)
  }
  const discard = async (id: number, name: string) => {
    if (!(await confirm({ action: `放弃“${name}”的草稿` }))) return
    if (!(await opts.calls.discard(id).catch(() => null))) return
    toast('success', '草稿已放弃')
    opts.reload()
  }
  const actions = (id: number, name: string) => (
    <>
      <a href={previewHref(opts.kind, id)} target="_blank" rel="noopener" className={linkBtn}>
        预览
      </a>
      <button type="button" className={linkBtn} onClick={() => publish(id)}>
        发布
      </button>
      <button type="button" className={linkBtn} onClick={() => discard(id, name)}>
        放弃草稿
      </button>
    </>
  )
  return { actions, confirmDialog }
}

// --- banners ----------------------------------------------------------------------------------

type BannerForm = {
  id: number | null
  /** Editing the banner's draft: 发布 then saves the draft and publishes it. */
  hasDraft: boolean
  position: string
  title: string
  imgurl: string
  link: string
  sort: string
  enabled: boolean
  startTime: string
  endTime: string
}
const blankBanner = (position: string): BannerForm => ({
  id: null,
  hasDraft: false,
  position,
  title: '',
  imgurl: '',
  link: '',
  sort: '0',
  enabled: true,
  startTime: '',
  endTime: '',
})
/** The dialog opened on a banner: its draft when it has one, else what is live. */
const bannerForm = (b: AdminBanner): BannerForm => {
  const v = b.draft ?? b
  return {
    id: b.id,
    hasDraft: b.draft !== null,
    position: b.position,
    title: v.title,
    imgurl: v.imgurl,
    link: v.link,
    sort: String(v.sort),
    enabled: v.enabled,
    startTime: v.startTime?.slice(0, 16) ?? '',
    endTime: v.endTime?.slice(0, 16) ?? '',
  }
}

function Banners({ onSaved }: { onSaved: OnSaved }) {
  const [f, set] = useUrlFilters({ tab: 'banners', position: BannerPosition.home })
  const { data, loading, reload } = useLoad(() => contentApi.banners(f.position), f.position)
  const [form, setForm] = useState<BannerForm | null>(null)
  const [confirmDialog, confirm] = useConfirm()
  const drafts = contentApi.bannerDrafts
  const draftActions = useDraftActions({
    kind: 'banner',
    calls: drafts,
    tag: 'banner',
    published: '广告图已发布',
    reload,
    onSaved,
  })
  const bodyOf = (v: BannerForm) => ({
    title: v.title,
    imgurl: v.imgurl,
    link: v.link,
    sort: sortNumber(v.sort),
    enabled: v.enabled,
    startTime: v.startTime.replace('T', ' ') || null,
    endTime: v.endTime.replace('T', ' ') || null,
  })
  // 发布: a new banner, or one without a draft, is written as before; a draft is saved, then published.
  const publish = async (e: FormEvent) => {
    e.preventDefault()
    if (!form) return
    const { id, hasDraft, position } = form
    const body = bodyOf(form)
    const r = await (id === null
      ? contentApi.addBanner({ ...body, position })
      : hasDraft
        ? drafts.save(id, body).then(() => drafts.publish(id))
        : contentApi.editBanner(id, body)
    ).catch(() => null)
    if (!r) return
    toast('success', '广告图已发布')
    setForm(null)
    reload()
    onSaved('banner')
  }
  const saveDraft = async () => {
    if (!form) return
    const body = bodyOf(form)
    const r = await (form.id === null
      ? drafts.create({ ...body, position: form.position })
      : drafts.save(form.id, body)
    ).catch(() => null)
    if (!r) return
    toast('success', '草稿已保存，网站未改变')
    setForm(null)
    reload()
  }
  const remove = async (b: AdminBanner) => {
    if (!(await confirm({ action: `删除广告图“${b.title || b.id}”` }))) return
    if (await contentApi.deleteBanner(b.id).catch(() => null)) {
      toast('success', '广告图已删除')
      reload()
      onSaved('banner')
    }
  }
  const upload = async (file: File | undefined) => {
    if (!file || !form) return
    const path = await contentApi.uploadImage(file, file.name).catch(() => null)
    if (path) setForm({ ...form, imgurl: path })
  }
  const columns: Column<AdminBanner>[] = [
    {
      id: 'img',
      header: '图片',
      cell: (b) => (
        <img src={b.imgurl} alt={b.title || '广告图'} className="h-10 w-24 rounded object-cover" />
      ),
    },
    {
      id: 'title',
      header: '标题',
      cell: (b) => (
        <>
          {b.title}
          {b.draft && <DraftBadge />}
        </>
      ),
      sortValue: (b) => b.title,
    },
    { id: 'link', header: '链接', cell: (b) => <span className="break-all">{b.link}</span> },
    { id: 'sort', header: '排序', cell: (b) => b.sort, sortValue: (b) => b.sort },
    { id: 'enabled', header: '状态', cell: (b) => (b.enabled ? '展示' : '停用') },
    {
      id: 'window',
      header: '时段',
      cell: (b) => (b.startTime || b.endTime ? `${b.startTime ?? '不限'} 至 ${b.endTime ?? '不限'}` : '不限'),
    },
    {
      id: 'actions',
      header: '操作',
      cell: (b) => (
        <div className="flex flex-wrap gap-x-2">
          <button type="button" className={linkBtn} onClick={() => setForm(bannerForm(b))}>
            编辑
          </button>
          {b.draft && draftActions.actions(b.id, b.draft.title || b.title || `广告图${b.id}`)}
          <button type="button" className={linkBtn} onClick={() => remove(b)}>
            删除
          </button>
        </div>
      ),
    },
  ]
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <Select
          label="广告位"
          value={f.position}
          options={Object.entries(POSITION_NAMES)}
          onChange={(position) => set({ position })}
        />
        <button type="button" className="btn-primary" onClick={() => setForm(blankBanner(f.position))}>
          新增广告图
        </button>
      </div>
      <DataTable
        id="banners"
        caption="广告图"
        columns={columns}
        page={all(data)}
        loading={loading}
        empty="该广告位暂无广告图"
        onPage={() => {}}
        rowKey={(b) => b.id}
      />
      <Dialog
        open={form !== null}
        onOpenChange={(o) => !o && setForm(null)}
        title={form?.id === null ? '新增广告图' : form?.hasDraft ? '编辑广告图草稿' : '编辑广告图'}
        width="max-w-lg"
      >
        {form && (
          <form className="grid gap-3" onSubmit={publish}>
            <TextField label="标题" value={form.title} onChange={(title) => setForm({ ...form, title })} />
            <TextField label="链接" value={form.link} onChange={(link) => setForm({ ...form, link })} />
            <div className="grid gap-1">
              <label htmlFor="banner-image" className="text-sm text-slate-700">
                图片
              </label>
              {form.imgurl && (
                <img src={form.imgurl} alt="当前图片" className="h-20 w-48 rounded object-cover" />
              )}
              <input
                id="banner-image"
                type="file"
                accept="image/png,image/jpeg,image/gif,image/webp"
                onChange={(e) => upload(e.target.files?.[0])}
              />
            </div>
            <TextField
              label="排序（小的在前）"
              value={form.sort}
              inputMode="numeric"
              onChange={(sort) => setForm({ ...form, sort })}
            />
            <TextField
              label="开始时间（可空）"
              type="datetime-local"
              value={form.startTime}
              onChange={(startTime) => setForm({ ...form, startTime })}
            />
            <TextField
              label="结束时间（可空）"
              type="datetime-local"
              value={form.endTime}
              onChange={(endTime) => setForm({ ...form, endTime })}
            />
            <DialogEnd
              shown={form.enabled}
              onShown={(enabled) => setForm({ ...form, enabled })}
              onCancel={() => setForm(null)}
              onDraft={saveDraft}
            />
          </form>
        )}
      </Dialog>
      {confirmDialog}
      {draftActions.confirmDialog}
    </div>
  )
}

// --- FAQ --------------------------------------------------------------------------------------

type FaqForm = {
  id: number | null
  hasDraft: boolean
  title: string
  answer: string
  sort: string
  enabled: boolean
}
const faqForm = (q: AdminFaq): FaqForm => {
  const v = q.draft ?? q
  return { id: q.id, hasDraft: q.draft !== null, ...v, sort: String(v.sort) }
}

function Faq({ onSaved }: { onSaved: OnSaved }) {
  const { data, loading, reload } = useLoad(() => contentApi.faq(), '')
  const [form, setForm] = useState<FaqForm | null>(null)
  const [confirmDialog, confirm] = useConfirm()
  const drafts = contentApi.faqDrafts
  const draftActions = useDraftActions({
    kind: 'faq',
    calls: drafts,
    tag: 'faq',
    published: '常见问题已发布',
    reload,
    onSaved,
  })
  const bodyOf = (v: FaqForm) => ({
    title: v.title,
    answer: v.answer,
    sort: sortNumber(v.sort),
    enabled: v.enabled,
  })
  // 发布: as for banners, a draft is saved then published; otherwise the entry is written as before.
  const publish = async (e: FormEvent) => {
    e.preventDefault()
    if (!form) return
    const { id, hasDraft } = form
    const body = bodyOf(form)
    const r = await (id === null
      ? contentApi.addFaq(body)
      : hasDraft
        ? drafts.save(id, body).then(() => drafts.publish(id))
        : contentApi.editFaq(id, body)
    ).catch(() => null)
    if (!r) return
    toast('success', '常见问题已发布')
    setForm(null)
    reload()
    onSaved('faq')
  }
  const saveDraft = async () => {
    if (!form) return
    const body = bodyOf(form)
    const r = await (form.id === null ? drafts.create(body) : drafts.save(form.id, body)).catch(() => null)
    if (!r) return
    toast('success', '草稿已保存，网站未改变')
    setForm(null)
    reload()
  }
  const remove = async (q: AdminFaq) => {
    if (!(await confirm({ action: `删除“${q.title}”` }))) return
    if (await contentApi.deleteFaq(q.id).catch(() => null)) {
      toast('success', '常见问题已删除')
      reload()
      onSaved('faq')
    }
  }
  const columns: Column<AdminFaq>[] = [
    { id: 'sort', header: '排序', cell: (q) => q.sort, sortValue: (q) => q.sort },
    {
      id: 'title',
      header: '问题',
      cell: (q) => (
        <>
          {q.title}
          {q.draft && <DraftBadge />}
        </>
      ),
      sortValue: (q) => q.title,
    },
    { id: 'enabled', header: '状态', cell: (q) => (q.enabled ? '展示' : '停用') },
    {
      id: 'actions',
      header: '操作',
      cell: (q) => (
        <div className="flex flex-wrap gap-x-2">
          <button type="button" className={linkBtn} onClick={() => setForm(faqForm(q))}>
            编辑
          </button>
          {q.draft && draftActions.actions(q.id, q.draft.title)}
          <button type="button" className={linkBtn} onClick={() => remove(q)}>
            删除
          </button>
        </div>
      ),
    },
  ]
  return (
    <div className="grid gap-4">
      <div>
        <button
          type="button"
          className="btn-primary"
          onClick={() =>
            setForm({ id: null, hasDraft: false, title: '', answer: '', sort: '0', enabled: true })
          }
        >
          新增问题
        </button>
      </div>
      <DataTable
        id="faq"
        caption="常见问题"
        columns={columns}
        page={all(data)}
        loading={loading}
        empty="暂无常见问题"
        onPage={() => {}}
        rowKey={(q) => q.id}
      />
      <Dialog
        open={form !== null}
        onOpenChange={(o) => !o && setForm(null)}
        title={form?.id === null ? '新增问题' : form?.hasDraft ? '编辑问题草稿' : '编辑问题'}
        width="max-w-3xl"
      >
        {form && (
          <form className="grid gap-3" onSubmit={publish}>
            <TextField label="问题" value={form.title} onChange={(title) => setForm({ ...form, title })} />
            <HtmlField
              label="回答"
              value={form.answer}
              max={FAQ_ANSWER_MAX}
              onChange={(answer) => setForm({ ...form, answer })}
            />
            <TextField
              label="排序（小的在前）"
              value={form.sort}
              inputMode="numeric"
              onChange={(sort) => setForm({ ...form, sort })}
            />
            <DialogEnd
              shown={form.enabled}
              onShown={(enabled) => setForm({ ...form, enabled })}
              onCancel={() => setForm(null)}
              onDraft={saveDraft}
            />
          </form>
        )}
      </Dialog>
      {confirmDialog}
      {draftActions.confirmDialog}
    </div>
  )
}

// --- configuration texts ----------------------------------------------------------------------

/** A rich text: edited in the editor, saved as a draft, previewed, published or discarded. */
function RichTextCard({ text, reload, onSaved }: { text: AdminText; reload: () => void; onSaved: OnSaved }) {
  const stored = text.draft ?? text.value
  const [edit, setEdit] = useState<string | null>(null)
  const [confirmDialog, confirm] = useConfirm()
  const drafts = contentApi.textDrafts
  const value = edit ?? stored
  const changed = edit !== null && edit !== stored
  const saveDraft = async () => {
    if (!(await drafts.save(text.key, { value }).catch(() => null))) return false
    setEdit(null)
    return true
  }
  const publish = async () => {
    if (changed && !(await saveDraft())) return
    if (!(await drafts.publish(text.key).catch(() => null))) return reload()
    toast('success', `${text.title}已发布`)
    reload()
    onSaved('config')
  }
  const discard = async () => {
    if (!(await confirm({ action: `放弃“${text.title}”的草稿` }))) return
    if (!(await drafts.discard(text.key).catch(() => null))) return
    toast('success', '草稿已放弃')
    setEdit(null)
    reload()
  }
  return (
    <section aria-labelledby={`text-${text.key}`} className="grid gap-2 rounded-lg bg-white p-4 shadow-sm">
      <h2 id={`text-${text.key}`} className="font-medium">
        {text.title}
        {text.draft !== null && <DraftBadge />}
      </h2>
      <HtmlField label={text.title} value={value} max={SITE_TEXT_MAX} onChange={setEdit} hideLabel />
      <div className="flex flex-wrap items-center justify-end gap-2">
        {changed && <span className="mr-auto text-sm text-amber-800">有未保存的修改</span>}
        {text.draft !== null && (
          <>
            <a href={previewHref('text', text.key)} target="_blank" rel="noopener" className="btn-outline">
              预览
            </a>
            <button type="button" className="btn-outline" onClick={discard}>
              放弃草稿
            </button>
          </>
        )}
        <button
          type="button"
          className="btn-outline"
          disabled={!changed}
          onClick={async () => {
            if (await saveDraft()) {
              toast('success', `${text.title}草稿已保存，网站未改变`)
              reload()
            }
          }}
        >
          保存草稿
        </button>
        <button
          type="button"
          className="btn-primary"
          disabled={!changed && text.draft === null}
          onClick={publish}
        >
          发布
        </button>
      </div>
      {confirmDialog}
    </section>
  )
}

/** The level thresholds: JSON, saved at once as before (no draft: nothing to preview). */
function LevelsCard({ text, reload, onSaved }: { text: AdminText; reload: () => void; onSaved: OnSaved }) {
  const [edit, setEdit] = useState<string | null>(null)
  return (
    <form
      className="grid gap-2 rounded-lg bg-white p-4 shadow-sm"
      onSubmit={async (e) => {
        e.preventDefault()
        if (await contentApi.editText(text.key, edit ?? text.value).catch(() => null)) {
          toast('success', `${text.title}已保存`)
          setEdit(null)
          reload()
          onSaved('config')
        }
      }}
    >
      <Area label={`${text.title}（JSON）`} value={edit ?? text.value} onChange={setEdit} />
      <div className="flex justify-end">
        <button type="submit" className="btn-primary">
          保存{text.title}
        </button>
      </div>
    </form>
  )
}

function Texts({ onSaved }: { onSaved: OnSaved }) {
  const { data, reload } = useLoad(() => contentApi.texts(), '')
  if (!data) return <p className="text-slate-500">正在加载…</p>
  return (
    <div className="grid gap-4">
      {data.map((t) =>
        t.key === 'levels' ? (
          <LevelsCard key={t.key} text={t} reload={reload} onSaved={onSaved} />
        ) : (
          <RichTextCard key={t.key} text={t} reload={reload} onSaved={onSaved} />
        ),
      )}
    </div>
  )
}

// --- dictionaries -----------------------------------------------------------------------------

function Dictionaries({ onSaved }: { onSaved: OnSaved }) {
  const [f, set] = useUrlFilters({ tab: 'dict', key: 'productClass' })
  const { data, loading, reload } = useLoad(() => contentApi.dictionary(f.key), f.key)
  const [adding, setAdding] = useState({ title: '', sort: '0' })
  const [editing, setEditing] = useState<{ entry: DictEntry; title: string; sort: string } | null>(null)
  const [confirmDialog, confirm] = useConfirm()
  const done = (msg: string) => {
    toast('success', msg)
    reload()
    onSaved('dictionary')
  }
  const add = async (e: FormEvent) => {
    e.preventDefault()
    if (
      await contentApi
        .addEntry({ key: f.key, title: adding.title, sort: sortNumber(adding.sort) })
        .catch(() => null)
    ) {
      setAdding({ title: '', sort: '0' })
      done('已添加')
    }
  }
  const saveEdit = async () => {
    if (!editing) return
    const { entry, title, sort } = editing
    if (
      await contentApi
        .editEntry(entry.id, { ...(title !== entry.title ? { title } : {}), sort: sortNumber(sort) })
        .catch(() => null)
    ) {
      setEditing(null)
      done('已保存')
    }
  }
  const remove = async (d: DictEntry) => {
    if (!(await confirm({ action: `删除“${d.title}”` }))) return
    if (await contentApi.deleteEntry(d.id).catch(() => null)) done('已删除')
  }
  const columns: Column<DictEntry>[] = [
    { id: 'sort', header: '排序', cell: (d) => d.sort, sortValue: (d) => d.sort },
    { id: 'title', header: '名称', cell: (d) => d.title, sortValue: (d) => d.title },
    { id: 'used', header: '使用处', cell: (d) => d.usedBy || '未使用' },
    {
      id: 'actions',
      header: '操作',
      cell: (d) => (
        <div className="flex gap-2">
          <button
            type="button"
            className={linkBtn}
            onClick={() => setEditing({ entry: d, title: d.title, sort: String(d.sort) })}
          >
            编辑
          </button>
          <button type="button" className={linkBtn} onClick={() => remove(d)}>
            删除
          </button>
        </div>
      ),
    },
  ]
  return (
    <div className="grid gap-4">
      <form className="flex flex-wrap items-end gap-3" onSubmit={add}>
        <Select
          label="字典"
          value={f.key}
          options={Object.entries(DICT_NAMES)}
          onChange={(key) => set({ key })}
        />
        <TextField
          label="新名称"
          value={adding.title}
          onChange={(title) => setAdding({ ...adding, title })}
        />
        <TextField
          label="排序"
          value={adding.sort}
          inputMode="numeric"
          onChange={(sort) => setAdding({ ...adding, sort })}
        />
        <button type="submit" className="btn-primary">
          添加
        </button>
      </form>
      <DataTable
        id="dictionary"
        caption="字典"
        columns={columns}
        page={all(data)}
        loading={loading}
        empty="暂无条目"
        onPage={() => {}}
        rowKey={(d) => d.id}
      />
      <Dialog
        open={editing !== null}
        onOpenChange={(o) => !o && setEditing(null)}
        title="编辑条目"
        width="max-w-sm"
      >
        {editing && (
          <div className="grid gap-3">
            <TextField
              label="名称"
              value={editing.title}
              onChange={(title) => setEditing({ ...editing, title })}
            />
            <TextField
              label="排序"
              value={editing.sort}
              inputMode="numeric"
              onChange={(sort) => setEditing({ ...editing, sort })}
            />
            <div className="mt-2 flex justify-end gap-2">
              <button type="button" className="btn-outline" onClick={() => setEditing(null)}>
                取消
              </button>
              <button type="button" className="btn-primary" onClick={saveEdit}>
                保存
              </button>
            </div>
          </div>
        )}
      </Dialog>
      {confirmDialog}
    </div>
  )
}

function Content() {
  const [f, set] = useUrlFilters({ tab: 'banners' })
  const [saved, setSaved] = useState<Saved>(null)
  const onSaved = (tag: string) => setSaved({ tag, at: Date.now() })
  return (
    <div className="grid gap-4">
      <nav aria-label="站点内容" className="flex flex-wrap gap-2">
        {TABS.map((t) => (
          <button
            key={t.id}
            type="button"
            aria-current={f.tab === t.id ? 'page' : undefined}
            className={f.tab === t.id ? 'btn-primary' : 'btn-outline'}
            onClick={() => set({ tab: t.id })}
          >
            {t.label}
          </button>
        ))}
      </nav>
      <BuildStatusPanel saved={saved} />
      {f.tab === 'faq' ? (
        <Faq onSaved={onSaved} />
      ) : f.tab === 'texts' ? (
        <Texts onSaved={onSaved} />
      ) : f.tab === 'dict' ? (
        <Dictionaries onSaved={onSaved} />
      ) : f.tab === 'company' ? (
        <CompanyForm onSaved={onSaved} />
      ) : (
        <Banners onSaved={onSaved} />
      )}
    </div>
  )
}

/**
 * /admin/content/: banners, FAQ, configuration texts, dictionaries and company facts (marketing);
 * every save audited and rebuilt. Banners, FAQ entries and the rich texts may first be saved as
 * drafts, previewed on /admin/preview/ and then published.
 */
export default function ContentPage() {
  return (
    <AdminShell title="站点内容" permission="content.write">
      <Content />
    </AdminShell>
  )
}

/**
 * The end of a banner or FAQ dialog: its 展示 switch, then 取消, 保存草稿 (nothing public changes)
 * and 发布 (the form's submit).
 */
function DialogEnd({
  shown,
  onShown,
  onCancel,
  onDraft,
}: {
  shown: boolean
  onShown: (shown: boolean) => void
  onCancel: () => void
  onDraft: () => void
}) {
  return (
    <>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={shown} onChange={(e) => onShown(e.target.checked)} />
        展示
      </label>
      <div className="mt-2 flex justify-end gap-2">
        <button type="button" className="btn-outline" onClick={onCancel}>
          取消
        </button>
        <button type="button" className="btn-outline" onClick={onDraft}>
          保存草稿
        </button>
        <button type="submit" className="btn-primary">
          发布
        </button>
      </div>
    </>
  )
}

const RichEditor = lazy(() => import('../../publish/RichEditor.tsx').then((m) => ({ default: m.RichEditor })))

/**
 * Rich text of the site content: the publish forms' editor (loaded when first shown), its images
 * uploaded by a staff call, at most `max` characters; the server sanitises it again on every save.
 */
function HtmlField({
  label,
  value,
  onChange,
  max,
  hideLabel,
}: {
  label: string
  value: string
  onChange: (html: string) => void
  max: number
  /** The label is already on screen (a card's heading). */
  hideLabel?: boolean
}) {
  return (
    <div className="grid gap-1">
      {/* The editor's area takes its name from `label`; this is the same name, for the eye. */}
      {!hideLabel && (
        <span aria-hidden="true" className="text-sm text-slate-700">
          {label}
        </span>
      )}
      <Suspense fallback={<div className="h-52 rounded-md border border-slate-300 bg-white" />}>
        <RichEditor
          label={label}
          value={value}
          onChange={onChange}
          max={max}
          upload={contentApi.uploadImage}
        />
      </Suspense>
    </div>
  )
}
