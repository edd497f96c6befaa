/** An article's comments as the tree the detail page shows (storefront §3). Pure: rows in, tree out. */

import { z } from '../../contract/index.ts'

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

/**
 * The select list of a CommentRow, from `comments as m` joined with `users as u` (the author):
 * the article's whole tree (content) and a page of its threads (comments) read the same row.
 */
export const COMMENT_ROW_COLUMNS = [
  'm.id',
  'm.parent_id as parentId',
  'm.content',
  'm.imgurl',
  'm.status',
  'm.create_time as createTime',
  'u.nick_name as nickName',
  'u.avatar_url as avatarUrl',
] as const

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

/** The wire schema of a comment with its replies (Article/GetArticle, Comment/GetCommentQuery). */
export const CommentNodeSchema: z.ZodType<CommentNode> = z
  .object({
    id: z.number().int(),
    parentId: z.number().int().nullable(),
    content: z.string().openapi({ description: '纯文本，按文本显示，从不作为 HTML' }),
    imgurl: z.string(),
    status: z.number().int(),
    createTime: z.string(),
    nickName: z.string(),
    avatarUrl: z.string(),
    get children() {
      return z.array(CommentNodeSchema)
    },
  })
  .openapi('CommentNode', {
    description: '评论及其回复：主题新的在前，回复旧的在前',
  })
