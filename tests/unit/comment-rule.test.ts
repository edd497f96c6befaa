import { describe, expect, it } from 'vitest'
import { COMMENT_MAX, checkComment } from '../../src/lib/rules/comment.ts'

describe('checkComment', () => {
  it('requires content and keeps it as typed', () => {
    expect(checkComment({}).error).toBe('请填写帖子评论')
    expect(checkComment({ content: '   ' }).error).toBe('请填写帖子评论')
    const script = '<img src=x onerror=alert(1)>'
    expect(checkComment({ content: script }).value).toEqual({ content: script, imgurl: '', parentId: null })
  })

  it('limits content to 500 characters, an emoji counting as one', () => {
    expect(checkComment({ content: '字'.repeat(COMMENT_MAX) }).error).toBeNull()
    expect(checkComment({ content: '😀'.repeat(COMMENT_MAX) }).error).toBeNull()
    const long = checkComment({ content: '字'.repeat(COMMENT_MAX + 1) })
    expect(long).toMatchObject({ error: '评论不能超过500个字', field: 'content' })
  })

  it('takes an optional uploaded image and parent id', () => {
    const r = checkComment({ content: 'hi', imgurl: '/uploads/u/202601/a.png', parentId: '12' })
    expect(r.value).toEqual({ content: 'hi', imgurl: '/uploads/u/202601/a.png', parentId: 12 })
    expect(checkComment({ content: 'hi', parentId: 0 }).value?.parentId).toBeNull()
    expect(checkComment({ content: 'hi', imgurl: 'javascript:alert(1)' }).field).toBe('imgurl')
    // One image at most (issue 19).
    expect(checkComment({ content: 'hi', imgurl: '/uploads/a.png,/uploads/b.png' })).toMatchObject({
      error: '评论最多上传1张图片',
      field: 'imgurl',
    })
    expect(checkComment({ content: 'hi', parentId: 'x' })).toMatchObject({
      error: '评论不存在',
      field: 'parentId',
    })
    expect(checkComment({ content: 'hi', parentId: -3 }).error).toBe('评论不存在')
  })
})
