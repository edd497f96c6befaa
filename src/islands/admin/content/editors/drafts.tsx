/**
 * What the content screen and the draft preview share (issue 21, preview before publishing): the
 * banner positions by where the public site shows them, the preview's address, the 草稿 badge.
 */
import { BannerPosition } from '../../../../lib/constants.ts'

/** Where each banner position shows on the public site (storefront §3). */
export const POSITION_NAMES: Record<string, string> = {
  [BannerPosition.home]: '首页轮播',
  [BannerPosition.products]: '首页·推荐产品',
  [BannerPosition.tasks]: '首页·精选任务',
  [BannerPosition.shares]: '首页·精选分享',
  [BannerPosition.courses]: '首页·精选课程',
  [BannerPosition.coursePage]: '课程页',
  [BannerPosition.productPage]: '商品页',
}

/** What may wait as a draft; a text's id is its key (agreement, content, imgurl). */
export type DraftKind = 'banner' | 'faq' | 'text'

/** The staff-only page that shows a draft as the site will: previewHref('banner', 12) → '/admin/preview/?kind=banner&id=12'. */
export const previewHref = (kind: DraftKind, id: number | string) =>
  `/admin/preview/?kind=${kind}&id=${encodeURIComponent(String(id))}`

/** Says that an item has an unpublished draft. */
export function DraftBadge() {
  return (
    <span className="ml-2 inline-block rounded bg-amber-100 px-1.5 py-0.5 align-middle text-xs font-medium text-amber-900">
      草稿
    </span>
  )
}
