/**
 * The search page (accounts §2): ?q= and ?tab=, four tabs, and under each the Listing island
 * searching titles (sort, free/paid filter, count, pager come from it). Empty text is refused
 * with 请输入搜索内容; the last search is kept in localStorage under 'search'.
 */
import { type SubmitEvent, useEffect, useRef, useState } from 'react'
import { api } from '../../lib/api/browser.ts'
import { SEARCH_TITLE_MAX } from '../../lib/rules/search.ts'
import { toast } from '../../lib/toast.ts'
import { TabList, tabPanelProps } from '../common/TabList.tsx'
import { Listing } from '../listing/Listing.tsx'
import { type Kind, withoutState } from '../listing/query.ts'

const TABS = [
  { id: 'course', label: '课程', kind: 30 },
  { id: 'product', label: '产品', kind: 'product' },
  { id: 'post', label: '社区', kind: 10 },
  { id: 'task', label: '任务', kind: 20 },
] as const satisfies readonly { id: string; label: string; kind: Kind }[]
type TabId = (typeof TABS)[number]['id']

const MSG_EMPTY = '请输入搜索内容'
/** The server accepts titles of at most this many characters. */
const MAX_LENGTH = SEARCH_TITLE_MAX
const STORAGE_KEY = 'search'

const tabOf = (v: string | null): TabId => TABS.find((t) => t.id === v)?.id ?? 'course'

/** What the search sent, kept for the next visit (accounts §2). */
export interface SearchPayload {
  title: string
  tab: TabId
}

function remember(payload: SearchPayload) {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(payload))
  } catch {
    // Storage blocked: the search still works, it is just not remembered.
  }
}

function recalled(): SearchPayload | null {
  try {
    const v = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as Partial<SearchPayload> | null
    return v && typeof v.title === 'string' && v.title.trim()
      ? { title: v.title.trim().slice(0, MAX_LENGTH), tab: tabOf(v.tab ?? null) }
      : null
  } catch {
    return null
  }
}

type Counts = Partial<Record<TabId, number>>

/** How many results each tab has for `title` (one tiny page per tab, asked at once). */
async function countAll(title: string, signal: AbortSignal): Promise<Counts> {
  const one = async (t: (typeof TABS)[number]): Promise<[TabId, number] | null> => {
    try {
      const opts = { signal, silent: true }
      const page =
        t.kind === 'product'
          ? await api.getProductSpuPage({ title, pageIndex: 0, pageSize: 1 }, opts)
          : await api.getArticlePage({ status: t.kind, title, pageIndex: 0, pageSize: 1 }, opts)
      return [t.id, page.pageTotal]
    } catch {
      return null
    }
  }
  const got = await Promise.all(TABS.map(one))
  return Object.fromEntries(got.filter((x) => x !== null))
}

/**
 * The query of a new search or tab: from page 1 with the default sort, the course tab unnamed.
 * searchQuery('?q=a&page=3', '牙', 'task') → 'q=%E7%89%99&tab=task'
 */
function searchQuery(search: string, query: string, t: TabId): URLSearchParams {
  const p = new URLSearchParams(withoutState(search))
  p.set('q', query)
  if (t === 'course') p.delete('tab')
  else p.set('tab', t)
  return p
}

