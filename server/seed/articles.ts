/** Courses with their sections, community posts, city tasks, the FAQ and complaints. */
import {
  ArticleStatus,
  type ArticleStatusCode,
  ClassifyKey,
  type ClassifyKeyName,
  LISTED,
  LISTED_KINDS,
  UNLISTED,
} from '../../src/lib/constants.ts'
import { at, html, must, OWN_IMAGE_LIMIT, SectionStatus, type SeedContext, Shown, Table } from './common.ts'
import { type Icon, sampleVideo, seedHash, tinyPdf } from './images.ts'
import type { SeedDictionary } from './site-content.ts'
import {
  CITIES,
  CITY_ADDRESSES,
  COMPLAINTS,
  COURSE_AUDIENCE,
  COURSE_FORMATS,
  COURSE_PARAGRAPHS,
  COURSE_SECTION_TITLES,
  COURSE_TOPICS,
  FAQS,
  POST_PARAGRAPHS,
  POST_TITLES,
  SURNAMES,
  TASK_PARAGRAPHS,
  TASK_TITLES,
} from './text.ts'
import type { SeedUsers } from './users.ts'

export interface ArticleInfo {
  id: number
  status: ArticleStatusCode
  title: string
  subTitle: string
  imgurl: string
  tag: string
  priceFen: number
  createId: number | null
  created: Date
  listed: boolean
  sections: { id: number; title: string; priceFen: number; paid: boolean }[]
}

export interface SeedArticles {
  articles: Table<'articles'>
  sections: Table<'course_sections'>
  list: ArticleInfo[]
  /** The listed posts and tasks that may get comments. */
  commentTargets: ArticleInfo[]
  counts: { courses: number; posts: number; tasks: number }
}

/** ofKind(list, ArticleStatus.course) → the courses. */
export const ofKind = (list: readonly ArticleInfo[], status: ArticleStatusCode) =>
  list.filter((a) => a.status === status)
/** listedOf(list, ArticleStatus.course) → the courses on the shelf. */
export const listedOf = (list: readonly ArticleInfo[], status: ArticleStatusCode) =>
  ofKind(list, status).filter((a) => a.listed)

const ARTICLE_PRICES = [
  990, 1990, 2990, 4900, 9900, 19900, 29900, 49900, 69900, 99900, 129900, 199900, 299900,
]
const POST_PRICES = [990, 1990, 2990, 4900, 9900]
const TASK_PRICES = [5000, 10000, 20000, 30000, 50000, 80000, 100000, 200000, 299900]
/** Titles are at most this long. */
const TITLE_MAX = 20
/** Comments get attached to the first posts and tasks only, so big seeds stay fast. */
const COMMENTED_PER_KIND = 150
/** A sold section costs its share of the course plus a fifth, at least 9.90 yuan. */
const SECTION_MARKUP = 1.2
const SECTION_MIN_FEN = 990
/** The section that is always a PDF handout. */
const HANDOUT_TITLE = '课后讲义'
const COVER_POOL = 3
/** Above OWN_IMAGE_LIMIT articles, the sold sections share this many private files of each kind. */
const PAID_FILE_POOL = 20

/**
 * The sample clip with a `free` box (ISO BMFF padding that players skip) naming `label` after it:
 * other bytes, the same video. taggedVideo(clip, 'paid section 12') → a valid mp4 of its own.
 */
function taggedVideo(clip: Buffer, label: string): Buffer {
  const payload = Buffer.from(label, 'latin1')
  const header = Buffer.alloc(8)
  header.writeUInt32BE(header.length + payload.length, 0)
  header.write('free', 4, 'latin1')
  return Buffer.concat([clip, header, payload])
}

const coverIcon: Partial<Record<number, Icon>> = {
  [ArticleStatus.course]: 'play',
  [ArticleStatus.post]: 'chat',
  [ArticleStatus.task]: 'briefcase',
}

interface Draft {
  status: ArticleStatusCode
  title: string
  subTitle: string
  cls: string
  classKey: ClassifyKeyName | null
  tag: string
  city: string
  priceFen: number
  paragraphs: string[]
  brief: string
  createId: number | null
  created: Date
  hitsTrue: number
  extMore: number
  listed: boolean
  postName: string
  tel: string
  addressx: string
  sectionTitles: string[]
  extraImages: number
  commentable: boolean
}

/** The fields of an FAQ or complaint draft that the listed kinds fill in. */
function blankDraft(status: ArticleStatusCode, title: string, created: Date): Draft {
  return {
    status,
    title,
    subTitle: '',
    cls: '',
    classKey: null,
    tag: '',
    city: '',
    priceFen: 0,
    paragraphs: [],
    brief: '',
    createId: null,
    created,
    hitsTrue: 0,
    extMore: 0,
    listed: true,
    postName: '',
    tel: '',
    addressx: '',
    sectionTitles: [],
    extraImages: 0,
    commentable: false,
  }
}

