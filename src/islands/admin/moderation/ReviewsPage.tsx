import { Stars } from '../../../components/detail/ReviewList.tsx'
import { type ModeratedReview, moderationApi } from '../../../lib/api/admin-moderation.ts'
import { assetUrl } from '../../../lib/asset.ts'
import { productPath } from '../../../lib/routes.ts'
import { adminPage } from '../AdminShell.tsx'
import type { Column } from '../kit/DataTable.tsx'
import { ModerationList } from './ModerationList.tsx'
import { HiddenState, type Hideable, hiddenFilter, hideAction, PublicLink } from './parts.tsx'

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

const columns: Column<ModeratedReview>[] = [
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
      <PublicLink href={productPath(r.spuId)}>
        #{r.spuId} {r.productTitle}
        {r.skuTitle && <span className="block text-xs text-slate-500">{r.skuTitle}</span>}
      </PublicLink>
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
]

const Reviews = () => (
  <ModerationList
    tab="/admin/moderation/reviews/"
    declare={(ask) => ({
      id: 'moderation-reviews',
      caption: '商品评价',
      filtersLabel: '查找评价',
      filters: [
        { type: 'text', key: 'id', label: '评价编号', numeric: true },
        { type: 'text', key: 'spuId', label: '商品编号', numeric: true },
        {
          type: 'select',
          key: 'stars',
          label: '评分',
          hideLabel: true,
          live: true,
          options: [['', '全部评分'], ...[5, 4, 3, 2, 1].map((n) => [String(n), `${n}星`] as const)],
        },
        hiddenFilter,
      ],
      load: (f, page) => moderationApi.reviews({ ...f, ...page }),
      columns,
      empty: '没有符合条件的评价',
      rowActions: (r) => [hideAction(r, REVIEW, ask)],
    })}
  />
)

/** /admin/moderation/reviews/: product reviews newest first (by id, product, stars, state); hide or show again. */
export default adminPage('内容审核', 'moderation', Reviews)
