import { type ModeratedArticle, moderationApi } from '../../../lib/api/admin-moderation.ts'
import { adminPage } from '../AdminShell.tsx'
import { personColumn } from '../kit/columns.tsx'
import type { Column } from '../kit/DataTable.tsx'
import { ModerationList } from './ModerationList.tsx'
import { articleAction, ListingState, PublicLink } from './parts.tsx'

const columns: Column<ModeratedArticle>[] = [
  { id: 'id', header: '编号', cell: (a) => a.id, sortValue: (a) => a.id },
  { id: 'kind', header: '类型', cell: (a) => a.kindText },
  {
    id: 'title',
    header: '标题',
    cell: (a) => <PublicLink href={`/detail/${a.id}/`}>{a.title}</PublicLink>,
    sortValue: (a) => a.title,
  },
  personColumn('author', '作者', (a) => ({ name: a.authorName, tel: a.authorTel }), 'text-slate-500'),
  { id: 'time', header: '发布时间', cell: (a) => a.createTime, sortValue: (a) => a.createTime, hidden: true },
  { id: 'state', header: '状态', cell: (a) => <ListingState a={a} /> },
]

const Content = () => (
  <ModerationList
    tab="/admin/moderation/content/"
    declare={(ask) => ({
      id: 'moderation-content',
      caption: '帖子、任务与课程',
      filtersLabel: '查找内容',
      filters: [
        { type: 'text', key: 'q', label: '编号或标题', hideLabel: true, placeholder: '编号或标题' },
        {
          type: 'select',
          key: 'kind',
          label: '类型',
          hideLabel: true,
          live: true,
          options: [
            ['', '全部类型'],
            ['10', '社区'],
            ['20', '任务'],
            ['30', '课程'],
          ],
        },
        {
          type: 'select',
          key: 'state',
          label: '状态',
          hideLabel: true,
          live: true,
          options: [
            ['', '全部状态'],
            ['listed', '上架'],
            ['unlisted', '下架'],
            ['moderated', '平台下架'],
          ],
        },
      ],
      load: (f, page) => moderationApi.articles({ ...f, ...page }),
      columns,
      empty: '没有符合条件的内容',
      rowActions: (a) => [
        articleAction(a, ask),
        { label: '评论', href: `/admin/moderation/comments/?articleId=${a.id}` },
      ],
    })}
  />
)

/** /admin/moderation/content/: find a post, task or course; unlist or restore it with a reason. */
export default adminPage('内容审核', 'moderation', Content)
