import { type SubmitEvent, useEffect, useMemo, useState } from 'react'
import { type ModeratedArticle, moderationApi } from '../../../lib/api/admin-moderation.ts'
import { AdminShell } from '../AdminShell.tsx'
import { type Column, DataTable } from '../DataTable.tsx'
import { useLoad } from '../useLoad.ts'
import { useUrlFilters } from '../useUrlFilters.ts'
import {
  ArticleAction,
  inputClass,
  ListingState,
  ModerationTabs,
  type ReasonAsk,
  useReasonDialog,
} from './parts.tsx'

const columnsOf = (ask: (r: ReasonAsk) => void): Column<ModeratedArticle>[] => [
  { id: 'id', header: '编号', cell: (a) => a.id, sortValue: (a) => a.id },
  { id: 'kind', header: '类型', cell: (a) => a.kindText },
  {
    id: 'title',
    header: '标题',
    cell: (a) => (
      <a
        href={`/detail/${a.id}/`}
        target="_blank"
        rel="noopener noreferrer"
        className="text-brand-700 hover:underline"
      >
        {a.title}
      </a>
    ),
    sortValue: (a) => a.title,
  },
  {
    id: 'author',
    header: '作者',
    cell: (a) => (
      <>
        {a.authorName || '—'}
        <span className="block text-xs text-slate-500">{a.authorTel}</span>
      </>
    ),
  },
  { id: 'time', header: '发布时间', cell: (a) => a.createTime, sortValue: (a) => a.createTime, hidden: true },
  { id: 'state', header: '状态', cell: (a) => <ListingState a={a} /> },
  {
    id: 'actions',
    header: '操作',
    cell: (a) => (
      <div className="flex flex-wrap gap-2">
        <ArticleAction a={a} ask={ask} />
        <a
          href={`/admin/moderation/comments/?articleId=${a.id}`}
          className="btn-outline whitespace-nowrap px-3 py-1 text-sm"
        >
          评论
        </a>
      </div>
    ),
  },
]

function Content() {
  const [f, set] = useUrlFilters({ q: '', kind: '', state: '', pageIndex: '0' })
  const [q, setQ] = useState(f.q)
  // Back and Forward bring earlier filters: the box follows.
  useEffect(() => setQ(f.q), [f.q])
  const { data, loading, reload } = useLoad(
    () => moderationApi.articles({ ...f, pageIndex: Number(f.pageIndex), pageSize: 20 }),
    JSON.stringify(f),
  )
  const [dialog, ask] = useReasonDialog(reload)
  const columns = useMemo(() => columnsOf(ask), [ask])
  const search = (e: SubmitEvent) => {
    e.preventDefault()
    set({ q: q.trim() })
  }
  return (
    <>
      <ModerationTabs current="/admin/moderation/content/" />
      <form onSubmit={search} className="mb-3 flex flex-wrap items-center gap-2">
        <label htmlFor="content-q" className="sr-only">
          编号或标题
        </label>
        <input
          id="content-q"
          className={`${inputClass} w-56`}
          placeholder="编号或标题"
          value={q}
          onChange={(e) => setQ(e.target.value)}
        />
        <label htmlFor="content-kind" className="sr-only">
          类型
        </label>
        <select
          id="content-kind"
          className={inputClass}
          value={f.kind}
          onChange={(e) => set({ kind: e.target.value })}
        >
          <option value="">全部类型</option>
          <option value="10">社区</option>
          <option value="20">任务</option>
          <option value="30">课程</option>
        </select>
        <label htmlFor="content-state" className="sr-only">
          状态
        </label>
        <select
          id="content-state"
          className={inputClass}
          value={f.state}
          onChange={(e) => set({ state: e.target.value })}
        >
          <option value="">全部状态</option>
          <option value="listed">上架</option>
          <option value="unlisted">下架</option>
          <option value="moderated">平台下架</option>
        </select>
        <button type="submit" className="btn-primary px-4 py-2 text-sm">
          查找
        </button>
      </form>
      <DataTable
        id="moderation-content"
        caption="帖子、任务与课程"
        columns={columns}
        page={data}
        loading={loading}
        rowKey={(a) => a.id}
        empty="没有符合条件的内容"
        onPage={(i) => set({ pageIndex: String(i) })}
      />
      {dialog}
    </>
  )
}

/** /admin/moderation/content/: find a post, task or course; unlist or restore it with a reason. */
export default function ContentPage() {
  return (
    <AdminShell title="内容审核" permission="moderation">
      <Content />
    </AdminShell>
  )
}
