/**
 * Publishing a task, a course or a community post (accounts §2, §5, §9): the one rule the
 * publish forms run before submitting and Article/PostArticleAppend|Update run authoritatively.
 */
import { ArticleStatus, MAX_TAGS, SECTION_FILE_RULE } from '../constants.ts'
import { isAllowedImageSrc, RICH_TEXT_MAX } from '../html/policy.ts'
import { heldLevel } from './certification.ts'
import { SectionStatus } from './course.ts'
import {
  type Check,
  type Checked,
  checked,
  filled,
  firstError,
  type Input,
  len,
  list,
  refusal,
  text,
} from './fields.ts'
import { isPrivatePath } from './files.ts'
import { checkPrice } from './price.ts'

export const TITLE_MAX = 20
export const CONTACT_NAME_MAX = 20
export const CONTACT_TEL_MAX = 11
export const CONTACT_ADDRESS_MAX = 50
export const SECTION_TITLE_MAX = 20
/** The section duration input: digits only, at most 8 characters (accounts §5). */
export const DURATION_INPUT_MAX = 8

/** The client's payment-mode flag (accounts §3 Article.free): 1 paid, 2 free. */
export const PayMode = { paid: 1, free: 2 } as const

/** Course creation needs a certified institution level, or an approved certification (accounts §5, §6). */
export const CERT_NEEDED = '请先进行账号认证'
export const COURSE_LEVEL_MIN = 20
export const CERT_APPROVED = 3

/** mayCreateCourse({ level: 20, status: 0 }) → true; a plain user (level 0, status 0), or an institution still under review (20, 2) → false. */
export const mayCreateCourse = (u: { level: number; status: number }) =>
  heldLevel(u) >= COURSE_LEVEL_MIN || u.status === CERT_APPROVED

export type PublishKind = typeof ArticleStatus.post | typeof ArticleStatus.task | typeof ArticleStatus.course
export const PUBLISH_KINDS: readonly PublishKind[] = [
  ArticleStatus.post,
  ArticleStatus.task,
  ArticleStatus.course,
]
/** isPublishKind(20) → true; 50 (a complaint) → false */
export const isPublishKind = (n: unknown): n is PublishKind =>
  (PUBLISH_KINDS as readonly unknown[]).includes(n)

/** What each kind is called in its messages (请填写任务标题, 课程标签不得超过三个 …). */
export const KIND_NOUN: Record<PublishKind, string> = { 10: '帖子', 20: '任务', 30: '课程' }

/** durationInput('12a3') → '123': the duration box keeps digits, at most 8. */
export const durationInput = (raw: string) => raw.replace(/\D/g, '').slice(0, DURATION_INPUT_MAX)

/** A course section file: an mp4 or a pdf of ours, public or private (a paid section's is private). */
export const isSectionFile = (path: string) =>
  (isAllowedImageSrc(path) || isPrivatePath(path)) && /\.(mp4|pdf)$/i.test(path)

export interface SectionValue {
  /** The stored section being edited; absent for a new one. */
  id?: number
  title: string
  imgurl: string
  status: 1 | 2
  priceFen: number
  /** Video length in seconds; 0 for a pdf. */
  params: number
}

export interface PublishValue {
  status: PublishKind
  title: string
  imgurl: string
  classId: number
  priceFen: number
  tags: string[]
  content: string
  /** Posts: shown instead of the content until a paid post is bought; empty means "from the content". */
  brief: string
  city: string
  postName: string
  tel: string
  addressx: string
  sections: SectionValue[]
}

/** The keys a refusal may name: the body's keys, and `list.<i>.<key>` for a course section. */
export type PublishField =
  | 'status'
  | 'title'
  | 'imgurl'
  | 'classId'
  | 'price'
  | 'city'
  | 'tag'
  | 'postName'
  | 'tel'
  | 'addressx'
  | 'content'
  | 'list'
  | `list.${number}.${'title' | 'imgurl' | 'price' | 'params'}`

const isRecord = (v: unknown): v is Input => typeof v === 'object' && v !== null && !Array.isArray(v)

/** The sections as posted: an array of objects (a JSON string of one is accepted too). */
function sectionInputs(input: Input): Input[] | null {
  let v = input.list
  if (typeof v === 'string' && v.trim()) {
    try {
      v = JSON.parse(v)
    } catch {
      return null
    }
  }
  if (v === undefined || v === null || v === '') return []
  return Array.isArray(v) && v.every(isRecord) ? v : null
}

/** A price for a paid item: the message when missing or zero, else the price rule's (price.ts). */
function priceChecks(
  field: PublishField,
  raw: string,
  needed: boolean,
  missing: string,
): Check<PublishField>[] {
  if (!needed) return []
  const { fen, error } = checkPrice(raw)
  return [
    [field, !raw || fen === 0, missing],
    [field, error !== null, error ?? ''],
  ]
}

