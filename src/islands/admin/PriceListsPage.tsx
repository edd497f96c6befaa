/**
 * /admin/price-lists/: price lists (issue 40 item 2) — a customer group's 协议价 per SKU and
 * percentages off whole categories, with optional dates. Filter by group (in the URL: the groups
 * screen links here); 新建 and 编辑 open the list form; 删除 asks first.
 */
import { useEffect, useState } from 'react'
import {
  type AdminGroup,
  type AdminPriceList,
  type AdminPriceListDetail,
  groupsApi,
} from '../../lib/api/admin-groups.ts'
import { useConfirm } from '../common/useConfirm.tsx'
import { adminPage } from './AdminShell.tsx'
import { PriceListForm } from './groups/PriceListForm.tsx'
import { attempt } from './kit/Actions.tsx'
import type { Column } from './kit/DataTable.tsx'
import { useList } from './kit/ListScreen.tsx'
import { StateBadge, useCategories } from './selling/parts.tsx'

const dates = (l: AdminPriceList) =>
  !l.startTime && !l.endTime
    ? '长期有效'
    : `${l.startTime ? l.startTime.slice(0, 16) : '不限'} 至 ${l.endTime ? l.endTime.slice(0, 16) : '不限'}`

function PriceLists() {
  const [groups, setGroups] = useState<AdminGroup[]>([])
  const categories = useCategories()
  const [editing, setEditing] = useState<AdminPriceListDetail | 'new' | null>(null)
  const [confirmDialog, confirm] = useConfirm()
  useEffect(() => {
    groupsApi.groups().then(setGroups, () => {})
  }, [])

  const edit = async (l: AdminPriceList) => {
    try {
      setEditing(await groupsApi.priceList(l.id))
    } catch {
      // Refused (deleted meanwhile): the client has shown why.
    }
  }
  const remove = async (l: AdminPriceList, reload: () => void) => {
    if (
      await confirm({
        title: '删除价目表',
        text: `确定删除价目表「${l.title}」吗？组内客户此后不再享受它的协议价。`,
      })
    ) {
      await attempt(() => groupsApi.removePriceList(l.id), '价目表已删除')
      reload()
    }
  }
  const columns: Column<AdminPriceList>[] = [
    {
      id: 'title',
      header: '价目表',
      cell: (l) => <span className="font-medium">{l.title}</span>,
      className: 'min-w-32',
    },
    { id: 'group', header: '客户组', cell: (l) => l.groupName, className: 'min-w-24' },
    {
      id: 'rows',
      header: '内容',
      cell: (l) =>
        [l.prices && `${l.prices} 个规格`, l.categories && `${l.categories} 个分类`]
          .filter(Boolean)
          .join('，'),
      className: 'whitespace-nowrap',
    },
    { id: 'dates', header: '有效期', cell: dates, className: 'min-w-40 text-xs' },
    { id: 'state', header: '状态', cell: (l) => <StateBadge state={l.state} /> },
  ]
  const list = useList({
    id: 'price-lists',
    caption: '价目表',
    filtersLabel: '筛选价目表',
    filters: [
      {
        type: 'select',
        key: 'groupId',
        label: '客户组',
        live: true,
        options: [
          ['', '全部客户组'],
          ...groups.map((g): readonly [string, string] => [String(g.id), g.name]),
        ],
      },
    ],
    load: (f) => groupsApi.priceLists(f.groupId ? Number(f.groupId) : undefined),
    pageSize: 0,
    columns,
    rowKey: (l) => l.id,
    empty: '还没有价目表',
    rowActions: (l, { reload }) => [
      { label: '编辑', name: `编辑「${l.title}」`, run: () => edit(l) },
      { label: '删除', name: `删除「${l.title}」`, run: () => remove(l, reload), danger: true },
    ],
    toolbar: (
      <>
        <p className="mr-auto text-sm text-slate-600">
          价目表给一个客户组指定规格的协议价，或整个分类减百分之几；多个价目表同时有效时取最低价。
        </p>
        <button type="button" className="btn-primary px-4 py-2 text-sm" onClick={() => setEditing('new')}>
          新建价目表
        </button>
      </>
    ),
  })
  return (
    <>
      {list.view}
      {editing && (
        <PriceListForm
          list={editing === 'new' ? null : editing}
          groups={groups}
          categories={categories}
          groupId={new URLSearchParams(location.search).get('groupId') ?? ''}
          close={() => setEditing(null)}
          onSaved={list.reload}
        />
      )}
      {confirmDialog}
    </>
  )
}

export default adminPage('价目表', 'promotions.write', PriceLists)
