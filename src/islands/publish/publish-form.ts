/**
 * The pure half of the publish forms (accounts §2, §4, §5): what each kind is called and where
 * it goes, the mode the query asks for, the form's state, the body it posts, and which field a
 * refusal belongs to. No React and no DOM here.
 */
import type { PublishBody, PublishSection } from '../../lib/api/publishing.ts'
import type { ArticleDetail } from '../../lib/api/types.ts'
import { ArticleStatus } from '../../lib/constants.ts'
import { splitList } from '../../lib/format.ts'
import { SectionStatus, SOLD_SECTION } from '../../lib/rules/course.ts'
import {
  CERT_NEEDED,
  KIND_NOUN,
  PayMode,
  type PublishField,
  type PublishKind,
} from '../../lib/rules/publish.ts'

export type { PublishKind } from '../../lib/rules/publish.ts'

/** What the query asks of the form: no id publishes, an id edits, an id with type=1 views. */
export type Mode = 'publish' | 'edit' | 'view'

/** The breadcrumb's and heading's verb of each mode (accounts §2). */
export const MODE_VERB: Record<Mode, string> = { publish: '发布', edit: '编辑', view: '查看' }

interface KindInfo {
  noun: string
  /** The own-item admin list the form returns to after 发布成功 (accounts §4). */
  admin: string
  /** The admin list's name in the breadcrumb. */
  adminLabel: string
  /** This kind's form. */
  form: string
  /** The rich-text field's label (accounts §5 messages 请填写任务内容 / 课程介绍 / 帖子介绍). */
  contentLabel: string
}

export const KIND_INFO: Record<PublishKind, KindInfo> = {
  [ArticleStatus.post]: {
    noun: KIND_NOUN[10],
    admin: '/associationadmin',
    adminLabel: '社区管理',
    form: '/postassociation',
    contentLabel: '帖子介绍',
  },
  [ArticleStatus.task]: {
    noun: KIND_NOUN[20],
    admin: '/taskadmin',
    adminLabel: '任务管理',
    form: '/posttask',
    contentLabel: '任务内容',
  },
  [ArticleStatus.course]: {
    noun: KIND_NOUN[30],
    admin: '/courseedit',
    adminLabel: '课程管理',
    form: '/postcourse',
    contentLabel: '课程介绍',
  },
}

/** Seconds between 发布成功 and the admin list (accounts §4, §9). */
export const REDIRECT_AFTER_MS = 2000

/**
 * The id and mode of a form's query. modeOf('?id=7&type=1') → { id: 7, mode: 'view' };
 * modeOf('') → { id: null, mode: 'publish' }; a malformed id is a bad query.
 */
export function modeOf(search: string): { id: number | null; mode: Mode; bad: boolean } {
  const q = new URLSearchParams(search)
  const raw = q.get('id')?.trim() ?? ''
  if (!raw) return { id: null, mode: 'publish', bad: false }
  if (!/^\d{1,10}$/.test(raw) || Number(raw) < 1) return { id: null, mode: 'publish', bad: true }
  return { id: Number(raw), mode: q.get('type') === '1' ? 'view' : 'edit', bad: false }
}

/** One course section as the form holds it; `key` tells React the rows apart. */
export interface SectionForm extends PublishSection {
  key: string
}

export interface PublishFormState {
  title: string
  imgurl: string
  classId: number | null
  free: 1 | 2
  price: string
  tags: string[]
  city: string
  postName: string
  tel: string
  addressx: string
  content: string
  sections: SectionForm[]
}

let lastKey = 0
/** A new row's key, unique on the page. */
export const sectionKey = () => `s${++lastKey}`

/** A new section: paid when its course is (the author may switch it to free). */
export const newSection = (): SectionForm => ({
  key: sectionKey(),
  title: '',
  imgurl: '',
  status: SectionStatus.paid,
  price: '',
  params: '',
})

/** An empty form: free, nothing chosen, one empty section for a course (accounts §5 "at least one"). */
export function emptyForm(kind: PublishKind): PublishFormState {
  return {
    title: '',
    imgurl: '',
    classId: null,
    free: PayMode.free,
    price: '0',
    tags: [],
    city: '',
    postName: '',
    tel: '',
    addressx: '',
    content: '',
    sections: kind === ArticleStatus.course ? [newSection()] : [],
  }
}

