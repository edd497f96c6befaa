// The chrome's behaviour on every page: the signed-in half of the nav, the icons that need
// a session, the search box and logout. Plain DOM so that static pages ship no framework.
import { assetUrl } from '../lib/asset.ts'
import { storedUser } from '../lib/session.ts'
import { resumeAfterLogin } from '../lib/stores/after-login.ts'
import { $cart } from '../lib/stores/cart.ts'
import { $unread, loadUnread } from '../lib/stores/notices.ts'
import { toast } from '../lib/toast.ts'
import { wechatReturn } from '../lib/wechat-browser.ts'

const user = storedUser()
document.documentElement.dataset.auth = user ? 'in' : 'out'
if (user) {
  for (const el of document.querySelectorAll<HTMLElement>('[data-user-name]'))
    el.textContent = user.nickName || '用户'
  for (const img of document.querySelectorAll<HTMLImageElement>('img[data-user-avatar]')) {
    if (user.avatarUrl) img.src = assetUrl(user.avatarUrl)
  }
}

// The 加入购物车 / 立即购买 that asked this visitor to log in, now that they have (issue 19).
resumeAfterLogin()

// Cart and messages say 请登录 to visitors (accounts §2).
for (const a of document.querySelectorAll<HTMLAnchorElement>('a[data-need-login]')) {
  a.addEventListener('click', (e) => {
    if (storedUser()) return
    e.preventDefault()
    toast('error', '请登录')
  })
}

// The cart badge follows the cart store, in this tab and in others (storage event).
$cart.subscribe((list) => {
  const n = list.length
  for (const b of document.querySelectorAll<HTMLElement>('[data-cart-badge]')) {
    b.textContent = n > 99 ? '99+' : String(n)
    b.hidden = n === 0
  }
  for (const a of document.querySelectorAll<HTMLElement>('[data-cart-link]'))
    a.setAttribute('aria-label', n ? `购物车（${n} 件商品）` : '购物车')
})

// The bell shows the unread notifications of someone signed in (issue 19).
$unread.subscribe((n) => {
  const count = n ?? 0
  for (const b of document.querySelectorAll<HTMLElement>('[data-message-badge]')) {
    b.textContent = count > 99 ? '99+' : String(count)
    b.hidden = count === 0
  }
  for (const a of document.querySelectorAll<HTMLElement>('[data-message-link]'))
    a.setAttribute('aria-label', count ? `消息（${count} 条未读）` : '消息')
})
if (user) void loadUnread()

// The login dialog (accounts §2) is loaded the first time someone asks for it, so pages
// that nobody signs in from carry none of its code. Islands ask with the same event.
const loginDialog = () => import('../islands/login/mount.tsx')
window.addEventListener('portal:login', (e) => {
  const tab = (e as CustomEvent<{ tab?: 'login' | 'register' }>).detail?.tab ?? 'login'
  void loginDialog().then((m) => m.openLogin(tab))
})
// Back from WeChat's 网页授权 (issue 41): the callback marked the page; the dialog finishes the
// sign-in. The mark goes at once, so the reload after signing in does not come back here.
const wechat = wechatReturn(location.hash)
if (wechat) {
  history.replaceState(history.state, '', location.pathname + location.search)
  void loginDialog().then((m) => m.resumeWechatLogin(wechat))
}
for (const b of document.querySelectorAll<HTMLElement>('[data-open-login]')) {
  b.addEventListener('click', (e) => {
    e.preventDefault()
    window.dispatchEvent(new CustomEvent('portal:login', { detail: { tab: b.dataset.openLogin || 'login' } }))
  })
}

for (const form of document.querySelectorAll<HTMLFormElement>('form[data-search]')) {
  form.addEventListener('submit', (e) => {
    const q = new FormData(form).get('q')
    if (typeof q !== 'string' || !q.trim()) {
      e.preventDefault()
      // Say why nothing happened (accounts §2), on the box itself too, and put the caret there.
      toast('error', '请输入搜索内容')
      const box = form.querySelector<HTMLInputElement>('input[name="q"]')
      if (box) {
        box.value = ''
        box.setAttribute('aria-invalid', 'true')
        box.focus()
      }
    }
  })
  form.addEventListener('input', () => form.querySelector('input[name="q"]')?.removeAttribute('aria-invalid'))
}

// Logout asks first (accounts §4), in the same dialog code.
for (const b of document.querySelectorAll<HTMLElement>('[data-logout]')) {
  b.addEventListener('click', () => {
    void loginDialog().then((m) => m.confirmLogout())
  })
}

// A dropdown made of <details> closes when the pointer or the keyboard focus goes elsewhere, and
// on Escape, which gives focus back to its summary (a keyboard user's menu stayed open over the page).
const openDropdowns = () => document.querySelectorAll<HTMLDetailsElement>('details[data-dropdown][open]')
document.addEventListener('click', (e) => {
  for (const d of openDropdowns()) if (!d.contains(e.target as Node)) d.open = false
})
document.addEventListener('focusin', (e) => {
  for (const d of openDropdowns()) if (!d.contains(e.target as Node)) d.open = false
})
document.addEventListener('keydown', (e) => {
  if (e.key !== 'Escape') return
  for (const d of openDropdowns()) {
    d.open = false
    d.querySelector<HTMLElement>('summary')?.focus()
  }
})
