import type { ReactNode } from 'react'
import type { ArticleDetail } from '../../lib/api/types.ts'
import { ArticleStatus, ArticleStatusText } from '../../lib/constants.ts'
import { cardTags, formatDateTime, splitList } from '../../lib/format.ts'
import { articlePath, LISTING_PATH } from '../../lib/routes.ts'
import { isFreeSection } from '../../lib/rules/course.ts'
import { CONTACT_LOCKED } from '../../lib/rules/task-contact.ts'
import type { Crumb } from '../../lib/view/seo.ts'
import { ArticleCard } from '../ArticleCard.tsx'
import { Breadcrumbs } from '../Breadcrumbs.tsx'
import { RichText } from '../RichText.tsx'
import { AuthorCard } from './AuthorCard.tsx'
import { Recommended, TitleBlock } from './blocks.tsx'
import { CommentList } from './CommentList.tsx'
import { CourseCatalogue } from './CourseCatalogue.tsx'
import { Gallery } from './Gallery.tsx'
import { type TabPanel, Tabs } from './Tabs.tsx'
import { countComments, priceLabel } from './text.ts'

/** 首页 > 课程/社区/任务 > title */
export function articleCrumbs(a: Pick<ArticleDetail, 'id' | 'status' | 'title'>): Crumb[] {
  return [
    { label: '首页', href: '/' },
    { label: ArticleStatusText[a.status] ?? '内容', href: LISTING_PATH[a.status] ?? '/' },
    { label: a.title, href: articlePath(a.id) },
  ]
}

/** The instructor page of an author through the query route, which goes on to the static page when one was built. */
export const teacherQueryPath = (id: number) => `/teacher?id=${id}`

/** An article's HTML through the one sanitised render path, or a grey line when there is none. */
function ArticleText({ html, empty, body = false }: { html: string; empty: string; body?: boolean }) {
  return (
    <RichText
      html={html}
      // The body of a post or task: buy.ts puts the full text here for a buyer of a paid post.
      data-article-content={body ? '' : undefined}
      className="overflow-x-auto break-words"
      empty={<p className="text-sm text-slate-500">{empty}</p>}
    />
  )
}

/**
 * Course, post or task detail (storefront §2 "Content detail"). Courses have the tabs 目录 and
 * 介绍, posts and tasks 内容 and 评论; tasks also show where and whom to contact.
 * Rendered to static HTML by src/pages/detail/[id].astro and in the browser by the query-route
 * island; the page script / island then calls startDetail() (enhance.ts) for tabs and carousel.
 *
 * Slots for later issues, as props (from an .astro page: named slots, slot="buy"):
 * - `buy`: the purchase / favourite island; ArticleBuySlot is the static stand-in.
 * - `commentForm`: the comment box (500 characters), shown above the comments.
 * - `comments`: the comments island (box and threads), in place of the static CommentList.
 */
