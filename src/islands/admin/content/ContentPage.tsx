import { type FormEvent, useId, useState } from 'react'
import {
  type AdminBanner,
  type AdminFaq,
  contentApi,
  type DictEntry,
} from '../../../lib/api/admin-content.ts'
import { BannerPosition, type ClassifyKey } from '../../../lib/constants.ts'
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

const POSITION_NAMES: Record<string, string> = {
  [BannerPosition.home]: '首页',
  [BannerPosition.products]: '商品列表',
  [BannerPosition.tasks]: '任务列表',
  [BannerPosition.shares]: '社区列表',
  [BannerPosition.courses]: '课程列表',
  [BannerPosition.coursePage]: '课程详情',
  [BannerPosition.productPage]: '商品详情',
}
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

// --- banners ----------------------------------------------------------------------------------

type BannerForm = {
  id: number | null
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
  position,
  title: '',
  imgurl: '',
  link: '',
  sort: '0',
  enabled: true,
  startTime: '',
  endTime: '',
})

function Banners({ onSaved }: { onSaved: OnSaved }) {
  const [f, set] = useUrlFilters({ tab: 'banners', position: BannerPosition.home })
  const { data, loading, reload } = useLoad(() => contentApi.banners(f.position), f.position)
  const [form, setForm] = useState<BannerForm | null>(null)
  const [confirmDialog, confirm] = useConfirm()
  const save = async (e: FormEvent) => {
    e.preventDefault()
    if (!form) return
    const body = {
      title: form.title,
      imgurl: form.imgurl,
      link: form.link,
      sort: Number(form.sort) || 0,
      enabled: form.enabled,
      startTime: form.startTime.replace('T', ' ') || null,
      endTime: form.endTime.replace('T', ' ') || null,
    }
    const r = await (form.id === null
      ? contentApi.addBanner({ ...body, position: form.position })
      : contentApi.editBanner(form.id, body)
    ).catch(() => null)
    if (!r) return
    toast('success', form.id === null ? '广告图已添加' : '广告图已保存')
    setForm(null)
    reload()
    onSaved('banner')
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
    { id: 'title', header: '标题', cell: (b) => b.title, sortValue: (b) => b.title },
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
        <div className="flex gap-2">
          <button
            type="button"
            className={linkBtn}
            onClick={() =>
              setForm({
                ...b,
                sort: String(b.sort),
                startTime: b.startTime?.slice(0, 16) ?? '',
                endTime: b.endTime?.slice(0, 16) ?? '',
              })
            }
          >
            编辑
          </button>
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
        title={form?.id === null ? '新增广告图' : '编辑广告图'}
        width="max-w-lg"
      >
        {form && (
          <form className="grid gap-3" onSubmit={save}>
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
            <ShownAndSave
              shown={form.enabled}
              onShown={(enabled) => setForm({ ...form, enabled })}
              onCancel={() => setForm(null)}
            />
          </form>
        )}
      </Dialog>
      {confirmDialog}
    </div>
  )
}

// --- FAQ --------------------------------------------------------------------------------------

type FaqForm = { id: number | null; title: string; answer: string; sort: string; enabled: boolean }

function Faq({ onSaved }: { onSaved: OnSaved }) {
  const { data, loading, reload } = useLoad(() => contentApi.faq(), '')
  const [form, setForm] = useState<FaqForm | null>(null)
  const [confirmDialog, confirm] = useConfirm()
  const save = async (e: FormEvent) => {
    e.preventDefault()
    if (!form) return
    const body = {
      title: form.title,
      answer: form.answer,
      sort: Number(form.sort) || 0,
      enabled: form.enabled,
    }
    const r = await (form.id === null ? contentApi.addFaq(body) : contentApi.editFaq(form.id, body)).catch(
      () => null,
    )
    if (!r) return
    toast('success', '常见问题已保存')
    setForm(null)
    reload()
    onSaved('faq')
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
    { id: 'title', header: '问题', cell: (q) => q.title, sortValue: (q) => q.title },
    { id: 'enabled', header: '状态', cell: (q) => (q.enabled ? '展示' : '停用') },
    {
      id: 'actions',
      header: '操作',
      cell: (q) => (
        <div className="flex gap-2">
          <button type="button" className={linkBtn} onClick={() => setForm({ ...q, sort: String(q.sort) })}>
            编辑
          </button>
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
          onClick={() => setForm({ id: null, title: '', answer: '', sort: '0', enabled: true })}
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
        title={form?.id === null ? '新增问题' : '编辑问题'}
        width="max-w-lg"
      >
        {form && (
          <form className="grid gap-3" onSubmit={save}>
            <TextField label="问题" value={form.title} onChange={(title) => setForm({ ...form, title })} />
            <Area
              label="回答（HTML，保存时经统一清理）"
              value={form.answer}
              onChange={(answer) => setForm({ ...form, answer })}
            />
            <TextField
              label="排序（小的在前）"
              value={form.sort}
              inputMode="numeric"
              onChange={(sort) => setForm({ ...form, sort })}
            />
            <ShownAndSave
              shown={form.enabled}
              onShown={(enabled) => setForm({ ...form, enabled })}
              onCancel={() => setForm(null)}
            />
          </form>
        )}
      </Dialog>
      {confirmDialog}
    </div>
  )
}

// --- configuration texts ----------------------------------------------------------------------

function Texts({ onSaved }: { onSaved: OnSaved }) {
  const { data, reload } = useLoad(() => contentApi.texts(), '')
  const [edits, setEdits] = useState<Record<string, string>>({})
  if (!data) return <p className="text-slate-500">正在加载…</p>
  return (
    <div className="grid gap-4">
      {data.map((t) => (
        <form
          key={t.key}
          className="grid gap-2 rounded-lg bg-white p-4 shadow-sm"
          onSubmit={async (e) => {
            e.preventDefault()
            if (await contentApi.editText(t.key, edits[t.key] ?? t.value).catch(() => null)) {
              toast('success', `${t.title}已保存`)
              setEdits(({ [t.key]: _, ...rest }) => rest)
              reload()
              onSaved('config')
            }
          }}
        >
          <Area
            label={t.key === 'levels' ? `${t.title}（JSON）` : `${t.title}（HTML，保存时经统一清理）`}
            value={edits[t.key] ?? t.value}
            onChange={(v) => setEdits({ ...edits, [t.key]: v })}
          />
          <div className="flex justify-end">
            <button type="submit" className="btn-primary">
              保存{t.title}
            </button>
          </div>
        </form>
      ))}
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
        .addEntry({ key: f.key, title: adding.title, sort: Number(adding.sort) || 0 })
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
        .editEntry(entry.id, { ...(title !== entry.title ? { title } : {}), sort: Number(sort) || 0 })
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

/** /admin/content/: banners, FAQ, configuration texts, dictionaries and company facts (marketing); every save audited and rebuilt. */
export default function ContentPage() {
  return (
    <AdminShell title="站点内容" permission="content.write">
      <Content />
    </AdminShell>
  )
}

/** The end of a banner or FAQ dialog: its 展示 switch, then 取消 and 保存. */
function ShownAndSave({
  shown,
  onShown,
  onCancel,
}: {
  shown: boolean
  onShown: (shown: boolean) => void
  onCancel: () => void
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
        <button type="submit" className="btn-primary">
          保存
        </button>
      </div>
    </>
  )
}
