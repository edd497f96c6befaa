/**
 * Site content written by marketing (issue 21) besides banners: the FAQ (articles of status 40),
 * the configuration texts of Users/GetUsersConfigs, and the Classify dictionaries. Like
 * banners.service.ts, each write is one transaction with its audit row and its change mark
 * (`faq`, `config`, `dictionary`: the tags `npm run ops -- rebuild` uses), so the read cache
 * drops the old answers and the site builder re-renders. FAQ entries and the rich texts may also
 * wait as drafts, previewed by staff, then published (drafts.ts).
 */
import { sql } from 'kysely'
import {
  ArticleStatus,
  ClassifyKey,
  type ClassifyKeyName,
  KIND_KEYS,
  LISTED,
} from '../../../src/lib/constants.ts'
import { sanitizeRichText } from '../../../src/lib/html/sanitize.server.ts'
import { parseStarThresholds } from '../../../src/lib/rules/stars.ts'
import { type Actor, audit } from '../../admin/audit.ts'
import { markChanged } from '../../changes.ts'
import type { Db } from '../../db/index.ts'
import { hasRow } from '../../db/sql.ts'
import { refuse } from '../../http.ts'
import { dbTime } from '../../time.ts'
import { defined, discardDraft, NO_DRAFT, readDraft, takeDraft } from './drafts.ts'

// --- FAQ ------------------------------------------------------------------------------------

export const FAQ_NOT_FOUND = '问题不存在'

export interface FaqInput {
  title?: string
  /** The answer, rich text: stored as the sanitiser leaves it. */
  answer?: string
  sort?: number
  enabled?: boolean
}

/** An FAQ entry's unpublished next version: every field the back office's dialog edits. */
export interface FaqDraft {
  title: string
  answer: string
  sort: number
  enabled: boolean
}

const FAQ_COLUMNS = ['id', 'title', 'brief', 'sort', 'is_show', 'draft'] as const
type FaqRow = {
  id: number
  title: string
  brief: string
  sort: number
  is_show: number
  draft: string | null
}

const faqOut = (r: FaqRow) => ({
  id: r.id,
  title: r.title,
  answer: r.brief,
  sort: r.sort,
  enabled: r.is_show === 1,
  draft: readDraft<FaqDraft>(r.draft),
})
export type AdminFaq = ReturnType<typeof faqOut>

const faqRecord = async (t: Db, id: number): Promise<FaqRow> => {
  const r = await t
    .selectFrom('articles')
    .select(FAQ_COLUMNS)
    .where('id', '=', id)
    .where('status', '=', ArticleStatus.faq)
    .executeTakeFirst()
  if (!r) throw refuse(FAQ_NOT_FOUND, 404)
  return r
}
const faqRow = async (t: Db, id: number) => faqOut(await faqRecord(t, id))

/** One FAQ entry with its draft (the preview's call); 404 问题不存在. */
export const getFaq = (db: Db, id: number): Promise<AdminFaq> => faqRow(db, id)

/** Every FAQ entry, shown or not, in the order the site shows them. */
export async function listFaq(db: Db): Promise<AdminFaq[]> {
  const rows = await db
    .selectFrom('articles')
    .select(FAQ_COLUMNS)
    .where('status', '=', ArticleStatus.faq)
    .orderBy('sort')
    .orderBy('id')
    .execute()
  return rows.map(faqOut)
}

const faqColumns = (v: FaqInput) => ({
  ...(v.title !== undefined ? { title: v.title } : {}),
  ...(v.answer !== undefined ? { brief: sanitizeRichText(v.answer), content: '' } : {}),
  ...(v.sort !== undefined ? { sort: v.sort } : {}),
  ...(v.enabled !== undefined ? { is_show: v.enabled ? 1 : 0 } : {}),
})

/** Inserts a new FAQ entry (an article of status 40, listed, made `at`) with the given columns; answers its id. */
async function insertFaq(t: Db, at: string, columns: object): Promise<number> {
  const { id } = await t
    .insertInto('articles')
    .values({ status: ArticleStatus.faq, ext: LISTED, create_time: at, update_time: at, ...columns } as never)
    .returning('id')
    .executeTakeFirstOrThrow()
  return id
}

