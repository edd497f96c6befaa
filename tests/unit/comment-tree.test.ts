import { describe, expect, it } from 'vitest'
import { type CommentRow, commentTree } from '../../server/modules/content/comment-tree.ts'

const row = (id: number, parentId: number | null = null): CommentRow => ({
  id,
  parentId,
  content: `c${id}`,
  imgurl: '',
  status: 0,
  createTime: '2025-01-01 00:00:00',
  nickName: 'n',
  avatarUrl: '',
})

/** The tree as nested ids: [id, [children…]] */
const shape = (nodes: ReturnType<typeof commentTree>): unknown[] =>
  nodes.map((n) => (n.children.length ? [n.id, shape(n.children)] : n.id))

describe('commentTree', () => {
  it('is empty without rows', () => {
    expect(commentTree([])).toEqual([])
  })

  it('puts threads newest first and replies oldest first, at any depth', () => {
    const rows = [row(1), row(2, 1), row(3), row(4, 1), row(5, 2), row(6, 3), row(7)]
    expect(shape(commentTree(rows))).toEqual([7, [3, [6]], [1, [[2, [5]], 4]]])
  })

  it('does not depend on the order of the rows', () => {
    const rows = [row(1), row(2, 1), row(3), row(4, 1), row(5, 2)]
    expect(commentTree([...rows].reverse())).toEqual(commentTree(rows))
  })

  it('keeps a reply whose parent is hidden as a thread of its own', () => {
    expect(shape(commentTree([row(1), row(3, 2), row(4, 1)]))).toEqual([3, [1, [4]]])
  })

  it('never builds a cycle from bad rows (a reply to itself or to a later comment)', () => {
    const tree = commentTree([row(1, 1), row(2, 3), row(3, 2)])
    expect(shape(tree)).toEqual([[2, [3]], 1])
    expect(() => JSON.stringify(tree)).not.toThrow()
  })

  it('carries every field of the row and adds children', () => {
    const [node] = commentTree([row(1)])
    expect(node).toEqual({ ...row(1), children: [] })
  })
})
