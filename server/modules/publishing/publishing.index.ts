import { ArticleStatus, SECTION_FILE_MAX_MB } from '../../../src/lib/constants.ts'
import { sanitizeRichText } from '../../../src/lib/html/sanitize.server.ts'
import type { Input } from '../../../src/lib/rules/fields.ts'
import {
  checkPublish,
  isPublishKind,
  mayCreateCourse,
  type PublishValue,
  type SectionValue,
} from '../../../src/lib/rules/publish.ts'
import { textOf } from '../../../src/lib/seo.ts'
import { articleTags, markChanged } from '../../changes.ts'
import { ok, router } from '../../contract/index.ts'
import type { Db } from '../../db/index.ts'
import { refuse, requireUser } from '../../http.ts'
import { SEED_URL } from '../../seed/images.ts'
import { dbTime } from '../../time.ts'
import { uploadSizes } from '../uploads/uploads.queries.ts'
import * as w from './articles.writes.ts'
import * as q from './publishing.queries.ts'
import * as routes from './publishing.routes.ts'

/** How much of the content a derived brief keeps, in characters of text. */
const BRIEF_FROM_CONTENT = 100

/** briefOf('<p>a<strong>b</strong></p><p>c</p>') → '<p>ab c</p>': inline marks vanish, blocks part words. */
const briefOf = (html: string) =>
  `<p>${textOf(html.replace(/<\/?(?:strong|em|u|s|sub|sup|span|a|code)\b[^>]*>/g, ''), BRIEF_FROM_CONTENT)}</p>`
const CONTENT_REQUIRED: Record<PublishValue['status'], string> = {
  10: '请填写帖子介绍',
  20: '请填写任务内容',
  30: '请填写课程介绍',
}

/**
 * The server's half of publishing, after the shared rule: the category, tags and city must be
 * entries of the kind's dictionaries, and the rich text is sanitised with the one allowlist
 * (src/lib/html/policy.ts) before anything is stored. Content that was nothing but what the
 * sanitiser removes counts as empty. A missing brief is the content's first words.
 */
async function publishValue(db: Db, input: Input, ctx: { isNew: boolean; gate: boolean }) {
  const r = checkPublish(input, ctx)
  if (r.error !== null) throw refuse(r.error)
  const v = r.value
  const dict = await w.kindDictionary(db, v.status)
  if (!dict.classIds.has(v.classId)) throw refuse('请选择所属分类')
  if (v.status === ArticleStatus.task && !dict.cities.has(v.city)) throw refuse('请选择城市')
  if (!v.tags.every((t) => dict.tags.has(t))) throw refuse('请从列表中选择标签')
  await checkSectionFiles(db, v.sections)
  const content = sanitizeRichText(v.content)
  if (!textOf(content) && !content.includes('<img')) throw refuse(CONTENT_REQUIRED[v.status])
  const brief = sanitizeRichText(v.brief) || sanitizeRichText(briefOf(content))
  return { ...v, content, brief }
}

/** The stored kind of a post, task or course (the writes only touch those). */
const kind = (status: number) => (isPublishKind(status) ? status : ArticleStatus.post)

/**
 * A section's file must be one of our uploads and under SECTION_FILE_MAX_MB (accounts §5): the
 * rule sees only the path, the uploads table knows the size. The seed's own files (not uploads)
 * stay acceptable so that a seeded course can be edited.
 */
async function checkSectionFiles(db: Db, sections: readonly SectionValue[]) {
  const paths = sections.map((s) => s.imgurl).filter((p) => !p.startsWith(`${SEED_URL}/`))
  const sizes = await uploadSizes(db, paths)
  for (const path of paths) {
    const size = sizes.get(path)
    if (size === undefined) throw refuse('请上传课程内容')
    if (size > SECTION_FILE_MAX_MB * 1024 * 1024)
      throw refuse(`课程内容须为小于${SECTION_FILE_MAX_MB}MB的mp4或pdf文件`)
  }
}

/** Whether the signed-in user may create a course (accounts §5, §6). */
async function courseGate(db: Db, userId: number) {
  const u = await db
    .selectFrom('users')
    .select(['level', 'status'])
    .where('id', '=', userId)
    .executeTakeFirst()
  return u !== undefined && mayCreateCourse(u)
}

/**
 * Publishing (accounts §2, §4, §5): complaints, and one's own posts, tasks and courses with the
 * own-item admin calls (storefront §2, §7). Only the owner may change an item; anyone else's id
 * is answered as missing (404).
 */
export const publishing = router()
  .openapi(routes.appendArticle, async (c) => {
    const { db, now } = c.get('deps')
    const user = requireUser(c)
    const input = c.req.valid('json')
    const at = dbTime(now())
    const status = Number(input.status)
    if (status === ArticleStatus.complaint) {
      const r = routes.checkComplaintAppend(input)
      if (r.error !== null) throw refuse(r.error)
      await q.insertComplaint(db, user.id, r.value, at)
      return ok(c, '提交成功')
    }
    const gate = status === ArticleStatus.course ? await courseGate(db, user.id) : true
    const v = await publishValue(db, input, { isNew: true, gate })
    const id = await w.insertArticle(db, user.id, v, at)
    await markChanged(db, articleTags({ id, status: v.status, createId: user.id }), at)
    return ok(c, '发布成功')
  })
  .openapi(routes.updateArticle, async (c) => {
    const { db, now } = c.get('deps')
    const user = requireUser(c)
    const input = c.req.valid('json')
    const id = Number(input.id)
    if (!Number.isInteger(id) || id < 1) throw refuse('请提供正确的内容编号')
    // The stored kind decides the rule: an edit cannot turn a post into a course.
    const own = await w.ownArticle(db, user.id, id)
    if (!isPublishKind(own.status)) throw refuse(w.NOT_FOUND, 404)
    const v = await publishValue(db, { ...input, status: own.status }, { isNew: false, gate: true })
    const at = dbTime(now())
    await w.updateArticle(db, user.id, id, v, at)
    await markChanged(db, articleTags({ id, status: v.status, createId: user.id }), at)
    return ok(c, '发布成功')
  })
  .openapi(routes.toggleListing, async (c) => {
    const { db, now } = c.get('deps')
    const [userId, id, at] = [requireUser(c).id, c.req.valid('json'), dbTime(now())]
    const { ext, status } = await w.toggleListing(db, userId, id, at)
    await markChanged(db, articleTags({ id, status: kind(status), createId: userId }), at)
    return ok(c, ext)
  })
  .openapi(routes.deleteArticle, async (c) => {
    const { db, now } = c.get('deps')
    const [userId, id, at] = [requireUser(c).id, c.req.valid('json'), dbTime(now())]
    const status = await w.deleteArticle(db, userId, id, at)
    await markChanged(db, articleTags({ id, status: kind(status), createId: userId }), at)
    return ok(c, '删除成功')
  })
