/**
 * The comments of a post or task (storefront §2 "Content detail", issue 10): the box on top
 * (500 characters, 请填写帖子评论), the threads newest first, each showing 1 reply and 2 more per
 * 展开, a reply box under any comment, new comments without a reload; a comment or reply may
 * carry one image (the Uploader, the same upload rules as elsewhere). Rendered on the server
 * with the build's first page (readers without JavaScript, search engines), then fetched fresh;
 * the page's counts (评论N, N 条评论) then show the live total (live.ts). It hydrates only when
 * its tab is opened or it is reached for (client:interact="reach"), so a detail page loads no
 * React before that (issue 23); until then the page script keeps the counts live (buy.ts).
 * Content is text: React escapes it, nothing is set as HTML.
 */
import { useStore } from '@nanostores/react'
import { lazy, type SubmitEvent, Suspense, useEffect, useId, useState } from 'react'
import { CommentItem, repliesOf } from '../../components/detail/CommentList.tsx'
import { showLive } from '../../components/detail/live.ts'
import { countComments } from '../../components/detail/text.ts'
import { community } from '../../lib/api/browser.ts'
import type { CommentNode } from '../../lib/api/community.ts'
import { ApiRequestError } from '../../lib/api/http.ts'
import { COMMENT_IMAGES_MAX, COMMENT_MAX, checkComment } from '../../lib/rules/comment.ts'
import { $user } from '../../lib/stores/session.ts'
import { openLogin } from '../common/AccountGate.tsx'
import { FormActions } from '../common/FormActions.tsx'
import { FormError } from '../common/FormError.tsx'

// The uploader loads for a signed-in commenter only: a visitor's page stays light.
const Uploader = lazy(() => import('../common/Uploader.tsx').then((m) => ({ default: m.Uploader })))

const PAGE_SIZE = 10
/** Replies shown at first, and how many more each 展开 adds (storefront §2). */
export const REPLIES_FIRST = 1
export const REPLIES_STEP = 2

/** Puts a new reply under its parent, wherever the parent sits in the tree. */
function addReply(list: CommentNode[], parentId: number, reply: CommentNode): CommentNode[] {
  return list.map((c) =>
    c.id === parentId
      ? { ...c, children: [...c.children, reply] }
      : { ...c, children: addReply(c.children, parentId, reply) },
  )
}

