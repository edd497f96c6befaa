import { type SubmitEvent, useState } from 'react'
import { type Complaint, type ModeratedArticle, moderationApi } from '../../../lib/api/admin-moderation.ts'
import { checkHandleNote } from '../../../lib/rules/moderation.ts'
import { toast } from '../../../lib/toast.ts'
import { AdminShell } from '../AdminShell.tsx'
import { BackLink, DetailHeader, DetailLayout } from '../detail/DetailLayout.tsx'
import { Facts, Section } from '../detail/Section.tsx'
import { useLoad } from '../kit/useLoad.ts'
import {
  ArticleAction,
  inputClass,
  ListingState,
  ModerationTabs,
  type ReasonAsk,
  useReasonDialog,
} from './parts.tsx'

const isImage = (path: string) => /\.(png|jpe?g|gif|webp|svg)$/i.test(path)

/** The material a customer sent: images shown (a click opens the file), other files as links. */
function Files({ files }: { files: string[] }) {
  if (!files.length) return <>—</>
  return (
    <ul className="flex flex-wrap gap-3">
      {files.map((f, i) => (
        <li key={f}>
          <a href={f} target="_blank" rel="noopener noreferrer" className="block">
            {isImage(f) ? (
              <img
                src={f}
                alt={`材料${i + 1}`}
                className="h-32 w-32 rounded border border-slate-200 object-cover"
              />
            ) : (
              <span className="text-brand-700 underline">
                材料{i + 1}（{f.split('.').pop()}）
              </span>
            )}
          </a>
        </li>
      ))}
    </ul>
  )
}

/** The item a complaint is about, with its actions; or a search to link one. */
function About({ c, reload, ask }: { c: Complaint; reload: () => void; ask: (r: ReasonAsk) => void }) {
  const [q, setQ] = useState('')
  const [found, setFound] = useState<ModeratedArticle[] | null>(null)
  const search = async (e: SubmitEvent) => {
    e.preventDefault()
    if (!q.trim()) return
    setFound((await moderationApi.articles({ q: q.trim(), pageIndex: 0, pageSize: 5 })).pageData)
  }
  const link = async (articleId: number | null) => {
    await moderationApi.link(c.id, articleId)
    toast('success', articleId === null ? '已取消关联' : '已关联')
    setFound(null)
    setQ('')
    reload()
  }
  if (c.about) {
    const a = c.about
    return (
      <div className="grid gap-2">
        <p>
          {a.kindText} #{a.id}{' '}
          <a
            href={`/detail/${a.id}/`}
            target="_blank"
            rel="noopener noreferrer"
            className="text-brand-700 underline"
          >
            {a.title}
          </a>{' '}
          <ListingState a={a} />
        </p>
        <p className="text-slate-600">
          作者：{a.authorName || '—'} {a.authorTel}
        </p>
        <div className="flex flex-wrap gap-2">
          <ArticleAction a={a} ask={ask} />
          <a
            href={`/admin/moderation/comments/?articleId=${a.id}`}
            className="btn-outline whitespace-nowrap px-3 py-1 text-sm"
          >
            查看评论
          </a>
          <button
            type="button"
            className="btn-outline whitespace-nowrap px-3 py-1 text-sm"
            onClick={() => link(null)}
          >
            取消关联
          </button>
        </div>
      </div>
    )
  }
  return (
    <div className="grid gap-2">
      <form onSubmit={search} className="flex flex-wrap gap-2">
        <label htmlFor="about-q" className="sr-only">
          内容编号或标题
        </label>
        <input
          id="about-q"
          className={`${inputClass} w-56`}
          placeholder="内容编号或标题"
          value={q}
          onChange={(e) => setQ(e.target.value)}
        />
        <button type="submit" className="btn-outline whitespace-nowrap px-3 py-1 text-sm">
          查找
        </button>
      </form>
      {found &&
        (found.length ? (
          <ul className="grid gap-1">
            {found.map((a) => (
              <li key={a.id} className="flex flex-wrap items-center gap-2">
                <span>
                  {a.kindText} #{a.id} {a.title}
                </span>
                <ListingState a={a} />
                <button type="button" className="btn-outline px-2 py-0.5 text-xs" onClick={() => link(a.id)}>
                  关联
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-slate-500">没有找到帖子、任务或课程</p>
        ))}
    </div>
  )
}

function Detail({ id }: { id: number }) {
  const { data: c, loading, reload } = useLoad(() => moderationApi.complaint(id), String(id))
  const [dialog, ask] = useReasonDialog(reload)
  if (!c) return <p className="text-slate-500">{loading ? '加载中…' : '投诉不存在'}</p>
  return (
    <DetailLayout
      header={
        <DetailHeader
          id="complaint-title"
          title={`投诉 #${c.id}`}
          status={
            c.handled ? (
              <span className="font-normal text-slate-600">已处理</span>
            ) : (
              <span className="font-normal text-amber-700">待处理</span>
            )
          }
        />
      }
      side={
        <Section id="complaint-handling" title="处理">
          <Handling c={c} ask={ask} />
        </Section>
      }
    >
      <Section>
        <Facts
          rows={[
            [
              '投诉内容',
              <p key="content" className="whitespace-pre-wrap">
                {c.content}
              </p>,
            ],
            ['材料', <Files key="files" files={c.files} />],
            ['投诉人', `${c.postName || c.nickName}（用户 #${c.userId ?? '—'}，${c.nickName}）${c.tel}`],
            ['提交时间', c.createTime],
            ['涉及内容', <About key="about" c={c} reload={reload} ask={ask} />],
          ]}
        />
      </Section>
      {dialog}
    </DetailLayout>
  )
}

/** How the complaint was handled, or 标记已处理 with a note kept for the record. */
function Handling({ c, ask }: { c: Complaint; ask: (r: ReasonAsk) => void }) {
  if (c.handled)
    return (
      <div className="text-sm text-slate-800">
        <p className="whitespace-pre-wrap">{c.note}</p>
        <p className="text-xs text-slate-500">
          {c.handledBy}，{c.handledTime}
        </p>
      </div>
    )
  return (
    <button
      type="button"
      className="btn-primary w-fit px-3 py-1 text-sm"
      onClick={() =>
        ask({
          title: `处理投诉 #${c.id}`,
          text: '标记为已处理后，该投诉离开待处理列表。处理说明留作记录，不发给投诉人。',
          label: '处理说明',
          confirm: '确认已处理',
          check: checkHandleNote,
          field: 'note',
          submit: (note) => moderationApi.handle(c.id, note),
          done: '投诉已处理',
        })
      }
    >
      标记已处理
    </button>
  )
}

/** /admin/moderation/complaint/?id=: one complaint, its files, the item it is about, handling. */
export default function ComplaintPage() {
  const id = Number(new URLSearchParams(location.search).get('id'))
  return (
    <AdminShell title="投诉详情" permission="moderation">
      <ModerationTabs current="/admin/moderation/" />
      <BackLink href="/admin/moderation/" label="返回投诉列表" />
      {Number.isInteger(id) && id > 0 ? <Detail id={id} /> : <p className="text-slate-500">投诉不存在</p>}
    </AdminShell>
  )
}
