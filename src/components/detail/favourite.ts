/**
 * Behaviour of the 收藏 buttons (FavouriteButton.tsx). A visitor's click opens the login dialog.
 * For the signed-in reader the button waits (disabled) for isLike of the item's live answer
 * (current.ts, the request the rest of the page makes anyway), then toggles with
 * UserLike/PostUserLikeAppend and UserLike/GetUserLikeDeleteWhere, saying 收藏成功 / 取消收藏.
 */
import { PRODUCT_LIKE_STATUS } from '../../lib/constants.ts'
import { storedUser } from '../../lib/session.ts'
import { toast } from '../../lib/toast.ts'
import { currentArticle, currentProduct } from './current.ts'

function show(b: HTMLButtonElement, on: boolean): void {
  b.setAttribute('aria-pressed', String(on))
  const label = b.querySelector('[data-favourite-label]')
  if (label) label.textContent = on ? '已收藏' : '收藏'
}

export function startFavourites(root: ParentNode = document): void {
  for (const b of root.querySelectorAll<HTMLButtonElement>('button[data-favourite]:not([data-on])')) {
    b.dataset.on = '1'
    const id = Number(b.dataset.favourite)
    const status = Number(b.dataset.likeStatus)
    if (storedUser()) {
      b.disabled = true
      const item = status === PRODUCT_LIKE_STATUS ? currentProduct(id) : currentArticle(id)
      void item
        .then(
          (d) => d.isLike === 1,
          () => false,
        )
        .then((on) => {
          show(b, on)
          b.disabled = false
        })
    }
    b.addEventListener('click', async () => {
      if (!storedUser()) {
        window.dispatchEvent(new CustomEvent('portal:login', { detail: { tab: 'login' } }))
        return
      }
      b.disabled = true
      try {
        const { community } = await import('../../lib/api/browser.ts')
        if (b.getAttribute('aria-pressed') === 'true') {
          const msg = await community.deleteUserLike({ id, status })
          show(b, false)
          toast('success', msg || '取消收藏')
        } else {
          const r = await community.postUserLikeAppend({ tagId: id, status })
          show(b, true)
          toast('success', r.data || '收藏成功')
        }
      } catch {
        // The API client's toast said why.
      } finally {
        b.disabled = false
      }
    })
  }
}
