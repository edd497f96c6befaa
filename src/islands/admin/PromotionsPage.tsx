/**
 * /admin/promotions/: 满减 promotions (issue 24) — store-wide or one category, applied to orders
 * automatically (the best one reached, never stacked). Filter by state (in the URL); 新建 and 编辑
 * open the promotion form; 停用 asks first and ends it at once.
 */
import { useState } from 'react'
import { type AdminPromotion, sellingApi } from '../../lib/api/admin-selling.ts'
import { formatMoney } from '../../lib/format.ts'
import { useConfirm } from '../common/useConfirm.tsx'
import { adminPage } from './AdminShell.tsx'
import { attempt } from './kit/Actions.tsx'
import type { Column } from './kit/DataTable.tsx'
import { useList } from './kit/ListScreen.tsx'
import { PromotionForm, promotionBody } from './selling/PromotionForm.tsx'
import { datesAndState, STATE_OPTIONS, useCategories } from './selling/parts.tsx'

function Promotions() {
  const categories = useCategories()
  const [editing, setEditing] = useState<AdminPromotion | 'new' | null>(null)
  const [confirmDialog, confirm] = useConfirm()

  const stop = async (p: AdminPromotion, reload: () => void) => {
    if (
      !(await confirm({
        title: '停用满减活动',
        text: `确定停用「${p.title}」吗？停用后新订单不再享受这个满减。`,
      }))
    )
      return
    await attempt(() => sellingApi.stopPromotion(p.id), '满减活动已停用')
    reload()
  }
  const restart = async (p: AdminPromotion, reload: () => void) => {
    await attempt(
      () => sellingApi.editPromotion(p.id, { ...promotionBody(p), isShow: true }),
      '满减活动已重新启用',
    )
    reload()
  }
  const scopeOf = (p: AdminPromotion) =>
    p.classId === null
      ? '全场商品'
      : `分类：${categories.find((c) => c.id === p.classId)?.title ?? p.classId}`
  const columns: Column<AdminPromotion>[] = [
    { id: 'title', header: '活动名称', cell: (p) => p.title, className: 'min-w-36 max-w-64 font-medium' },
    {
      id: 'rule',
      header: '规则',
      cell: (p) => `满${formatMoney(p.threshold)}减${formatMoney(p.off)}`,
      sortValue: (p) => p.threshold,
      className: 'whitespace-nowrap tabular-nums',
    },
    { id: 'scope', header: '适用范围', cell: scopeOf },
    ...datesAndState<AdminPromotion>(),
    { id: 'createTime', header: '创建时间', cell: (p) => p.createTime, hidden: true },
  ]
  const list = useList({
    id: 'promotions',
    caption: '满减活动列表',
    filtersLabel: '筛选满减活动',
    filters: [{ type: 'select', key: 'state', label: '状态', options: STATE_OPTIONS, live: true }],
    load: (f) => sellingApi.promotions(f),
    pageSize: 0,
    columns,
    rowKey: (p) => p.id,
    empty: '暂无满减活动',
    rowActions: (p, { reload }) => [
      { label: '编辑', name: `编辑「${p.title}」`, run: () => setEditing(p) },
      p.state === '已停用' && {
        label: '重新启用',
        name: `重新启用「${p.title}」`,
        run: () => restart(p, reload),
      },
      p.state !== '已停用' &&
        p.state !== '已结束' && { label: '停用', name: `停用「${p.title}」`, run: () => stop(p, reload) },
    ],
    toolbar: (
      <button type="button" className="btn-primary px-4 py-2 text-sm" onClick={() => setEditing('new')}>
        新建满减活动
      </button>
    ),
  })
  return (
    <>
      {list.view}
      {editing && (
        <PromotionForm
          promotion={editing === 'new' ? undefined : editing}
          close={() => setEditing(null)}
          onSaved={list.reload}
        />
      )}
      {confirmDialog}
    </>
  )
}

export default adminPage('满减活动', 'promotions.write', Promotions)
