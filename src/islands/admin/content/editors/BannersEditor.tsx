/** Tab 广告图 of /admin/content/: the banners of one position, edited through the drafted editor. */
import { type AdminBanner, contentApi } from '../../../../lib/api/admin-content.ts'
import { BannerPosition } from '../../../../lib/constants.ts'
import { sortNumber } from '../../../../lib/rules/fields.ts'
import { TextField } from '../../account-parts.tsx'
import { useLoad } from '../../kit/useLoad.ts'
import { useUrlFilters } from '../../kit/useUrlFilters.ts'
import { DraftedEditor, draftedTitle, shownColumn } from './DraftedEditor.tsx'
import { POSITION_NAMES } from './drafts.tsx'
import { type OnSaved, Select } from './fields.tsx'

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
const bodyOf = (v: BannerForm) => ({
  title: v.title,
  imgurl: v.imgurl,
  link: v.link,
  sort: sortNumber(v.sort),
  enabled: v.enabled,
  startTime: v.startTime.replace('T', ' ') || null,
  endTime: v.endTime.replace('T', ' ') || null,
})
type Body = ReturnType<typeof bodyOf>

const calls = {
  add: (b: Body & { position: string }) => contentApi.addBanner(b),
  edit: (id: number, b: Body) => contentApi.editBanner(id, b),
  remove: contentApi.deleteBanner,
  drafts: contentApi.bannerDrafts,
}

const columns = [
  {
    id: 'img',
    header: '图片',
    cell: (b: AdminBanner) => (
      <img src={b.imgurl} alt={b.title || '广告图'} className="h-10 w-24 rounded object-cover" />
    ),
  },
  draftedTitle<AdminBanner>('标题', (b) => b.title),
  { id: 'link', header: '链接', cell: (b: AdminBanner) => <span className="break-all">{b.link}</span> },
  { id: 'sort', header: '排序', cell: (b: AdminBanner) => b.sort, sortValue: (b: AdminBanner) => b.sort },
  shownColumn<AdminBanner>(),
  {
    id: 'window',
    header: '时段',
    cell: (b: AdminBanner) =>
      b.startTime || b.endTime ? `${b.startTime ?? '不限'} 至 ${b.endTime ?? '不限'}` : '不限',
  },
]

export function BannersEditor({ onSaved }: { onSaved: OnSaved }) {
  const [f, set] = useUrlFilters({ tab: 'banners', position: BannerPosition.home })
  const list = useLoad(() => contentApi.banners(f.position), f.position)
  return (
    <DraftedEditor
      kind="banner"
      noun="广告图"
      titles={{ add: '新增广告图', draft: '编辑广告图草稿', edit: '编辑广告图' }}
      width="max-w-lg"
      table={{ id: 'banners', caption: '广告图', empty: '该广告位暂无广告图' }}
      list={list}
      onSaved={onSaved}
      filters={
        <Select
          label="广告位"
          value={f.position}
          options={Object.entries(POSITION_NAMES)}
          onChange={(position) => set({ position })}
        />
      }
      columns={columns}
      blank={() => blankBanner(f.position)}
      formOf={bannerForm}
      bodyOf={bodyOf}
      newBodyOf={(v) => ({ ...bodyOf(v), position: v.position })}
      calls={calls}
      removeAction={(b) => `删除广告图“${b.title || b.id}”`}
      draftName={(b) => b.draft?.title || b.title || `广告图${b.id}`}
      fields={(form, setForm) => <BannerFields form={form} setForm={setForm} />}
    />
  )
}

function BannerFields({ form, setForm }: { form: BannerForm; setForm: (f: BannerForm) => void }) {
  const upload = async (file: File | undefined) => {
    if (!file) return
    const path = await contentApi.uploadImage(file, file.name).catch(() => null)
    if (path) setForm({ ...form, imgurl: path })
  }
  return (
    <>
      <TextField label="标题" value={form.title} onChange={(title) => setForm({ ...form, title })} />
      <TextField label="链接" value={form.link} onChange={(link) => setForm({ ...form, link })} />
      <div className="grid gap-1">
        <label htmlFor="banner-image" className="text-sm text-slate-700">
          图片
        </label>
        {form.imgurl && <img src={form.imgurl} alt="当前图片" className="h-20 w-48 rounded object-cover" />}
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
    </>
  )
}
