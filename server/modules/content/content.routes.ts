import { LISTED_KINDS } from '../../../src/lib/constants.ts'
import { answers, apiRoute, pagedOf, z } from '../../contract/index.ts'
import { catalogQuery, Flag, ownItemsNeedLogin, sortQuery } from '../../contract/listing.ts'
import { flag, id, int, page, range, str } from '../../contract/params.ts'
import { SpuCard } from '../catalog/catalog.queries.ts'
import { CommentNodeSchema } from './comment-tree.ts'

const tags = ['内容']

export const ArticleCard = z
  .object({
    id: z.number().int(),
    status: z.number().int().openapi({ description: '10 社区，20 任务，30 课程' }),
    statusText: z.string(),
    title: z.string(),
    subTitle: z.string(),
    imgurl: z.string(),
    tag: z.string().openapi({ description: '标签，逗号分隔' }),
    classId: z.number().int().nullable(),
    city: z.string(),
    price: z.number().openapi({ description: '价格（元），0 为免费' }),
    brief: z.string(),
    hits: z.number().int(),
    hitsTrue: z.number().int(),
    extMore: z.number().int().openapi({ description: '销量或参与人数：“畅销”排序的依据' }),
    ext: z.string().openapi({ description: '上架标记：是 上架，否 下架' }),
    moderated: z.literal(true).optional().openapi({
      description: '平台下架（运营下架，作者不能自行上架）；只出现在 isCreate=1 的自己的列表里',
    }),
    isShow: z.number().int(),
    createId: z.number().int().nullable(),
    createTime: z.string(),
    nickName: z.string(),
    avatarUrl: z.string(),
  })
  .openapi('ArticleCard', {
    description: '社区（10）、任务（20）或课程（30）的卡片，各内容列表共用',
  })

export const ArticleSection = z
  .object({
    id: z.number().int(),
    title: z.string(),
    imgurl: z
      .string()
      .openapi({ description: '文件的存储路径；未解锁时为空（收费节的文件是私密文件，/private/…）' }),
    url: z.string().openapi({
      description:
        '打开文件用的地址；未解锁时为空。免费节为公开路径；收费节为限时签名链接（/private/…?e=&s=，约1小时内有效）',
    }),
    kind: z.enum(['pdf', 'mp4']),
    status: z.number().int().openapi({ description: '1 收费，2 免费（收费但价格为 0 的也算免费）' }),
    price: z.number(),
    params: z.number().int().openapi({ description: '视频时长（秒）' }),
    unlock: Flag,
  })
  .openapi('ArticleSection', { description: '课程的一节；未解锁的节不给文件路径和地址' })

export const CommentNode = CommentNodeSchema

const DictItem = z.object({ id: z.number().int(), title: z.string() })

/** A task's contact fields, as Article/GetArticleContact answers them. */
export const ArticleContact = z
  .object({
    postName: z.string().openapi({ description: '联系人' }),
    tel: z.string().openapi({ description: '联系电话' }),
    addressx: z.string().openapi({ description: '联系地址' }),
  })
  .openapi('ArticleContact', { description: '任务的联系方式（Article/GetArticleContact?id=）' })

export const ArticleDetail = ArticleCard.extend({
  content: z.string(),
  imgurls: z.string(),
  // Left out where contactLocked is 1 (a paid task read by someone who has not bought it).
  ...ArticleContact.partial().shape,
  contactLocked: Flag.openapi({
    description:
      '1：收费任务的联系方式只给发布者和购买者，本答复不含 postName、tel、addressx（购买后可查看联系方式）',
  }),
  authorIntro: z.string(),
  isLike: Flag,
  unlock: Flag.openapi({ description: '整个内容对当前访客开放（免费、已购买或本人发布）' }),
  upgrade: z.number().nullable().openapi({
    description: '补差价购买整套课程的价格（元）：已购本课程部分章节的登录用户才有，否则为 null',
  }),
  list: z.array(ArticleSection).openapi({ description: '课程目录' }),
  listDict: z.array(DictItem),
  listRecommend: z.array(ArticleCard),
  listComment: z.array(CommentNode),
}).openapi('ArticleDetail', { description: '内容详情（Article/GetArticle?id=）' })