export function ArticleView({
  a,
  teacherHref,
  buy,
  commentForm,
  comments,
}: {
  a: ArticleDetail
  /** The author's instructor page; null for none. Default: the /teacher?id= query route. */
  teacherHref?: string | null
  buy?: ReactNode
  commentForm?: ReactNode
  comments?: ReactNode
}) {
  const isCourse = a.status === ArticleStatus.course
  const isTask = a.status === ArticleStatus.task
  const kind = ArticleStatusText[a.status] ?? '内容'
  const tags = cardTags(a.tag)
  const images = isCourse ? splitList(a.imgurl) : splitList(a.imgurls || a.imgurl)
  const category = a.listDict[0]?.title
  const commentCount = countComments(a.listComment)
  // A paid post shows only its summary until bought (the server's rule): say so under it.
  const summaryOnly = a.status === ArticleStatus.post && a.price > 0 && a.unlock !== 1
  const authorHref =
    teacherHref === undefined ? (a.createId === null ? null : teacherQueryPath(a.createId)) : teacherHref

  const panels: TabPanel[] = isCourse
    ? [
        {
          id: 'tab-catalogue',
          label: '目录',
          heading: '课程目录',
          count: a.list.length,
          content: <CourseCatalogue sections={a.list} course={a} />,
        },
        {
          id: 'tab-intro',
          label: '介绍',
          heading: '课程介绍',
          content: <ArticleText html={a.content} empty="暂无介绍" />,
        },
      ]
    : [
        {
          id: 'tab-content',
          label: '内容',
          heading: isTask ? '任务内容' : '帖子内容',
          content: (
            <>
              <ArticleText html={a.content} empty="暂无内容" body />
              {summaryOnly && <LockedNote a={a} />}
            </>
          ),
        },
        {
          id: 'tab-comments',
          label: '评论',
          heading: (
            <>
              评论（<span data-live="comments">{commentCount}</span>）
            </>
          ),
          count: commentCount,
          live: 'comments',
          content: comments ?? (
            <>
              {commentForm}
              <CommentList comments={a.listComment} />
            </>
          ),
        },
      ]

  return (
    <div className="container-page py-4 md:py-6">
      <Breadcrumbs
        items={articleCrumbs(a).map((c, i, all) => (i === all.length - 1 ? { label: c.label } : c))}
      />

      <div className="mt-3 grid gap-5 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 md:grid-cols-[minmax(0,5fr)_minmax(0,6fr)] md:gap-8 md:p-6">
        <Gallery
          images={images}
          alt={a.title}
          label={isCourse ? '课程封面' : '图片'}
          ratio="aspect-[16/10]"
        />

        <div className="flex min-w-0 flex-col gap-4">
          <div>
            <p className="flex flex-wrap items-center gap-2 text-xs">
              <span className="rounded bg-brand-700 px-1.5 py-0.5 font-medium text-white">{kind}</span>
              {category && (
                <span className="rounded bg-slate-100 px-1.5 py-0.5 text-slate-600">{category}</span>
              )}
              {a.city && <span className="rounded bg-slate-100 px-1.5 py-0.5 text-slate-600">{a.city}</span>}
            </p>
            <div className="mt-2">
              <TitleBlock
                title={a.title}
                titleClass="break-words"
                subTitle={a.subTitle}
                tags={tags}
                like={{ id: a.id, status: a.status }}
              />
            </div>
            <p className="mt-3 flex flex-wrap gap-x-3 gap-y-1 text-sm text-slate-500">
              {a.nickName && (
                <span>
                  {isCourse ? '讲师' : '发布者'}：{a.nickName}
                </span>
              )}
              {a.createTime && (
                <span>
                  发布于{' '}
                  <time dateTime={a.createTime.replace(' ', 'T')}>
                    {formatDateTime(a.createTime).slice(0, 10)}
                  </time>
                </span>
              )}
              {/* The build's figures; live.ts puts in the current ones once the page has them. */}
              {isCourse && (
                <span>
                  <span data-live="learners">{a.hitsTrue}</span> 人学习
                </span>
              )}
              {!isCourse && (
                <a href="#tab-comments" className="hover:text-brand-700">
                  <span data-live="comments">{commentCount}</span> 条评论
                </a>
              )}
            </p>
          </div>

          {isTask && <TaskContact a={a} />}

          {buy ?? <ArticleBuySlot a={a} />}
        </div>
      </div>

      <div className="mt-5 grid gap-5 lg:grid-cols-[minmax(0,1fr)_300px]">
        <Tabs panels={panels} label={`${kind}详情`} />
        <aside className="flex min-w-0 flex-col gap-5 lg:sticky lg:top-20 lg:self-start">
          <AuthorCard
            role={isCourse ? '讲师' : '发布者'}
            name={a.nickName}
            avatarUrl={a.avatarUrl}
            intro={a.authorIntro}
            href={authorHref}
          />
        </aside>
      </div>

      <Recommended id="article-rec-h" title="推荐课程">
        {a.listRecommend.slice(0, 4).map((r) => (
          <ArticleCard key={r.id} a={r} />
        ))}
      </Recommended>
    </div>
  )
}

