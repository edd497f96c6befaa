/**
 * The demo data: fills an empty, migrated database with a coherent demo — regions, dictionaries,
 * banners, users, products, courses/posts/tasks, and the orders, wallet and messages of the
 * demo accounts. Deterministic: the same options give the same rows and files. Each part builds
 * its rows in memory (drawing from one random sequence, in a fixed order); write.ts then
 * inserts them all in one transaction.
 */
import { ArticleStatus } from '../../src/lib/constants.ts'
import { privateDirBeside } from '../config.ts'
import { type Db, isPg } from '../db/index.ts'
import { loadTemplates } from '../modules/promotions/promotions.queries.ts'
import type { S3Settings } from '../providers/s3.ts'
import { copyToBucket } from '../providers/storage.ts'
import { seedAddressBook } from './addresses.ts'
import { ofKind, seedArticles } from './articles.ts'
import { seedCatalog, shipUntaggedAtStandardRate } from './catalog.ts'
import { seedCommerce } from './commerce.ts'
import { drawingFrom, seedContext } from './common.ts'
import { seedComments, seedFavourites } from './community.ts'
import { seedPromotions } from './promotions.ts'
import { seedRegions } from './regions.ts'
import { seedReviews } from './reviews.ts'
import { seedBanners, seedConfigs, seedDictionary, seedNotifications } from './site-content.ts'
import { seedStaff } from './staff.ts'
import { seedTrade, TRADE_SEED } from './trade.ts'
import { DEMO_ACCOUNTS, seedUsers } from './users.ts'
import { writeSeed } from './write.ts'

export { DEMO_STAFF, hasDemoStaff } from './staff.ts'
export { DEMO_ACCOUNTS, DEMO_PASSWORD } from './users.ts'

export interface SeedOptions {
  /** Products to create (default 66). */
  products?: number
  /** Courses, posts and tasks together (default 135, a third each). */
  articles?: number
  /**
   * The seed's "today" (default: the moment it runs): the demo's dates follow it, so the
   * dashboard shows the last weeks' trade on the first start. The same `now` gives the same data.
   */
  now?: Date
  /** false: no recent trade (trade.ts), only the demo accounts' own orders (default true). */
  trade?: boolean
  /** Seed images and course files are written under `${uploadDir}/seed`. */
  uploadDir: string
  /** Private ones (certification scans, paid sections) under `${privateDir}/seed`; by default beside uploadDir. */
  privateDir?: string
  log?: (s: string) => void
  /** The bucket (STORAGE=s3): the seed's files, written locally as ever, are copied there before any row names them. */
  s3?: S3Settings | undefined
  /**
   * false: only what the site needs to work — regions, the dictionaries, the configuration texts —
   * and no accounts, balances, catalogue or content (NODE_ENV=production, DEMO_DATA=off).
   */
  demo?: boolean
}

export interface SeedSummary {
  regions: number
  classifies: number
  banners: number
  users: number
  products: number
  skus: number
  courses: number
  posts: number
  tasks: number
  faqs: number
  complaints: number
  sections: number
  comments: number
  reviews: number
  likes: number
  addresses: number
  invoices: number
  orders: number
  orderItems: number
  purchases: number
  transactions: number
  waybills: number
  notifications: number
  configs: number
  files: number
  staff: number
}

const NOTHING: SeedSummary = {
  ...{ regions: 0, classifies: 0, banners: 0, users: 0, products: 0, skus: 0, courses: 0, posts: 0 },
  ...{
    tasks: 0,
    faqs: 0,
    complaints: 0,
    sections: 0,
    comments: 0,
    reviews: 0,
    likes: 0,
    addresses: 0,
    invoices: 0,
  },
  ...{
    orders: 0,
    orderItems: 0,
    purchases: 0,
    transactions: 0,
    waybills: 0,
    notifications: 0,
    configs: 0,
    files: 0,
    staff: 0,
  },
}

const DEFAULT_PRODUCTS = 66
const DEFAULT_ARTICLES = 135

/** True once the database has the dictionaries (every seed writes them) or users, i.e. it was seeded or is in use. */
export async function isSeeded(db: Db): Promise<boolean> {
  const any = async (table: 'users' | 'classifies') =>
    (await db.selectFrom(table).select('id').limit(1).executeTakeFirst()) !== undefined
  return (await any('classifies')) || (await any('users'))
}

/** Whether the demo accounts exist (to list them at start): hasDemoAccounts(db) → true on a demo database. */
export async function hasDemoAccounts(db: Db): Promise<boolean> {
  const tel = DEMO_ACCOUNTS[0]?.tel ?? ''
  return (await db.selectFrom('users').select('id').where('tel', '=', tel).executeTakeFirst()) !== undefined
}

