import { type SubmitEvent, useEffect, useMemo, useState } from 'react'
import { type ModeratedComment, moderationApi } from '../../../lib/api/admin-moderation.ts'
import { checkReason, checkRestoreReason } from '../../../lib/rules/moderation.ts'
import { AdminShell } from '../AdminShell.tsx'
import { type Column, DataTable } from '../DataTable.tsx'
import { useLoad } from '../useLoad.ts'
import { useUrlFilters } from '../useUrlFilters.ts'
import { inputClass, ModerationTabs, type ReasonAsk, useReasonDialog } from './parts.tsx'

/** 隐藏 (asks a reason) or 恢复显示, by the comment's state. */
function CommentAction({ m, ask }: { m: ModeratedComment; ask: (r: ReasonAsk) => void }) {
  return m.hidden ? (
    <button
      type="button"
      className="btn-outline whitespace-nowrap px-3 py-1 text-sm"
      onClick={() =>
        ask({
          title: `恢复显示评论 #${m.id}`,
          text: '恢复后该评论重新出现在公开的评论列表中，评论人会收到通知。',
          label: '说明（可选）',
          confirm: '确认恢复',
          check: checkRestoreReason,
          field: 'reason',
          submit: (reason) => moderationApi.restoreComment(m.id, reason),
          done: '评论已恢复显示',
        })
      }
    >
      恢复显示
    </button>
  ) : (
    <button
      type="button"
      className="btn-outline whitespace-nowrap border-red-300 px-3 py-1 text-sm text-red-700"
      onClick={() =>
        ask({
          title: `隐藏评论 #${m.id}`,
          text: '隐藏后该评论不再出现在公开的评论列表和回复消息中，评论人会收到通知。',
          label: '原因（评论人可见）',
          confirm: '确认隐藏',
          check: checkReason,
          field: 'reason',
          submit: (reason) => moderationApi.hideComment(m.id, reason),
          done: '评论已隐藏',
        })
      }
    >
      隐藏
    </button>
  )
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
  {
    id: 'state',
    header: '状态',
    cell: (m) =>
      m.hidden ? (
        <span className="whitespace-nowrap rounded bg-red-50 px-2 py-0.5 text-xs text-red-700">已隐藏</span>
      ) : (
        <span className="whitespace-nowrap rounded bg-emerald-50 px-2 py-0.5 text-xs text-emerald-700">
          显示
        </span>
      ),
  },
  { id: 'actions', header: '操作', cell: (m) => <CommentAction m={m} ask={ask} /> },
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
    const digits = (s: string) => s.replace(/\D/g, '')
    set({ id: digits(box.id), articleId: digits(box.articleId) })
  }
  return (
    <>
      <ModerationTabs current="/admin/moderation/comments/" />
      <form onSubmit={search} className="mb-3 flex flex-wrap items-center gap-2">
        <label htmlFor="comment-id" className="text-sm text-slate-600">
          评论编号
        </label>
        <input
          id="comment-id"
          inputMode="numeric"
          className={`${inputClass} w-28`}
          value={box.id}
          onChange={(e) => setBox({ ...box, id: e.target.value })}
        />
        <label htmlFor="comment-article" className="text-sm text-slate-600">
          内容编号
        </label>
        <input
          id="comment-article"
          inputMode="numeric"
          className={`${inputClass} w-28`}
          value={box.articleId}
          onChange={(e) => setBox({ ...box, articleId: e.target.value })}
        />
        <label htmlFor="comment-hidden" className="sr-only">
          状态
        </label>
        <select
          id="comment-hidden"
          className={inputClass}
          value={f.hidden}
          onChange={(e) => set({ hidden: e.target.value })}
        >
          <option value="">全部状态</option>
          <option value="0">显示</option>
          <option value="1">已隐藏</option>
        </select>
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