/**
 * After a live write (create, edit, publish): the entry as it is now, audited as `faq.${verb}`
 * and marked `faq` in the same transaction.
 */
async function faqWritten(
  t: Db,
  actor: Actor,
  now: Date,
  id: number,
  verb: 'create' | 'edit' | 'publish',
  before?: AdminFaq,
): Promise<AdminFaq> {
  const after = await faqRow(t, id)
  await audit(t, actor, now, { action: `faq.${verb}`, target: `faq:${id}`, before, after })
  await markChanged(t, ['faq'], dbTime(now))
  return after
}

export async function createFaq(db: Db, actor: Actor, v: FaqInput & { title: string }, now: Date) {
  const at = dbTime(now)
  return db.transaction().execute(async (t) => {
    const id = await insertFaq(t, at, faqColumns(v))
    return faqWritten(t, actor, now, id, 'create')
  })
}

export async function editFaq(db: Db, actor: Actor, id: number, v: FaqInput, now: Date) {
  const at = dbTime(now)
  return db.transaction().execute(async (t) => {
    const before = await faqRow(t, id)
    await t
      .updateTable('articles')
      .set({ ...faqColumns(v), update_time: at })
      .where('id', '=', id)
      .execute()
    return faqWritten(t, actor, now, id, 'edit', before)
  })
}

/**
 * A new FAQ entry that starts life as a draft: a hidden row (is_show 0: the public list leaves it
 * out, so no change mark is due) holding the draft's fields, waiting for publishFaq.
 */
export async function createFaqDraft(db: Db, actor: Actor, v: FaqInput & { title: string }, now: Date) {
  const at = dbTime(now)
  const draft: FaqDraft = {
    title: v.title,
    answer: sanitizeRichText(v.answer ?? ''),
    sort: v.sort ?? 0,
    enabled: v.enabled ?? true,
  }
  return db.transaction().execute(async (t) => {
    const id = await insertFaq(t, at, {
      ...faqColumns({ ...draft, enabled: false }),
      draft: JSON.stringify(draft),
    })
    const after = await faqRow(t, id)
    await audit(t, actor, now, { action: 'faq.draft', target: `faq:${id}`, after })
    return after
  })
}

/** Saves the given fields into the entry's draft (over the draft there is, else over the live entry), answer sanitised. */
export async function saveFaqDraft(db: Db, actor: Actor, id: number, v: FaqInput, now: Date) {
  return db.transaction().execute(async (t) => {
    const before = await faqRow(t, id)
    const { draft: old, id: _, ...live } = before
    const next: FaqDraft = { ...(old ?? live), ...defined(v) }
    const draft = { ...next, answer: sanitizeRichText(next.answer) }
    await t
      .updateTable('articles')
      .set({ draft: JSON.stringify(draft) })
      .where('id', '=', id)
      .execute()
    await audit(t, actor, now, {
      action: 'faq.draft',
      target: `faq:${id}`,
      before: { draft: old },
      after: { draft },
    })
    return { ...before, draft }
  })
}

/** Publishes the entry's draft: marked `faq` and audited in the same transaction. 409 NO_DRAFT without one. */
export async function publishFaq(db: Db, actor: Actor, id: number, now: Date) {
  const at = dbTime(now)
  return db.transaction().execute(async (t) => {
    const row = await faqRecord(t, id)
    const before = faqOut(row)
    if (!before.draft) throw refuse(NO_DRAFT, 409)
    await takeDraft(t, { table: 'articles', id }, { ...faqColumns(before.draft), update_time: at }, row.draft)
    return faqWritten(t, actor, now, id, 'publish', before)
  })
}

/** Drops the entry's draft; the live entry stays as it is. 409 NO_DRAFT without one. */
export async function discardFaqDraft(db: Db, actor: Actor, id: number, now: Date) {
  return db.transaction().execute(async (t) => {
    const before = await faqRow(t, id)
    await discardDraft(
      t,
      actor,
      now,
      { table: 'articles', id },
      { action: 'faq.discard', target: `faq:${id}`, held: before.draft },
    )
    return { ...before, draft: null }
  })
}

