/**
 * Counts on built pages follow the live data (issue 19): a page is built once, while comments,
 * learners and sales keep moving. The static HTML carries the build's figure in elements marked
 * data-live="comments|learners|sold" (readable without JavaScript); once an island or the page
 * script has the live figure, showLive puts it in every one of them.
 */
export type LiveCount = 'comments' | 'learners' | 'sold'

/** showLive('comments', 12): the tab's 评论12, the 12 条评论 link and the comments heading. */
export function showLive(key: LiveCount, n: number, root: ParentNode = document): void {
  if (!Number.isFinite(n)) return
  for (const el of root.querySelectorAll<HTMLElement>(`[data-live="${key}"]`)) el.textContent = String(n)
}
