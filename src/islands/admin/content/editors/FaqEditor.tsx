/** Tab 常见问题 of /admin/content/: the FAQ entries, edited through the drafted editor. */
import { type AdminFaq, contentApi } from '../../../../lib/api/admin-content.ts'
import { sortNumber } from '../../../../lib/rules/fields.ts'
import { FAQ_ANSWER_MAX } from '../../../../lib/rules/site-content.ts'
import { TextField } from '../../account-parts.tsx'
import { useLoad } from '../../kit/useLoad.ts'
import { DraftedEditor, draftedTitle, shownColumn } from './DraftedEditor.tsx'
import { HtmlField, type OnSaved } from './fields.tsx'

type FaqForm = {
  id: number | null
  hasDraft: boolean
  title: string
  answer: string
  sort: string
  enabled: boolean
}
/** The dialog opened on an entry: its draft when it has one, else what is live. */
const faqForm = (q: AdminFaq): FaqForm => {
  const v = q.draft ?? q
  return { id: q.id, hasDraft: q.draft !== null, ...v, sort: String(v.sort) }
}
const bodyOf = (v: FaqForm) => ({
  title: v.title,
  answer: v.answer,
  sort: sortNumber(v.sort),
  enabled: v.enabled,
})

const calls = {
  add: contentApi.addFaq,
  edit: contentApi.editFaq,
  remove: contentApi.deleteFaq,
  drafts: contentApi.faqDrafts,
}

const columns = [
  { id: 'sort', header: '排序', cell: (q: AdminFaq) => q.sort, sortValue: (q: AdminFaq) => q.sort },
  draftedTitle<AdminFaq>('问题', (q) => q.title),
  shownColumn<AdminFaq>(),
]

export function FaqEditor({ onSaved }: { onSaved: OnSaved }) {
  const list = useLoad(() => contentApi.faq(), '')
  return (
    <DraftedEditor
      kind="faq"
      noun="常见问题"
      titles={{ add: '新增问题', draft: '编辑问题草稿', edit: '编辑问题' }}
      width="max-w-3xl"
      table={{ id: 'faq', caption: '常见问题', empty: '暂无常见问题' }}
      list={list}
      onSaved={onSaved}
      columns={columns}
      blank={() => ({ id: null, hasDraft: false, title: '', answer: '', sort: '0', enabled: true })}
      formOf={faqForm}
      bodyOf={bodyOf}
      newBodyOf={bodyOf}
      calls={calls}
      removeAction={(q) => `删除“${q.title}”`}
      draftName={(q) => q.draft?.title ?? q.title}
      fields={(form, setForm) => (
        <>
          <TextField label="问题" value={form.title} onChange={(title) => setForm({ ...form, title })} />
          <HtmlField
            label="回答"
            value={form.answer}
            max={FAQ_ANSWER_MAX}
            onChange={(answer) => setForm({ ...form, answer })}
          />
          <TextField
            label="排序（小的在前）"
            value={form.sort}
            inputMode="numeric"
            onChange={(sort) => setForm({ ...form, sort })}
          />
        </>
      )}
    />
  )
}
