/**
 * 课程管理 /courseedit, 任务管理 /taskadmin, 社区管理 /associationadmin (storefront §2 "Own-item
 * admin screens", issue 11): the tab 我发布的 (Article/GetArticlePage isCreate=1, listed or not,
 * with a date search and the pager), the tab 我参与的 (Article/GetArticleQuery isMapping=1:
 * what the user bought or joined) and the tab 销售统计 (OwnSales, issue 39: what the user's items
 * sold, by month). Every row can be viewed; only the user's own items get 编辑,
 * 上架/下架 and 删除 (storefront §6; the server refuses anybody else with 404).
 */
import { type ReactNode, useState } from 'react'
import { AssetImg } from '../../components/AssetImg.tsx'
import { api, publishing } from '../../lib/api/browser.ts'
import type { ArticleCard } from '../../lib/api/types.ts'
import { LISTED, UNLISTED } from '../../lib/constants.ts'
import { firstImage, formatDateTime, formatPrice } from '../../lib/format.ts'
import { PAGE_SIZE_DEFAULT, pageCount } from '../../lib/rules/paging.ts'
import { toast } from '../../lib/toast.ts'
import { AccountGate } from '../common/AccountGate.tsx'
import { BusyButton } from '../common/BusyButton.tsx'
import { type ApiRange, RangeFilter } from '../common/RangeFilter.tsx'
import { TabList, tabPanelProps } from '../common/TabList.tsx'
import { useConfirm } from '../common/useConfirm.tsx'
import { usePaged } from '../common/usePaged.ts'
import { ListStates } from '../listing/ListStates.tsx'
import { Pager } from '../listing/parts.tsx'
import { OwnSales } from './OwnSales.tsx'

export type OwnKind = 'course' | 'task' | 'post'

interface KindInfo {
  status: 10 | 20 | 30
  /** What one item is called: 课程, 任务, 帖子. */
  noun: string
  /** The publish form; with ?id it edits. */
  form: string
  /** The public listing, offered when the user has joined nothing yet. */
  listing: string
}

const KINDS: Record<OwnKind, KindInfo> = {
  course: { status: 30, noun: '课程', form: '/postcourse', listing: '/course/' },
  task: { status: 20, noun: '任务', form: '/posttask', listing: '/task/' },
  post: { status: 10, noun: '帖子', form: '/postassociation', listing: '/association/' },
}

const TABS = [
  { id: 'created', label: '我发布的' },
  { id: 'joined', label: '我参与的' },
  { id: 'sales', label: '销售统计' },
] as const
type TabId = (typeof TABS)[number]['id']

const cx = (...c: (string | false | null | undefined)[]) => c.filter(Boolean).join(' ')

/** The island of the three pages; `kind` picks the item type. */
export function OwnItems({ kind }: { kind: OwnKind }) {
  return <AccountGate>{(me) => <Screen info={KINDS[kind]} meId={me.id} />}</AccountGate>
}

function Screen({ info, meId }: { info: KindInfo; meId: number }) {
  const [tab, setTab] = useState<TabId>('created')
  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-2 border-b border-slate-200">
        <div className="-mb-px min-w-0">
          <TabList tabs={TABS} active={tab} onSelect={setTab} label={`${info.noun}范围`} idPrefix="own" />
        </div>
        <a href={info.form} className="btn-primary mb-2 ml-auto" data-publish>
          发布{info.noun}
        </a>
      </div>
      <div {...tabPanelProps('own', tab)} className="pt-4">
        {tab === 'created' ? (
          <Created info={info} meId={meId} />
        ) : tab === 'joined' ? (
          <Joined info={info} meId={meId} />
        ) : (
          <OwnSales status={info.status} noun={info.noun} />
        )}
      </div>
    </div>
  )
}

/** 我发布的: the user's items of the kind, listed or not, 20 a page, newest first. */
function Created({ info, meId }: { info: KindInfo; meId: number }) {
  const [page, setPage] = useState(1)
  const [range, setRange] = useState<ApiRange>({})
  const paged = usePaged((q, signal) => api.getArticlePage(q, { silent: true, signal }), {
    status: info.status,
    isCreate: 1 as const,
    pageIndex: page - 1,
    pageSize: PAGE_SIZE_DEFAULT,
    ...range,
  })
  const { data, loading, reload } = paged
  const rows = useRowPatches(data?.pageData)
  const pages = data ? pageCount(data.pageTotal, data.pageSize || PAGE_SIZE_DEFAULT) : 0
  const filtered = range.stime !== undefined || range.etime !== undefined
  const actions = useRowActions({
    setExt: rows.setExt,
    onDeleted: (id) => {
      rows.drop(id)
      // The last row of a later page: go back a page; otherwise the next row moves up.
      if (rows.list.length <= 1 && page > 1) setPage(page - 1)
      else reload()
    },
  })

  return (
    <div>
      <RangeFilter
        withTime={false}
        busy={loading}
        onSearch={(r) => {
          setRange(r)
          setPage(1)
        }}
      />
      <div className="mt-4">
        <ListStates
          list={paged}
          what={info.noun}
          empty={rows.list.length === 0}
          emptyText={filtered ? `这段时间没有发布的${info.noun}` : `还没有发布${info.noun}`}
          emptyAction={
            <a href={info.form} className="btn-primary">
              发布{info.noun}
            </a>
          }
        >
          {(data) => (
            <>
              <p className="mb-2 text-sm text-slate-500" aria-live="polite">
                共 {data.pageTotal} 条
              </p>
              <Rows info={info} meId={meId} rows={rows.list} busy={loading} actions={actions} />
            </>
          )}
        </ListStates>
      </div>
      <Pager page={page} pages={pages} onPage={setPage} />
      {actions.confirmDialog}
    </div>
  )
}

