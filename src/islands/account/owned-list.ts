/**
 * The state both owned-record lists (收货地址, 发票信息) share: load the user's records,
 * delete one after the generic confirm dialog, make one the default (status 1), and which
 * record the add/edit dialog is open on. Kept in one hook so the two screens cannot drift.
 */
import { type ReactNode, useCallback, useEffect, useState } from 'react'
import { toast } from '../../lib/toast.ts'
import { useConfirm } from '../common/useConfirm.tsx'

interface Owned {
  id: number
  status: number
}

interface Options<T extends Owned> {
  /** Must be a stable function (e.g. straight from `account`); it keys the load callback. */
  query: () => Promise<T[]>
  remove: (id: number) => Promise<unknown>
  save: (item: T) => Promise<unknown>
  /** The success toasts after a delete and after making a record the default. */
  removed: string
  madeDefault: string
}

export interface OwnedList<T> {
  /** null while the first load runs. */
  list: T[] | null
  load: () => Promise<void>
  remove: (item: T) => Promise<void>
  makeDefault: (item: T) => Promise<void>
  /** The add/edit dialog: `item` null means adding. */
  form: { open: boolean; item: T | null }
  openForm: (item: T | null) => void
  setFormOpen: (open: boolean) => void
  /** Render this somewhere in the list so `remove` can ask. */
  confirmDialog: ReactNode
}

export function useOwnedList<T extends Owned>(options: Options<T>): OwnedList<T> {
  const { query } = options
  const [list, setList] = useState<T[] | null>(null)
  const [form, setForm] = useState<{ open: boolean; item: T | null }>({ open: false, item: null })
  const [confirmDialog, confirm] = useConfirm()

  const load = useCallback(async () => {
    try {
      setList(await query())
    } catch {
      // The client has shown why; keep what is on screen.
      setList((l) => l ?? [])
    }
  }, [query])
  useEffect(() => {
    void load()
  }, [load])

  async function remove(item: T) {
    if (!(await confirm({ action: '删除' }))) return
    try {
      await options.remove(item.id)
      toast('success', options.removed)
      await load()
    } catch {
      // Shown by the client.
    }
  }

  async function makeDefault(item: T) {
    try {
      await options.save({ ...item, status: 1 })
      toast('success', options.madeDefault)
      await load()
    } catch {
      // Shown by the client.
    }
  }

  return {
    list,
    load,
    remove,
    makeDefault,
    form,
    openForm: (item) => setForm({ open: true, item }),
    setFormOpen: (open) => setForm((f) => ({ ...f, open })),
    confirmDialog,
  }
}
