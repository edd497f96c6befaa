import { useEffect, useState } from 'react'
import { adminApi, type StaffMe } from '../../lib/api/admin.ts'
import { menuOf, WORK_QUEUES } from '../../lib/work-queues.ts'
import { may } from './kit/staff.ts'
import { MENU } from './menu.ts'

/** How often the badges ask again while the back office is on screen (a few COUNTs per staff member). */
const POLL_MS = 30_000

/**
 * The queues' counts (GET /api/admin/queues), asked on opening, every POLL_MS while the tab is
 * visible and again when it comes back: a hidden tab asks nothing, so a back office left open
 * all night costs the server nothing.
 */
function useQueueCounts(signedIn: boolean) {
  const [counts, setCounts] = useState<Record<string, number>>({})
  useEffect(() => {
    if (!signedIn) return
    let stopped = false
    const load = () => {
      if (document.visibilityState !== 'visible') return
      adminApi.queues().then(
        (c) => !stopped && setCounts(c),
        () => {},
      )
    }
    load()
    const timer = setInterval(load, POLL_MS)
    document.addEventListener('visibilitychange', load)
    return () => {
      stopped = true
      clearInterval(timer)
      document.removeEventListener('visibilitychange', load)
    }
  }, [signedIn])
  return counts
}

/** What waits under a menu entry: the sum of the queues listed on its page. */
const waitingUnder = (counts: Record<string, number>, href: string) =>
  WORK_QUEUES.filter((q) => menuOf(q.href) === href).reduce((n, q) => n + (counts[q.key] ?? 0), 0)

function Badge({ n }: { n: number }) {
  if (n <= 0) return null
  return (
    <span className="ml-2 min-w-5 rounded-full bg-red-600 px-1.5 text-center text-xs leading-5 font-semibold text-white">
      {n > 99 ? '99+' : n}
      <span className="sr-only">项待办</span>
    </span>
  )
}

/**
 * The side menu of what the staff member's roles may use, each entry with the count of work
 * waiting there. Below the md breakpoint (a phone) it folds behind 菜单, whose badge adds up
 * everything waiting, so the page starts at its title rather than under a band of links.
 */
export function AdminMenu({ me, path }: { me: StaffMe | null; path: string }) {
  const [open, setOpen] = useState(false)
  const counts = useQueueCounts(me !== null)
  const entries = me ? MENU.filter((m) => may(me, m.permission)) : []
  const total = entries.reduce((n, m) => n + waitingUnder(counts, m.href), 0)
  const item = 'flex items-center justify-between rounded px-3 py-2 text-sm'
  return (
    <nav aria-label="后台菜单" className="bg-slate-900 px-2 py-2 text-slate-200 md:py-5">
      <div className="flex items-center justify-between md:mb-3">
        <a href="/admin/" className="block px-3 py-1 text-base font-semibold text-white">
          后台管理
        </a>
        <button
          type="button"
          className="flex items-center rounded px-3 py-1 text-sm text-white ring-1 ring-slate-600 md:hidden"
          aria-expanded={open}
          aria-controls="admin-menu"
          onClick={() => setOpen(!open)}
        >
          菜单
          <Badge n={total} />
        </button>
      </div>
      <ul id="admin-menu" className={`${open ? 'flex' : 'hidden'} mt-2 flex-col gap-1 md:mt-0 md:flex`}>
        {entries.map((m) => (
          <li key={m.href}>
            <a
              href={m.href}
              aria-current={path === m.href ? 'page' : undefined}
              className={`${item} ${path === m.href ? 'bg-brand-700 text-white' : 'hover:bg-slate-800'}`}
            >
              {m.label}
              <Badge n={waitingUnder(counts, m.href)} />
            </a>
          </li>
        ))}
      </ul>
    </nav>
  )
}
