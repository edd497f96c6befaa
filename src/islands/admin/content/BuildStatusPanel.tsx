import { useEffect, useState } from 'react'
import { type BuildStatus, contentApi } from '../../../lib/api/admin-content.ts'

/** The pages a change mark rebuilds, as links. */
const PAGES: Record<string, { href: string; label: string }[]> = {
  banner: [
    { href: '/', label: '首页' },
    { href: '/product/', label: '商品' },
    { href: '/course/', label: '课程' },
  ],
  faq: [{ href: '/question/', label: '常见问题' }],
  config: [
    { href: '/wo/', label: '我的（等级说明）' },
    { href: '/safety/', label: '协议与隐私' },
  ],
  dictionary: [
    { href: '/product/', label: '商品' },
    { href: '/course/', label: '课程' },
    { href: '/task/', label: '任务' },
  ],
  // The `company` mark: the footer is on every page, so the whole site is rebuilt.
  company: [
    { href: '/link/', label: '联系我们' },
    { href: '/about/', label: '关于平台' },
    { href: '/', label: '首页（页脚）' },
  ],
}

/** The builder's ISO times in China time: china('2026-11-22T10:00:00Z') → '2026-11-22 18:00:00'. */
const china = (iso: string) => new Date(iso).toLocaleString('sv-SE', { timeZone: 'Asia/Shanghai' })

/**
 * The site builder's status: after a save, until the saved change is live (polls every 2 s); and
 * on opening the screen when the last build failed, until a build succeeds. A failure shows its
 * error, when the builder retries by itself, and a button to retry now.
 */
export function BuildStatusPanel({ saved }: { saved: { tag: string; at: number } | null }) {
  const [status, setStatus] = useState<BuildStatus | null>(null)
  const [upTo, setUpTo] = useState(0)
  const [retrying, setRetrying] = useState(false)
  useEffect(() => {
    let stop = false
    let first = true
    let timer: ReturnType<typeof setTimeout> | undefined
    const poll = async () => {
      const s = await contentApi.buildStatus().catch(() => null)
      if (stop) return
      if (s) {
        if (first) setUpTo(s.queued.upTo || s.last?.changeId || 0)
        first = false
        setStatus(s)
        const settled = !!s.last && s.queued.count === 0 && !s.building
        // Before any save only a failure is followed; after one, until it is live.
        if (!s.failures && (settled || !saved)) return
      }
      timer = setTimeout(poll, 2000)
    }
    void poll()
    return () => {
      stop = true
      clearTimeout(timer)
    }
  }, [saved])

  const retry = async () => {
    setRetrying(true)
    const s = await contentApi.retryBuild().catch(() => null)
    setRetrying(false)
    if (s) setStatus(s)
  }

  if (!status || (!saved && !status.failures)) return null
  const live = !!status.last && status.last.changeId >= upTo && !status.building && !status.failures
  const failed = status.failures > 0 && !status.building
  const pages = saved ? (PAGES[saved.tag] ?? [{ href: '/', label: '首页' }]) : []
  return (
    <section
      aria-live="polite"
      className="rounded-lg border border-slate-200 bg-white p-4 text-sm"
      data-build-status
    >
      <h2 className="mb-2 font-medium">站点更新</h2>
      {failed ? (
        <div className="text-red-700" data-failed>
          <p>
            生成失败（连续 {status.failures} 次），线上仍是上一次生成的页面：{status.lastError}
          </p>
          <p className="mt-2 flex flex-wrap items-center gap-3">
            {status.nextRetryAt ? `将于 ${china(status.nextRetryAt)} 自动重试` : '等待重试'}
            <button type="button" className="btn-outline" disabled={retrying} onClick={retry}>
              {retrying ? '正在重试…' : '立即重试'}
            </button>
          </p>
        </div>
      ) : live ? (
        <p className="text-green-700" data-live>
          已上线（{china(status.last?.builtAt ?? '')}，用时 {status.last?.seconds} 秒）
        </p>
      ) : status.building ? (
        <p>
          正在生成{status.building.kind === 'full' ? '全站' : '部分页面'}（开始于{' '}
          {china(status.building.since)}）…
          {status.failures > 0 && <span className="text-red-700">（上次失败：{status.lastError}）</span>}
        </p>
      ) : (
        <p>排队中：{status.queued.tags.join('、') || saved?.tag}</p>
      )}
      {pages.length > 0 && (
        <p className="mt-2 flex flex-wrap gap-3">
          受影响的页面：
          {pages.map((p) => (
            <a
              key={p.href}
              href={p.href}
              target="_blank"
              rel="noopener"
              className="text-brand-700 hover:underline"
            >
              {p.label}
            </a>
          ))}
        </p>
      )}
    </section>
  )
}
