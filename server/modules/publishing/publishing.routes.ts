import { ArticleStatus } from '../../../src/lib/constants.ts'
import { type ComplaintForm, checkComplaint } from '../../../src/lib/rules/complaint.ts'
import {
  type Checked,
  checked,
  type Input,
  isFilePath,
  len,
  refusal,
  text,
} from '../../../src/lib/rules/fields.ts'
import { answers, createRoute, jsonBody, z } from '../../contract/index.ts'
import { field, ruleBody } from '../../contract/params.ts'
import { signedIn } from '../../http.ts'

const tags = ['发布']

export const POST_NAME_MAX = 20

export interface ArticleAppend extends ComplaintForm {
  /** 联系人; the author's nickname when blank. */
  postName: string
  /** The cover: the posted one when it is a file of ours, else the first material. */
  imgurl: string
}

/**
 * The body of Article/PostArticleAppend. Only complaints (status 50) are taken for now; their
 * rule (accounts §5), then the contact name.
 */
function checkArticleAppend(input: Input): Checked<ArticleAppend> {
  if (text(input, 'status') !== String(ArticleStatus.complaint))
    return checked(refusal('status', '暂不支持发布此类型内容'), null as never)
  const r = checkComplaint(input)
  if (r.error !== null) return r
  const postName = text(input, 'postName')
  if (len(postName) > POST_NAME_MAX)
    return checked(refusal('postName', `联系人名称不能超过${POST_NAME_MAX}个字`), null as never)
  const cover = text(input, 'imgurl')
  return checked(null, {
    ...r.value,
    postName,
    imgurl: cover && isFilePath(cover) ? cover : (r.value.files[0] ?? ''),
  })
}

export const appendArticle = createRoute({
  method: 'post',
  path: '/Article/PostArticleAppend',
  tags,
  summary: '发布内容。目前只接受投诉建议（status 50），存为只有运营可见的文章',
  middleware: [signedIn],
  request: {
    body: jsonBody(
      ruleBody(checkArticleAppend, {
        status: field('integer', `内容类型；目前只能是 ${ArticleStatus.complaint}（投诉建议）`),
        brief: field('string', '投诉内容，至多100字（旧表单用 content）'),
        imgurls: field('string', '材料的文件地址，逗号连接，1到2个（也可为数组）'),
        imgurl: field('string', '封面；空时用第一个材料'),
        postName: field('string', '联系人，至多20字；空时用昵称'),
      }),
    ),
  },
  responses: answers(z.string(), [401, 413]),
})
