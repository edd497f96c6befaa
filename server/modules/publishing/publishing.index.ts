import { ArticleStatus, SECTION_FILE_MAX_BYTES, SECTION_FILE_RULE } from '../../../src/lib/constants.ts'
import { sanitizeRichText } from '../../../src/lib/html/sanitize.server.ts'
import { isFreeSection } from '../../../src/lib/rules/course.ts'
import type { Input } from '../../../src/lib/rules/fields.ts'
import { isPrivatePath, isSiteAsset, PRIVATE_ROOT } from '../../../src/lib/rules/files.ts'
import {
  checkPublish,
  isPublishKind,
  mayCreateCourse,
  type PublishValue,
  type SectionValue,
} from '../../../src/lib/rules/publish.ts'
import { textOf } from '../../../src/lib/view/seo.ts'
import { articleTags, markChanged } from '../../changes.ts'
import { ok, router } from '../../contract/index.ts'
import type { Db } from '../../db/index.ts'
import { likeContains, textLike } from '../../db/sql.ts'
import { refuse, requireUser } from '../../http.ts'
import { fileStore } from '../../providers/storage.ts'
import { dbTime } from '../../time.ts'
import { requireOwnFiles } from '../uploads/ownership.ts'
import { recordPlacedFile, uploadSizes } from '../uploads/uploads.queries.ts'
import { copyToTree, type FileDirs } from '../uploads/uploads.service.ts'
import * as w from './articles.writes.ts'
import * as q from './publishing.queries.ts'
import * as routes from './publishing.routes.ts'

/** How much of the content a derived brief keeps, in characters of text. */
const BRIEF_FROM_CONTENT = 100

/**
 * briefOf('<p>a<strong>b</strong></p><p>c</p>', false) → '<p>ab c</p>': inline marks vanish,
 * blocks part words. A paid post shows its brief until bought, so its derived brief keeps at most
 * half of the text: a short one is never given away whole.
 */
const briefOf = (html: string, paid: boolean) => {
  const inline = html.replace(/<\/?(?:strong|em|u|s|sub|sup|span|a|code)\b[^>]*>/g, '')
  const half = Math.max(1, Math.floor(textOf(inline, Number.POSITIVE_INFINITY).length / 2))
  return `<p>${textOf(inline, paid ? Math.min(BRIEF_FROM_CONTENT, half) : BRIEF_FROM_CONTENT)}</p>`
}
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
async function publishValue(
  db: Db,
  input: Input,
  ctx: { isNew: boolean; gate: boolean; userId: number; dirs: FileDirs; at: string; keep?: string[] },
) {
  const r = checkPublish(input, ctx)
  if (r.error !== null) throw refuse(r.error)
  const v = r.value
  const dict = await w.kindDictionary(db, v.status)
  if (!dict.classIds.has(v.classId)) throw refuse('请选择所属分类')
  if (v.status === ArticleStatus.task && !dict.cities.has(v.city)) throw refuse('请选择城市')
  if (!v.tags.every((t) => dict.tags.has(t))) throw refuse('请从列表中选择标签')
  const content = sanitizeRichText(v.content)
  if (!textOf(content) && !content.includes('<img')) throw refuse(CONTENT_REQUIRED[v.status])
  const paidPost = v.status === ArticleStatus.post && v.priceFen > 0
  const brief = sanitizeRichText(v.brief) || sanitizeRichText(briefOf(content, paidPost))
  // Every file named is the caller's own, a site asset, or already the item's (issue 13).
  await requireOwnFiles(
    db,
    ctx.userId,
    [
      { label: `${KIND_NOUN[v.status]}封面`, paths: [v.imgurl], image: true },
      { label: '正文中的图片', paths: [...imagesOf(content), ...imagesOf(brief)], image: true },
      ...v.sections.map((s, i) => ({ label: `第${i + 1}节的课程内容`, paths: [s.imgurl] })),
    ],
    ctx.keep,
  )
  await checkSectionFiles(db, v.sections)
  const sections = await placeSectionFiles(db, ctx, v.sections)
  // The public files a section made paid no longer names: retirePublicCopies, once saved.
  const leftPublic = v.sections.flatMap((s, i) =>
    isPrivatePath(s.imgurl) || sections[i]?.imgurl === s.imgurl ? [] : [s.imgurl],
  )
  return { value: { ...v, content, brief, sections }, leftPublic }
}

