/** The buttons of a row (编辑, 停用 …) and of the selection bar, drawn from their declaration. */
import { toast } from '../../../lib/toast.ts'
import type { Action } from './list-types.ts'

/** The look of an action: outlined, red when it takes something away. */
export const look = (danger?: boolean) =>
  `btn-outline whitespace-nowrap px-3 py-1 text-sm ${danger ? 'border-red-300 text-red-700' : ''}`

/** One action: a link when it opens a page, else a button. */
export function ActionButton({ action: a }: { action: Action }) {
  if (a.href)
    return (
      <a className={look(a.danger)} href={a.href} aria-label={a.name}>
        {a.label}
      </a>
    )
  return (
    <button type="button" className={look(a.danger)} aria-label={a.name} onClick={() => a.run?.()}>
      {a.label}
    </button>
  )
}

/** A row's actions, the ones that apply to it (a declaration leaves out the others as false). */
export function RowActions({ actions }: { actions: readonly (Action | false | null | undefined)[] }) {
  return (
    <span className="flex flex-wrap gap-2">
      {actions
        .filter((a): a is Action => !!a)
        .map((a) => (
          <ActionButton key={a.label} action={a} />
        ))}
    </span>
  )
}

/**
 * A row action's write with its toast; a refusal was toasted by the client (the list reloads
 * either way to show what is true now): await attempt(() => api.stop(id), '已停用'); reload()
 */
export async function attempt(work: () => Promise<unknown>, done: string) {
  try {
    await work()
    toast('success', done)
  } catch {
    // Refused: the client has shown why.
  }
}