/**
 * City, contact, phone and address of a task. A paid task's contacts are not in `a` for a reader
 * who has not bought it (the server leaves them out, contactLocked 1): the section then says
 * 购买后可查看联系方式 with the buy button, and task-contact.ts puts them in for its signed-in
 * author or a buyer (data-task-contact).
 */
function TaskContact({ a }: { a: ArticleDetail }) {
  const locked = a.contactLocked === 1
  const rows: [string, ReactNode][] = [
    ['城市', a.city],
    ['联系人', a.postName],
    [
      '联系电话',
      a.tel && (
        <a href={`tel:${a.tel}`} className="text-brand-700 hover:underline">
          {a.tel}
        </a>
      ),
    ],
    ['联系地址', a.addressx],
  ]
  const shown = rows.filter(([, v]) => v)
  if (shown.length === 0 && !locked) return null
  return (
    <section
      aria-labelledby="task-contact-h"
      className="rounded-lg bg-slate-50 px-4 py-3 ring-1 ring-slate-200"
    >
      <h2 id="task-contact-h" className="text-sm font-semibold text-slate-800">
        联系方式
      </h2>
      <dl
        data-task-contact={locked ? a.id : undefined}
        className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm"
      >
        {shown.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="text-slate-500">{k}</dt>
            <dd className="break-words text-slate-800">{v}</dd>
          </div>
        ))}
      </dl>
      {locked && (
        <div
          data-contact-locked
          className="mt-3 flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 pt-3"
        >
          <p className="text-sm font-medium text-slate-700">{CONTACT_LOCKED}</p>
          <BuyButton a={a} label="购买查看" className="min-w-0 px-4 py-1.5 text-sm" />
        </div>
      )}
    </section>
  )
}

/**
 * Under a paid post's summary (issue 19): what is locked and the buy button. buy.ts removes it
 * (data-locked-note) and puts the whole text in place once the signed-in reader has bought it.
 */
function LockedNote({ a }: { a: ArticleDetail }) {
  return (
    <div
      data-locked-note
      className="mt-5 flex flex-wrap items-center justify-between gap-3 rounded-lg bg-amber-50 px-4 py-3 ring-1 ring-amber-200"
    >
      <p className="text-[15px] font-medium text-slate-800">购买后查看全文</p>
      <BuyButton a={a} label="购买全文" />
    </div>
  )
}

/** 立即购买 / 免费加入 of an article; buy.ts gives every such button its behaviour. */
function BuyButton({ a, label, className = '' }: { a: ArticleDetail; label?: string; className?: string }) {
  return (
    <button
      type="button"
      data-article-buy={a.id}
      data-free={a.price > 0 ? undefined : '1'}
      className={`btn-primary min-w-32 px-6 py-2.5 ${className}`}
    >
      {label ?? (a.price > 0 ? '立即购买' : '免费加入')}
    </button>
  )
}

/**
 * The buy box of a course, post or task: the price, what it buys and 立即购买 (→ an order and
 * /pay?id&type=1) or 免费加入; buy.ts gives the button its behaviour. `buy` can replace it.
 */
export function ArticleBuySlot({ a }: { a: ArticleDetail }) {
  const isCourse = a.status === ArticleStatus.course
  const freeSections = a.list.filter(isFreeSection).length
  return (
    <div
      data-slot="article-buy"
      className="flex flex-wrap items-end justify-between gap-x-4 gap-y-1 rounded-lg bg-linear-to-r from-orange-50 to-amber-50/40 px-4 py-3"
    >
      <p className="flex items-baseline gap-2">
        <span className="text-sm text-slate-500">价格</span>
        <span className="price text-3xl leading-none">{priceLabel(a.price)}</span>
      </p>
      <BuyButton a={a} className="order-last" />
      {isCourse && a.list.length > 0 && (
        <p className="text-sm text-slate-500">
          共 {a.list.length} 节
          {freeSections > 0 && freeSections < a.list.length && `，${freeSections} 节免费试看`}
          {a.hits > 0 && `，约 ${Math.max(1, Math.round(a.hits / 60))} 分钟`}
        </p>
      )}
    </div>
  )
}
