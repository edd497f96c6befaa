import { type SubmitEvent, useEffect, useMemo, useState } from 'react'
import { type ModeratedComment, moderationApi } from '../../../lib/api/admin-moderation.ts'
import { AdminShell } from '../AdminShell.tsx'
import { type Column, DataTable } from '../DataTable.tsx'
import { useLoad } from '../useLoad.ts'
import { useUrlFilters } from '../useUrlFilters.ts'
import {
  digits,
  HiddenFilter,
  HiddenState,
  HideAction,
  type Hideable,
  ModerationTabs,
  NumberField,
  type ReasonAsk,
  useReasonDialog,
} from './parts.tsx'

/** A comment as the hide/restore buttons speak of it. */
const COMMENT: Hideable = {
  noun: '评论',
  author: '评论人',
  hideEffect: '不再出现在公开的评论列表和回复消息中',
  restoreEffect: '重新出现在公开的评论列表中',
  restoreLabel: '恢复显示',
  hide: moderationApi.hideComment,
  restore: moderationApi.restoreComment,
}

const columnsOf = (ask: (r: ReasonAsk) => void): Column<ModeratedComment>[] => [
  { id: 'id', header: '编号', cell: (m) => m.id, sortValue: (m) => m.id },
  {
    id: 'content',
    header: '评论内容',
    cell: (m) => (
      <div className="max-w-md">
        <p className="whitespace-pre-wrap break-words">{m.content}</p>
        {m.imgurl && (
          <a
            href={m.imgurl}
            target="_blank"
            rel="noopener noreferrer"
            className="text-xs text-brand-700 underline"
          >
            评论图片
          </a>
        )}
        {m.parentId !== null && <span className="block text-xs text-slate-500">回复 #{m.parentId}</span>}
      </div>
    ),
  },
  { id: 'user', header: '评论人', cell: (m) => `${m.nickName}（#${m.userId}）` },
  {
    id: 'article',
    header: '所属内容',
    cell: (m) => (
      <a
        href={`/detail/${m.articleId}/`}
        target="_blank"
        rel="noopener noreferrer"
        className="text-brand-700 hover:underline"
      >
        {m.kindText} #{m.articleId} {m.articleTitle}
      </a>
    ),
  },
  { id: 'time', header: '时间', cell: (m) => m.createTime, sortValue: (m) => m.createTime },
  { id: 'state', header: '状态', cell: (m) => <HiddenState hidden={m.hidden} /> },
  {
    id: 'actions',
    header: '操作',
    cell: (m) => <HideAction id={m.id} hidden={m.hidden} kind={COMMENT} ask={ask} />,
  },
]

function Comments() {
  const [f, set] = useUrlFilters({ id: '', articleId: '', hidden: '', pageIndex: '0' })
  const [box, setBox] = useState({ id: f.id, articleId: f.articleId })
  useEffect(() => setBox({ id: f.id, articleId: f.articleId }), [f.id, f.articleId])
  const { data, loading, reload } = useLoad(
    () => moderationApi.comments({ ...f, pageIndex: Number(f.pageIndex), pageSize: 20 }),
    JSON.stringify(f),
  )
  const [dialog, ask] = useReasonDialog(reload)
  const columns = useMemo(() => columnsOf(ask), [ask])
  const search = (e: SubmitEvent) => {
    e.preventDefault()
    set({ id: digits(box.id), articleId: digits(box.articleId) })
  }
  return (
    <>
      <ModerationTabs current="/admin/moderation/comments/" />
      <form onSubmit={search} className="mb-3 flex flex-wrap items-center gap-2">
        <NumberField
          id="comment-id"
          label="评论编号"
          value={box.id}
          onChange={(id) => setBox({ ...box, id })}
        />
        <NumberField
          id="comment-article"
          label="内容编号"
          value={box.articleId}
          onChange={(articleId) => setBox({ ...box, articleId })}
        />
        <HiddenFilter id="comment-hidden" value={f.hidden} onChange={(hidden) => set({ hidden })} />
        <button type="submit" className="btn-primary px-4 py-2 text-sm">
          查找
        </button>
      </form>
      <DataTable
        id="moderation-comments"
        caption="评论"
        columns={columns}
        page={data}
        loading={loading}
        rowKey={(m) => m.id}
        empty="没有符合条件的评论"
        onPage={(i) => set({ pageIndex: String(i) })}
      />
      {dialog}
    </>
  )
}

/** /admin/moderation/comments/: find comments (by id, by item), hide or show them again with a reason. */
export default function CommentsPage() {
  return (
    <AdminShell title="内容审核" permission="moderation">
      <Comments />
    </AdminShell>
  )
}
