import { type Complaint, moderationApi } from '../../../lib/api/admin-moderation.ts'
import { adminPage } from '../AdminShell.tsx'
import type { Column } from '../kit/DataTable.tsx'
import { ListScreen } from '../kit/ListScreen.tsx'
import type { ListDeclaration } from '../kit/list-types.ts'
import { ModerationTabs } from './parts.tsx'

const detailHref = (id: number) => `/admin/moderation/complaint/?id=${id}`

const columns: Column<Complaint>[] = [
  {
    id: 'id',
    header: '编号',
    cell: (c) => <a href={detailHref(c.id)}>{c.id}</a>,
    sortValue: (c) => c.id,
  },
  {
    id: 'content',
    header: '投诉内容',
    cell: (c) => (
      <a href={detailHref(c.id)} className="line-clamp-2 max-w-md text-brand-700 hover:underline">
        {c.content}
      </a>
    ),
  },
  { id: 'files', header: '材料', cell: (c) => `${c.files.length} 个` },
  {
    id: 'who',
    header: '投诉人',
    cell: (c) => (
      <>
        {c.postName || c.nickName}
        <span className="block text-xs text-slate-500">{c.tel}</span>
      </>
    ),
  },
  { id: 'time', header: '提交时间', cell: (c) => c.createTime, sortValue: (c) => c.createTime },
  {
    id: 'about',
    header: '涉及内容',
    cell: (c) => (c.about ? `${c.about.kindText} #${c.about.id}` : '—'),
    hidden: true,
  },
  {
    id: 'state',
    header: '状态',
    cell: (c) =>
      c.handled ? (
        <span className="text-slate-600">已处理（{c.handledBy}）</span>
      ) : (
        <span className="font-medium text-amber-700">待处理</span>
      ),
  },
]

const complaints: ListDeclaration<Complaint> = {
  id: 'complaints',
  caption: '投诉建议',
  filtersLabel: '筛选投诉',
  filters: [
    {
      type: 'select',
      key: 'state',
      label: '状态',
      live: true,
      initial: 'waiting',
      options: [
        ['waiting', '待处理'],
        ['handled', '已处理'],
        ['all', '全部'],
      ],
    },
  ],
  load: (f, page) => moderationApi.complaints({ state: f.state === 'all' ? undefined : f.state, ...page }),
  columns,
  rowKey: (c) => c.id,
  empty: (f) => (f.state === 'waiting' ? '没有待处理的投诉' : '暂无投诉'),
}

/** /admin/moderation/: the complaints queue (waiting ones oldest first). */
export default adminPage('内容审核', 'moderation', () => (
  <>
    <ModerationTabs current="/admin/moderation/" />
    <ListScreen list={complaints} />
  </>
))
