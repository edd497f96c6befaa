/** Toast messages for every page and island: one live region, no framework. */
export type NotifyKind = 'error' | 'info' | 'success'

const STYLE: Record<NotifyKind, string> = {
  error: 'background:#fef2f2;color:#b91c1c;border-color:#fecaca',
  info: 'background:#f8fafc;color:#334155;border-color:#cbd5e1',
  success: 'background:#ecfdf5;color:#047857;border-color:#a7f3d0',
}

function region(): HTMLElement {
  let el = document.getElementById('toasts')
  if (!el) {
    el = document.createElement('div')
    el.id = 'toasts'
    el.setAttribute('role', 'status')
    el.setAttribute('aria-live', 'polite')
    el.style.cssText =
      'position:fixed;top:16px;left:50%;transform:translateX(-50%);z-index:3100;display:flex;flex-direction:column;gap:8px;align-items:center;pointer-events:none'
    document.body.append(el)
  }
  return el
}

/** toast('error', '请登录'): shows for 2.5 s. */
export function toast(kind: NotifyKind, message: string): void {
  const item = document.createElement('div')
  item.textContent = message
  item.dataset.kind = kind
  item.style.cssText = `${STYLE[kind]};border:1px solid;border-radius:6px;padding:8px 16px;font-size:14px;box-shadow:0 4px 12px rgb(0 0 0 / .08)`
  region().append(item)
  setTimeout(() => item.remove(), 2500)
}
