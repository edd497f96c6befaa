import { type ReactNode, useCallback, useRef, useState } from 'react'
import { Dialog } from './Dialog.tsx'

interface Ask {
  /** The action in "确定要{action}吗？"; default 删除 (accounts §2 generic confirm dialog). */
  action?: string
  /** A full sentence instead of the "确定要…吗" form (e.g. 您确认要删除此图片吗). */
  text?: string
  title?: string
}

/**
 * The generic confirm dialog: `const [confirmDialog, confirm] = useConfirm()`, render
 * `confirmDialog`, then `if (await confirm({ action: '删除' })) …`.
 */
export function useConfirm(): [ReactNode, (ask?: Ask) => Promise<boolean>] {
  const [ask, setAsk] = useState<Ask | null>(null)
  const resolver = useRef<(ok: boolean) => void>(() => {})
  const confirm = useCallback(
    (a: Ask = {}) =>
      new Promise<boolean>((resolve) => {
        resolver.current = resolve
        setAsk(a)
      }),
    [],
  )
  const close = (ok: boolean) => {
    setAsk(null)
    resolver.current(ok)
  }
  const dialog = (
    <Dialog
      open={ask !== null}
      onOpenChange={(o) => !o && close(false)}
      title={ask?.title ?? '提示'}
      width="max-w-sm"
    >
      <p className="text-slate-700">{ask?.text ?? `确定要${ask?.action ?? '删除'}吗？`}</p>
      <div className="mt-6 flex justify-end gap-2">
        <button type="button" className="btn-outline" onClick={() => close(false)}>
          关 闭
        </button>
        <button type="button" className="btn-primary" onClick={() => close(true)}>
          确 定
        </button>
      </div>
    </Dialog>
  )
  return [dialog, confirm]
}