function CommentBox({
  articleId,
  parentId,
  label,
  placeholder,
  autoFocus = false,
  onDone,
  onCancel,
}: {
  articleId: number
  parentId?: number
  label: string
  placeholder: string
  autoFocus?: boolean
  onDone: (c: CommentNode) => void
  onCancel?: () => void
}) {
  const stored = useStore($user)
  // The server renders for a visitor; the stored session counts once hydrated, so both agree.
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  const user = hydrated ? stored : null
  const id = useId()
  const [text, setText] = useState('')
  /** One attached image (storefront §7 imgurl): the uploader's value, '' for none. */
  const [image, setImage] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const count = [...text].length

  async function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault()
    if (!user) {
      openLogin()
      return
    }
    // The server's rule (src/lib/rules/comment.ts): 请填写帖子评论, 评论不能超过500个字.
    const problem = checkComment({ content: text, imgurl: image }).error
    setError(problem)
    if (problem) return
    setBusy(true)
    try {
      const r = await community.postCommentAppend(
        {
          unionId: articleId,
          content: text,
          ...(image ? { imgurl: image } : {}),
          ...(parentId ? { parentId } : {}),
        },
        { silent: true },
      )
      setText('')
      setImage('')
      onDone(r.data)
    } catch (err) {
      setError(err instanceof ApiRequestError ? err.message : '评论失败，请稍后再试')
    } finally {
      setBusy(false)
    }
  }

  if (!user)
    return (
      <p className="flex flex-wrap items-center gap-2 rounded-lg bg-slate-50 px-4 py-3 text-sm text-slate-600">
        登录后才能评论
        <button type="button" className="btn-outline px-3 py-1" onClick={() => openLogin()}>
          请登录
        </button>
      </p>
    )
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-1">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <textarea
        id={id}
        value={text}
        rows={parentId ? 2 : 3}
        maxLength={COMMENT_MAX}
        placeholder={placeholder}
        // biome-ignore lint/a11y/noAutofocus: the reply box opens because the user asked for it
        autoFocus={autoFocus}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-error ${id}-count`}
        onChange={(e) => {
          setText(e.target.value)
          if (error) setError(null)
        }}
        className="w-full rounded-md border border-slate-300 px-3 py-2 text-[15px] focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30"
      />
      <div className="flex flex-wrap items-center justify-between gap-2 text-xs">
        <FormError id={`${id}-error`} at="field" message={error} />
        <span id={`${id}-count`} className="ml-auto text-slate-500">
          {count}/{COMMENT_MAX}
        </span>
      </div>
      <Suspense fallback={null}>
        <Uploader
          value={image}
          onChange={setImage}
          limit={COMMENT_IMAGES_MAX}
          label={parentId ? '回复图片' : '评论图片'}
        />
      </Suspense>
      <FormActions
        busy={busy}
        label={parentId ? '回复' : '发表评论'}
        onCancel={onCancel}
        cancelClass="btn-outline px-3 py-1.5"
        submitClass="btn-primary px-4 py-1.5"
      />
    </form>
  )
}

function Thread({
  c,
  articleId,
  replyTo,
  setReplyTo,
  onReply,
}: {
  c: CommentNode
  articleId: number
  replyTo: number | null
  setReplyTo: (id: number | null) => void
  onReply: (parentId: number, reply: CommentNode) => void
}) {
  const replies = repliesOf(c)
  const [shown, setShown] = useState(REPLIES_FIRST)
  const visible = replies.slice(0, shown)
  const hidden = replies.length - visible.length

  const replyButton = (target: CommentNode) => (
    <button
      type="button"
      className="ml-auto text-xs text-slate-500 hover:text-brand-700"
      aria-expanded={replyTo === target.id}
      onClick={() => setReplyTo(replyTo === target.id ? null : target.id)}
    >
      回复<span className="sr-only"> {target.nickName || '匿名用户'}</span>
    </button>
  )
  const replyBox = (target: CommentNode) =>
    replyTo === target.id && (
      <div className="mt-2">
        <CommentBox
          articleId={articleId}
          parentId={target.id}
          label={`回复 ${target.nickName || '匿名用户'}`}
          placeholder={`回复 ${target.nickName || '匿名用户'}`}
          autoFocus
          onCancel={() => setReplyTo(null)}
          onDone={(r) => {
            onReply(target.id, r)
            setReplyTo(null)
            // The new reply shows, whatever was folded away.
            setShown(replies.length + 1)
          }}
        />
      </div>
    )

  return (
    <li data-comment-id={c.id} className="py-4 first:pt-0 last:pb-0">
      <CommentItem c={c} />
      <div className="mt-1 flex pl-[52px]">{replyButton(c)}</div>
      <div className="pl-[52px]">{replyBox(c)}</div>
      {replies.length > 0 && (
        <div className="mt-3 ml-8 rounded-lg bg-slate-50 p-3 sm:ml-[52px]">
          <ol className="flex flex-col gap-3" aria-label={`${replies.length} 条回复`}>
            {visible.map((r, i) => (
              <li key={r.node.id} data-comment-id={r.node.id} data-reply-index={i}>
                <CommentItem c={r.node} to={r.to} small />
                <div className="mt-1 flex pl-11">{replyButton(r.node)}</div>
                <div className="pl-11">{replyBox(r.node)}</div>
              </li>
            ))}
          </ol>
          {hidden > 0 && (
            <button
              type="button"
              className="mt-2 text-sm text-brand-700 hover:underline"
              onClick={() => setShown((n) => n + REPLIES_STEP)}
            >
              展开更多回复（{hidden}）
            </button>
          )}
        </div>
      )}
    </li>
  )
}

export function Comments({ articleId, initial }: { articleId: number; initial: CommentNode[] }) {
  const [list, setList] = useState<CommentNode[]>(initial)
  const [total, setTotal] = useState<number | null>(null)
  const [page, setPage] = useState(0)
  const [loading, setLoading] = useState(false)
  const [replyTo, setReplyTo] = useState<number | null>(null)
  /** Every visible comment, replies included; null until the API has said (the build's count stands). */
  const [count, setCount] = useState<number | null>(null)
  const added = () => setCount((n) => (n === null ? n : n + 1))

  // The page around the island was built earlier: its 评论N, N 条评论 follow the live count.
  useEffect(() => {
    if (count !== null) showLive('comments', count)
  }, [count])

  useEffect(() => {
    const ctrl = new AbortController()
    community
      .getCommentQuery(
        { id: articleId, pageIndex: 0, pageSize: PAGE_SIZE },
        { silent: true, signal: ctrl.signal },
      )
      .then((p) => {
        setList(p.pageData)
        setTotal(p.pageTotal)
        setCount(p.commentTotal)
        setPage(0)
      })
      // The build's comments stay when the call fails.
      .catch(() => {})
    return () => ctrl.abort()
  }, [articleId])

  async function more() {
    setLoading(true)
    try {
      const p = await community.getCommentQuery({ id: articleId, pageIndex: page + 1, pageSize: PAGE_SIZE })
      const have = new Set(list.map((c) => c.id))
      setList((l) => [...l, ...p.pageData.filter((c) => !have.has(c.id))])
      setTotal(p.pageTotal)
      setPage(page + 1)
    } catch {
      // The toast said why.
    } finally {
      setLoading(false)
    }
  }

  return (
    <div className="flex flex-col gap-4" data-comments={articleId}>
      <CommentBox
        articleId={articleId}
        label="发表评论"
        placeholder="请填写帖子评论"
        onDone={(c) => {
          setList((l) => [c, ...l])
          setTotal((t) => (t === null ? t : t + 1))
          added()
        }}
      />
      <p className="sr-only" aria-live="polite">
        {`共 ${count ?? countComments(list)} 条评论`}
      </p>
      {list.length === 0 ? (
        <p className="py-6 text-center text-sm text-slate-500">暂无评论</p>
      ) : (
        <ol className="divide-y divide-slate-100">
          {list.map((c) => (
            <Thread
              key={c.id}
              c={c}
              articleId={articleId}
              replyTo={replyTo}
              setReplyTo={setReplyTo}
              onReply={(parentId, r) => {
                setList((l) => addReply(l, parentId, r))
                added()
              }}
            />
          ))}
        </ol>
      )}
      {total !== null && list.length < total && (
        <button type="button" className="btn-outline self-center" disabled={loading} onClick={more}>
          加载更多评论
        </button>
      )}
    </div>
  )
}
