/**
 * The one editor of drafted content (banners, FAQ entries): a list with 编辑, the draft's 预览 /
 * 发布 / 放弃草稿 and 删除 on each row, and a dialog whose 发布 writes the item (a draft is saved,
 * then published) and whose 保存草稿 keeps it unpublished. What differs by kind — the columns, the
 * fields, the calls and the words — comes in as props.
 */
import type { FormEvent, ReactNode } from 'react'
import { useState } from 'react'
import { toast } from '../../../../lib/toast.ts'
import { Dialog } from '../../../common/Dialog.tsx'
import { useConfirm } from '../../../common/useConfirm.tsx'
import { type Column, DataTable, onePage } from '../../kit/DataTable.tsx'
import { type DraftCalls, discardDraft, publishDraft } from './draft-calls.ts'
import { DraftBadge, previewHref } from './drafts.tsx'
import { linkBtn, type OnSaved } from './fields.tsx'

type Row = { id: number; draft: object | null }
/** The dialog's state: the item (null: a new one), whether it has a draft (发布 then publishes it), 展示. */
export type DraftForm = { id: number | null; hasDraft: boolean; enabled: boolean }

export interface DraftedCalls<B, N> {
  add: (body: N) => Promise<unknown>
  edit: (id: number, body: B) => Promise<unknown>
  remove: (id: number) => Promise<unknown>
  drafts: DraftCalls<number> & {
    create: (body: N) => Promise<unknown>
    save: (id: number, body: B) => Promise<unknown>
  }
}

export interface DraftedEditorProps<T extends Row, F extends DraftForm, B, N> {
  /** What the preview shows, and the change tag a publish or delete marks: 'banner', 'faq'. */
  kind: 'banner' | 'faq'
  /** The item in the toasts: 广告图 → 广告图已发布, 广告图已删除. */
  noun: string
  /** The dialog's title for a new item (also the add button), a draft, a live item. */
  titles: { add: string; draft: string; edit: string }
  width: string
  table: { id: string; caption: string; empty: string }
  /** The items as useLoad gives them: the rows, whether they are loading, and how to load them again. */
  list: { data: T[] | null; loading: boolean; reload: () => void }
  onSaved: OnSaved
  /** Shown before the add button: the banner's position, say. */
  filters?: ReactNode
  /** The kind's columns; the actions column is added here. */
  columns: Column<T>[]
  blank: () => F
  formOf: (row: T) => F
  /** The body of a write of an existing item, and of a new one (the banner adds its position). */
  bodyOf: (form: F) => B
  newBodyOf: (form: F) => N
  calls: DraftedCalls<B, N>
  /** The confirmation's action for 删除, and the row's name in 放弃“…”的草稿. */
  removeAction: (row: T) => string
  draftName: (row: T) => string
  /** The dialog's fields above the 展示 switch. */
  fields: (form: F, setForm: (form: F) => void) => ReactNode
}

/** The title column of a drafted list: the title, with the 草稿 badge when a draft waits. */
export const draftedTitle = <T extends Row>(header: string, title: (row: T) => string): Column<T> => ({
  id: 'title',
  header,
  cell: (r) => (
    <>
      {title(r)}
      {r.draft && <DraftBadge />}
    </>
  ),
  sortValue: title,
})

/** 展示 or 停用, as the site content lists say it. */
export const shownColumn = <T extends { enabled: boolean }>(): Column<T> => ({
  id: 'enabled',
  header: '状态',
  cell: (r) => (r.enabled ? '展示' : '停用'),
})

