/** Comments with replies on posts and tasks, and the demo accounts' favourites. */
import { ArticleStatus, PRODUCT_LIKE_STATUS } from '../../src/lib/constants.ts'
import { fenToYuan } from '../../src/lib/money.ts'
import { type ArticleInfo, listedOf } from './articles.ts'
import type { SpuInfo } from './catalog.ts'
import { COMMENT_PUBLISHED, type SeedContext, Shown, Table } from './common.ts'
import { COMMENTS, REPLIES } from './text.ts'
import type { SeedUsers } from './users.ts'

export interface SeedComments {
  comments: Table<'comments'>
  /** The photo some comments (and the after-sales request) carry. */
  commentImg: string
}

const PHOTO_CHANCE = 0.08
const COMMENTED_CHANCE = 0.6
const REPLIED_CHANCE = 0.5
/** How often the author answers a comment on their own article. */
const AUTHOR_REPLIES_CHANCE = 0.6
/** The plain user's own comments, each with two replies (the "comments" tab of /message). */
const PLAIN_USER_COMMENTS = 4

export function seedComments(
  ctx: SeedContext,
  targets: readonly ArticleInfo[],
  users: SeedUsers,
): SeedComments {
  const { rnd, files, after, time } = ctx
  const { plainId, memberIds, authors } = users
  const table = new Table('comments')
  const commentImg = files.image('comment-photo', {
    kind: 'cover',
    title: '病例照片',
    subtitle: '评论配图',
    icon: 'tooth',
  })
  const others = (not: number | null) => authors.filter((u) => u !== not)
  const addComment = (
    articleId: number,
    userId: number,
    content: string,
    when: Date,
    parentId: number | null,
  ) =>
    table.add({
      article_id: articleId,
      parent_id: parentId,
      user_id: userId,
      content,
      imgurl: rnd.chance(PHOTO_CHANCE) ? commentImg : '',
      status: COMMENT_PUBLISHED,
      is_show: Shown.yes,
      create_time: time(when),
    })
  const kindOf = (a: ArticleInfo) => (a.status === ArticleStatus.task ? 'task' : 'post')
  const some = <T>(list: readonly T[], n: number) => rnd.shuffle([...list]).slice(0, n)
  for (const a of targets) {
    if (!rnd.chance(COMMENTED_CHANCE)) continue
    const kind = kindOf(a)
    let when = a.created
    for (const text of some(COMMENTS[kind], rnd.int(1, 4))) {
      when = after(when, 10)
      const top = addComment(a.id, rnd.pick(others(a.createId)), text, when, null)
      if (!rnd.chance(REPLIED_CHANCE)) continue
      let replyAt = when
      for (const reply of some(REPLIES[kind], rnd.int(1, 2))) {
        replyAt = after(replyAt, 3)
        const replier =
          a.createId !== null && rnd.chance(AUTHOR_REPLIES_CHANCE) ? a.createId : rnd.pick(others(a.createId))
        addComment(a.id, replier, reply, replyAt, top)
      }
    }
  }
  for (const a of targets.filter((x) => x.createId !== plainId).slice(0, PLAIN_USER_COMMENTS)) {
    const kind = kindOf(a)
    const when = after(a.created, 10)
    const top = addComment(a.id, plainId, rnd.pick(COMMENTS[kind]), when, null)
    const [first = '', second = ''] = some(REPLIES[kind], 2)
    const firstAt = after(when, 3)
    addComment(a.id, a.createId ?? rnd.pick(memberIds), first, firstAt, top)
    addComment(a.id, rnd.pick(others(plainId)), second, after(firstAt, 3), top)
  }
  ctx.log(`comments: ${table.size}`)
  return { comments: table, commentImg }
}

/** Products a user can like or buy: listed, shown, with a SKU in stock. */
export const buyableSpus = (spus: readonly SpuInfo[]) =>
  spus.filter((s) => s.listed && s.skus.some((k) => k.stock > 0))

/** The favourites of the plain user, the doctor and the institution. */
export function seedFavourites(
  ctx: SeedContext,
  users: SeedUsers,
  articles: readonly ArticleInfo[],
  spus: readonly SpuInfo[],
): Table<'user_likes'> {
  const { rnd, within, time } = ctx
  const table = new Table('user_likes')
  const money = (fen: number) => fenToYuan(fen).toFixed(2)
  const likeArticle = (userId: number, a: ArticleInfo) =>
    table.add({
      user_id: userId,
      tag_id: a.id,
      status: a.status,
      title: a.title,
      sub_title: a.subTitle,
      imgurl: a.imgurl,
      urls: `/detail/${a.id}/`,
      ext: money(a.priceFen),
      ext_flag: a.tag,
      create_time: time(within(90)),
    })
  const likeProduct = (userId: number, s: SpuInfo) =>
    table.add({
      user_id: userId,
      tag_id: s.id,
      status: PRODUCT_LIKE_STATUS,
      title: s.title,
      sub_title: s.subTitle,
      imgurl: s.img,
      urls: `/productdetail/${s.id}/`,
      ext: money(s.priceMinFen),
      ext_flag: s.tag,
      create_time: time(within(90)),
    })
  const listedSpus = buyableSpus(spus)
  for (const [userId, n] of [
    [users.plainId, 3],
    [users.doctorId, 2],
    [users.institutionId, 2],
  ] as const) {
    for (const a of rnd.pickSome(listedOf(articles, ArticleStatus.course), n)) likeArticle(userId, a)
    for (const a of rnd.pickSome(listedOf(articles, ArticleStatus.post), n - 1)) likeArticle(userId, a)
    for (const a of rnd.pickSome(listedOf(articles, ArticleStatus.task), n - 1)) likeArticle(userId, a)
    for (const s of rnd.pickSome(listedSpus, n)) likeProduct(userId, s)
  }
  return table
}
