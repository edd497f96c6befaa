/**
 * 收藏 on a product or article detail page (storefront §2, issue 10). The static page cannot know
 * whether the signed-in user keeps the item, so the island asks (isLike of Article/GetArticle or
 * ProductSpu/GetProductSpu) and toggles with UserLike/PostUserLikeAppend and
 * UserLike/GetUserLikeDeleteWhere. Visitors are asked to sign in.
 */
import { useStore } from '@nanostores/react'
import { useEffect, useState } from 'react'
import { api, community } from '../../lib/api/browser.ts'
import { $user } from '../../lib/stores/session.ts'
import { toast } from '../../lib/toast.ts'
import { openLogin } from '../common/AccountGate.tsx'

/** The favourite kind of a product. */
export const PRODUCT_LIKE = 40

export function Favourite({ id, status }: { id: number; status: number }) {
  const stored = useStore($user)
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  const user = hydrated ? stored : null
  const [liked, setLiked] = useState<boolean | null>(null)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    if (!user) {
      setLiked(false)
      return
    }
    const ctrl = new AbortController()
    const o = { silent: true, signal: ctrl.signal }
    const ask = status === PRODUCT_LIKE ? api.getProductSpu(id, o) : api.getArticle(id, o)
    ask.then((d) => setLiked(d.isLike === 1)).catch(() => setLiked(false))
    return () => ctrl.abort()
  }, [user, id, status])

  async function toggle() {
    if (!user) {
      openLogin()
      return
    }
    setBusy(true)
    try {
      if (liked) {
        const msg = await community.deleteUserLike({ id, status })
        setLiked(false)
        toast('success', msg || '取消收藏')
      } else {
        const r = await community.postUserLikeAppend({ tagId: id, status })
        setLiked(true)
        toast('success', r.data || '收藏成功')
      }
    } catch {
      // The toast said why.
    } finally {
      setBusy(false)
    }
  }

  const on = liked === true
  return (
    <button
      type="button"
      data-favourite={id}
      aria-pressed={user ? on : undefined}
      disabled={busy || (user !== null && liked === null)}
      onClick={toggle}
      className={`inline-flex min-h-10 items-center gap-1.5 rounded-md border px-3 py-1.5 text-sm transition-colors ${
        on
          ? 'border-amber-400 bg-amber-50 text-amber-800'
          : 'border-slate-300 bg-white text-slate-700 hover:border-brand-600 hover:text-brand-700'
      }`}
    >
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" className="shrink-0">
        <path
          d="M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z"
          fill={on ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="1.6"
          strokeLinejoin="round"
        />
      </svg>
      {on ? '已收藏' : '收藏'}
    </button>
  )
}
