import { type Checked, checked, firstError, type Input, isFilePath, len, text } from './fields.ts'

/** The comment box's limit (storefront §3, §9): counted as a person counts characters. */
export const COMMENT_MAX = 500
/** A comment or reply may carry one image (storefront §7 PostCommentAppend imgurl, issue 19). */
export const COMMENT_IMAGES_MAX = 1

export interface CommentForm {
  /** Plain text, kept as typed (trimmed): the page shows it as text, never as HTML. */
  content: string
  /** One uploaded image's path (the caller's own, checked by the server), or ''. */
  imgurl: string
  /** The comment replied to, or null for a new thread. */
  parentId: number | null
}

/** The fields checkComment may refuse, by the keys the client posts. */
export type CommentField = 'content' | 'imgurl' | 'parentId'

const MAX_ID = 2_147_483_647

/** A positive whole id from a body field, null when absent; NaN when present but not an id. */
function optionalId(input: Input, key: string): number | null {
  const v = text(input, key)
  if (v === '' || v === '0') return null
  return /^\d{1,10}$/.test(v) && Number(v) <= MAX_ID ? Number(v) : Number.NaN
}

/**
 * A comment or a reply (Comment/PostCommentAppend, storefront §9): content required, at most
 * 500 characters; an optional image; parentId, when given, the comment replied to.
 */
export function checkComment(input: Input): Checked<CommentForm, CommentField> {
  const content = text(input, 'content')
  const imgurl = text(input, 'imgurl')
  const parentId = optionalId(input, 'parentId')
  return checked(
    firstError<CommentField>([
      ['content', !content, '请填写帖子评论'],
      ['content', len(content) > COMMENT_MAX, `评论不能超过${COMMENT_MAX}个字`],
      ['imgurl', imgurl.includes(','), `评论最多上传${COMMENT_IMAGES_MAX}张图片`],
      ['imgurl', imgurl !== '' && !isFilePath(imgurl), '图片地址不正确'],
      ['parentId', Number.isNaN(parentId), '评论不存在'],
    ]),
    { content, imgurl, parentId },
  )
}
