/**
 * Publishing and discarding a draft, as every drafted editor does it: a discard is asked first and
 * says 草稿已放弃; a publish answers whether it went through (the caller says what was published,
 * since publishing rebuilds the site). Saving or discarding a draft changes nothing public.
 */
import { toast } from '../../../../lib/toast.ts'

export type Confirm = (ask: { action: string }) => Promise<boolean>
export interface DraftCalls<K> {
  publish: (key: K) => Promise<unknown>
  discard: (key: K) => Promise<unknown>
}

/** publishDraft(calls, 12) → true once the draft is live; a refusal was toasted by the client. */
export const publishDraft = async <K>(calls: DraftCalls<K>, key: K): Promise<boolean> =>
  !!(await calls.publish(key).catch(() => null))

/** discardDraft(calls, confirm, 12, '首页横幅') → true once dropped, after the staff member agreed. */
export async function discardDraft<K>(
  calls: DraftCalls<K>,
  confirm: Confirm,
  key: K,
  name: string,
): Promise<boolean> {
  if (!(await confirm({ action: `放弃“${name}”的草稿` }))) return false
  if (!(await calls.discard(key).catch(() => null))) return false
  toast('success', '草稿已放弃')
  return true
}
