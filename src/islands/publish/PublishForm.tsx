/**
 * 发布/编辑/查看 a community post, a task or a course: /postassociation, /posttask, /postcourse
 * (accounts §2 "Publish and edit forms", §4 "Publish flow", §5). No id publishes, ?id edits the
 * signed-in user's own item, ?id&type=1 views it with every control read-only and no publish
 * button. The one rule (checkPublish) runs before sending, the server runs it again; 发布成功,
 * and 2 s later the kind's admin list.
 *
 * <PublishForm client:only="react" kind={20} />
 */
import { type ReactNode, useEffect, useState } from 'react'
import { Breadcrumbs } from '../../components/Breadcrumbs.tsx'
import type { Profile } from '../../lib/api/account.ts'
import { api } from '../../lib/api/browser.ts'
import { ApiRequestError } from '../../lib/api/http.ts'
import type { ClassifyGroup } from '../../lib/api/types.ts'
import { KIND_KEYS } from '../../lib/constants.ts'
import { AccountGate } from '../common/AccountGate.tsx'
import { type Dict, ItemForm } from './ItemForm.tsx'
import {
  emptyForm,
  formFromDetail,
  KIND_INFO,
  MODE_VERB,
  modeOf,
  type PublishFormState,
  type PublishKind,
} from './publish-form.ts'

export function PublishForm({ kind }: { kind: PublishKind }) {
  return <AccountGate>{(me) => <Loader kind={kind} me={me} />}</AccountGate>
}

function dictOf(groups: ClassifyGroup[], kind: PublishKind): Dict {
  const { classKey, tagKey } = KIND_KEYS[kind]
  const of = (key: string) => groups.find((g) => g.key === key)?.list ?? []
  return { classes: of(classKey), tags: of(tagKey), cities: of('cityTag') }
}

type Loaded =
  | { s: 'loading' }
  | { s: 'failed'; message: string }
  | { s: 'notice'; title: string; text: string; link?: { href: string; label: string } }
  | { s: 'ready'; form: PublishFormState; dict: Dict; owner: boolean }

/** Reads the query once, then the dictionaries and, for ?id, the stored item. */
function Loader({ kind, me }: { kind: PublishKind; me: Profile }) {
  const [{ id, mode, bad }] = useState(() => modeOf(location.search))
  const [loaded, setLoaded] = useState<Loaded>({ s: 'loading' })
  const info = KIND_INFO[kind]

  useEffect(() => {
    if (bad) {
      setLoaded({
        s: 'notice',
        title: '链接有误',
        text: `没有找到要${MODE_VERB.edit}的${info.noun}。`,
        link: { href: info.admin, label: `返回${info.adminLabel}` },
      })
      return
    }
    let live = true
    ;(async () => {
      try {
        const [groups, item] = await Promise.all([
          api.getClassifyQuerys({ silent: true }),
          id === null ? null : api.getArticle(id, { silent: true }),
        ])
        if (!live) return
        const dict = dictOf(groups, kind)
        if (!item) {
          setLoaded({ s: 'ready', form: emptyForm(kind), dict, owner: true })
          return
        }
        const owner = item.createId === me.id
        if (item.status !== kind) {
          const other = KIND_INFO[item.status as PublishKind] as (typeof KIND_INFO)[PublishKind] | undefined
          // Someone else's item can only be viewed, whichever form it was opened in.
          const go = mode === 'edit' && !owner ? 'view' : mode
          setLoaded({
            s: 'notice',
            title: `这不是${info.noun}`,
            text: other ? `该内容是${other.noun}。` : `没有找到要${MODE_VERB[mode]}的${info.noun}。`,
            link: other
              ? {
                  href: `${other.form}?id=${item.id}${go === 'view' ? '&type=1' : ''}`,
                  label: `${MODE_VERB[go]}${other.noun}`,
                }
              : { href: info.admin, label: `返回${info.adminLabel}` },
          })
          return
        }
        if (mode === 'edit' && !owner) {
          setLoaded({
            s: 'notice',
            title: `不能编辑此${info.noun}`,
            text: `只能编辑自己发布的${info.noun}。`,
            link: { href: `${info.form}?id=${item.id}&type=1`, label: `查看${info.noun}` },
          })
          return
        }
        setLoaded({ s: 'ready', form: formFromDetail(item), dict, owner })
      } catch (e) {
        if (!live) return
        if (e instanceof ApiRequestError && e.status === 404)
          setLoaded({
            s: 'notice',
            title: `${info.noun}不存在`,
            text: `该${info.noun}不存在或已删除。`,
            link: { href: info.admin, label: `返回${info.adminLabel}` },
          })
        else setLoaded({ s: 'failed', message: e instanceof Error ? e.message : '加载失败' })
      }
    })()
    return () => {
      live = false
    }
  }, [bad, id, kind, me.id, mode, info])

  const crumbs = [{ label: info.adminLabel, href: info.admin }, { label: `${MODE_VERB[mode]}${info.noun}` }]
  let body: ReactNode
  if (loaded.s === 'loading') body = <p className="py-12 text-center text-slate-500">正在加载…</p>
  else if (loaded.s === 'failed')
    body = (
      <div className="rounded-lg bg-slate-50 px-4 py-12 text-center" role="alert">
        <p className="text-slate-600">加载失败：{loaded.message}</p>
        <button type="button" className="btn-outline mt-4" onClick={() => location.reload()}>
          重新加载
        </button>
      </div>
    )
  else if (loaded.s === 'notice')
    body = (
      <div className="rounded-lg bg-slate-50 px-4 py-12 text-center">
        <h2 className="font-semibold text-slate-800">{loaded.title}</h2>
        <p className="mt-2 text-sm text-slate-600">{loaded.text}</p>
        {loaded.link && (
          <a href={loaded.link.href} className="btn-primary mt-4">
            {loaded.link.label}
          </a>
        )}
      </div>
    )
  else
    body = (
      <ItemForm
        kind={kind}
        me={me}
        id={id}
        mode={mode}
        initial={loaded.form}
        dict={loaded.dict}
        owner={loaded.owner}
      />
    )
  return (
    <div>
      <Breadcrumbs items={crumbs} className="-mt-2 mb-4" />
      {body}
    </div>
  )
}