export function DraftedEditor<T extends Row, F extends DraftForm, B, N>(p: DraftedEditorProps<T, F, B, N>) {
  const [form, setForm] = useState<F | null>(null)
  const [confirmDialog, confirm] = useConfirm()
  const { calls } = p
  const published = () => {
    toast('success', `${p.noun}已发布`)
    p.list.reload()
    p.onSaved(p.kind)
  }
  // 发布: a new item, or one without a draft, is written as before; a draft is saved, then published.
  const publish = async (e: FormEvent) => {
    e.preventDefault()
    if (!form) return
    const { id, hasDraft } = form
    const r = await (id === null
      ? calls.add(p.newBodyOf(form))
      : hasDraft
        ? calls.drafts.save(id, p.bodyOf(form)).then(() => calls.drafts.publish(id))
        : calls.edit(id, p.bodyOf(form))
    ).catch(() => null)
    if (!r) return
    setForm(null)
    published()
  }
  const saveDraft = async () => {
    if (!form) return
    const r = await (form.id === null
      ? calls.drafts.create(p.newBodyOf(form))
      : calls.drafts.save(form.id, p.bodyOf(form))
    ).catch(() => null)
    if (!r) return
    toast('success', '草稿已保存，网站未改变')
    setForm(null)
    p.list.reload()
  }
  const remove = async (r: T) => {
    if (!(await confirm({ action: p.removeAction(r) }))) return
    if (await calls.remove(r.id).catch(() => null)) {
      toast('success', `${p.noun}已删除`)
      p.list.reload()
      p.onSaved(p.kind)
    }
  }
  const actions: Column<T> = {
    id: 'actions',
    header: '操作',
    cell: (r) => (
      <div className="flex flex-wrap gap-x-2">
        <button type="button" className={linkBtn} onClick={() => setForm(p.formOf(r))}>
          编辑
        </button>
        {r.draft && (
          <>
            <a href={previewHref(p.kind, r.id)} target="_blank" rel="noopener" className={linkBtn}>
              预览
            </a>
            <button
              type="button"
              className={linkBtn}
              onClick={async () => (await publishDraft(calls.drafts, r.id)) && published()}
            >
              发布
            </button>
            <button
              type="button"
              className={linkBtn}
              onClick={async () =>
                (await discardDraft(calls.drafts, confirm, r.id, p.draftName(r))) && p.list.reload()
              }
            >
              放弃草稿
            </button>
          </>
        )}
        <button type="button" className={linkBtn} onClick={() => remove(r)}>
          删除
        </button>
      </div>
    ),
  }
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end gap-3">
        {p.filters}
        <button type="button" className="btn-primary" onClick={() => setForm(p.blank())}>
          {p.titles.add}
        </button>
      </div>
      <DataTable
        id={p.table.id}
        caption={p.table.caption}
        columns={[...p.columns, actions]}
        page={p.list.data && onePage(p.list.data)}
        loading={p.list.loading}
        empty={p.table.empty}
        onPage={() => {}}
        rowKey={(r) => r.id}
      />
      <Dialog
        open={form !== null}
        onOpenChange={(o) => !o && setForm(null)}
        title={form?.id === null ? p.titles.add : form?.hasDraft ? p.titles.draft : p.titles.edit}
        width={p.width}
      >
        {form && (
          <form className="grid gap-3" onSubmit={publish}>
            {p.fields(form, setForm)}
            <DialogEnd
              shown={form.enabled}
              onShown={(enabled) => setForm({ ...form, enabled })}
              onCancel={() => setForm(null)}
              onDraft={saveDraft}
            />
          </form>
        )}
      </Dialog>
      {confirmDialog}
    </div>
  )
}

/** The dialog's end: its 展示 switch, then 取消, 保存草稿 (nothing public changes) and 发布 (the submit). */
function DialogEnd({
  shown,
  onShown,
  onCancel,
  onDraft,
}: {
  shown: boolean
  onShown: (shown: boolean) => void
  onCancel: () => void
  onDraft: () => void
}) {
  return (
    <>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={shown} onChange={(e) => onShown(e.target.checked)} />
        展示
      </label>
      <div className="mt-2 flex justify-end gap-2">
        <button type="button" className="btn-outline" onClick={onCancel}>
          取消
        </button>
        <button type="button" className="btn-outline" onClick={onDraft}>
          保存草稿
        </button>
        <button type="submit" className="btn-primary">
          发布
        </button>
      </div>
    </>
  )
}
