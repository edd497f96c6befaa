/**
 * Tab 配置文本 of /admin/content/: the rich texts (用户协议, 隐私政策, 等级说明), each a card with the
 * draft's 保存草稿 / 预览 / 放弃草稿 / 发布, and the level thresholds, JSON saved at once.
 */
import { useState } from 'react'
import { type AdminText, contentApi } from '../../../../lib/api/admin-content.ts'
import { SITE_TEXT_MAX } from '../../../../lib/rules/site-content.ts'
import { toast } from '../../../../lib/toast.ts'
import { useConfirm } from '../../../common/useConfirm.tsx'
import { useLoad } from '../../kit/useLoad.ts'
import { discardDraft, publishDraft } from './draft-calls.ts'
import { DraftBadge, previewHref } from './drafts.tsx'
import { Area, HtmlField, type OnSaved } from './fields.tsx'

type CardProps = { text: AdminText; reload: () => void; onSaved: OnSaved }

/** A rich text: edited in the editor, saved as a draft, previewed, published or discarded. */
function RichTextCard({ text, reload, onSaved }: CardProps) {
  const stored = text.draft ?? text.value
  const [edit, setEdit] = useState<string | null>(null)
  const [confirmDialog, confirm] = useConfirm()
  const drafts = contentApi.textDrafts
  const value = edit ?? stored
  const changed = edit !== null && edit !== stored
  const saveDraft = async () => {
    if (!(await drafts.save(text.key, { value }).catch(() => null))) return false
    setEdit(null)
    return true
  }
  const publish = async () => {
    if (changed && !(await saveDraft())) return
    if (!(await publishDraft(drafts, text.key))) return reload()
    toast('success', `${text.title}已发布`)
    reload()
    onSaved('config')
  }
  const discard = async () => {
    if (!(await discardDraft(drafts, confirm, text.key, text.title))) return
    setEdit(null)
    reload()
  }
  return (
    <section aria-labelledby={`text-${text.key}`} className="grid gap-2 rounded-lg bg-white p-4 shadow-sm">
      <h2 id={`text-${text.key}`} className="font-medium">
        {text.title}
        {text.draft !== null && <DraftBadge />}
      </h2>
      <HtmlField label={text.title} value={value} max={SITE_TEXT_MAX} onChange={setEdit} hideLabel />
      <div className="flex flex-wrap items-center justify-end gap-2">
        {changed && <span className="mr-auto text-sm text-amber-800">有未保存的修改</span>}
        {text.draft !== null && (
          <>
            <a href={previewHref('text', text.key)} target="_blank" rel="noopener" className="btn-outline">
              预览
            </a>
            <button type="button" className="btn-outline" onClick={discard}>
              放弃草稿
            </button>
          </>
        )}
        <button
          type="button"
          className="btn-outline"
          disabled={!changed}
          onClick={async () => {
            if (await saveDraft()) {
              toast('success', `${text.title}草稿已保存，网站未改变`)
              reload()
            }
          }}
        >
          保存草稿
        </button>
        <button
          type="button"
          className="btn-primary"
          disabled={!changed && text.draft === null}
          onClick={publish}
        >
          发布
        </button>
      </div>
      {confirmDialog}
    </section>
  )
}

/** The level thresholds: JSON, saved at once as before (no draft: nothing to preview). */
function LevelsCard({ text, reload, onSaved }: CardProps) {
  const [edit, setEdit] = useState<string | null>(null)
  return (
    <form
      className="grid gap-2 rounded-lg bg-white p-4 shadow-sm"
      onSubmit={async (e) => {
        e.preventDefault()
        if (await contentApi.editText(text.key, edit ?? text.value).catch(() => null)) {
          toast('success', `${text.title}已保存`)
          setEdit(null)
          reload()
          onSaved('config')
        }
      }}
    >
      <Area label={`${text.title}（JSON）`} value={edit ?? text.value} onChange={setEdit} />
      <div className="flex justify-end">
        <button type="submit" className="btn-primary">
          保存{text.title}
        </button>
      </div>
    </form>
  )
}

export function TextsEditor({ onSaved }: { onSaved: OnSaved }) {
  const { data, reload } = useLoad(() => contentApi.texts(), '')
  if (!data) return <p className="text-slate-500">正在加载…</p>
  return (
    <div className="grid gap-4">
      {data.map((t) =>
        t.key === 'levels' ? (
          <LevelsCard key={t.key} text={t} reload={reload} onSaved={onSaved} />
        ) : (
          <RichTextCard key={t.key} text={t} reload={reload} onSaved={onSaved} />
        ),
      )}
    </div>
  )
}
