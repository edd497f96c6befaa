import type { Crumb } from '../lib/view/seo.ts'

/** The visible breadcrumb trail; the same crumbs feed the BreadcrumbList JSON-LD of the page. */
export function Breadcrumbs({ items, className = '' }: { items: Crumb[]; className?: string }) {
  return (
    <nav aria-label="面包屑" className={`text-sm text-slate-500 ${className}`}>
      <ol className="flex min-w-0 flex-wrap items-center gap-x-1.5 gap-y-1">
        {items.map((c, i) => (
          <li key={c.href ?? c.label} className="flex min-w-0 items-center gap-1.5">
            {i > 0 && (
              <span aria-hidden="true" className="text-slate-300">
                /
              </span>
            )}
            {c.href ? (
              <a href={c.href} className="hover:text-brand-700">
                {c.label}
              </a>
            ) : (
              <span aria-current="page" className="line-clamp-1 break-all text-slate-700">
                {c.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  )
}
