/**
 * /admin/shipping/: shipping templates (issue 24) — each with its fees, the 包邮 label products
 * show for it, how many products use it and which is the default (products without their own
 * template). 新建 and 编辑 open the template form; 设为默认 and 删除 ask first. The server refuses
 * to delete a template in use or the default, and that refusal is toasted.
 */
import { useState } from 'react'
import { type AdminShippingTemplate, sellingApi } from '../../lib/api/admin-selling.ts'
import { formatMoney } from '../../lib/format.ts'
import { useConfirm } from '../common/useConfirm.tsx'
import { adminPage } from './AdminShell.tsx'
import { attempt } from './kit/Actions.tsx'
import type { Column } from './kit/DataTable.tsx'
import { useList } from './kit/ListScreen.tsx'
import { TemplateForm } from './selling/TemplateForm.tsx'

const ratesText = (t: AdminShippingTemplate) =>
  t.rates.length === 0 ? '—' : t.rates.map((r) => `${r.province} ${formatMoney(r.fee)}`).join('，')

function Templates() {
  const [editing, setEditing] = useState<AdminShippingTemplate | 'new' | null>(null)
  const [confirmDialog, confirm] = useConfirm()

  // Refused (in use, the default): the client has toasted the server's reason.
  const makeDefault = async (t: AdminShippingTemplate, reload: () => void) => {
    if (
      await confirm({
        title: '设为默认模板',
        text: `确定把「${t.name}」设为默认运费模板吗？没有单独指定模板的商品都按它收运费。`,
      })
    ) {
      await attempt(() => sellingApi.setDefaultTemplate(t.id), `「${t.name}」已设为默认模板`)
      reload()
    }
  }
  const remove = async (t: AdminShippingTemplate, reload: () => void) => {
    if (await confirm({ title: '删除运费模板', text: `确定删除运费模板「${t.name}」吗？` })) {
      await attempt(() => sellingApi.removeTemplate(t.id), '运费模板已删除')
      reload()
    }
  }

  const columns: Column<AdminShippingTemplate>[] = [
    {
      id: 'name',
      header: '模板名称',
      cell: (t) => (
        <span className="font-medium">
          {t.name}
          {t.isDefault && (
            <span className="ml-2 rounded bg-brand-50 px-1.5 py-0.5 text-xs text-brand-700" data-default>
              默认
            </span>
          )}
        </span>
      ),
      className: 'min-w-32',
    },
    {
      id: 'base',
      header: '基础运费（元）',
      cell: (t) => formatMoney(t.base),
      className: 'text-right tabular-nums',
    },
    {
      id: 'freeAbove',
      header: '满额包邮（元）',
      cell: (t) => (t.freeAbove > 0 ? formatMoney(t.freeAbove) : '—'),
      className: 'text-right tabular-nums',
    },
    { id: 'rates', header: '指定地区', cell: ratesText, className: 'min-w-48 max-w-96 text-xs' },
    {
      id: 'label',
      header: '商品显示',
      cell: (t) => t.label ?? '按地区收运费',
      className: 'whitespace-nowrap',
    },
    {
      id: 'products',
      header: '使用商品数',
      cell: (t) => <span data-products>{t.products}</span>,
      sortValue: (t) => t.products,
      className: 'text-right tabular-nums',
    },
  ]
  const list = useList({
    id: 'shipping-templates',
    caption: '运费模板',
    load: async () => (await sellingApi.templates()).templates,
    pageSize: 0,
    columns,
    rowKey: (t) => t.id,
    empty: '暂无运费模板',
    rowActions: (t, { reload }) => [
      { label: '编辑', name: `编辑「${t.name}」`, run: () => setEditing(t) },
      !t.isDefault && {
        label: '设为默认',
        name: `把「${t.name}」设为默认`,
        run: () => makeDefault(t, reload),
      },
      { label: '删除', name: `删除「${t.name}」`, run: () => remove(t, reload), danger: true },
    ],
    toolbar: (
      <>
        <p className="mr-auto text-sm text-slate-600">
          订单的运费按商品所用模板计算：同一模板的商品合计满额包邮，否则按收货省份收费；一单只收最高的一笔运费。课程、帖子和任务不收运费。
        </p>
        <button type="button" className="btn-primary px-4 py-2 text-sm" onClick={() => setEditing('new')}>
          新建运费模板
        </button>
      </>
    ),
  })
  return (
    <>
      {list.view}
      {editing && (
        <TemplateForm
          template={editing === 'new' ? undefined : editing}
          close={() => setEditing(null)}
          onSaved={list.reload}
        />
      )}
      {confirmDialog}
    </>
  )
}

export default adminPage('运费模板', 'promotions.write', Templates)
