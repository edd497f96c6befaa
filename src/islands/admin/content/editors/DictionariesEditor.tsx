/** Tab 字典 of /admin/content/: the categories and tags of one dictionary key, with where each is used. */
import { type FormEvent, useState } from 'react'
import { contentApi, type DictEntry } from '../../../../lib/api/admin-content.ts'
import type { ClassifyKey } from '../../../../lib/constants.ts'
import { sortNumber } from '../../../../lib/rules/fields.ts'
import { toast } from '../../../../lib/toast.ts'
import { Dialog } from '../../../common/Dialog.tsx'
import { useConfirm } from '../../../common/useConfirm.tsx'
import { TextField } from '../../account-parts.tsx'
import { DialogButtons } from '../../form/DialogButtons.tsx'
import { type Column, DataTable, onePage } from '../../kit/DataTable.tsx'
import { useLoad } from '../../kit/useLoad.ts'
import { useUrlFilters } from '../../kit/useUrlFilters.ts'
import { linkBtn, type OnSaved, Select } from './fields.tsx'

const DICT_NAMES: Record<keyof typeof ClassifyKey, string> = {
  productClass: '商品分类',
  productTag: '商品标签',
  courseClass: '课程分类',
  courseTag: '课程标签',
  communityClass: '社区分类',
  communityTag: '社区标签',
  taskClass: '任务分类',
  taskTag: '任务标签',
  cityTag: '城市',
}

/** An entry's name and sort number, as the add row and the edit dialog both ask for them. */
function EntryFields({
  titleLabel,
  entry,
  onChange,
}: {
  titleLabel: string
  entry: { title: string; sort: string }
  onChange: (change: { title: string } | { sort: string }) => void
}) {
  return (
    <>
      <TextField label={titleLabel} value={entry.title} onChange={(title) => onChange({ title })} />
      <TextField
        label="排序"
        value={entry.sort}
        inputMode="numeric"
        onChange={(sort) => onChange({ sort })}
      />
    </>
  )
}

export function DictionariesEditor({ onSaved }: { onSaved: OnSaved }) {
  const [f, set] = useUrlFilters({ tab: 'dict', key: 'productClass' })
  const { data, loading, reload } = useLoad(() => contentApi.dictionary(f.key), f.key)
  const [adding, setAdding] = useState({ title: '', sort: '0' })
  const [editing, setEditing] = useState<{ entry: DictEntry; title: string; sort: string } | null>(null)
  const [confirmDialog, confirm] = useConfirm()
  const done = (msg: string) => {
    toast('success', msg)
    reload()
    onSaved('dictionary')
  }
  const add = async (e: FormEvent) => {
    e.preventDefault()
    if (
      await contentApi
        .addEntry({ key: f.key, title: adding.title, sort: sortNumber(adding.sort) })
        .catch(() => null)
    ) {
      setAdding({ title: '', sort: '0' })
      done('已添加')
    }
  }
  const saveEdit = async () => {
    if (!editing) return
    const { entry, title, sort } = editing
    if (
      await contentApi
        .editEntry(entry.id, { ...(title !== entry.title ? { title } : {}), sort: sortNumber(sort) })
        .catch(() => null)
    ) {
      setEditing(null)
      done('已保存')
    }
  }
  const remove = async (d: DictEntry) => {
    if (!(await confirm({ action: `删除“${d.title}”` }))) return
    if (await contentApi.deleteEntry(d.id).catch(() => null)) done('已删除')
  }
  const columns: Column<DictEntry>[] = [
    { id: 'sort', header: '排序', cell: (d) => d.sort, sortValue: (d) => d.sort },
    { id: 'title', header: '名称', cell: (d) => d.title, sortValue: (d) => d.title },
    { id: 'used', header: '使用处', cell: (d) => d.usedBy || '未使用' },
    {
      id: 'actions',
      header: '操作',
      cell: (d) => (
        <div className="flex gap-2">
          <button
            type="button"
            className={linkBtn}
            onClick={() => setEditing({ entry: d, title: d.title, sort: String(d.sort) })}
          >
            编辑
          </button>
          <button type="button" className={linkBtn} onClick={() => remove(d)}>
            删除
          </button>
        </div>
      ),
    },
  ]
  return (
    <div className="grid gap-4">
      <form className="flex flex-wrap items-end gap-3" onSubmit={add}>
        <Select
          label="字典"
          value={f.key}
          options={Object.entries(DICT_NAMES)}
          onChange={(key) => set({ key })}
        />
        <EntryFields
          titleLabel="新名称"
          entry={adding}
          onChange={(change) => setAdding({ ...adding, ...change })}
        />
        <button type="submit" className="btn-primary">
          添加
        </button>
      </form>
      <DataTable
        id="dictionary"
        caption="字典"
        columns={columns}
        page={data && onePage(data)}
        loading={loading}
        empty="暂无条目"
        onPage={() => {}}
        rowKey={(d) => d.id}
      />
      <Dialog
        open={editing !== null}
        onOpenChange={(o) => !o && setEditing(null)}
        title="编辑条目"
        width="max-w-sm"
      >
        {editing && (
          <div className="grid gap-3">
            <EntryFields
              titleLabel="名称"
              entry={editing}
              onChange={(change) => setEditing({ ...editing, ...change })}
            />
            <DialogButtons
              close={() => setEditing(null)}
              onConfirm={saveEdit}
              className="mt-2 flex justify-end gap-2"
            />
          </div>
        )}
      </Dialog>
      {confirmDialog}
    </div>
  )
}
