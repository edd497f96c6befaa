/** An article's comments as the tree the detail page shows (storefront §3). Pure: rows in, tree out. */

export interface CommentRow {
  id: number
  parentId: number | null
  content: string
  imgurl: string
  status: number
  createTime: string
  nickName: string
  avatarUrl: string
}

export interface CommentNode extends CommentRow {
  children: CommentNode[]
}

/**
 * Threads newest first, replies oldest first (by id). A reply whose parent is not among the
 * rows (hidden or deleted) stands as a thread of its own rather than disappearing.
 */
export function commentTree(rows: readonly CommentRow[]): CommentNode[] {
  const nodes = new Map<number, CommentNode>()
  for (const r of [...rows].sort((a, b) => a.id - b.id)) nodes.set(r.id, { ...r, children: [] })
  const roots: CommentNode[] = []
  for (const n of nodes.values()) {
    const parent = n.parentId === null ? undefined : nodes.get(n.parentId)
    // Only an earlier comment can be replied to; holding to that keeps bad rows from a cycle.
    if (parent && parent.id < n.id) parent.children.push(n)
    else roots.push(n)
  }
  return roots.reverse()
}