/** 我参与的: what the user bought or joined (one array); paged here, 20 a page like the other tab. */
function Joined({ info, meId }: { info: KindInfo; meId: number }) {
  const [page, setPage] = useState(1)
  const paged = usePaged(
    (status: 10 | 20 | 30, signal) => api.getArticleQuery(status, 1, { silent: true, signal }),
    info.status,
  )
  const { data, reload } = paged
  const rows = useRowPatches(data ?? undefined)
  const pages = pageCount(rows.list.length, PAGE_SIZE_DEFAULT)
  const shown = Math.min(page, pages)
  const actions = useRowActions({
    setExt: rows.setExt,
    onDeleted: (id) => {
      rows.drop(id)
      reload()
    },
  })
  return (
    <div>
      <ListStates
        list={paged}
        what={info.noun}
        empty={rows.list.length === 0}
        emptyText={`还没有参与的${info.noun}`}
        emptyAction={
          <a href={info.listing} className="btn-outline">
            去看看{info.noun}
          </a>
        }
      >
        {() => (
          <>
            <p className="mb-2 text-sm text-slate-500">共 {rows.list.length} 条</p>
            <Rows
              info={info}
              meId={meId}
              rows={rows.list.slice((shown - 1) * PAGE_SIZE_DEFAULT, shown * PAGE_SIZE_DEFAULT)}
              actions={actions}
            />
          </>
        )}
      </ListStates>
      <Pager page={shown} pages={pages} onPage={setPage} />
      {actions.confirmDialog}
    </div>
  )
}

/**
 * The rows as the server sent them, with what the user changed since: a new listing flag, a
 * deleted row. A new answer from the server replaces both.
 */
function useRowPatches(base: ArticleCard[] | undefined) {
  const [patch, setPatch] = useState({ base, ext: new Map<number, string>(), gone: new Set<number>() })
  let current = patch
  if (patch.base !== base) {
    current = { base, ext: new Map(), gone: new Set() }
    setPatch(current)
  }
  const list = (base ?? [])
    .filter((a) => !current.gone.has(a.id))
    .map((a) => {
      const ext = current.ext.get(a.id)
      return ext === undefined ? a : { ...a, ext }
    })
  return {
    list,
    setExt: (id: number, ext: string) => setPatch((p) => ({ ...p, ext: new Map(p.ext).set(id, ext) })),
    drop: (id: number) => setPatch((p) => ({ ...p, gone: new Set(p.gone).add(id) })),
  }
}

interface RowActions {
  busyId: number | null
  toggle: (a: ArticleCard) => void
  remove: (a: ArticleCard) => void
  confirmDialog: ReactNode
}

/** 上架/下架 and 删除 of the owner's rows; failures are already toasted by the API client. */
function useRowActions({
  setExt,
  onDeleted,
}: {
  setExt: (id: number, ext: string) => void
  onDeleted: (id: number) => void
}): RowActions {
  const [busyId, setBusyId] = useState<number | null>(null)
  const [confirmDialog, confirm] = useConfirm()

  async function toggle(a: ArticleCard) {
    if (busyId !== null) return
    setBusyId(a.id)
    try {
      const { data } = await publishing.postArticleExt(a.id)
      // The answer is the new flag; anything else still means the toggle went through.
      const flag = data === LISTED || data === UNLISTED ? data : a.ext === LISTED ? UNLISTED : LISTED
      setExt(a.id, flag)
      toast('success', flag === LISTED ? '已上架' : '已下架')
    } catch {
      // Toasted by the client.
    } finally {
      setBusyId(null)
    }
  }

  async function remove(a: ArticleCard) {
    if (busyId !== null || !(await confirm({ action: '删除' }))) return
    setBusyId(a.id)
    try {
      await publishing.postArticleDeleteIsshow(a.id)
      toast('success', '删除成功')
      onDeleted(a.id)
    } catch {
      // Toasted by the client.
    } finally {
      setBusyId(null)
    }
  }

  return {
    busyId,
    toggle: (a) => void toggle(a),
    remove: (a) => void remove(a),
    confirmDialog,
  }
}