function checkSections(rows: Input[], paid: boolean): Checked<SectionValue[], PublishField> {
  const values: SectionValue[] = []
  for (const [i, row] of rows.entries()) {
    const title = text(row, 'title')
    const imgurl = text(row, 'imgurl')
    const sectionPaid = paid && text(row, 'status') !== String(SectionStatus.free)
    const price = text(row, 'price')
    const params = text(row, 'params')
    const id = Number(text(row, 'id'))
    const refused = firstError<PublishField>([
      [`list.${i}.title`, !title, '请填写节的名称'],
      [`list.${i}.title`, len(title) > SECTION_TITLE_MAX, `节的名称不能超过${SECTION_TITLE_MAX}个字`],
      [`list.${i}.imgurl`, !imgurl, '请上传课程内容'],
      [`list.${i}.imgurl`, !isSectionFile(imgurl), SECTION_FILE_RULE],
      ...priceChecks(`list.${i}.price`, price, sectionPaid, '请填写课程价格'),
      [`list.${i}.params`, params !== '' && !/^\d{1,8}$/.test(params), '时长须为数字，最多8位'],
    ])
    if (refused) return checked(refused, null as never)
    values.push({
      ...(Number.isInteger(id) && id > 0 ? { id } : {}),
      title,
      imgurl,
      status: sectionPaid ? SectionStatus.paid : SectionStatus.free,
      priceFen: sectionPaid ? (checkPrice(price).fen ?? 0) : 0,
      params: /\.pdf$/i.test(imgurl) ? 0 : Number(params || 0),
    })
  }
  return checked(null, values)
}

/**
 * The publish rule of accounts §5, per kind and in the spec's order. `gate` is whether the
 * publisher may create a course (mayCreateCourse); it is asked only for a new course, first.
 *
 * checkPublish({ status: 20, title: '' }, { isNew: true, gate: true }) → 请填写任务标题
 */
export function checkPublish(
  input: Input,
  ctx: { isNew: boolean; gate: boolean },
): Checked<PublishValue, PublishField> {
  const status = Number(text(input, 'status'))
  if (!isPublishKind(status)) return checked(refusal('status', '暂不支持发布此类型内容'), null as never)
  const noun = KIND_NOUN[status]
  const isTask = status === ArticleStatus.task
  const isCourse = status === ArticleStatus.course
  if (isCourse && ctx.isNew && !ctx.gate) return checked(refusal('status', CERT_NEEDED), null as never)

  const title = text(input, 'title')
  const imgurl = text(input, 'imgurl')
  const classId = Number(text(input, 'classId'))
  const freeFlag = text(input, 'free')
  const price = text(input, 'price')
  // The client sends free=1|2 (accounts §3); a body without it is paid when it names a price.
  const paid = freeFlag ? freeFlag === String(PayMode.paid) : Boolean(price && checkPrice(price).fen !== 0)
  const tags = list(input, 'tag')
  const content = typeof input.content === 'string' ? input.content.trim() : ''
  const city = text(input, 'city')
  const postName = text(input, 'postName')
  const tel = text(input, 'tel')
  const addressx = text(input, 'addressx')
  const rows = isCourse ? sectionInputs(input) : []

  const refused = firstError<PublishField>([
    ['title', !title, `请填写${noun}标题`],
    ['title', len(title) > TITLE_MAX, `${noun}标题不能超过${TITLE_MAX}个字`],
    ['imgurl', !imgurl, `请上传${noun}封面`],
    ['imgurl', !isAllowedImageSrc(imgurl), `${noun}封面的文件地址不正确`],
    ['classId', !(Number.isInteger(classId) && classId > 0), '请选择所属分类'],
    ['status', freeFlag !== '' && freeFlag !== '1' && freeFlag !== '2', '收费方式须为1（收费）或2（免费）'],
    ...priceChecks('price', price, paid, `请填写${noun}价格`),
    ...(isTask ? ([['city', !city, '请选择城市']] as const) : []),
    ['tag', tags.length > MAX_TAGS, `${noun}标签不得超过三个`],
    ...(isTask
      ? [
          ...filled('postName', postName, '联系人名称', CONTACT_NAME_MAX, '个字'),
          ...filled('tel', tel, '联系人电话', CONTACT_TEL_MAX, '位'),
          ...filled('addressx', addressx, '联系人地址', CONTACT_ADDRESS_MAX, '个字'),
        ]
      : []),
    ['content', !content, isTask ? '请填写任务内容' : isCourse ? '请填写课程介绍' : '请填写帖子介绍'],
    ['content', content.length > RICH_TEXT_MAX, `内容不能超过${RICH_TEXT_MAX}个字符`],
    ['list', rows === null, '课程目录格式不正确'],
    ['list', isCourse && rows !== null && rows.length === 0, '请新增课程'],
  ])
  if (refused) return checked(refused, null as never)

  const sections = checkSections(rows ?? [], paid)
  if (sections.error !== null) return sections
  const brief = typeof input.brief === 'string' ? input.brief.trim() : ''
  return checked(null, {
    status,
    title,
    imgurl,
    classId,
    priceFen: paid ? (checkPrice(price).fen ?? 0) : 0,
    tags,
    content,
    brief: brief.length > RICH_TEXT_MAX ? '' : brief,
    city: isTask ? city : '',
    postName: isTask ? postName : '',
    tel: isTask ? tel : '',
    addressx: isTask ? addressx : '',
    sections: sections.value,
  })
}
