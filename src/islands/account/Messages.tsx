/**
 * 消息中心 /message (storefront §2): 系统通知 (Article/GetArticleQuery?status=200) and 评论回复.
 * The API has no call for replies to the user's comments yet, so that tab says there are none
 * rather than inventing any.
 */
import { useState } from 'react'
import { account } from '../../lib/api/browser.ts'
import type { Notification } from '../../lib/api/types.ts'
import { formatDateTime } from '../../lib/format.ts'
import { AccountGate } from '../common/AccountGate.tsx'
import { TabList, tabPanelProps } from '../common/TabList.tsx'
import { usePaged } from '../common/usePaged.ts'
import { EmptyState } from '../listing/parts.tsx'

const TABS = [
  { id: 'system', label: '系统通知' },
  { id: 'replies', label: '评论回复' },
] as const
type TabId = (typeof TABS)[number]['id']

export function Messages() {
  return <AccountGate>{() => <MessageTabs />}</AccountGate>
}

function MessageTabs() {
  const [tab, setTab] = useState<TabId>('system')
  return (
    <div>
      <TabList tabs={[...TABS]} active={tab} onSelect={setTab} label="消息类型" idPrefix="msg" />
      <div {...tabPanelProps('msg', tab)} className="pt-4">
        {tab === 'system' ? <Notifications /> : <EmptyState text="暂无评论回复" />}
      </div>
    </div>
  )
}

function Notifications() {
  // List failures stay quiet (storefront §8); the panel offers a retry.
  const {
    data: list,
    failed,
    reload,
  } = usePaged(
    (_: null, signal): Promise<Notification[]> => account.getNotifications({ silent: true, signal }),
    null,
  )

  if (failed)
    return (
      <EmptyState
        text="系统通知加载失败"
        action={
          <button type="button" className="btn-outline" onClick={reload}>
            重试
          </button>
        }
      />
    )
  if (!list) return <p className="py-12 text-center text-slate-500">正在加载…</p>
  if (list.length === 0) return <EmptyState text="暂无系统通知" />
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
            <p className="mt-1 whitespace-pre-line break-all text-sm leading-6 text-slate-600">{n.content}</p>
          </article>
        </li>
      ))}
    </ul>
  )
}