function Rows({
  info,
  meId,
  rows,
  busy = false,
  actions,
}: {
  info: KindInfo
  meId: number
  rows: ArticleCard[]
  busy?: boolean
  actions: RowActions
}) {
  return (
    <ul
      className={cx('grid gap-3 transition-opacity', busy && 'opacity-50')}
      aria-busy={busy || undefined}
      aria-label={`${info.noun}列表`}
    >
      {rows.map((a) => (
        <Row
          key={a.id}
          a={a}
          editHref={`${info.form}?id=${a.id}`}
          mine={a.createId !== null && a.createId === meId}
          busy={actions.busyId === a.id}
          actions={actions}
        />
      ))}
    </ul>
  )
}

function Row({
  a,
  editHref,
  mine,
  busy,
  actions,
}: {
  a: ArticleCard
  editHref: string
  mine: boolean
  busy: boolean
  actions: RowActions
}) {
  const listed = a.ext === LISTED
  // Taken down by an operator: only an operator puts it back (the server refuses the owner).
  const moderated = a.moderated === true && !listed
  const price = formatPrice(a.price)
  const view = `/detail?id=${a.id}`
  const cover = firstImage(a.imgurl)
  return (
    <li
      className="grid grid-cols-[6.5rem_minmax(0,1fr)] gap-x-3 gap-y-2 rounded-lg bg-white p-3 ring-1 ring-slate-200 sm:grid-cols-[10rem_minmax(0,1fr)] sm:gap-x-4"
      data-own-item={a.id}
      data-listed={listed ? '1' : '0'}
    >
      <div className="row-span-1 sm:row-span-2">
        {cover ? (
          <AssetImg
            path={cover}
            width={160}
            height={100}
            lazy
            className="aspect-[16/10] w-full rounded-md bg-slate-100 object-cover"
          />
        ) : (
          <span className="block aspect-[16/10] w-full rounded-md bg-slate-100" />
        )}
      </div>
      <div className="flex min-w-0 flex-col gap-1.5">
        <div className="flex items-start justify-between gap-2">
          <h2 className="line-clamp-2 text-[15px] font-medium leading-snug text-slate-900">
            <a href={view} className="hover:text-brand-700">
              {a.title}
            </a>
          </h2>
          <span
            className={cx(
              'shrink-0 rounded px-1.5 py-0.5 text-xs font-medium',
              listed
                ? 'bg-emerald-50 text-emerald-700'
                : moderated
                  ? 'bg-red-50 text-red-700'
                  : 'bg-slate-100 text-slate-600',
            )}
            data-listed-state
          >
            {listed ? '上架中' : moderated ? '平台下架' : '已下架'}
          </span>
        </div>
        <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1 text-sm text-slate-500">
          <span className="price text-base">{price === '免费' ? price : `¥${price}`}</span>
          <span>
            发布于 <time dateTime={a.createTime.replace(' ', 'T')}>{formatDateTime(a.createTime)}</time>
          </span>
        </p>
      </div>
      <div className="col-span-2 flex flex-wrap items-center justify-end gap-1 border-t border-slate-100 pt-2 sm:col-span-1 sm:col-start-2 sm:border-0 sm:pt-0">
        <RowLink href={view} label="查看" context={a.title} />
        {mine && (
          <>
            <RowLink href={editHref} label="编辑" context={a.title} />
            {moderated ? (
              <span className="px-2.5 py-1.5 text-xs text-slate-500">已被平台下架，如有疑问请联系客服</span>
            ) : (
              <RowButton
                label={listed ? '下架' : '上架'}
                context={a.title}
                busy={busy}
                onClick={() => actions.toggle(a)}
              />
            )}
            <RowButton label="删除" context={a.title} busy={busy} danger onClick={() => actions.remove(a)} />
          </>
        )}
      </div>
    </li>
  )
}

const action =
  'rounded px-2.5 py-1.5 text-sm transition-colors aria-disabled:cursor-not-allowed aria-disabled:opacity-50'

/**
 * A row's link or button: the visible word, named `查看：{title}` for screen readers so a list
 * of rows does not read as ten times 查看.
 */
function RowLink({ href, label, context }: { href: string; label: string; context: string }) {
  return (
    <a
      href={href}
      aria-label={`${label}：${context}`}
      className={cx(action, 'text-brand-700 hover:bg-brand-50')}
    >
      {label}
    </a>
  )
}

function RowButton({
  label,
  context,
  onClick,
  busy,
  danger,
}: {
  label: string
  context: string
  onClick: () => void
  busy: boolean
  danger?: boolean
}) {
  return (
    <BusyButton
      onClick={onClick}
      busy={busy}
      aria-label={`${label}：${context}`}
      className={cx(action, danger ? 'text-red-700 hover:bg-red-50' : 'text-brand-700 hover:bg-brand-50')}
    >
      {label}
    </BusyButton>
  )
}
