/**
 * The bell's unread count (issue 19): notifications newer than the last ones seen on /message.
 * The nav shows it; /message marks what it shows as read and the badge follows at once.
 */
import { atom } from 'nanostores'

/** Unread notifications; null until known (visitors, or while the call is out). */
export const $unread = atom<number | null>(null)

/** Asks the server, quietly: a failed count leaves the bell without a badge. */
export async function loadUnread(): Promise<void> {
  const { account } = await import('../api/browser.ts')
  $unread.set(await account.getUsersUnread({ silent: true }).catch(() => null))
}

/** /message has shown notifications up to `newestId`: they are read. */
export async function markNoticesRead(newestId: number): Promise<void> {
  const { account } = await import('../api/browser.ts')
  await account.postUsersNoticesRead(newestId).catch(() => {})
  await loadUnread()
}
