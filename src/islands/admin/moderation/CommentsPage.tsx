import { type ModeratedComment, moderationApi } from '../../../lib/api/admin-moderation.ts'
import { adminPage } from '../AdminShell.tsx'
import type { Column } from '../kit/DataTable.tsx'
import { ModerationList } from './ModerationList.tsx'
import { HiddenState, type Hideable, hiddenFilter, hideAction, PublicLink } from './parts.tsx'

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

const columns: Column<ModeratedComment>[] = [
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
      <PublicLink href={`/detail/${m.articleId}/`}>
        {m.kindText} #{m.articleId} {m.articleTitle}
      </PublicLink>
    ),
  },
  { id: 'time', header: '时间', cell: (m) => m.createTime, sortValue: (m) => m.createTime },
  { id: 'state', header: '状态', cell: (m) => <HiddenState hidden={m.hidden} /> },
]

const Comments = () => (
  <ModerationList
    tab="/admin/moderation/comments/"
    declare={(ask) => ({
      id: 'moderation-comments',
      caption: '评论',
      filtersLabel: '查找评论',
      filters: [
        { type: 'text', key: 'id', label: '评论编号', numeric: true },
        { type: 'text', key: 'articleId', label: '内容编号', numeric: true },
        hiddenFilter,
      ],
      load: (f, page) => moderationApi.comments({ ...f, ...page }),
      columns,
      empty: '没有符合条件的评论',
      rowActions: (m) => [hideAction(m, COMMENT, ask)],
    })}
  />
)

/** /admin/moderation/comments/: find comments (by id, by item), hide or show them again with a reason. */
export default adminPage('内容审核', 'moderation', Comments)