export async function deleteFaq(db: Db, actor: Actor, id: number, now: Date) {
  await db.transaction().execute(async (t) => {
    const before = await faqRow(t, id)
    await t.deleteFrom('articles').where('id', '=', id).execute()
    await audit(t, actor, now, { action: 'faq.delete', target: `faq:${id}`, before })
    await markChanged(t, ['faq'], dbTime(now))
  })
}

// --- configuration texts --------------------------------------------------------------------

/** The rich texts of GetUsersConfigs marketing edits: 用户协议, 隐私政策, 等级说明; they may wait as drafts. */
export const TEXT_KEYS = ['agreement', 'content', 'imgurl'] as const
export type RichTextKey = (typeof TEXT_KEYS)[number]
export type TextKey = RichTextKey | 'levels'

export const TEXT_TITLES: Record<TextKey, string> = {
  agreement: '用户协议',
  content: '隐私政策',
  imgurl: '等级说明',
  levels: '等级门槛与升级提示',
}

/** A configuration text as the back office shows it; `draft` is the unpublished next version (HTML), if any. */
export interface AdminText {
  key: TextKey
  title: string
  value: string
  draft: string | null
}

const textOut = (key: TextKey, r: { value: string; draft: string | null } | undefined): AdminText => ({
  key,
  title: TEXT_TITLES[key],
  value: r?.value ?? '',
  draft: r?.draft ?? null,
})

export async function listTexts(db: Db): Promise<AdminText[]> {
  const rows = await db
    .selectFrom('configs')
    .select(['ckey', 'value', 'draft'])
    .where('ckey', 'in', [...TEXT_KEYS, 'levels'])
    .execute()
  return (Object.keys(TEXT_TITLES) as TextKey[]).map((key) =>
    textOut(
      key,
      rows.find((r) => r.ckey === key),
    ),
  )
}

const textRow = (t: Db, key: TextKey) =>
  t.selectFrom('configs').select(['value', 'draft']).where('ckey', '=', key).executeTakeFirst()

/** One configuration text with its draft (the preview's call). */
export const getText = async (db: Db, key: TextKey): Promise<AdminText> =>
  textOut(key, await textRow(db, key))

/** The stored value: rich text sanitised; levels a JSON object whose stars pass the one check. */
function textValue(key: TextKey, value: string): string {
  if (key !== 'levels') return sanitizeRichText(value)
  let v: unknown
  try {
    v = JSON.parse(value)
  } catch {
    throw refuse('等级配置须为 JSON')
  }
  const stars = (v as { stars?: unknown } | null)?.stars
  if (!v || typeof v !== 'object' || parseStarThresholds(v) !== stars) throw refuse('星级门槛须为递增的正数')
  return JSON.stringify(v)
}

export async function editText(db: Db, actor: Actor, key: TextKey, value: string, now: Date) {
  const stored = textValue(key, value)
  return db.transaction().execute(async (t) => {
    const old = await textRow(t, key)
    if (old) await t.updateTable('configs').set({ value: stored }).where('ckey', '=', key).execute()
    else await t.insertInto('configs').values({ ckey: key, value: stored }).execute()
    await audit(t, actor, now, {
      action: 'config.edit',
      target: `config:${key}`,
      before: { value: old?.value ?? '' },
      after: { value: stored },
    })
    await markChanged(t, ['config'], dbTime(now))
    return textOut(key, { value: stored, draft: old?.draft ?? null })
  })
}

