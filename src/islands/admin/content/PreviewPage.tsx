import { type ReactNode, useState } from 'react'
import { FaqItem } from '../../../components/FaqItem.tsx'
import { RichText } from '../../../components/RichText.tsx'
import {
  type AdminBanner,
  type AdminFaq,
  type AdminText,
  type BannerDraft,
  contentApi,
} from '../../../lib/api/admin-content.ts'
import { assetUrl } from '../../../lib/asset.ts'
import { BannerPosition } from '../../../lib/constants.ts'
import { site } from '../../../lib/site.ts'
import { toast } from '../../../lib/toast.ts'
import { adminPage } from '../AdminShell.tsx'
import { useLoad } from '../kit/useLoad.ts'
import { BuildStatusPanel } from './BuildStatusPanel.tsx'
import { type DraftKind, POSITION_NAMES } from './editors/drafts.tsx'

type Loaded =
  | { kind: 'banner'; item: AdminBanner }
  | { kind: 'faq'; item: AdminFaq }
  | { kind: 'text'; item: AdminText }

const TAB: Record<DraftKind, { tab: string; tag: string }> = {
  banner: { tab: 'banners', tag: 'banner' },
  faq: { tab: 'faq', tag: 'faq' },
  text: { tab: 'texts', tag: 'config' },
}

/** The item of the address (?kind=banner&id=12), with its draft; null when the address names none. */
async function load(kind: string, id: string): Promise<Loaded | null> {
  if (kind === 'banner' && /^\d+$/.test(id))
    return { kind, item: await contentApi.bannerDrafts.one(Number(id)) }
  if (kind === 'faq' && /^\d+$/.test(id)) return { kind, item: await contentApi.faqDrafts.one(Number(id)) }
  if (kind === 'text' && ['agreement', 'content', 'imgurl'].includes(id))
    return { kind, item: await contentApi.textDrafts.one(id) }
  return null
}

// --- how the public site shows each kind -----------------------------------------------------

/**
 * A banner as its position shows it: the home carousel (3:1) and the listing pages' carousel
 * (16:5) of Carousel.astro, the home blocks' half-width tiles of home/PromoStrip.astro — the same
 * classes, so keep them in step.
 */
function BannerLook({ position, banner }: { position: string; banner: BannerDraft }) {
  const img = <img src={assetUrl(banner.imgurl)} alt={banner.title} className="h-full w-full object-cover" />
  const linked = banner.link ? (
    <a href={banner.link} className="block h-full w-full">
      {img}
    </a>
  ) : (
    img
  )
  // The carousels: the home page's 3:1 with a shadow, the listing pages' 16:5.
  if (position === BannerPosition.home)
    return <div className="aspect-[3/1] overflow-hidden rounded-lg bg-slate-200 shadow-sm">{linked}</div>
  if (position === BannerPosition.coursePage || position === BannerPosition.productPage)
    return <div className="aspect-[16/5] overflow-hidden rounded-lg bg-slate-200">{linked}</div>
  // A home block's tile: half the width from tablets on.
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="aspect-[3/1] overflow-hidden rounded-lg bg-slate-200 shadow-sm ring-1 ring-black/5">
        {linked}
      </div>
    </div>
  )
}

/** A banner's fields in words; with `live`, the ones the draft changes are marked 已修改. */
function BannerFacts({
  position,
  banner,
  live,
}: {
  position: string
  banner: BannerDraft
  live?: BannerDraft
}) {
  const facts = (b: BannerDraft): [string, string][] => [
    ['位置', POSITION_NAMES[position] ?? position],
    ['图片', b.imgurl],
    ['标题（图片说明）', b.title || '（无）'],
    ['链接', b.link || '（无）'],
    ['排序', String(b.sort)],
    ['展示', b.enabled ? '是' : '否'],
    ['时段', b.startTime || b.endTime ? `${b.startTime ?? '不限'} 至 ${b.endTime ?? '不限'}` : '不限'],
  ]
  const before = live ? facts(live) : null
  return (
    <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      {facts(banner).map(([k, v], i) => (
        <div key={k} className="contents">
          <dt className="text-slate-600">{k}</dt>
          <dd className="break-all text-slate-800">
            {v}
            {before && before[i]?.[1] !== v && (
              <span className="ml-2 rounded bg-amber-100 px-1 text-xs text-amber-900">已修改</span>
            )}
          </dd>
        </div>
      ))}
    </dl>
  )
}

/**
 * A configuration text as the site shows it: in the dialog of the sign-in and sign-up forms
 * (用户协议, 隐私政策: titled with the company name, small print) or of the level card (等级说明);
 * drawn open here, with the dialog's card look.
 */
function TextLook({ textKey, title, html }: { textKey: string; title: string; html: string }) {
  const legal = textKey !== 'imgurl'
  return (
    <div
      className={`mx-auto rounded-lg bg-white p-5 shadow-xl ring-1 ring-slate-200 ${legal ? 'max-w-2xl' : 'max-w-lg'}`}
    >
      <p className="mb-4 text-lg font-semibold text-slate-900">{legal ? site.name : title}</p>
      <RichText
        html={html}
        className={legal ? 'text-sm' : undefined}
        empty={<p className="text-slate-500">{legal ? '暂无内容' : '暂无等级说明'}</p>}
      />
    </div>
  )
}

