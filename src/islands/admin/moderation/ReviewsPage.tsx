import { type SubmitEvent, useEffect, useMemo, useState } from 'react'
import { Stars } from '../../../components/detail/ReviewList.tsx'
import { type ModeratedReview, moderationApi } from '../../../lib/api/admin-moderation.ts'
import { assetUrl } from '../../../lib/asset.ts'
import { productPath } from '../../../lib/routes.ts'
import { checkReason, checkRestoreReason } from '../../../lib/rules/moderation.ts'
import { AdminShell } from '../AdminShell.tsx'
import { type Column, DataTable } from '../DataTable.tsx'
import { useLoad } from '../useLoad.ts'
import { useUrlFilters } from '../useUrlFilters.ts'
import { inputClass, ModerationTabs, type ReasonAsk, useReasonDialog } from './parts.tsx'

/** 隐藏 (asks a reason) or 恢复, by the review's state: the screen's reason dialog confirms either. */
function ReviewAction({ r, ask }: { r: ModeratedReview; ask: (a: ReasonAsk) => void }) {
  return r.hidden ? (
    <button
      type="button"
      className="btn-outline whitespace-nowrap px-3 py-1 text-sm"
      onClick={() =>
        ask({
          title: `恢复评价 #${r.id}`,
          text: '恢复后该评价重新出现在商品页与评价列表中，并计入评分，评价人会收到通知。',
          label: '说明（可选）',
          confirm: '确认恢复',
          check: checkRestoreReason,
          field: 'reason',
          submit: (reason) => moderationApi.showReview(r.id, reason),
          done: '评价已恢复显示',
        })
      }
    >
      恢复
    </button>
  ) : (
    <button
      type="button"
      className="btn-outline whitespace-nowrap border-red-300 px-3 py-1 text-sm text-red-700"
      onClick={() =>
        ask({
          title: `隐藏评价 #${r.id}`,
          text: '隐藏后该评价不再出现在商品页与评价列表中，也不计入评分，评价人会收到通知。',
          label: '原因（评价人可见）',
          confirm: '确认隐藏',
          check: checkReason,
          field: 'reason',
          submit: (reason) => moderationApi.hideReview(r.id, reason),
          done: '评价已隐藏',
        })
      }
    >
      隐藏
    </button>
  )
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
  {
    id: 'state',
    header: '状态',
    cell: (r) =>
      r.hidden ? (
        <span className="whitespace-nowrap rounded bg-red-50 px-2 py-0.5 text-xs text-red-700">已隐藏</span>
      ) : (
        <span className="whitespace-nowrap rounded bg-emerald-50 px-2 py-0.5 text-xs text-emerald-700">
          显示
        </span>
      ),
  },
  { id: 'actions', header: '操作', cell: (r) => <ReviewAction r={r} ask={ask} /> },
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
    const digits = (s: string) => s.replace(/\D/g, '')
    set({ id: digits(box.id), spuId: digits(box.spuId) })
  }
  return (
    <>
      <ModerationTabs current="/admin/moderation/reviews/" />
      <form onSubmit={search} className="mb-3 flex flex-wrap items-center gap-2">
        <label htmlFor="review-id" className="text-sm text-slate-600">
          评价编号
        </label>
        <input
          id="review-id"
          inputMode="numeric"
          className={`${inputClass} w-28`}
          value={box.id}
          onChange={(e) => setBox({ ...box, id: e.target.value })}
        />
        <label htmlFor="review-spu" className="text-sm text-slate-600">
          商品编号
        </label>
        <input
          id="review-spu"
          inputMode="numeric"
          className={`${inputClass} w-28`}
          value={box.spuId}
          onChange={(e) => setBox({ ...box, spuId: e.target.value })}
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
        <label htmlFor="review-hidden" className="sr-only">
          状态
        </label>
        <select
          id="review-hidden"
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
