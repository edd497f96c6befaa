/**
 * /admin/groups/: customer groups (issue 40 item 2) — 合作医院, 经销商 — each with its members and
 * price lists. 新建 and 改名 open a small form; 成员 opens the members dialog (by hand or a CSV of
 * phones); 删除 asks first and takes the group's price lists with it.
 */
import { useState } from 'react'
import { type AdminGroup, groupsApi } from '../../lib/api/admin-groups.ts'
import { checkGroupName, GROUP_NAME_MAX } from '../../lib/rules/price-list.ts'
import { useConfirm } from '../common/useConfirm.tsx'
import { adminPage } from './AdminShell.tsx'
import { FormDialog } from './FormDialog.tsx'
import { MembersDialog } from './groups/MembersDialog.tsx'
import { attempt } from './kit/Actions.tsx'
import type { Column } from './kit/DataTable.tsx'
import { useList } from './kit/ListScreen.tsx'

function Groups() {
  const [naming, setNaming] = useState<AdminGroup | 'new' | null>(null)
  const [members, setMembers] = useState<number | null>(null)
  const [confirmDialog, confirm] = useConfirm()

  const remove = async (g: AdminGroup, reload: () => void) => {
    if (
      await confirm({
        title: '删除客户组',
        text: `确定删除「${g.name}」吗？它的 ${g.priceLists} 个价目表一并删除，${g.members} 位成员今后按原价或会员价购买。`,
      })
    ) {
      await attempt(() => groupsApi.removeGroup(g.id), '客户组已删除')
      reload()
    }
  }
  const columns: Column<AdminGroup>[] = [
    {
      id: 'name',
      header: '客户组',
      cell: (g) => <span className="font-medium">{g.name}</span>,
      className: 'min-w-32',
    },
    {
      id: 'members',
      header: '成员数',
      cell: (g) => g.members,
      sortValue: (g) => g.members,
      className: 'text-right tabular-nums',
    },
    {
      id: 'lists',
      header: '价目表',
      cell: (g) => (
        <a className="text-brand-700 hover:underline" href={`/admin/price-lists/?groupId=${g.id}`}>
          {g.priceLists} 个
        </a>
      ),
      className: 'text-right tabular-nums',
    },
    {
      id: 'created',
      header: '创建时间',
      cell: (g) => g.createTime.slice(0, 16),
      className: 'text-xs whitespace-nowrap',
    },
  ]
  const list = useList({
    id: 'customer-groups',
    caption: '客户组',
    load: () => groupsApi.groups(),
    pageSize: 0,
    columns,
    rowKey: (g) => g.id,
    empty: '还没有客户组',
    rowActions: (g, { reload }) => [
      { label: '成员', name: `「${g.name}」的成员`, run: () => setMembers(g.id) },
      { label: '改名', name: `给「${g.name}」改名`, run: () => setNaming(g) },
      { label: '删除', name: `删除「${g.name}」`, run: () => remove(g, reload), danger: true },
    ],
    toolbar: (
      <>
        <p className="mr-auto text-sm text-slate-600">
          组内客户按价目表的协议价购买：每件商品取原价、会员价、协议价中最低的一个。
        </p>
        <button type="button" className="btn-primary px-4 py-2 text-sm" onClick={() => setNaming('new')}>
          新建客户组
        </button>
      </>
    ),
  })
  return (
    <>
      {list.view}
      {naming && (
        <FormDialog
          title={naming === 'new' ? '新建客户组' : '客户组改名'}
          fields={[{ key: 'name', label: '名称', max: GROUP_NAME_MAX, required: true }]}
          initial={{ name: naming === 'new' ? '' : naming.name }}
          check={(v) => checkGroupName(v)}
          save={async (v) => {
            if (naming === 'new') await groupsApi.createGroup(v.name.trim())
            else await groupsApi.renameGroup(naming.id, v.name.trim())
            list.reload()
          }}
          close={() => setNaming(null)}
        />
      )}
      {members !== null && (
        <MembersDialog
          id={members}
          close={() => {
            setMembers(null)
            list.reload()
          }}
        />
      )}
      {confirmDialog}
    </>
  )
}

export default adminPage('机构分组', 'promotions.write', Groups)