export const PublicUser = z
  .object({
    id: z.number().int(),
    nickName: z.string(),
    avatarUrl: z.string(),
    content: z.string(),
    level: z.number().int(),
    levelText: z.string(),
    isTeacher: z.number().int(),
  })
  .openapi('PublicUser', { description: '任何人可见的用户信息（讲师页、首页讲师）' })

export const ArticleIndex = z
  .object({
    list10: z.array(ArticleCard),
    list20: z.array(ArticleCard),
    list30: z.array(ArticleCard),
    list40: z.array(SpuCard),
    user: z.array(PublicUser),
  })
  .openapi('ArticleIndex', { description: '首页各栏；list40 是产品' })

export const FaqItem = z
  .object({ id: z.number().int(), title: z.string(), brief: z.string() })
  .openapi('FaqItem', { description: '常见问题（Article/GetArticleQuery?status=40）' })

export const Notification = z
  .object({ id: z.number().int(), title: z.string(), content: z.string(), createTime: z.string() })
  .openapi('Notification', {
    description: '当前用户的系统通知（Article/GetArticleQuery?status=200）',
  })

const KINDS_MESSAGE = '内容类型须为10（社区）、20（任务）或30（课程）'

const articleKind = z.object({
  status: int('内容类型', { min: 10, max: 30 })
    .transform((v, ctx) => {
      if (v !== undefined && (LISTED_KINDS as readonly number[]).includes(v)) return v as 10 | 20 | 30
      ctx.addIssue({ code: 'custom', message: KINDS_MESSAGE })
      return z.NEVER
    })
    .openapi({ type: 'integer', enum: [...LISTED_KINDS], description: '10 社区，20 任务，30 课程' }),
})

/** Article/GetArticlePage; dates are yyyymmddhhmmss (format.ts toApiDate). */
export const ArticlePageQuery = articleKind.extend({
  ...catalogQuery,
  city: str('城市', 20),
  isPrice: int('收费筛选', { min: 0, max: 2, def: 2 }).openapi({
    description: '0 只看免费，1 只看收费，2 全部（默认）',
  }),
  ...range,
  ...sortQuery,
  ...page,
})

export const getArticlePage = apiRoute('get', '/Article/GetArticlePage', tags, {
  summary:
    '社区、任务或课程列表：上架的，或 isCreate=1 时自己发布的；按城市、分类、标签、收费、时间、标题筛选',
  request: { query: ArticlePageQuery },
  middleware: [ownItemsNeedLogin(articleKind)],
  responses: answers(pagedOf(ArticleCard), [401]),
})

export const getArticleIndex = apiRoute('get', '/Article/GetArticleIndex', tags, {
  summary: '首页各栏：社区、任务、课程、产品各 8 个，推荐讲师 6 位',
  responses: answers(ArticleIndex),
})

export const getArticle = apiRoute('get', '/Article/GetArticle', tags, {
  summary: '内容详情：课程目录（未解锁的节不给文件）、分类、推荐课程与评论。下架的只有发布者能看',
  request: { query: z.object({ id: id() }) },
  responses: answers(ArticleDetail, [404]),
})

export const getArticleContact = apiRoute('get', '/Article/GetArticleContact', tags, {
  summary:
    '任务的联系方式（需登录）：免费任务任何人可看；收费任务只有发布者和购买者，其他人 403 购买后可查看联系方式',
  request: { query: z.object({ id: id() }) },
  responses: answers(ArticleContact, [401, 404]),
})

export const getArticleQuery = apiRoute('get', '/Article/GetArticleQuery', tags, {
  summary:
    'status=40 常见问题；status=200 系统通知（需登录）；status=10/20/30 且 isMapping=1 为参与过的内容（需登录）',
  request: {
    query: z.object({
      status: int('内容类型', { min: 0, max: 1000 }),
      isMapping: flag('1：参与过的内容（购买的课程、参加的任务与社区）'),
    }),
  },
  responses: answers(z.union([z.array(FaqItem), z.array(Notification), z.array(ArticleCard)]), [401]),
})

export const getUser = apiRoute('get', '/Users/GetUsers', tags, {
  summary: '用户的公开信息（讲师页）：不含手机号、余额与认证材料',
  request: { query: z.object({ id: id() }) },
  responses: answers(PublicUser, [404]),
})