/** A price as the price box shows it: 0 for free, 12.5 as '12.5'. */
const priceText = (yuan: number) => (yuan > 0 ? String(yuan) : '')

/**
 * The form of a stored item (Article/GetArticle, as its owner gets it: listed or not, every
 * section's file). The payment mode is read from the price: a paid item has one above 0.
 */
export function formFromDetail(a: ArticleDetail): PublishFormState {
  const paid = a.price > 0
  return {
    title: a.title,
    imgurl: splitList(a.imgurl)[0] ?? '',
    classId: a.classId,
    free: paid ? PayMode.paid : PayMode.free,
    price: paid ? priceText(a.price) : '0',
    tags: splitList(a.tag),
    city: a.city,
    // The author's own task: GetArticle answers its contacts to its author (never left out here).
    postName: a.postName ?? '',
    tel: a.tel ?? '',
    addressx: a.addressx ?? '',
    content: a.content,
    sections: a.list.map((s) => ({
      key: sectionKey(),
      id: s.id,
      title: s.title,
      imgurl: s.imgurl,
      status: s.status === SectionStatus.free || s.price === 0 ? SectionStatus.free : SectionStatus.paid,
      price: priceText(s.price),
      params: s.kind === 'pdf' || !s.params ? '' : String(s.params),
    })),
  }
}

export const isPdf = (path: string) => /\.pdf$/i.test(path)

/**
 * The body of PostArticleAppend|Update for a form: a free item's price is 0, and so is every
 * section of a free course; only a task sends the city and contact; only a course its sections.
 */
export function bodyOf(kind: PublishKind, f: PublishFormState): PublishBody {
  const paid = f.free === PayMode.paid
  const body: PublishBody = {
    status: kind,
    title: f.title.trim(),
    imgurl: f.imgurl,
    classId: f.classId ?? '',
    free: f.free,
    price: paid ? f.price : '0',
    tag: f.tags.join(','),
    content: f.content,
  }
  if (kind === ArticleStatus.task)
    Object.assign(body, {
      city: f.city,
      postName: f.postName.trim(),
      tel: f.tel.trim(),
      addressx: f.addressx.trim(),
    })
  if (kind === ArticleStatus.course)
    body.list = f.sections.map((s): PublishSection => {
      const sectionPaid = paid && s.status === SectionStatus.paid
      return {
        ...(s.id ? { id: s.id } : {}),
        title: s.title.trim(),
        imgurl: s.imgurl,
        status: sectionPaid ? SectionStatus.paid : SectionStatus.free,
        price: sectionPaid ? s.price : '0',
        params: isPdf(s.imgurl) ? '0' : s.params,
      }
    })
  return body
}

/** The element id of a field: fieldId('list.1.price') → 'pub-list-1-price'. */
export const fieldId = (field: PublishField) => `pub-${field.replace(/\./g, '-')}`

/**
 * The field a server refusal is about, for the messages only the server can give (its checks
 * against the dictionaries, the sanitised content, sold sections); null for any other, shown
 * for the form as a whole. The course gate is told apart by its own message.
 */
export function serverField(message: string): PublishField | 'gate' | null {
  if (message === CERT_NEEDED) return 'gate'
  if (message === '请选择所属分类') return 'classId'
  if (message === '请选择城市') return 'city'
  if (message === '请从列表中选择标签' || /标签不得超过三个$/.test(message)) return 'tag'
  if (/^请填写(任务内容|课程介绍|帖子介绍)$/.test(message) || /^内容不能超过/.test(message)) return 'content'
  if (message.startsWith(SOLD_SECTION) || message === '课程目录中的节不存在，请刷新后重试') return 'list'
  if (/^请填写.*标题$|标题不能超过/.test(message)) return 'title'
  if (/封面/.test(message)) return 'imgurl'
  if (/^请填写.*价格$/.test(message)) return 'price'
  return null
}