/** Saves a rich text's draft, sanitised; what GetUsersConfigs serves stays as it is. */
export async function saveTextDraft(db: Db, actor: Actor, key: RichTextKey, value: string, now: Date) {
  const draft = sanitizeRichText(value)
  return db.transaction().execute(async (t) => {
    const old = await textRow(t, key)
    if (old) await t.updateTable('configs').set({ draft }).where('ckey', '=', key).execute()
    // No row yet: the live text is '' (as GetUsersConfigs answers a missing key) until published.
    else await t.insertInto('configs').values({ ckey: key, value: '', draft }).execute()
    await audit(t, actor, now, {
      action: 'config.draft',
      target: `config:${key}`,
      before: { draft: old?.draft ?? null },
      after: { draft },
    })
    return textOut(key, { value: old?.value ?? '', draft })
  })
}

/** Publishes a rich text's draft: served by GetUsersConfigs, marked `config` and audited. 409 NO_DRAFT without one. */
export async function publishText(db: Db, actor: Actor, key: RichTextKey, now: Date) {
  return db.transaction().execute(async (t) => {
    const old = await textRow(t, key)
    if (!old?.draft) throw refuse(NO_DRAFT, 409)
    const value = sanitizeRichText(old.draft)
    await takeDraft(t, { table: 'configs', ckey: key }, { value }, old.draft)
    await audit(t, actor, now, {
      action: 'config.publish',
      target: `config:${key}`,
      before: { value: old.value },
      after: { value },
    })
    await markChanged(t, ['config'], dbTime(now))
    return textOut(key, { value, draft: null })
  })
}

/** Drops a rich text's draft; the live text stays as it is. 409 NO_DRAFT without one. */
export async function discardTextDraft(db: Db, actor: Actor, key: RichTextKey, now: Date) {
  return db.transaction().execute(async (t) => {
    const old = await textRow(t, key)
    const held = old?.draft ?? null
    await discardDraft(
      t,
      actor,
      now,
      { table: 'configs', ckey: key },
      { action: 'config.discard', target: `config:${key}`, held },
    )
    return textOut(key, { value: old?.value ?? '', draft: null })
  })
}

// --- dictionaries ---------------------------------------------------------------------------

export const DICT_NOT_FOUND = '分类或标签不存在'

type Usage = { products: number; courses: number; posts: number; tasks: number }
const USAGE_NOUN: Record<keyof Usage, string> = {
  products: '个商品',
  courses: '门课程',
  posts: '篇帖子',
  tasks: '个任务',
}

/** Which table and kinds a key's entries are used by, and whether by class id or by tag title. */
function usageOf(key: ClassifyKeyName): {
  products: boolean
  statuses: number[]
  by: 'class' | 'tag' | 'city'
} {
  if (key === 'cityTag') return { products: false, statuses: [ArticleStatus.task], by: 'city' }
  const kind = (Object.entries(KIND_KEYS) as [string, { classKey: string; tagKey: string }][]).find(
    ([, k]) => k.classKey === key || k.tagKey === key,
  )
  const [name, k] = kind as [string, { classKey: string }]
  return {
    products: name === 'product',
    statuses: name === 'product' ? [] : [Number(name)],
    by: k.classKey === key ? 'class' : 'tag',
  }
}

/** How many products and articles use an entry: by class_id, by a title in the comma-separated tag, or by city. */
async function usage(t: Db, key: ClassifyKeyName, id: number, title: string): Promise<Usage> {
  const u = usageOf(key)
  const out: Usage = { products: 0, courses: 0, posts: 0, tasks: 0 }
  const tagHas = sql<boolean>`(',' || tag || ',') LIKE ${`%,${title.replace(/[\\%_]/g, '\\$&')},%`} ESCAPE '\\'`
  if (u.products) {
    const r = await t
      .selectFrom('product_spus')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(u.by === 'class' ? sql<boolean>`class_id = ${id}` : tagHas)
      .executeTakeFirstOrThrow()
    out.products = Number(r.n)
  }
  if (u.statuses.length) {
    const rows = await t
      .selectFrom('articles')
      .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
      .where('status', 'in', u.statuses)
      .where(
        u.by === 'class'
          ? sql<boolean>`class_id = ${id}`
          : u.by === 'city'
            ? sql<boolean>`city = ${title}`
            : tagHas,
      )
      .groupBy('status')
      .execute()
    for (const r of rows) {
      const n = Number(r.n)
      if (r.status === ArticleStatus.course) out.courses = n
      else if (r.status === ArticleStatus.post) out.posts = n
      else out.tasks = n
    }
  }
  return out
}

