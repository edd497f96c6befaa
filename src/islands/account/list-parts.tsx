/** Small pieces shared by the address, invoice and introducer screens. */
import type { ReactNode } from 'react'
import { Avatar } from '../../components/AssetImg.tsx'
import { LineIcon } from '../../components/LineIcon.tsx'

/** The 默认 mark of a record with status 1 (accounts §2). */
export function DefaultMark() {
  return <span className="rounded bg-brand-700 px-1.5 py-0.5 text-xs font-medium text-white">默认</span>
}

/**
 * A text button of a list row. `context` completes its name for screen readers, so ten 编辑
 * buttons read as 编辑张三的地址 and not ten times 编辑.
 */
export function RowAction({
  children,
  context,
  onClick,
  danger,
}: {
  children: ReactNode
  context: string
  onClick: () => void
  danger?: boolean
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      className={`rounded px-2.5 py-1.5 text-sm transition-colors ${danger ? 'text-red-700 hover:bg-red-50' : 'text-brand-700 hover:bg-brand-50'}`}
    >
      {children}
      <span className="sr-only">{context}</span>
    </button>
  )
}

export function PlusIcon() {
  return (
    <svg viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor" aria-hidden="true">
      <path d="M10 4a1 1 0 0 1 1 1v4h4a1 1 0 1 1 0 2h-4v4a1 1 0 1 1-2 0v-4H5a1 1 0 1 1 0-2h4V5a1 1 0 0 1 1-1Z" />
    </svg>
  )
}

/** Grey rows while a list loads. */
export function ListSkeleton({ rows = 2 }: { rows?: number }) {
  return (
    <ul className="grid gap-3 lg:grid-cols-2" aria-hidden="true">
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on
        <li key={i} className="space-y-3 rounded-lg border border-slate-200 p-4">
          <div className="h-5 w-1/3 animate-pulse rounded bg-slate-100" />
          <div className="h-4 w-4/5 animate-pulse rounded bg-slate-100" />
          <div className="h-4 w-2/3 animate-pulse rounded bg-slate-100" />
        </li>
      ))}
    </ul>
  )
}

type Tone = 'neutral' | 'waiting' | 'done'

/** The notice's icon: a tick when done, a clock while waiting, a blank card otherwise. */
const NOTICE_ICONS: Record<Tone, { strokeWidth: string; strokes: ReactNode }> = {
  done: {
    strokeWidth: '2.5',
    strokes: <path d="m5 12.5 4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />,
  },
  waiting: {
    strokeWidth: '2.2',
    strokes: (
      <>
        <circle cx="12" cy="12" r="8.5" />
        <path d="M12 7.5V12l3 2" strokeLinecap="round" />
      </>
    ),
  },
  neutral: {
    strokeWidth: '2',
    strokes: (
      <>
        <rect x="4" y="5" width="16" height="14" rx="2" />
        <path d="M4 9h16M9 14h6" strokeLinecap="round" />
      </>
    ),
  },
}

/** A notice block: an icon, a title, a text and any actions (empty lists, status panels). */
export function Notice({
  tone = 'neutral',
  title,
  children,
  actions,
}: {
  tone?: Tone
  title: string
  children?: ReactNode
  actions?: ReactNode
}) {
  const ring = {
    neutral: 'bg-slate-100 text-slate-500',
    waiting: 'bg-amber-100 text-amber-700',
    done: 'bg-emerald-100 text-emerald-700',
  }[tone]
  return (
    <div className="flex flex-col items-center rounded-lg border border-slate-200 px-4 py-10 text-center sm:py-14">
      <span className={`flex h-14 w-14 items-center justify-center rounded-full ${ring}`}>
        <LineIcon className="h-7 w-7" strokeWidth={NOTICE_ICONS[tone].strokeWidth}>
          {NOTICE_ICONS[tone].strokes}
        </LineIcon>
      </span>
      <h2 className="mt-4 text-lg font-semibold text-slate-900">{title}</h2>
      {children && <div className="mt-2 max-w-md text-sm leading-6 text-slate-600">{children}</div>}
      {actions && <div className="mt-5 flex flex-wrap justify-center gap-2">{actions}</div>}
    </div>
  )
}

/** The 推荐人-only screens for everybody else (accounts §6: introducers use them). */
export function IntroducerOnly() {
  return (
    <Notice title="此页面仅对推荐人开放">
      <p>推荐人可在这里查看自己推荐的客户及客户的订单。您推荐的用户注册并下单后，数据会显示在这里。</p>
    </Notice>
  )
}

/** A customer's avatar in a table cell; the default picture when they have none. */
export function CustomerAvatar({ src, name }: { src: string; name: string }) {
  return (
    <Avatar
      path={src}
      width={32}
      alt={`${name || '用户'}的头像`}
      lazy
      className="h-8 w-8 rounded-full bg-slate-200 object-cover"
    />
  )
}

/** The head row of an account table: its column names, `end` ones aligned right (figures). */
export function TableHead({
  className,
  cell,
  columns,
}: {
  className: string
  /** The look of every head cell. */
  cell: string
  columns: { label: string; end?: boolean; className?: string }[]
}) {
  return (
    <thead className={className}>
      <tr>
        {columns.map((c) => (
          <th
            key={c.label}
            scope="col"
            className={[cell, c.end && 'text-right', c.className].filter(Boolean).join(' ')}
          >
            {c.label}
          </th>
        ))}
      </tr>
    </thead>
  )
}
