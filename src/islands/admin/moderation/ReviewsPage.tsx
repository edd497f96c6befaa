import { type SubmitEvent, useEffect, useMemo, useState } from 'react'
import { Stars } from '../../../components/detail/ReviewList.tsx'
import { type ModeratedReview, moderationApi } from '../../../lib/api/admin-moderation.ts'
import { assetUrl } from '../../../lib/asset.ts'
import { productPath } from '../../../lib/routes.ts'
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
  inputClass,
  ModerationTabs,
  NumberField,
  type ReasonAsk,
  useReasonDialog,
} from './parts.tsx'

/** A review as the hide/restore buttons speak of it. */
const REVIEW: Hideable = {
  noun: '评价',
  author: '评价人',
  hideEffect: '不再出现在商品页与评价列表中，也不计入评分',
  restoreEffect: '重新出现在商品页与评价列表中，并计入评分',
  restoreLabel: '恢复',
  hide: moderationApi.hideReview,
  restore: moderationApi.showReview,
}

const Photos = ({ imgs, label }: { imgs: string[]; label: string }) =>
  imgs.length > 0 && (
    <span className="mt-1 flex flex-wrap gap-2 text-xs">
      {imgs.map((src, i) => (
        <a
          key={src}
          href={assetUrl(src)}
          target="_blank"
          rel="noopener noreferrer"
          className="text-brand-700 underline"
        >
          {label}
          {i + 1}
        </a>
      ))}
    </span>
  )

const columnsOf = (ask: (a: ReasonAsk) => void): Column<ModeratedReview>[] => [
  { id: 'id', header: '编号', cell: (r) => r.id, sortValue: (r) => r.id },
  { id: 'stars', header: '评分', cell: (r) => <Stars n={r.stars} />, sortValue: (r) => r.stars },
  {
    id: 'content',
    header: '评价内容',
    cell: (r) => (
      <div className="max-w-md">
        <p className="whitespace-pre-wrap break-words">{r.content}</p>
        <Photos imgs={r.imgs} label="图片" />
        {r.addition && (
          <p className="mt-1 whitespace-pre-wrap break-words text-slate-600">
            <span className="text-xs text-slate-500">追评：</span>
            {r.addition.content}
            <Photos imgs={r.addition.imgs} label="追评图片" />
          </p>
        )}
      </div>
    ),
  },
  {
    id: 'product',
    header: '商品',
    cell: (r) => (
      <a
        href={productPath(r.spuId)}
        target="_blank"
        rel="noopener noreferrer"
        className="text-brand-700 hover:underline"
      >
        #{r.spuId} {r.productTitle}
        {r.skuTitle && <span className="block text-xs text-slate-500">{r.skuTitle}</span>}
      </a>
    ),
  },
  {
    id: 'user',
    header: '评价人',
    cell: (r) => (
      <span>
        {r.nickName}（#{r.userId}）<span className="block text-xs text-slate-500">订单 {r.orderCode}</span>
      </span>
    ),
  },
  { id: 'time', header: '时间', cell: (r) => r.createTime, sortValue: (r) => r.createTime },
  { id: 'state', header: '状态', cell: (r) => <HiddenState hidden={r.hidden} /> },
  {
    id: 'actions',
    header: '操作',
    cell: (r) => <HideAction id={r.id} hidden={r.hidden} kind={REVIEW} ask={ask} />,
  },
]

function Reviews() {
  const [f, set] = useUrlFilters({ id: '', spuId: '', stars: '', hidden: '', pageIndex: '0' })
  const [box, setBox] = useState({ id: f.id, spuId: f.spuId })
  useEffect(() => setBox({ id: f.id, spuId: f.spuId }), [f.id, f.spuId])
  const { data, loading, reload } = useLoad(
    () => moderationApi.reviews({ ...f, pageIndex: Number(f.pageIndex), pageSize: 20 }),
    JSON.stringify(f),
  )
  const [dialog, ask] = useReasonDialog(reload)
  const columns = useMemo(() => columnsOf(ask), [ask])
  const search = (e: SubmitEvent) => {
    e.preventDefault()
    set({ id: digits(box.id), spuId: digits(box.spuId) })
  }
  return (
    <>
      <ModerationTabs current="/admin/moderation/reviews/" />
      <form onSubmit={search} className="mb-3 flex flex-wrap items-center gap-2">
        <NumberField
          id="review-id"
          label="评价编号"
          value={box.id}
          onChange={(id) => setBox({ ...box, id })}
        />
        <NumberField
          id="review-spu"
          label="商品编号"
          value={box.spuId}
          onChange={(spuId) => setBox({ ...box, spuId })}
        />
        <label htmlFor="review-stars" className="sr-only">
          评分
        </label>
        <select
          id="review-stars"
          className={inputClass}
          value={f.stars}
          onChange={(e) => set({ stars: e.target.value })}
        >
          <option value="">全部评分</option>
          {[5, 4, 3, 2, 1].map((n) => (
            <option key={n} value={n}>
              {n}星
            </option>
          ))}
        </select>
        <HiddenFilter id="review-hidden" value={f.hidden} onChange={(hidden) => set({ hidden })} />
        <button type="submit" className="btn-primary px-4 py-2 text-sm">
          查找
        </button>
      </form>
      <DataTable
        id="moderation-reviews"
        caption="商品评价"
        columns={columns}
        page={data}
        loading={loading}
        rowKey={(r) => r.id}
        empty="没有符合条件的评价"
        onPage={(i) => set({ pageIndex: String(i) })}
      />
      {dialog}
    </>
  )
}

/** /admin/moderation/reviews/: product reviews newest first (by id, product, stars, state); hide or show again. */
export default function ReviewsPage() {
  return (
    <AdminShell title="内容审核" permission="moderation">
      <Reviews />
    </AdminShell>
  )
}
