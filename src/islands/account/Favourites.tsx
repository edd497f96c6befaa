/**
 * 我的收藏 /fav (accounts §2, issue 10): the tabs 课程, 产品, 社区, 任务 (UserLike/GetUserLikeQuery
 * status 30, 40, 10, 20), each a grid of cards with image, title, up to 3 flags and the price,
 * opening /detail?id or /productdetail?id. A card of an item off the shelf (or deleted) says
 * 已下架 and can be let go here.
 */
import { useState } from 'react'
import { AssetImg } from '../../components/AssetImg.tsx'
import { priceLabel } from '../../components/detail/text.ts'
import { community } from '../../lib/api/browser.ts'
import type { LikeItem } from '../../lib/api/community.ts'
import { cardTags, firstImage } from '../../lib/format.ts'
import { toast } from '../../lib/toast.ts'
import { AccountGate } from '../common/AccountGate.tsx'
import { OwnTabs } from '../common/TabList.tsx'
import { usePaged } from '../common/usePaged.ts'
import { ListStates } from '../listing/ListStates.tsx'

const TABS = [
  { id: '30', label: '课程' },
  { id: '40', label: '产品' },
  { id: '10', label: '社区' },
  { id: '20', label: '任务' },
] as const

export const likeHref = (l: Pick<LikeItem, 'tagId' | 'status'>) =>
  l.status === 40 ? `/productdetail?id=${l.tagId}` : `/detail?id=${l.tagId}`

export function Favourites() {
  return (
    <AccountGate>
      {() => (
        <div>
          <OwnTabs tabs={TABS} first="30" label="收藏类型" idPrefix="fav" panelClass="pt-4">
            {(tab) => <LikeList status={Number(tab)} />}
          </OwnTabs>
        </div>
      )}
    </AccountGate>
  )
}

function LikeList({ status }: { status: number }) {
  const paged = usePaged(
    (s: number, signal) => community.getUserLikeQuery(s, { silent: true, signal }),
    status,
  )
  const { data, reload } = paged
  const [removing, setRemoving] = useState(false)
  const remove = async (l: LikeItem) => {
    setRemoving(true)
    try {
      await community.deleteUserLike({ id: l.tagId, status: l.status })
      toast('success', '已取消收藏')
      reload()
    } catch {
      // Toasted by the client.
    } finally {
      setRemoving(false)
    }
  }
  return (
    <ListStates list={paged} what="收藏" empty={data?.length === 0} emptyText="暂无收藏">
      {(data) => (
        <ul className="grid grid-cols-2 gap-3 md:grid-cols-3 md:gap-4 lg:grid-cols-4">
          {data.map((l) => (
            <li key={`${l.status}-${l.tagId}`} data-like={l.tagId}>
              <a
                href={likeHref(l)}
                className="group flex h-full flex-col overflow-hidden rounded-lg bg-white ring-1 ring-slate-200 hover:ring-brand-600"
              >
                {firstImage(l.imgurl) ? (
                  <AssetImg
                    path={firstImage(l.imgurl)}
                    width={320}
                    height={200}
                    lazy
                    className="aspect-[16/10] w-full bg-slate-100 object-cover"
                  />
                ) : (
                  <div className="aspect-[16/10] w-full bg-slate-100" />
                )}
                <div className="flex flex-1 flex-col gap-2 p-3">
                  <h2 className="line-clamp-2 text-sm font-medium text-slate-900 group-hover:text-brand-700">
                    {l.title}
                  </h2>
                  {cardTags(l.extFlag).length > 0 && (
                    <ul className="flex flex-wrap gap-1" aria-label="标签">
                      {cardTags(l.extFlag, 3).map((t) => (
                        <li key={t} className="chip px-1.5 py-0.5 text-xs">
                          {t}
                        </li>
                      ))}
                    </ul>
                  )}
                  <p className="mt-auto flex items-center justify-between gap-2">
                    {/* Price 0 shows 免费, like every card (storefront §2, §5). */}
                    <span className="price text-base">{priceLabel(Number(l.ext))}</span>
                    {!l.listed && (
                      <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-600">
                        已下架
                      </span>
                    )}
                  </p>
                </div>
              </a>
              {/* Its detail page no longer shows the toggle: the way to let it go is here. */}
              {!l.listed && (
                <button
                  type="button"
                  className="mt-1 w-full rounded py-1 text-sm text-slate-600 hover:bg-slate-100 hover:text-slate-900"
                  aria-label={`取消收藏：${l.title}`}
                  disabled={removing}
                  onClick={() => remove(l)}
                >
                  取消收藏
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </ListStates>
  )
}
