import { type Checked, checked, firstError, type Input, isFilePath, len, list, text } from './fields.ts'

export const COMPLAINT_TEXT_MAX = 100
export const COMPLAINT_FILES_MAX = 2

export interface ComplaintForm {
  /** The complaint text; the client posts it as `brief` (accounts §7), older forms as `content`. */
  content: string
  files: string[]
}

/** What the client posts to Article/PostArticleAppend for a complaint (status 50 is added). */
export interface ComplaintBody {
  brief: string
  imgurls: string
  postName?: string
  imgurl?: string
}

/** The fields checkComplaint may refuse, by the keys the client posts. */
export type ComplaintField = 'brief' | 'imgurls'

/** Complaints and suggestions (accounts §5): both fields required first, then their limits. */
export function checkComplaint(input: Input): Checked<ComplaintForm, ComplaintField> {
  const content = text(input, 'brief') || text(input, 'content')
  const files = list(input, 'imgurls')
  return checked(
    firstError([
      ['brief', !content, '请填写投诉内容'],
      ['imgurls', files.length === 0, '请上传材料'],
      ['brief', len(content) > COMPLAINT_TEXT_MAX, `投诉内容不能超过${COMPLAINT_TEXT_MAX}个字`],
      ['imgurls', files.length > COMPLAINT_FILES_MAX, `最多上传${COMPLAINT_FILES_MAX}个文件`],
      ['imgurls', !files.every(isFilePath), '材料的文件地址不正确'],
    ]),
    { content, files },
  )
}
