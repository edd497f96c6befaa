/**
 * What every part of the seed shares: the context (clock, random sequence, files), the in-memory
 * table a part fills before the single write, the named codes the rows use, and small helpers.
 */
import type { Insertable } from 'kysely'
import type { Database } from '../db/index.ts'
import { dbTime } from '../time.ts'
import { PRIVATE_SEED_URL, SeedFiles } from './images.ts'
import { Random } from './random.ts'

export const DAY = 24 * 3600 * 1000
/** Above these counts images come from a fixed pool instead of one file per item. */
export const OWN_IMAGE_LIMIT = 300
/** The one seed of the random sequence: same seed, same data. */
const RANDOM_SEED = 20200601

// --- codes the rows use that src/lib/constants.ts does not name ---------------------------

/** The is_show flag of articles, products, comments and banners. */
export const Shown = { yes: 1, no: 0 } as const
/** The default flag (status) of an address or an invoice title. */
export const DefaultFlag = { yes: 1, no: 0 } as const
/** The level of a user without a certified identity (CertLevelText: 游客). */
export const VISITOR_LEVEL = 0
/** Member discount in tenths (折): 10 is full price, 9 is 9折. */
export const Discount = { none: 10, tenPercent: 9, twentyPercent: 8 } as const
/** course_sections.status: 1 sold (needs the course or the section bought), 2 free to watch. */
export const SectionStatus = { paid: 1, free: 2 } as const
/** comments.status of a published comment (PostCommentAppend sends 10). */
export const COMMENT_PUBLISHED = 10
/** orders.types: 0 an ordinary order, 10 after-sales requested (the -1 list filter). */
export const OrderType = { normal: 0, afterSales: 10 } as const
/** wallet_transactions.groups: what the money was for. */
export const WalletGroup = { orderPayment: 10, commission: 20, recharge: 30 } as const
/** wallet_transactions.status of a settled transaction. */
export const WALLET_SETTLED = 20
/** orders.pay_way: the ways GetOrdersPay accepts. */
export const PayWay = { balance: 'balance', alipay: 'alipay', wechat: 'wechat', union: 'union' } as const

// --- context ------------------------------------------------------------------------------

export interface SeedContext {
  /** The seed's "today". */
  readonly now: Date
  /** The one random sequence: the parts must draw from it in the order they always did. */
  readonly rnd: Random
  readonly files: SeedFiles
  /** Files only their owners and buyers may read: certification scans, paid course sections. */
  readonly privateFiles: SeedFiles
  readonly log: (s: string) => void
  /** time(d) → '2026-10-01 10:00:00' (China time). */
  time(d: Date): string
  /** ago(3) → three days before now. */
  ago(days: number): Date
  /** A moment in the last `days` days, never in the future. */
  within(days: number): Date
  /** A moment up to `maxDays` after d (and a minute), never in the future. */
  after(d: Date, maxDays: number): Date
}

export function seedContext(opts: {
  now: Date
  uploadDir: string
  privateDir: string
  log: (s: string) => void
}): SeedContext {
  const { now } = opts
  const rnd = new Random(RANDOM_SEED)
  return {
    now,
    rnd,
    files: new SeedFiles(opts.uploadDir),
    privateFiles: new SeedFiles(opts.privateDir, PRIVATE_SEED_URL),
    log: opts.log,
    time: (d) => dbTime(d),
    ago: (days) => new Date(now.getTime() - days * DAY),
    ...timeDraws(now, rnd),
  }
}

/** The same context drawing from a sequence of its own: a part added later leaves the others' rows as they were. */
export function drawingFrom(ctx: SeedContext, seed: number): SeedContext {
  const rnd = new Random(seed)
  return { ...ctx, rnd, ...timeDraws(ctx.now, rnd) }
}

function timeDraws(now: Date, rnd: Random): Pick<SeedContext, 'within' | 'after'> {
  return {
    within: (days) => new Date(now.getTime() - Math.floor(rnd.next() * days * DAY)),
    after: (d, maxDays) =>
      new Date(Math.min(now.getTime(), d.getTime() + Math.floor(rnd.next() * maxDays * DAY) + 60000)),
  }
}

// --- tables -------------------------------------------------------------------------------

/** A row of `table` as Kysely inserts it. */
export type RowOf<T extends keyof Database> = Insertable<Database[T]>
/** The tables with an `id` column. */
export type IdTable = { [K in keyof Database]: 'id' extends keyof Database[K] ? K : never }[keyof Database]

/** Rows of one table, kept in memory with their ids until they are written in one batch. */
export class Table<T extends IdTable> {
  readonly name: T
  readonly rows: (Omit<RowOf<T>, 'id'> & { id: number })[] = []
  constructor(name: T) {
    this.name = name
  }
  /** add({...}) → the id the row will have (ids are assigned here: the database is empty). */
  add(row: Omit<RowOf<T>, 'id'>): number {
    const id = this.rows.length + 1
    this.rows.push({ id, ...row })
    return id
  }
  /** row(id) → the row added with that id. */
  row(id: number): Omit<RowOf<T>, 'id'> & { id: number } {
    return must(this.rows[id - 1], `${this.name} ${id}`)
  }
  get size(): number {
    return this.rows.length
  }
}

// --- helpers ------------------------------------------------------------------------------

export function at<T>(list: readonly T[], i: number): T {
  const v = list[i]
  if (v === undefined) throw new Error(`seed: index ${i} out of range`)
  return v
}

export function must<T>(v: T | undefined, what: string): T {
  if (v === undefined) throw new Error(`seed: ${what} not found`)
  return v
}

export const html = {
  p: (s: string) => `<p>${s}</p>`,
  h3: (s: string) => `<h3>${s}</h3>`,
  ul: (items: readonly string[]) => `<ul>${items.map((s) => `<li>${s}</li>`).join('')}</ul>`,
  img: (src: string, alt: string) => `<p><img src="${src}" alt="${alt}"></p>`,
}
