import {
  ArticleStatus,
  CONTENT_GONE,
  LISTED,
  LISTED_KINDS,
  NOTIFICATION_QUERY_STATUS,
  OFF_SHELF,
} from '../../../src/lib/constants.ts'
import { fenToYuan } from '../../../src/lib/money.ts'
import { allSectionsOpen } from '../../../src/lib/rules/course.ts'
import { isPrivatePath } from '../../../src/lib/rules/files.ts'
import { CONTACT_LOCKED, contactsSold, seesContacts } from '../../../src/lib/rules/task-contact.ts'
import { ok, router } from '../../contract/index.ts'
import { listingArgs } from '../../db/catalog.ts'
import type { Db } from '../../db/index.ts'
import { refuse, requireUser } from '../../http.ts'
import { listProducts } from '../catalog/catalog.queries.ts'
import { isFavourite } from '../favourites/favourites.queries.ts'
import { upgradePriceFen } from '../orders/course-upgrade.ts'
import { signedFileUrl } from '../uploads/private-files.ts'
import { commentTree } from './comment-tree.ts'
import * as q from './content.queries.ts'
import * as routes from './content.routes.ts'
import { courseCatalogue } from './course-sections.ts'

const flag = (b: boolean) => (b ? (1 as const) : (0 as const))

/** What Article/GetArticleContact answers for a post or course, which has no contacts of its own. */
export const NO_CONTACT = '只有任务有联系方式'

/**
 * A post, task or course as `userId` (null: a visitor) may read it, with what they hold of it and
 * whether they wrote it; else the refusal (404 内容不存在或已删除 / 当前商品已经下架). What was
 * paid for stays readable when its author unlists or deletes it, and when the platform takes it
 * down without a refund (issue 39: the buyer paid; a takedown with refund removes the purchase
 * instead). A free join is not kept through a takedown.
 */
async function readable(db: Db, id: number, userId: number | null) {
  const row = await q.articleRow(db, id)
  const held = row && userId !== null ? await q.purchasedSections(db, userId, id) : []
  if (!row) throw refuse(CONTENT_GONE, 404)
  const isOwner = userId !== null && userId === row.create_id && row.is_show === 1
  const keptForBuyer = held.some((h) => h.paid || row.moderated === 0)
  if (!isOwner && !keptForBuyer) {
    if (row.is_show !== 1) throw refuse(CONTENT_GONE, 404)
    if (row.ext !== LISTED) throw refuse(OFF_SHELF, 404)
  }
  return { row, held, isOwner }
}

/** Posts, tasks and courses with their sections and comments; FAQ, notifications; teachers. */
export const content = router()
  .openapi(routes.getArticlePage, async (c) => {
    const args = listingArgs(c.req.valid('query'), q.ARTICLE_SORT, 'a.id', () => requireUser(c).id)
    return ok(c, await q.articlePage(c.get('deps').db, ...args))
  })
  .openapi(routes.getArticleIndex, async (c) => {
    const { db } = c.get('deps')
    const [list10, list20, list30, products, user] = await Promise.all([
      q.topArticles(db, ArticleStatus.post, 8),
      q.topArticles(db, ArticleStatus.task, 8),
      q.topArticles(db, ArticleStatus.course, 8),
      listProducts(db, 8),
      q.teachers(db, 6),
    ])
    // list40 carries the recommended products: 40 is the product code of favourites (accounts §4).
    return ok(c, { list10, list20, list30, list40: products, user })
  })
  .openapi(routes.getArticle, async (c) => {
    const { db } = c.get('deps')
    const { id } = c.req.valid('query')
    const user = c.get('user')
    const { row, held, isOwner } = await readable(db, id, user?.id ?? null)
    const bought = held.map((h) => h.section)

    const sections = await q.courseSections(db, id)
    // Every section bought one by one (or free) opens the course as if bought whole.
    const wholeUnlocked =
      isOwner ||
      row.price_fen === 0 ||
      bought.includes(null) ||
      allSectionsOpen(
        sections.map((s) => ({ id: s.id, status: s.status, price: s.price_fen })),
        bought,
      )
    // A paid section's file is private: its unlocked reader gets a short-lived signed link (issue 13).
    const { config, now } = c.get('deps')
    const list = courseCatalogue(
      sections,
      { whole: wholeUnlocked, bought: bought.filter((b) => b !== null) },
      (path) => (isPrivatePath(path) ? signedFileUrl(config.fileUrlSecret, path, now()) : path),
    )
    // A buyer of some sections sees what the rest costs them: 补差价购买整套课程 (issue 39).
    const upgradeFen =
      user && !wholeUnlocked && bought.some((b) => b !== null) && row.price_fen > 0
        ? await upgradePriceFen(db, user.id, row, now())
        : null
    const showsContacts = seesContacts({
      sold: contactsSold({ status: row.status, price: row.price_fen }),
      author: user !== null && user.id === row.create_id,
      bought: held.length > 0,
    })
    const [like, dict, listRecommend, comments] = await Promise.all([
      user ? isFavourite(db, user.id, row.status, id) : false,
      row.class_id === null ? undefined : q.classify(db, row.class_id),
      q.topArticles(db, ArticleStatus.course, 4, id),
      q.commentRows(db, id),
    ])
    return ok(c, {
      ...q.articleCard(row),
      // A paid post shows its brief, not its content, until bought (issue 8).
      content:
        row.status === ArticleStatus.post && row.price_fen > 0 && !wholeUnlocked ? row.brief : row.content,
      imgurls: row.imgurls,
      // A paid task's contacts are what its buyers paid for: not even in the answer otherwise.
      ...(showsContacts ? { postName: row.post_name, tel: row.tel, addressx: row.addressx } : {}),
      contactLocked: flag(!showsContacts),
      authorIntro: row.author_intro ?? '',
      isLike: flag(like),
      unlock: flag(wholeUnlocked),
      upgrade: upgradeFen === null ? null : fenToYuan(upgradeFen),
      list,
      listDict: dict ? [dict] : [],
      listRecommend,
      listComment: commentTree(comments),
    })
  })
  .openapi(routes.getArticleContact, async (c) => {
    const user = requireUser(c)
    const { row, held } = await readable(c.get('deps').db, c.req.valid('query').id, user.id)
    if (row.status !== ArticleStatus.task) throw refuse(NO_CONTACT, 404)
    const sold = contactsSold({ status: row.status, price: row.price_fen })
    if (!seesContacts({ sold, author: user.id === row.create_id, bought: held.length > 0 }))
      throw refuse(CONTACT_LOCKED, 403)
    return ok(c, { postName: row.post_name, tel: row.tel, addressx: row.addressx })
  })
  .openapi(routes.getArticleQuery, async (c) => {
    const { db } = c.get('deps')
    const { status, isMapping } = c.req.valid('query')
    if (status === ArticleStatus.faq) return ok(c, await q.faq(db))
    if (status === NOTIFICATION_QUERY_STATUS) return ok(c, await q.notifications(db, requireUser(c).id))
    if (status !== undefined && (LISTED_KINDS as readonly number[]).includes(status) && isMapping) {
      // Items the user joined: bought courses, tasks and posts.
      return ok(c, await q.joined(db, requireUser(c).id, status))
    }
    throw refuse('内容类型须为40（常见问题）、200（系统通知），或10/20/30并带isMapping=1')
  })
  .openapi(routes.getUser, async (c) => {
    const user = await q.publicUserById(c.get('deps').db, c.req.valid('query').id)
    if (!user) throw refuse('用户不存在', 404)
    return ok(c, user)
  })
