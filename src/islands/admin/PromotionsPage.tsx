/**
 * /admin/promotions/: 满减 promotions (issue 24) — store-wide or one category, applied to orders
 * automatically (the best one reached, never stacked). Filter by state (in the URL); 新建 and 编辑
 * open the promotion form; 停用 asks first and ends it at once.
 */
import { useState } from 'react'
import { type AdminPromotion, sellingApi } from '../../lib/api/admin-selling.ts'
import { toast } from '../../lib/toast.ts'
import { useConfirm } from '../common/useConfirm.tsx'
import { AdminShell } from './AdminShell.tsx'
import { type Column, DataTable, onePage } from './DataTable.tsx'
import { inputClass, yuan } from './order-parts.tsx'
import { PromotionForm, promotionBody } from './selling/PromotionForm.tsx'
import { dateRange, STATE_OPTIONS, StateBadge, useCategories } from './selling/parts.tsx'
import { useLoad } from './useLoad.ts'
import { useUrlFilters } from './useUrlFilters.ts'

const DEFAULTS = { state: '' }

function Promotions() {
  const [f, set] = useUrlFilters(DEFAULTS)
  const { data, loading, reload } = useLoad(() => sellingApi.promotions(f), JSON.stringify(f))
  const categories = useCategories()
  const [editing, setEditing] = useState<AdminPromotion | 'new' | null>(null)
  const [confirmDialog, confirm] = useConfirm()

  const stop = async (p: AdminPromotion) => {
    if (
      !(await confirm({
        title: '停用满减活动',
        text: `确定停用「${p.title}」吗？停用后新订单不再享受这个满减。`,
      }))
    )
      return
    try {
      await sellingApi.stopPromotion(p.id)
      toast('success', '满减活动已停用')
    } catch {
      // Refused: the client has shown why.
    }
    reload()
  }
  const restart = async (p: AdminPromotion) => {
    try {
      await sellingApi.editPromotion(p.id, { ...promotionBody(p), isShow: true })
      toast('success', '满减活动已重新启用')
    } catch {
      // Refused: the client has shown why.
    }
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
      cell: (p) => `满${yuan(p.threshold)}减${yuan(p.off)}`,
      sortValue: (p) => p.threshold,
      className: 'whitespace-nowrap tabular-nums',
    },
    { id: 'scope', header: '适用范围', cell: scopeOf },
    {
      id: 'dates',
      header: '有效期',
      cell: (p) => dateRange(p.startTime, p.endTime),
      sortValue: (p) => p.startTime,
      className: 'min-w-40 text-xs',
    },
    { id: 'state', header: '状态', cell: (p) => <StateBadge state={p.state} /> },
    { id: 'createTime', header: '创建时间', cell: (p) => p.createTime, hidden: true },
    {
      id: 'actions',
      header: '操作',
      cell: (p) => (
        <span className="flex gap-2 whitespace-nowrap">
          <button
            type="button"
            className="btn-outline px-2 py-1 text-xs"
            aria-label={`编辑「${p.title}」`}
            onClick={() => setEditing(p)}
          >
            编辑
          </button>
          {p.state === '已停用' && (
            <button
              type="button"
              className="btn-outline px-2 py-1 text-xs"
              aria-label={`重新启用「${p.title}」`}
              onClick={() => restart(p)}
            >
              重新启用
            </button>
          )}
          {p.state !== '已停用' && p.state !== '已结束' && (
            <button
              type="button"
              className="btn-outline px-2 py-1 text-xs"
              aria-label={`停用「${p.title}」`}
              onClick={() => stop(p)}
            >
              停用
            </button>
          )}
        </span>
      ),
    },
  ]
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <label htmlFor="promotions-state" className="text-xs text-slate-600">
            状态
          </label>
          <select
            id="promotions-state"
            className={`${inputClass} min-w-40`}
            value={f.state}
            onChange={(e) => set({ state: e.target.value })}
          >
            {STATE_OPTIONS.map(([v, t]) => (
              <option key={v} value={v}>
                {t}
              </option>
            ))}
          </select>
        </div>
        <button type="button" className="btn-primary px-4 py-2 text-sm" onClick={() => setEditing('new')}>
          新建满减活动
        </button>
      </div>
      <DataTable
        id="promotions"
        caption="满减活动列表"
        columns={columns}
        page={data && onePage(data)}
        loading={loading}
        empty="暂无满减活动"
        rowKey={(p) => p.id}
        onPage={() => {}}
      />
      {editing && (
        <PromotionForm
          promotion={editing === 'new' ? undefined : editing}
          close={() => setEditing(null)}
          onSaved={reload}
        />
      )}
      {confirmDialog}
    </div>
  )
}

export default function PromotionsPage() {
  return (
    <AdminShell title="满减活动" permission="promotions.write">
      <Promotions />
    </AdminShell>
  )
}
