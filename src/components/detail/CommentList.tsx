import type { CommentNode } from '../../lib/api/types.ts'
import { assetUrl } from '../../lib/asset.ts'
import { formatDateTime, splitList } from '../../lib/format.ts'
import { AssetImg, Avatar } from '../AssetImg.tsx'

export interface Reply {
  node: CommentNode
  /** Name of the comment answered when it is itself a reply. */
  to?: string
}

/** Replies at any depth under one thread, oldest first, as one flat list ("A 回复 B"). */
export function repliesOf(c: CommentNode): Reply[] {
  const out: Reply[] = []
  const walk = (parent: CommentNode, depth: number) => {
    for (const child of parent.children) {
      out.push({ node: child, to: depth > 0 ? parent.nickName : undefined })
      walk(child, depth + 1)
    }
  }
  walk(c, 0)
  return out
}

export function CommentItem({ c, to, small = false }: { c: CommentNode; to?: string; small?: boolean }) {
  const images = splitList(c.imgurl)
  const size = small ? 32 : 40
  return (
    <div className="flex gap-3">
      <Avatar
        path={c.avatarUrl}
        width={size}
        lazy
        className={`${small ? 'h-8 w-8' : 'h-10 w-10'} shrink-0 rounded-full bg-slate-200 object-cover`}
      />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
          <span className="font-medium text-slate-800">{c.nickName || '匿名用户'}</span>
          {to && (
            <span className="text-slate-500">
              回复 <span className="text-slate-700">{to}</span>
            </span>
          )}
          <time className="text-xs text-slate-500" dateTime={c.createTime.replace(' ', 'T')}>
            {formatDateTime(c.createTime)}
          </time>
        </p>
        <p className="mt-1 whitespace-pre-line break-words text-[15px] leading-6 text-slate-700">
          {c.content}
        </p>
        {images.length > 0 && (
          <ul className="mt-2 flex flex-wrap gap-2" aria-label="评论图片">
            {images.map((src) => (
              <li key={src}>
                <a href={assetUrl(src)} target="_blank" rel="noopener" className="block">
                  <AssetImg
                    path={src}
                    width={96}
                    alt="评论配图"
                    lazy
                    className="h-20 w-20 rounded object-cover ring-1 ring-slate-200 md:h-24 md:w-24"
                  />
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  )
}

/**
 * The comment threads, read-only: newest threads first, replies oldest first.
 * Storefront §2 shows 1 reply at first and 2 more per expand; that needs the comments island
 * of a later issue (it finds threads by data-comment-id and replies by data-reply-index).
 * Static HTML shows every reply, so all of it stays readable without JavaScript.
 */
export function CommentList({ comments }: { comments: CommentNode[] }) {
  if (comments.length === 0) return <p className="py-6 text-center text-sm text-slate-500">暂无评论</p>
  return (
    <ol className="divide-y divide-slate-100">
      {comments.map((c) => {
        const replies = repliesOf(c)
        return (
          <li key={c.id} data-comment-id={c.id} className="py-4 first:pt-0 last:pb-0">
            <CommentItem c={c} />
            {replies.length > 0 && (
              <ol
                className="mt-3 ml-8 sm:ml-[52px] flex flex-col gap-3 rounded-lg bg-slate-50 p-3"
                aria-label={`${replies.length} 条回复`}
              >
                {replies.map((r, i) => (
                  <li key={r.node.id} data-comment-id={r.node.id} data-reply-index={i}>
                    <CommentItem c={r.node} to={r.to} small />
                  </li>
                ))}
              </ol>
            )}
          </li>
        )
      })}
    </ol>
  )
}