const HIDDEN_LIVE = '网站上现在没有这一条：停用，或是尚未发布的新内容。'
const HIDDEN_DRAFT = '未勾选“展示”：发布后网站上也不展示，下面是它展示时的样子。'

/** One version (草稿 or 线上版本) of the item, drawn the public site's way. */
function Version({ loaded, draft }: { loaded: Loaded; draft: boolean }) {
  if (loaded.kind === 'banner') {
    const b = loaded.item
    const v = draft ? b.draft : b
    if (!v) return null
    if (!draft && !v.enabled) return <p className="text-sm text-slate-600">{HIDDEN_LIVE}</p>
    return (
      <>
        {!v.enabled && <p className="mb-3 text-sm text-amber-900">{HIDDEN_DRAFT}</p>}
        <BannerLook position={b.position} banner={v} />
        <BannerFacts position={b.position} banner={v} live={draft && b.enabled ? b : undefined} />
      </>
    )
  }
  if (loaded.kind === 'faq') {
    const q = loaded.item
    const v = draft ? q.draft : q
    if (!v) return null
    if (!draft && !v.enabled) return <p className="text-sm text-slate-600">{HIDDEN_LIVE}</p>
    return (
      <>
        {!v.enabled && <p className="mb-3 text-sm text-amber-900">{HIDDEN_DRAFT}</p>}
        <FaqItem id={q.id} title={v.title} answer={v.answer} open />
      </>
    )
  }
  const t = loaded.item
  const html = draft ? t.draft : t.value
  return html === null ? null : <TextLook textKey={t.key} title={t.title} html={html} />
}

function Section({ title, note, children }: { title: string; note: string; children: ReactNode }) {
  const id = `preview-${title}`
  return (
    <section aria-labelledby={id} className="grid gap-3">
      <div>
        <h2 id={id} className="text-base font-semibold text-slate-900">
          {title}
        </h2>
        <p className="text-sm text-slate-600">{note}</p>
      </div>
      {/* The public pages' background and width. */}
      <div className="rounded-lg bg-slate-50 py-6 ring-1 ring-slate-200">
        <div className="container-page">{children}</div>
      </div>
    </section>
  )
}

function Preview() {
  const query = new URLSearchParams(location.search)
  const kind = query.get('kind') ?? ''
  const id = query.get('id') ?? ''
  const { data, loading, reload } = useLoad(() => load(kind, id), `${kind}:${id}`)
  const [saved, setSaved] = useState<{ tag: string; at: number } | null>(null)
  if (loading && !data) return <p className="text-slate-500">正在加载…</p>
  if (!data)
    return (
      <p role="alert" className="rounded-lg bg-white p-6 text-slate-600">
        预览地址不正确，或内容已被删除。
        <a href="/admin/content/" className="text-brand-700 hover:underline">
          返回站点内容
        </a>
      </p>
    )
  const { tab, tag } = TAB[data.kind]
  const hasDraft = data.item.draft !== null
  const publish = async () => {
    const key = data.kind === 'text' ? data.item.key : data.item.id
    const calls = { banner: contentApi.bannerDrafts, faq: contentApi.faqDrafts, text: contentApi.textDrafts }[
      data.kind
    ]
    if (!(await calls.publish(key).catch(() => null))) return
    toast('success', '已发布')
    setSaved({ tag, at: Date.now() })
    reload()
  }
  const liveNote = data.kind === 'text' ? '用户现在看到的内容。' : '网站现在展示的内容。'
  return (
    <div className="grid gap-6">
      <div
        className={`flex flex-wrap items-center gap-3 rounded-lg p-4 text-sm ${hasDraft ? 'bg-amber-50 text-amber-900 ring-1 ring-amber-200' : 'bg-white text-slate-700 ring-1 ring-slate-200'}`}
      >
        <p className="mr-auto">
          {hasDraft
            ? '这是未发布的草稿，只有后台人员能看到；网站上仍是线上版本，发布后才会改变。'
            : '没有待发布的草稿。'}
        </p>
        <a href={`/admin/content/?tab=${tab}`} className="btn-outline">
          返回站点内容
        </a>
        {hasDraft && (
          <button type="button" className="btn-primary" onClick={publish}>
            发布
          </button>
        )}
      </div>
      <BuildStatusPanel saved={saved} />
      {hasDraft && (
        <Section title="草稿" note="发布后网站将这样显示。">
          <Version loaded={data} draft />
        </Section>
      )}
      <Section title="线上版本" note={liveNote}>
        <Version loaded={data} draft={false} />
      </Section>
    </div>
  )
}

/** /admin/preview/?kind=banner|faq|text&id=…: a draft as the public site will show it, for staff only. */
export default adminPage('草稿预览', 'content.write', Preview)