/**
 * A section made paid has its file copied to the private tree, but the public copy stayed where
 * anyone who saw the section free (or kept its address) could still fetch it. Once the change is
 * saved, that copy is removed when nothing else may want it: the file was uploaded by this author
 * alone (never a seed or site file), it is a video or PDF, and no section, item, draft or
 * product names it. Its upload records go with it, so the old
 * address is refused (须为您本人上传的文件) instead of accepted and broken.
 */
async function retirePublicCopies(db: Db, dirs: FileDirs, userId: number, paths: readonly string[]) {
  for (const path of new Set(paths)) {
    if (!/\.(?:mp4|pdf)$/i.test(path)) continue
    const named = likeContains(path)
    const [owners, inSection, inArticle, inProduct] = await Promise.all([
      db.selectFrom('user_uploads').select('user_id').distinct().where('path', '=', path).execute(),
      db.selectFrom('course_sections').select('id').where('imgurl', '=', path).limit(1).executeTakeFirst(),
      // A complaint's materials, any text or draft: scans, but only on this rare move.
      db
        .selectFrom('articles')
        .select('id')
        .where((eb) =>
          eb.or([
            eb('imgurl', '=', path),
            textLike('imgurls', named),
            textLike('content', named),
            textLike('draft', named),
          ]),
        )
        .limit(1)
        .executeTakeFirst(),
      db
        .selectFrom('product_spus')
        .select('id')
        .where((eb) => eb.or([textLike('imgurls', named), textLike('content', named)]))
        .limit(1)
        .executeTakeFirst(),
    ])
    // Only the author's own: another uploader of the same bytes may be about to use them.
    if (owners.length !== 1 || owners[0]?.user_id !== userId || inSection || inArticle || inProduct) continue
    await fileStore(dirs).remove(path)
    await db.deleteFrom('user_uploads').where('path', '=', path).execute()
    await db.deleteFrom('uploads').where('path', '=', path).execute()
  }
}

const KIND_NOUN: Record<PublishValue['status'], string> = { 10: '帖子', 20: '任务', 30: '课程' }

/** The image sources of sanitised rich text: imagesOf('<p><img src="/uploads/u/a.png"></p>') → ['/uploads/u/a.png'] */
const imagesOf = (html: string) => [...html.matchAll(/<img\b[^>]*?\ssrc="([^"]*)"/g)].map((m) => m[1] ?? '')

/** The files an item holds now: an edit may keep them (they were accepted when saved). */
async function storedFiles(db: Db, id: number): Promise<string[]> {
  const [article, sections] = await Promise.all([
    db
      .selectFrom('articles')
      .select(['imgurl', 'imgurls', 'content', 'brief'])
      .where('id', '=', id)
      .executeTakeFirst(),
    db.selectFrom('course_sections').select('imgurl').where('article_id', '=', id).execute(),
  ])
  if (!article) return []
  return [
    article.imgurl,
    ...article.imgurls.split(','),
    ...imagesOf(article.content),
    ...imagesOf(article.brief),
    ...sections.map((s) => s.imgurl),
  ].filter(Boolean)
}

/**
 * A paid section's file is the thing sold: it lives in the private tree and reaches only those
 * who unlocked it, by a short-lived signed link (issue 13). A free one is shown on the static
 * page to everyone, so it lives in the public tree. A file on the wrong side is copied across
 * (named by its bytes, owned by the author) and the section saved with the copy.
 */
async function placeSectionFiles(
  db: Db,
  ctx: { userId: number; dirs: FileDirs; at: string },
  sections: readonly SectionValue[],
): Promise<SectionValue[]> {
  const placed: SectionValue[] = []
  for (const s of sections) {
    const tree = isFreeSection({ status: s.status, price: s.priceFen }) ? 'public' : 'private'
    if ((tree === 'private') === isPrivatePath(s.imgurl)) {
      placed.push(s)
      continue
    }
    const copy = await copyToTree(ctx.dirs, s.imgurl, tree)
    if (!copy) throw refuse('请上传课程内容')
    await recordPlacedFile(db, { userId: ctx.userId, ...copy, at: ctx.at })
    placed.push({ ...s, imgurl: copy.path })
  }
  return placed
}