/** seed(db, { uploadDir }) → the counts of what it wrote; refuses a database that has users. */
export async function seed(db: Db, opts: SeedOptions): Promise<SeedSummary> {
  if (await isSeeded(db))
    throw new Error('数据库已有用户数据，不能重复初始化（seed needs an empty database）')
  const started = Date.now()
  const dirs = { uploadDir: opts.uploadDir, privateDir: opts.privateDir ?? privateDirBeside(opts.uploadDir) }
  const ctx = seedContext({ now: opts.now ?? new Date(), ...dirs, log: opts.log ?? (() => {}) })
  const nProducts = Math.max(0, Math.floor(opts.products ?? DEFAULT_PRODUCTS))
  const nArticles = Math.max(0, Math.floor(opts.articles ?? DEFAULT_ARTICLES))

  // The order of the parts is the order they draw from the random sequence: keep it.
  const regions = seedRegions()
  const dict = seedDictionary(ctx)
  if (opts.demo === false) {
    const configs = seedConfigs()
    await writeSeed(db, { regions: regions.rows, tables: [dict.table], configs })
    ctx.log(`reference data only (no demo accounts or content) in ${Date.now() - started} ms`)
    return { ...NOTHING, regions: regions.rows.length, classifies: dict.table.size, configs: configs.length }
  }
  const users = await seedUsers(ctx)
  const catalog = seedCatalog(ctx, nProducts, dict)
  const content = seedArticles(ctx, nArticles, users, dict)
  const { comments, commentImg } = seedComments(ctx, content.commentTargets, users)
  const likes = seedFavourites(ctx, users, content.list, catalog.list)
  const book = seedAddressBook(ctx, users, regions)
  const commerce = seedCommerce(ctx, {
    users,
    book,
    spus: catalog.list,
    articles: content.list,
    afterImg: commentImg,
  })
  const notifications = seedNotifications(ctx, users, commerce.orders)
  const banners = seedBanners(ctx, catalog.list, content.list, users)
  const configs = seedConfigs()
  // No random draws: its place in this order changes nothing.
  const offers = seedPromotions(ctx, dict, catalog.list, users.plainId)
  // Its own random sequence: the rows before and after it stay what they were.
  const trade =
    opts.trade === false
      ? null
      : seedTrade(drawingFrom(ctx, TRADE_SEED), {
          ...{ users, book, regions, catalog, commerce, offers, articles: content.list },
          templates: await loadTemplates(db),
        })
  // Last: it draws after every other part, so their rows stay what they were (the trade's
  // received orders get their reviews here too).
  const reviews = seedReviews(ctx, commerce, users)

  const built = Date.now()
  ctx.log(
    `generated in ${built - started} ms (${ctx.files.count} files); writing to ${isPg(db) ? 'pg' : 'sqlite'}`,
  )
  if (opts.s3) {
    const copied = await copyToBucket(dirs, opts.s3, { only: 'seed' })
    ctx.log(`${copied.uploaded} files copied to the bucket (${copied.present} there already)`)
  }
  await writeSeed(db, {
    regions: regions.rows,
    tables: [
      dict.table,
      users.table,
      catalog.spus,
      catalog.skus,
      content.articles,
      content.sections,
      comments,
      likes,
      book.addresses,
      book.invoices,
      commerce.orders,
      commerce.items,
      commerce.purchases,
      commerce.wallet,
      commerce.waybills,
      commerce.parcelLines,
      commerce.afterSales,
      commerce.payments,
      ...(trade ? [trade.refunds] : []),
      reviews,
      notifications,
      banners,
      users.owners,
      offers.promotions,
      offers.coupons,
      offers.userCoupons,
    ],
    configs,
  })
  await shipUntaggedAtStandardRate(db)
  // After the tables with fixed ids: staff are added by their service, ids drawn by the database.
  const staff = await seedStaff(db, ctx.now)
  ctx.log(`written in ${Date.now() - built} ms`)

  const count = (status: Parameters<typeof ofKind>[1]) => ofKind(content.list, status).length
  return {
    regions: regions.rows.length,
    classifies: dict.table.size,
    banners: banners.size,
    users: users.table.size,
    products: catalog.spus.size,
    skus: catalog.skus.size,
    courses: count(ArticleStatus.course),
    posts: count(ArticleStatus.post),
    tasks: count(ArticleStatus.task),
    faqs: count(ArticleStatus.faq),
    complaints: count(ArticleStatus.complaint),
    sections: content.sections.size,
    comments: comments.size,
    reviews: reviews.size,
    likes: likes.size,
    addresses: book.addresses.size,
    invoices: book.invoices.size,
    orders: commerce.orders.size,
    orderItems: commerce.items.size,
    purchases: commerce.purchases.size,
    transactions: commerce.wallet.size,
    waybills: commerce.waybills.size,
    notifications: notifications.size,
    configs: configs.length,
    files: ctx.files.count + ctx.privateFiles.count,
    staff,
  }
}