export function Search() {
  const [ready, setReady] = useState(false)
  const [q, setQ] = useState('')
  const [text, setText] = useState('')
  const [tab, setTab] = useState<TabId>('course')
  const [error, setError] = useState('')
  const [last, setLast] = useState<SearchPayload | null>(null)
  // Bumped by every search from this page, so even the same words start again from page 1.
  const [run, setRun] = useState(0)
  const inputRef = useRef<HTMLInputElement>(null)
  const [counts, setCounts] = useState<Counts>({})
  // Whether the tab came from the person (URL ?tab= or a click): then the counts never move it.
  const tabChosen = useRef(false)

  useEffect(() => {
    const read = () => {
      const p = new URLSearchParams(location.search)
      const query = (p.get('q') ?? '').trim().slice(0, MAX_LENGTH)
      const t = tabOf(p.get('tab'))
      setQ(query)
      setText(query)
      setTab(t)
      tabChosen.current = p.has('tab')
      // Nothing typed yet is not a mistake: the red message waits for an empty submit.
      setError('')
      if (query) remember({ title: query, tab: t })
      else setLast(recalled())
    }
    read()
    setReady(true)
    inputRef.current?.focus()
    addEventListener('popstate', read)
    return () => removeEventListener('popstate', read)
  }, [])

  const go = (query: string, t: TabId) => {
    history.pushState(history.state, '', `${location.pathname}?${searchQuery(location.search, query, t)}`)
    setQ(query)
    setTab(t)
    setError('')
    setRun((n) => n + 1)
    remember({ title: query, tab: t })
  }

  const submit = (e: SubmitEvent) => {
    e.preventDefault()
    const query = text.trim()
    if (!query) {
      toast('error', MSG_EMPTY)
      setError(MSG_EMPTY)
      inputRef.current?.focus()
      return
    }
    // New words: the counts may move to the tab that found something, unless this one did.
    tabChosen.current = false
    go(query, tab)
  }

  // The count of every tab for the words searched; the first visit to a search opens on the
  // first tab that found something when the default tab found nothing.
  useEffect(() => {
    if (!q) return
    const ac = new AbortController()
    setCounts({})
    void countAll(q, ac.signal).then((c) => {
      if (ac.signal.aborted) return
      setCounts(c)
      if (!tabChosen.current) {
        setTab((cur) => {
          if ((c[cur] ?? 0) > 0) return cur
          const first = TABS.find((t) => (c[t.id] ?? 0) > 0)
          if (!first || first.id === cur) return cur
          const p = new URLSearchParams(location.search)
          p.set('tab', first.id)
          history.replaceState(history.state, '', `${location.pathname}?${p}`)
          return first.id
        })
      }
    })
    return () => ac.abort()
  }, [q])

  const active = TABS.find((t) => t.id === tab) ?? TABS[0]

  return (
    <div>
      <h1 className="mb-3 text-xl font-bold text-slate-900 md:text-2xl">
        {q ? (
          <>
            “<span className="text-brand-700">{q}</span>”的搜索结果
          </>
        ) : (
          '搜索'
        )}
      </h1>
      <search>
        <form onSubmit={submit} noValidate className="mb-1 flex max-w-xl">
          <label htmlFor="search-q" className="sr-only">
            搜索课程、产品、社区、任务
          </label>
          <input
            ref={inputRef}
            id="search-q"
            name="q"
            type="search"
            value={text}
            maxLength={MAX_LENGTH}
            onChange={(e) => {
              setText(e.target.value)
              if (e.target.value.trim()) setError('')
            }}
            placeholder="搜索课程 / 产品 / 社区 / 任务"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'search-error' : undefined}
            className="min-w-0 flex-1 rounded-l-md border border-r-0 border-slate-300 bg-white px-3 py-2 text-[15px] focus:border-brand-500 focus:outline-none"
          />
          {tab !== 'course' && <input type="hidden" name="tab" value={tab} />}
          <button type="submit" className="btn-primary rounded-l-none px-5">
            搜索
          </button>
        </form>
      </search>
      <p id="search-error" role="alert" className="min-h-6 text-sm text-red-600">
        {error}
      </p>

      {!ready ? (
        // The URL is read after hydration; until then keep the room the results will take.
        <div className="min-h-64">
          <noscript>
            <p className="mt-3 rounded-md bg-amber-50 px-4 py-3 text-sm text-amber-800 ring-1 ring-amber-200">
              搜索结果需要启用 JavaScript 才能显示。您也可以直接浏览
              <a href="/course/" className="underline">
                课程
              </a>
              、
              <a href="/product/" className="underline">
                产品
              </a>
              、
              <a href="/association/" className="underline">
                社区
              </a>
              或
              <a href="/task/" className="underline">
                任务
              </a>
              。
            </p>
          </noscript>
        </div>
      ) : q ? (
        <div className="mt-2">
          <TabList
            tabs={TABS.map(({ id, label }) => ({
              id,
              label: counts[id] === undefined ? label : `${label} (${counts[id]})`,
            }))}
            active={tab}
            onSelect={(t) => {
              tabChosen.current = true
              go(q, t)
            }}
            label="搜索范围"
            idPrefix="search"
          />
          <div {...tabPanelProps('search', tab)} className="pt-4">
            <Listing
              key={`${tab}:${run}`}
              kind={active.kind}
              fixedQuery={{ title: q }}
              filters={false}
              countLabel="条结果"
              emptyText={`没有找到与“${q}”相关的${active.label}，换个关键词试试`}
              label={`${active.label}搜索结果`}
            />
          </div>
        </div>
      ) : (
        <div className="mt-3 rounded-lg bg-white px-4 py-10 text-center ring-1 ring-slate-200">
          <p className="text-slate-500">输入关键词，搜索课程、产品、社区帖子和任务。</p>
          {last && (
            <p className="mt-3 text-sm text-slate-500">
              上次搜索：
              <button
                type="button"
                className="font-medium text-brand-700 underline hover:text-brand-600"
                onClick={() => go(last.title, last.tab)}
              >
                {last.title}
              </button>
            </p>
          )}
        </div>
      )}
    </div>
  )
}