/**
 * A section's file must be one of our uploads and at most SECTION_FILE_MAX_BYTES (issue 22): the
 * rule sees only the path, the uploads table knows the size. The seed's own files (not uploads,
 * public or private) stay acceptable so that a seeded course can be edited.
 */
async function checkSectionFiles(db: Db, sections: readonly SectionValue[]) {
  const paths = sections
    .map((s) => s.imgurl)
    .filter((p) => !isSiteAsset(p) && !p.startsWith(`${PRIVATE_ROOT}seed/`))
  const sizes = await uploadSizes(db, paths)
  for (const path of paths) {
    const size = sizes.get(path)
    if (size === undefined) throw refuse('请上传课程内容')
    if (size > SECTION_FILE_MAX_BYTES) throw refuse(SECTION_FILE_RULE)
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
    const { db, now, config } = c.get('deps')
    const user = requireUser(c)
    const input = c.req.valid('json')
    const at = dbTime(now())
    const status = Number(input.status)
    if (status === ArticleStatus.complaint) {
      const r = routes.checkComplaintAppend(input)
      if (r.error !== null) throw refuse(r.error)
      await requireOwnFiles(db, user.id, [{ label: '材料', paths: [...r.value.files, r.value.imgurl] }])
      await q.insertComplaint(db, user.id, r.value, at)
      return ok(c, '提交成功')
    }
    const gate = status === ArticleStatus.course ? await courseGate(db, user.id) : true
    const { value: v, leftPublic } = await publishValue(db, input, {
      isNew: true,
      gate,
      userId: user.id,
      dirs: config,
      at,
    })
    const id = await w.insertArticle(db, user.id, v, at)
    await markChanged(db, articleTags({ id, status: v.status, createId: user.id }), at)
    await retirePublicCopies(db, config, user.id, leftPublic)
    return ok(c, '发布成功')
  })
  .openapi(routes.updateArticle, async (c) => {
    const { db, now, config } = c.get('deps')
    const user = requireUser(c)
    const input = c.req.valid('json')
    const id = Number(input.id)
    if (!Number.isInteger(id) || id < 1) throw refuse('请提供正确的内容编号')
    // The stored kind decides the rule: an edit cannot turn a post into a course.
    const own = await w.ownArticle(db, user.id, id)
    if (!isPublishKind(own.status)) throw refuse(w.NOT_FOUND, 404)
    const at = dbTime(now())
    const { value: v, leftPublic } = await publishValue(
      db,
      { ...input, status: own.status },
      { isNew: false, gate: true, userId: user.id, dirs: config, at, keep: await storedFiles(db, id) },
    )
    await w.updateArticle(db, user.id, id, v, at)
    await markChanged(db, articleTags({ id, status: v.status, createId: user.id }), at)
    await retirePublicCopies(db, config, user.id, leftPublic)
    return ok(c, '发布成功')
  })
  .openapi(routes.getArticleSales, async (c) => {
    const { db } = c.get('deps')
    return ok(c, await q.authorSales(db, requireUser(c).id, c.req.valid('query').status))
  })
  .openapi(routes.toggleListing, async (c) => {
    const { db, now } = c.get('deps')
    const [userId, id, at] = [requireUser(c).id, c.req.valid('json'), dbTime(now())]
    const { ext } = await w.toggleListing(db, userId, id, at)
    return ok(c, ext)
  })
  .openapi(routes.deleteArticle, async (c) => {
    const { db, now } = c.get('deps')
    const [userId, id, at] = [requireUser(c).id, c.req.valid('json'), dbTime(now())]
    const status = await w.deleteArticle(db, userId, id, at)
    await markChanged(db, articleTags({ id, status: w.listedKind(status), createId: userId }), at)
    return ok(c, '删除成功')
  })
