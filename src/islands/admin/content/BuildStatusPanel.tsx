import { useEffect, useState } from 'react'
import { type BuildStatus, contentApi } from '../../../lib/api/admin-content.ts'

/** The pages a change mark rebuilds, as links: the site-wide marks rebuild every page. */
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

/**
 * After a save: the site builder's status until the saved change is live (polls every 2 s).
 * `since` is the change-mark id seen right after the save; `tag` picks the pages linked.
 */
export function BuildStatusPanel({ saved }: { saved: { tag: string; at: number } | null }) {
  const [status, setStatus] = useState<BuildStatus | null>(null)
  const [upTo, setUpTo] = useState(0)
  useEffect(() => {
    if (!saved) return
    let stop = false
    let first = true
    const poll = async () => {
      const s = await contentApi.buildStatus().catch(() => null)
      if (stop) return
      if (s) {
        if (first) setUpTo(s.queued.upTo || s.last?.changeId || 0)
        first = false
        setStatus(s)
        if (s.last && s.queued.count === 0 && !s.building) return
      }
      setTimeout(poll, 2000)
    }
    void poll()
    return () => {
      stop = true
    }
  }, [saved])
  if (!saved || !status) return null
  const live = !!status.last && status.last.changeId >= upTo && !status.building
  const pages = PAGES[saved.tag] ?? [{ href: '/', label: '首页' }]
  return (
    <section
      aria-live="polite"
      className="rounded-lg border border-slate-200 bg-white p-4 text-sm"
      data-build-status
    >
      <h2 className="mb-2 font-medium">站点更新</h2>
      {live ? (
        <p className="text-green-700" data-live>
          已上线（{status.last?.builtAt}，用时 {status.last?.seconds} 秒）
        </p>
      ) : status.building ? (
        <p>
          正在生成{status.building.kind === 'full' ? '全站' : '部分页面'}（开始于 {status.building.since}）…
        </p>
      ) : (
        <p>排队中：{status.queued.tags.join('、') || saved.tag}</p>
      )}
      {status.lastError && (
        <p className="mt-1 text-red-700">
          上次生成失败：{status.lastError}
          {status.nextRetryAt ? `（将于 ${status.nextRetryAt} 重试）` : ''}
        </p>
      )}
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
    </section>
  )
}