export function seedArticles(
  ctx: SeedContext,
  nArticles: number,
  users: SeedUsers,
  dict: SeedDictionary,
): SeedArticles {
  const { rnd, files, ago, within, after, time } = ctx
  const { plainId, institutionId, teacherIds, memberIds, authors } = users
  const { tags } = dict
  const nCourses = Math.ceil(nArticles / 3)
  const nPosts = Math.ceil((nArticles - nCourses) / 2)
  const nTasks = nArticles - nCourses - nPosts
  const ownCovers = nArticles <= OWN_IMAGE_LIMIT
  const clip = sampleVideo()
  const video = files.file('course-video.mp4', () => clip)
  const handout = files.file('course-handout.pdf', () =>
    tinyPdf('Course handout - sample file of the dental portal demo'),
  )
  /**
   * A sold section's own file, private (issue 13): never the free introduction's, so nothing
   * paid for sits at a public path. One per section on a demo-sized seed, a small pool beyond.
   */
  const ownedFiles = new Set<string>()
  const paidFile = (sectionId: number, isPdf: boolean, authorId: number | null) => {
    const n = ownCovers ? sectionId : sectionId % PAID_FILE_POOL
    const bytes = isPdf
      ? tinyPdf(`Course handout - paid section ${n}`)
      : taggedVideo(clip, `paid section ${n}`)
    const path = ctx.privateFiles.file(`section-${n}.${isPdf ? 'pdf' : 'mp4'}`, () => bytes)
    // The author may open it while editing the course (Upload/GetPrivateFile).
    if (authorId !== null && !ownedFiles.has(`${authorId} ${path}`)) {
      ownedFiles.add(`${authorId} ${path}`)
      users.owners.add({ user_id: authorId, path, size: bytes.length, create_time: time(ago(30)) })
    }
    return path
  }
  const titleSet = new Set<string>()
  /** Titles stay unique and at most 20 characters; repeats get a 第N期 suffix. */
  const uniqueTitle = (make: () => string, series: boolean) => {
    let title = make()
    for (let i = 0; i < 12 && titleSet.has(title); i++) title = make()
    const base = title
    for (let n = 2; titleSet.has(title); n++) {
      const suffix = series ? `（第${n}期）` : `（${n}）`
      title = `${base.slice(0, TITLE_MAX - suffix.length)}${suffix}`
    }
    titleSet.add(title)
    return title.slice(0, TITLE_MAX)
  }
  const teacherFor: Record<string, number[]> = {
    正畸培训: [at(teacherIds, 0)],
    种植培训: [at(teacherIds, 1)],
    麻醉与镇痛: [at(teacherIds, 2)],
    数字化口腔: [at(teacherIds, 3)],
    诊所经营: [at(teacherIds, 4)],
    儿童口腔: [at(teacherIds, 5)],
    牙体牙髓: [at(teacherIds, 0), at(teacherIds, 3)],
  }
  /** Every third item of a kind is free. */
  const priceOf = (list: readonly number[], i: number) => (i % 3 === 1 ? 0 : rnd.pick(list))

  const drafts: Draft[] = []
  const courseClasses = Object.keys(COURSE_TOPICS)
  for (let i = 0; i < nCourses; i++) {
    const cls = at(courseClasses, i % courseClasses.length)
    const topics = must(COURSE_TOPICS[cls], cls)
    let topic = ''
    const title = uniqueTitle(() => {
      topic = rnd.pick(topics)
      return `${topic}${rnd.pick(COURSE_FORMATS)}`.slice(0, TITLE_MAX)
    }, true)
    const priceFen = priceOf(ARTICLE_PRICES, i)
    const count = rnd.int(2, 8)
    const sectionTitles = ['课程导读', ...rnd.pickSome(COURSE_SECTION_TITLES.slice(1), count - 1)]
    const author = rnd.chance(0.1) ? institutionId : rnd.pick(must(teacherFor[cls], cls))
    const tag = tags('courseTag')
    const learners = rnd.int(20, 3000)
    drafts.push({
      status: ArticleStatus.course,
      title,
      subTitle: `${users.nick(author)}主讲 · 共${count}节`,
      cls,
      classKey: ClassifyKey.courseClass,
      tag,
      city: tag.includes('线下工作坊') ? rnd.pick(CITIES) : '',
      priceFen,
      paragraphs: COURSE_PARAGRAPHS.map((p) => p.replaceAll('{t}', topic)),
      brief: must(COURSE_PARAGRAPHS[0], 'course paragraph').replaceAll('{t}', topic),
      createId: author,
      created: within(365),
      hitsTrue: learners,
      extMore: priceFen > 0 ? Math.floor(learners * (0.4 + rnd.next() * 0.5)) : learners,
      listed: i % 20 !== 7 && !rnd.chance(0.05),
      postName: '',
      tel: '',
      addressx: '',
      sectionTitles,
      extraImages: 0,
      commentable: false,
    })
  }
  const postClasses = Object.keys(POST_TITLES)
  for (let i = 0; i < nPosts; i++) {
    const cls = at(postClasses, i % postClasses.length)
    const title = uniqueTitle(() => rnd.pick(must(POST_TITLES[cls], cls)), false)
    const paragraphs = rnd.pickSome(POST_PARAGRAPHS, rnd.int(3, 5))
    // The plain user wrote the first two posts; the second is off the shelf.
    const author = i < 2 ? plainId : rnd.pick(authors)
    const readers = rnd.int(0, 800)
    const priceFen = priceOf(POST_PRICES, i)
    drafts.push({
      status: ArticleStatus.post,
      title,
      subTitle: `${cls} · ${users.nick(author)}`,
      cls,
      classKey: ClassifyKey.communityClass,
      tag: tags('communityTag'),
      city: rnd.pick(CITIES),
      priceFen,
      paragraphs,
      brief: at(paragraphs, 0).slice(0, 60),
      createId: author,
      created: within(365),
      hitsTrue: readers,
      extMore: priceFen > 0 ? Math.floor(readers / 4) : 0,
      listed: i === 1 ? false : !rnd.chance(0.05),
      postName: '',
      tel: '',
      addressx: '',
      sectionTitles: [],
      extraImages: rnd.int(0, 2),
      commentable: i < COMMENTED_PER_KIND,
    })
  }
  const taskClasses = Object.keys(TASK_TITLES)
  const taskCities = rnd.shuffle(Array.from({ length: nTasks }, (_, i) => at(CITIES, i % CITIES.length)))
  for (let i = 0; i < nTasks; i++) {
    const cls = at(taskClasses, i % taskClasses.length)
    const city = at(taskCities, i)
    const title = uniqueTitle(() => rnd.pick(must(TASK_TITLES[cls], cls)).replace('{c}', city), false)
    const paragraphs = rnd.pickSome(TASK_PARAGRAPHS, rnd.int(3, 4))
    const author = i === 0 ? plainId : rnd.chance(0.4) ? institutionId : rnd.pick(authors)
    const joined = rnd.int(0, 60)
    drafts.push({
      status: ArticleStatus.task,
      title,
      subTitle: `${city} · ${cls}`,
      cls,
      classKey: ClassifyKey.taskClass,
      tag: tags('taskTag'),
      city,
      priceFen: priceOf(TASK_PRICES, i),
      paragraphs,
      brief: at(paragraphs, 0).slice(0, 60),
      createId: author,
      created: within(365),
      hitsTrue: joined,
      extMore: joined,
      listed: !rnd.chance(0.05),
      postName: `${rnd.pick(SURNAMES)}${rnd.pick(['经理', '医生', '老师', '女士', '先生'])}`,
      tel: `13${rnd.int(5, 9)}${rnd.digits(8)}`,
      addressx: must(CITY_ADDRESSES[city], city),
      sectionTitles: [],
      extraImages: 0,
      commentable: i < COMMENTED_PER_KIND,
    })
  }
  for (const [i, [q, a]] of FAQS.entries()) {
    drafts.push({ ...blankDraft(ArticleStatus.faq, q, ago(400 - i)), brief: a })
  }
  for (const [i, text] of COMPLAINTS.entries()) {
    const author = i === 0 ? plainId : at(memberIds, i)
    drafts.push({
      ...blankDraft(ArticleStatus.complaint, text.slice(0, TITLE_MAX), ago(20 - i * 5)),
      brief: text,
      createId: author,
      postName: users.nick(author),
      extraImages: 1,
    })
  }
  drafts.sort((a, b) => a.created.getTime() - b.created.getTime())

  const articles = new Table('articles')
  const sectionTable = new Table('course_sections')
  const coverPool = (status: number, cls: string, n: number) =>
    // ASCII names: a path with other letters is not one a form field accepts (src/lib/rules/files.ts).
    files.image(`cover-${status}-${seedHash(cls).slice(0, 8)}-${n}`, {
      kind: 'cover',
      title: cls,
      subtitle: `示例封面 ${n}`,
      icon: coverIcon[status] ?? 'doc',
    })
  const list: ArticleInfo[] = []
  const commentTargets: ArticleInfo[] = []
  for (const d of drafts) {
    const id = articles.size + 1
    const listedKind = (LISTED_KINDS as readonly number[]).includes(d.status)
    let cover = ''
    if (listedKind) {
      cover = ownCovers
        ? files.image(`cover-${id}`, {
            kind: 'cover',
            title: d.title,
            subtitle: d.cls,
            icon: coverIcon[d.status] ?? 'doc',
          })
        : coverPool(d.status, d.cls, (id % COVER_POOL) + 1)
    } else if (d.status === ArticleStatus.complaint) {
      cover = files.image('complaint-photo', {
        kind: 'cover',
        title: '问题截图',
        subtitle: '投诉建议附件',
        icon: 'doc',
      })
    }
    const extras = Array.from({ length: d.extraImages }, (_, k) =>
      d.status === ArticleStatus.complaint
        ? cover
        : coverPool(d.status, d.cls, ((id + k + 1) % COVER_POOL) + 1),
    )
    const imgurls = d.status === ArticleStatus.complaint ? extras : [cover, ...extras].filter(Boolean)
    let content = ''
    if (d.status === ArticleStatus.course) {
      content = [
        html.h3('课程简介'),
        ...d.paragraphs.slice(0, 3).map(html.p),
        html.img(cover, d.title),
        html.h3('适合人群'),
        html.ul(rnd.pickSome(COURSE_AUDIENCE, 3)),
        html.h3('课程安排'),
        html.ul(d.sectionTitles.map((s, k) => `第${k + 1}节 ${s}`)),
        ...d.paragraphs.slice(3).map(html.p),
      ].join('')
    } else if (d.status === ArticleStatus.post) {
      content = [
        html.p(at(d.paragraphs, 0)),
        html.img(cover, d.title),
        ...d.paragraphs.slice(1).map(html.p),
      ].join('')
    } else if (d.status === ArticleStatus.task) {
      content = [html.h3('任务详情'), ...d.paragraphs.map(html.p), html.img(cover, d.title)].join('')
    }
    // Course length (hits) is the sum of its videos' seconds (params).
    const sections: ArticleInfo['sections'] = []
    let duration = 0
    const paidCourse = d.priceFen > 0
    d.sectionTitles.forEach((title, k) => {
      const isPdf = title === HANDOUT_TITLE || (k > 0 && rnd.chance(0.2))
      const seconds = isPdf ? 0 : rnd.int(300, 2700)
      duration += seconds
      // The introduction is free to watch; the rest of a paid course is sold.
      const paid = paidCourse && k > 0
      const priceFen = paid
        ? Math.max(
            SECTION_MIN_FEN,
            Math.round(((d.priceFen / (d.sectionTitles.length - 1)) * SECTION_MARKUP) / 100) * 100 - 10,
          )
        : 0
      const sectionTitle = `第${k + 1}节 ${title}`.slice(0, TITLE_MAX)
      const sid = sectionTable.add({
        article_id: id,
        sort: k + 1,
        title: sectionTitle,
        imgurl: paid ? paidFile(sectionTable.size + 1, isPdf, d.createId) : isPdf ? handout : video,
        status: paid ? SectionStatus.paid : SectionStatus.free,
        price_fen: priceFen,
        params: seconds,
      })
      sections.push({ id: sid, title: sectionTitle, priceFen, paid })
    })
    const updated = after(d.created, 20)
    articles.add({
      status: d.status,
      title: d.title,
      sub_title: d.subTitle,
      imgurl: cover,
      imgurls: imgurls.join(','),
      tag: d.tag,
      class_id: d.classKey ? dict.cid(d.classKey, d.cls) : null,
      city: d.city,
      price_fen: d.priceFen,
      content,
      brief: d.brief,
      hits: duration,
      hits_true: d.hitsTrue,
      ext_more: d.extMore,
      ext: d.listed ? LISTED : UNLISTED,
      is_show: Shown.yes,
      post_name: d.postName,
      tel: d.tel,
      addressx: d.addressx,
      create_id: d.createId,
      create_time: time(d.created),
      update_time: time(updated),
    })
    const info: ArticleInfo = {
      id,
      status: d.status,
      title: d.title,
      subTitle: d.subTitle,
      imgurl: cover,
      tag: d.tag,
      priceFen: d.priceFen,
      createId: d.createId,
      created: d.created,
      listed: d.listed,
      sections,
    }
    list.push(info)
    if (d.commentable && d.listed) commentTargets.push(info)
  }
  ctx.log(
    `articles: ${list.length} (courses ${nCourses}, posts ${nPosts}, tasks ${nTasks}), sections: ${sectionTable.size}`,
  )
  return {
    articles,
    sections: sectionTable,
    list,
    commentTargets,
    counts: { courses: nCourses, posts: nPosts, tasks: nTasks },
  }
}