/** '12个商品、3门课程' — where an entry is used; '' when nowhere. */
export const usageText = (u: Usage) =>
  (Object.keys(USAGE_NOUN) as (keyof Usage)[])
    .filter((k) => u[k] > 0)
    .map((k) => `${u[k]}${USAGE_NOUN[k]}`)
    .join('、')

export async function listDictionary(db: Db, key: ClassifyKeyName) {
  const rows = await db
    .selectFrom('classifies')
    .select(['id', 'ckey', 'title', 'sort'])
    .where('ckey', '=', key)
    .orderBy('sort')
    .orderBy('id')
    .execute()
  return Promise.all(
    rows.map(async (r) => {
      const used = await usage(db, key, r.id, r.title)
      return { id: r.id, key, title: r.title, sort: r.sort, usedBy: usageText(used) }
    }),
  )
}

const dictRow = async (t: Db, id: number) => {
  const r = await t
    .selectFrom('classifies')
    .select(['id', 'ckey', 'title', 'sort'])
    .where('id', '=', id)
    .executeTakeFirst()
  if (!r || !(r.ckey in ClassifyKey)) throw refuse(DICT_NOT_FOUND, 404)
  return { id: r.id, key: r.ckey as ClassifyKeyName, title: r.title, sort: r.sort }
}

async function refuseDuplicate(t: Db, key: string, title: string, id?: number) {
  if (await hasRow(t, 'classifies', { ckey: key, title }, id)) throw refuse(`“${title}”已存在`)
}

export async function createDictEntry(
  db: Db,
  actor: Actor,
  v: { key: ClassifyKeyName; title: string; sort?: number },
  now: Date,
) {
  return db.transaction().execute(async (t) => {
    await refuseDuplicate(t, v.key, v.title)
    const { id } = await t
      .insertInto('classifies')
      .values({ ckey: v.key, title: v.title, sort: v.sort ?? 0 })
      .returning('id')
      .executeTakeFirstOrThrow()
    const after = await dictRow(t, id)
    await audit(t, actor, now, { action: 'dictionary.create', target: `classify:${id}`, after })
    await markChanged(t, ['dictionary'], dbTime(now))
    return { ...after, usedBy: '' }
  })
}

export async function editDictEntry(
  db: Db,
  actor: Actor,
  id: number,
  v: { title?: string; sort?: number },
  now: Date,
) {
  return db.transaction().execute(async (t) => {
    const before = await dictRow(t, id)
    const used = usageText(await usage(t, before.key, id, before.title))
    // Tags and cities are stored by their title on each item: renaming one in use would orphan them.
    if (v.title !== undefined && v.title !== before.title) {
      if (used && !before.key.endsWith('Class')) throw refuse(`该标签正被${used}使用，不能改名`)
      await refuseDuplicate(t, before.key, v.title, id)
    }
    await t
      .updateTable('classifies')
      .set({
        ...(v.title !== undefined ? { title: v.title } : {}),
        ...(v.sort !== undefined ? { sort: v.sort } : {}),
      })
      .where('id', '=', id)
      .execute()
    const after = await dictRow(t, id)
    await audit(t, actor, now, { action: 'dictionary.edit', target: `classify:${id}`, before, after })
    await markChanged(t, ['dictionary'], dbTime(now))
    return { ...after, usedBy: used }
  })
}

export async function deleteDictEntry(db: Db, actor: Actor, id: number, now: Date) {
  await db.transaction().execute(async (t) => {
    const before = await dictRow(t, id)
    const used = usageText(await usage(t, before.key, id, before.title))
    if (used) throw refuse(`“${before.title}”正被${used}使用，不能删除`)
    await t.deleteFrom('classifies').where('id', '=', id).execute()
    await audit(t, actor, now, { action: 'dictionary.delete', target: `classify:${id}`, before })
    await markChanged(t, ['dictionary'], dbTime(now))
  })
}
