/**
 * 消息中心 /message (storefront §2): 系统通知 (Article/GetArticleQuery?status=200) and 评论回复
 * (Comment/GetCommentReplyPage: who answered which of the user's comments, issue 10). Reply text
 * is shown as text, never as HTML.
 */
import { useEffect, useState } from 'react'
import { AssetImg, Avatar } from '../../components/AssetImg.tsx'
import { account, community } from '../../lib/api/browser.ts'
import type { CommentReply } from '../../lib/api/community.ts'
import type { Notification, Paged } from '../../lib/api/types.ts'
import { formatDateTime, splitList } from '../../lib/format.ts'
import { markNoticesRead } from '../../lib/stores/notices.ts'
import { AccountGate } from '../common/AccountGate.tsx'
import { OwnTabs } from '../common/TabList.tsx'
import { usePaged } from '../common/usePaged.ts'
import { ListStates } from '../listing/ListStates.tsx'

const TABS = [
  { id: 'system', label: '系统通知' },
  { id: 'replies', label: '评论回复' },
] as const

export function Messages() {
  return (
    <AccountGate>
      {() => (
        <div>
          <OwnTabs tabs={TABS} first="system" label="消息类型" idPrefix="msg" panelClass="pt-4">
            {(tab) => (tab === 'system' ? <Notifications /> : <Replies />)}
          </OwnTabs>
        </div>
      )}
    </AccountGate>
  )
}

function Notifications() {
  // List failures stay quiet (storefront §8); the panel offers a retry.
  const notices = usePaged(
    (_: null, signal): Promise<Notification[]> => account.getNotifications({ silent: true, signal }),
    null,
  )
  // Shown is read: the bell's count drops to what arrived after this list (issue 19).
  const newest = notices.data?.reduce((m, n) => Math.max(m, n.id), 0) ?? 0
  useEffect(() => {
    if (newest > 0) void markNoticesRead(newest)
  }, [newest])

  return (
    <ListStates list={notices} what="系统通知" empty={notices.data?.length === 0} emptyText="暂无系统通知">
      {(list) => <NotificationRows list={list} />}
    </ListStates>
  )
}

/**
 * A notice's text with its pay link (an order staff placed for the buyer, 代客下单) as a link to
 * this site's /pay?id=…, whatever host the text names: only that path is ever made a link.
 */
function NoticeText({ text }: { text: string }) {
  const parts = text.split(/((?:https?:\/\/[!-~]*?)?\/pay\?id=\d+)/)
  return (
    <>
      {parts.map((part, i) => {
        const id = /\/pay\?id=(\d+)$/.exec(part)?.[1]
        return id ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text.
          <a key={i} className="text-brand-700 underline" href={`/pay?id=${id}`}>
            去付款
          </a>
        ) : (
          part
        )
      })}
    </>
  )
}

function NotificationRows({ list }: { list: Notification[] }) {
  return (
    <ul className="divide-y divide-slate-100">
      {list.map((n) => (
        <li key={n.id} className="py-4">
          <article aria-labelledby={`msg-${n.id}`}>
            <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
              <h2 id={`msg-${n.id}`} className="font-medium text-slate-900">
                {n.title}
              </h2>
              <time dateTime={n.createTime.replace(' ', 'T')} className="shrink-0 text-xs text-slate-500">
                {formatDateTime(n.createTime)}
              </time>
            </div>
            <p className="mt-1 whitespace-pre-line break-all text-sm leading-6 text-slate-600">
              <NoticeText text={n.content} />
            </p>
          </article>
        </li>
      ))}
    </ul>
  )
}

const REPLY_PAGE = 10

function Replies() {
  const [pageSize, setPageSize] = useState(REPLY_PAGE)
  const paged = usePaged(
    (size: number, signal): Promise<Paged<CommentReply>> =>
      community.getCommentReplyPage({ pageIndex: 0, pageSize: size }, { silent: true, signal }),
    pageSize,
  )
  const { data, loading } = paged
  return (
    <ListStates list={paged} what="评论回复" empty={data?.pageData.length === 0} emptyText="暂无评论回复">
      {(data) => (
        <div className="flex flex-col gap-3">
          <ul className="divide-y divide-slate-100">
            {data.pageData.map((r) => (
              <li key={r.id} className="py-4" data-reply={r.id}>
                <article aria-labelledby={`reply-${r.id}`} className="flex gap-3">
                  <Avatar
                    path={r.replierAvatar}
                    width={40}
                    lazy
                    className="h-10 w-10 shrink-0 rounded-full bg-slate-200 object-cover"
                  />
                  <div className="min-w-0 flex-1">
                    <p className="flex flex-wrap items-baseline gap-x-2 gap-y-1 text-sm">
                      <span className="font-medium text-slate-900">{r.replierName || '匿名用户'}</span>
                      <span className="text-slate-500">回复了你的评论</span>
                      <time
                        dateTime={r.createTime.replace(' ', 'T')}
                        className="ml-auto text-xs text-slate-500"
                      >
                        {formatDateTime(r.createTime)}
                      </time>
                    </p>
                    <h2 id={`reply-${r.id}`} className="mt-1 text-sm text-slate-600">
                      <span className="mr-1.5 rounded bg-brand-700 px-1.5 py-0.5 text-xs text-white">
                        {r.typeText}
                      </span>
                      <a href={`/detail?id=${r.articleId}`} className="text-brand-700 hover:underline">
                        {r.title}
                      </a>
                    </h2>
                    <p className="mt-1 whitespace-pre-line break-all text-[15px] leading-6 text-slate-700">
                      {r.content}
                    </p>
                    {splitList(r.imgurl).length > 0 && (
                      <ul className="mt-2 flex flex-wrap gap-2" aria-label="回复图片">
                        {splitList(r.imgurl).map((src) => (
                          <li key={src}>
                            <AssetImg
                              path={src}
                              width={80}
                              alt="回复配图"
                              lazy
                              className="h-20 w-20 rounded object-cover ring-1 ring-slate-200"
                            />
                          </li>
                        ))}
                      </ul>
                    )}
                  </div>
                </article>
              </li>
            ))}
          </ul>
          {data.pageData.length < data.pageTotal && (
            <button
              type="button"
              className="btn-outline self-center"
              disabled={loading}
              onClick={() => setPageSize((n) => n + REPLY_PAGE)}
            >
              加载更多
            </button>
          )}
        </div>
      )}
    </ListStates>
  )
}
