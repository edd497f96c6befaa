import { type ReactNode, useEffect, useRef, useState } from 'react'
import { ArticleView } from '../../components/detail/ArticleView.tsx'
import { startDetail } from '../../components/detail/enhance.ts'
import { ProductView } from '../../components/detail/ProductView.tsx'
import { api } from '../../lib/api/browser.ts'
import { ApiRequestError } from '../../lib/api/http.ts'
import type { ArticleDetail, SpuDetail } from '../../lib/api/types.ts'
import { ArticleStatus } from '../../lib/constants.ts'
import { articlePath, productPath } from '../../lib/routes.ts'
import { site } from '../../lib/site.ts'
import { Comments } from './Comments.tsx'
import { CouponRow } from './CouponRow.tsx'

type Kind = 'product' | 'article'
type State =
  | { s: 'loading' }
  | { s: 'invalid' }
  | { s: 'missing' }
  | { s: 'failed'; message: string }
  | { s: 'product'; p: SpuDetail }
  | { s: 'article'; a: ArticleDetail }

/** Seconds before an unknown product sends the visitor home (storefront §8). */
const HOME_AFTER = 3

/** ?id=12 → 12; anything but a positive whole number → null. */
export function idFromSearch(search: string): number | null {
  const raw = new URLSearchParams(search).get('id')?.trim() ?? ''
  if (!/^\d{1,10}$/.test(raw)) return null
  const id = Number(raw)
  return id > 0 ? id : null
}

function Notice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="container-page py-12 md:py-20">
      <div className="mx-auto max-w-md rounded-lg bg-white p-6 text-center shadow-sm ring-1 ring-slate-200 md:p-8">
        <h1 className="text-lg font-semibold text-slate-900">{title}</h1>
        {children}
      </div>
    </div>
  )
}

/**
 * The specs' query routes, /productdetail?id= and /detail?id=. When the build made a static page
 * for the id, go there (our server already answers those with a 301; this covers static hosts).
 * Otherwise the item is newer than the build: fetch it and render the same view in the browser.
 */
export function QueryDetail({ kind }: { kind: Kind }) {
  const [state, setState] = useState<State>({ s: 'loading' })
  const [countdown, setCountdown] = useState(HOME_AFTER)
  const root = useRef<HTMLDivElement>(null)

  useEffect(() => {
    const id = idFromSearch(location.search)
    if (id === null) {
      setState({ s: 'invalid' })
      return
    }
    const ctrl = new AbortController()
    const signal = ctrl.signal
    const staticPath = kind === 'product' ? productPath(id) : articlePath(id)
    void (async () => {
      try {
        const head = await fetch(staticPath, { method: 'HEAD', signal })
        if (head.ok) {
          location.replace(staticPath + location.hash)
          return
        }
      } catch {
        if (signal.aborted) return
        // No answer about the static page: the API below decides.
      }
      try {
        if (kind === 'product')
          setState({ s: 'product', p: await api.getProductSpu(id, { silent: true, signal }) })
        else setState({ s: 'article', a: await api.getArticle(id, { silent: true, signal }) })
      } catch (e) {
        if (signal.aborted) return
        const status = e instanceof ApiRequestError ? e.status : 0
        // 404 (unknown, deleted or unlisted) and 400 (no such id) mean "nothing there"; the rest is a failure.
        if (status === 404 || status === 400) setState({ s: 'missing' })
        else setState({ s: 'failed', message: e instanceof Error ? e.message : '加载失败' })
      }
    })()
    return () => ctrl.abort()
  }, [kind])

  // Rendered: name the tab after the item and start the carousel and the tabs.
  useEffect(() => {
    if (state.s === 'product' || state.s === 'article') {
      document.title = `${state.s === 'product' ? state.p.title : state.a.title} - ${site.name}`
      if (root.current) startDetail(root.current)
    }
  }, [state])

  // An unknown product sends the visitor home after a short message (storefront §8).
  useEffect(() => {
    if (state.s !== 'missing' || kind !== 'product') return
    const started = Date.now()
    const timer = setInterval(() => {
      const left = HOME_AFTER - Math.floor((Date.now() - started) / 1000)
      if (left <= 0) {
        clearInterval(timer)
        location.replace('/')
      } else setCountdown(left)
    }, 250)
    return () => clearInterval(timer)
  }, [state, kind])

  const what = kind === 'product' ? '产品' : '内容'
  switch (state.s) {
    case 'loading':
      return <Loading what={what} />
    case 'invalid':
      return (
        <Notice title="链接无效">
          <p className="mt-3 text-sm leading-6 text-slate-600">
            这个链接缺少{what}编号，或编号无法识别。请从
            {kind === 'product' ? '产品列表' : '课程、社区或任务列表'}
            重新进入。
          </p>
          <HomeLinks kind={kind} />
        </Notice>
      )
    case 'missing':
      return (
        <Notice title={`${what}不存在或已下架`}>
          {kind === 'product' ? (
            <p className="mt-3 text-sm leading-6 text-slate-600" role="status">
              {countdown} 秒后返回首页…
            </p>
          ) : (
            <p className="mt-3 text-sm leading-6 text-slate-600">它可能已被发布者下架或删除。</p>
          )}
          <HomeLinks kind={kind} />
        </Notice>
      )
    case 'failed':
      return (
        <Notice title="加载失败">
          <p className="mt-3 text-sm leading-6 text-slate-600" role="alert">
            {state.message}
          </p>
          <div className="mt-5 flex justify-center gap-3">
            <button type="button" className="btn-primary" onClick={() => location.reload()}>
              重新加载
            </button>
            <a href="/" className="btn-outline">
              返回首页
            </a>
          </div>
        </Notice>
      )
    case 'product':
      return (
        <div ref={root}>
          <ProductView
            p={state.p}
            coupons={<CouponRow spuId={state.p.id} classId={state.p.classId} initial={[]} />}
          />
        </div>
      )
    case 'article':
      return (
        <div ref={root}>
          <ArticleView
            a={state.a}
            comments={
              state.a.status === ArticleStatus.course ? undefined : (
                <Comments articleId={state.a.id} initial={state.a.listComment} />
              )
            }
          />
        </div>
      )
  }
}

/** The ways on from an item (or a teacher) that is not there: 返回首页, and the list of its kind. */
export function HomeLinks({
  kind,
  className = 'mt-5 flex flex-wrap justify-center gap-3',
}: {
  kind: Kind
  className?: string
}) {
  const list =
    kind === 'product' ? { href: '/product/', label: '浏览产品' } : { href: '/course/', label: '浏览课程' }
  return (
    <div className={className}>
      <a href="/" className="btn-primary">
        返回首页
      </a>
      <a href={list.href} className="btn-outline">
        {list.label}
      </a>
    </div>
  )
}

/** Also the page's fallback before the island starts (see the query pages). */
export function Loading({ what }: { what: string }) {
  return (
    <div className="container-page py-20 text-center text-sm text-slate-500" role="status">
      <span className="mr-2 inline-block h-4 w-4 animate-spin rounded-full border-2 border-brand-500 border-t-transparent align-[-3px]" />
      正在加载{what}详情…
    </div>
  )
}
