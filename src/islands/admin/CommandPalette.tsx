import { type KeyboardEvent, useEffect, useState } from 'react'
import type { StaffMe } from '../../lib/api/admin.ts'
import { catalogApi } from '../../lib/api/admin-catalog.ts'
import { customersApi, orderHref } from '../../lib/api/admin-customers.ts'
import { ordersApi } from '../../lib/api/admin-orders.ts'
import { Dialog } from '../common/Dialog.tsx'
import { inputClass } from '../common/Field.tsx'
import { customerHref, productHref } from './kit/hrefs.ts'
import { may } from './kit/staff.ts'
import { MENU } from './menu.ts'

interface Hit {
  group: '页面' | '订单' | '客户' | '商品'
  text: string
  href: string
}

const PER_GROUP = 5

/**
 * The records matching `term` that the roles may read, five of each, by the lists' own searches:
 * orders (code, phone, receiver, product: the orders list's q), customers (phone, name, id) and
 * products (title). A list that fails adds nothing; its call has said why.
 */
async function findRecords(me: StaffMe, term: string): Promise<Hit[]> {
  const page = { pageIndex: 0, pageSize: PER_GROUP }
  const parts = await Promise.all(
    [
      may(me, 'orders.read')
        ? ordersApi
            .list({ ...page, q: term })
            .then((p) =>
              p.pageData.map(
                (o): Hit => ({ group: '订单', text: `${o.code} ${o.title}`, href: orderHref(o.code) }),
              ),
            )
        : [],
      may(me, 'customers.read')
        ? customersApi.find({ ...page, q: term }).then((p) =>
            p.pageData.map(
              (c): Hit => ({
                group: '客户',
                text: `${c.realName || c.nickName} ${c.tel}`,
                href: customerHref(c.id),
              }),
            ),
          )
        : [],
      may(me, 'catalog.write')
        ? catalogApi
            .list({ ...page, title: term })
            .then((p) =>
              p.pageData.map((s): Hit => ({ group: '商品', text: s.title, href: productHref(s.id) })),
            )
        : [],
    ].map((p) => Promise.resolve(p).catch((): Hit[] => [])),
  )
  return parts.flat()
}

/**
 * 快速定位 (Ctrl+K or ⌘K anywhere in the back office, or its button; not 查找, which the lists'
 * own search buttons are called): one box that finds a screen of
 * the menu by its name, and an order, customer or product by what its list searches. Arrow keys
 * move through the results, Enter opens one: the ARIA combobox pattern over a listbox.
 */
export function CommandPalette({ me }: { me: StaffMe }) {
  const [open, setOpen] = useState(false)
  const [term, setTerm] = useState('')
  const [records, setRecords] = useState<{ term: string; hits: Hit[] }>({ term: '', hits: [] })
  const [active, setActive] = useState(0)

  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'k') {
        e.preventDefault()
        setOpen(true)
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])

  // Asked once typing pauses; an answer to an older term is dropped.
  useEffect(() => {
    const t = term.trim()
    if (!t) return
    let current = true
    const timer = setTimeout(() => {
      findRecords(me, t).then((hits) => current && setRecords({ term: t, hits }))
    }, 250)
    return () => {
      current = false
      clearTimeout(timer)
    }
  }, [me, term])

  const screens = MENU.filter((m) => may(me, m.permission) && m.label.includes(term.trim())).map(
    (m): Hit => ({ group: '页面', text: m.label, href: m.href }),
  )
  const answered = records.term === term.trim()
  const hits = [...screens, ...(answered ? records.hits : [])]
  const at = Math.min(active, Math.max(0, hits.length - 1))

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault()
      const step = e.key === 'ArrowDown' ? 1 : -1
      setActive((at + step + hits.length) % Math.max(1, hits.length))
    } else if (e.key === 'Enter' && hits[at]) {
      e.preventDefault()
      location.assign(hits[at].href)
    }
  }

  return (
    <>
      <button
        type="button"
        className="btn-outline px-3 py-1 text-sm"
        aria-keyshortcuts="Control+K Meta+K"
        onClick={() => setOpen(true)}
      >
        快速定位<span className="ml-1 hidden text-xs text-slate-500 md:inline">Ctrl+K</span>
      </button>
      <Dialog
        open={open}
        onOpenChange={(o) => {
          setOpen(o)
          if (!o) setTerm('')
        }}
        title="快速定位"
        width="max-w-lg"
      >
        <input
          className={`${inputClass} w-full`}
          role="combobox"
          aria-label="页面、订单号、客户手机号或商品名称"
          placeholder="页面、订单号、客户手机号或商品名称"
          aria-expanded={hits.length > 0}
          aria-controls="palette-results"
          aria-activedescendant={hits.length ? `palette-${at}` : undefined}
          autoComplete="off"
          // The box is what Ctrl+K opens for: typing goes there, not to the dialog's close button.
          autoFocus
          value={term}
          onChange={(e) => {
            setTerm(e.target.value)
            setActive(0)
          }}
          onKeyDown={onKeyDown}
        />
        <div
          id="palette-results"
          role="listbox"
          aria-label="查找结果"
          className="mt-3 max-h-80 overflow-y-auto"
        >
          {hits.map((h, i) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox's input takes the keys (arrows, Enter).
            <div
              key={`${h.group}:${h.href}`}
              id={`palette-${i}`}
              role="option"
              tabIndex={-1}
              aria-selected={i === at}
              className={`flex cursor-pointer items-baseline gap-2 rounded px-2 py-1.5 text-sm ${i === at ? 'bg-brand-50 text-brand-800' : 'hover:bg-slate-50'}`}
              onClick={() => location.assign(h.href)}
              onMouseMove={() => setActive(i)}
            >
              <span className="shrink-0 text-xs text-slate-500">{h.group}</span>
              <span className="min-w-0 truncate">{h.text}</span>
            </div>
          ))}
        </div>
        {term.trim() && (
          <p className="mt-3 text-sm text-slate-600" role="status">
            {!answered ? '查找中…' : hits.length === 0 ? '没有找到' : `找到 ${hits.length} 项`}
          </p>
        )}
      </Dialog>
    </>
  )
}
