import { ClassifyKey } from '../../../src/lib/constants.ts'
import { sanitizeRichText } from '../../../src/lib/html/sanitize.server.ts'
import { readCompany } from '../../../src/lib/rules/company.ts'
import { DEFAULT_STAR_THRESHOLDS, parseStarThresholds } from '../../../src/lib/rules/stars.ts'
import type { Db } from '../../db/index.ts'
import { COMPANY_KEY } from './company.service.ts'

/** The banners on show at `at` (a stored-time text): enabled and inside their optional window. */
export const banners = (db: Db, at: string) =>
  db
    .selectFrom('banners')
    .select(['id', 'position', 'imgurl', 'urls', 'title'])
    .where('is_show', '=', 1)
    .where((eb) => eb.or([eb('start_time', 'is', null), eb('start_time', '<=', at)]))
    .where((eb) => eb.or([eb('end_time', 'is', null), eb('end_time', '>', at)]))
    .orderBy('position')
    .orderBy('sort')
    .orderBy('id')
    .execute()

/** The dictionary, one group per key in ClassifyKey's order (an empty group when none). */
export async function classifyGroups(db: Db) {
  const rows = await db
    .selectFrom('classifies')
    .select(['id', 'ckey', 'title'])
    .orderBy('ckey')
    .orderBy('sort')
    .orderBy('id')
    .execute()
  return Object.keys(ClassifyKey).map((key) => ({
    key,
    list: rows.filter((r) => r.ckey === key).map(({ id, title }) => ({ id, title })),
  }))
}

/** Configuration keys served to every visitor (accounts §3 "Configuration record"). */
export const PUBLIC_CONFIG_KEYS = ['agreement', 'content', 'imgurl', 'levels', COMPANY_KEY] as const

export async function publicConfig(db: Db) {
  const rows = await db
    .selectFrom('configs')
    .select(['ckey', 'value'])
    .where('ckey', 'in', PUBLIC_CONFIG_KEYS)
    .execute()
  const text = (k: string) => rows.find((r) => r.ckey === k)?.value ?? ''
  const levels = rows.find((r) => r.ckey === 'levels')
  // The three texts are HTML shown to every visitor: narrowed to the rich-text allowlist here,
  // whoever wrote the configuration row (and RichText does it again where they are shown).
  return {
    agreement: sanitizeRichText(text('agreement')),
    content: sanitizeRichText(text('content')),
    imgurl: sanitizeRichText(text('imgurl')),
    ...(levels ? { levels: parseLevels(levels.value) } : {}),
    // The facts the pages show: saved by marketing, else the defaults (company.service.ts).
    company: readCompany(rows.find((r) => r.ckey === COMPANY_KEY)?.value),
  }
}

function parseLevels(value: string) {
  try {
    const v = JSON.parse(value) as Record<string, unknown>
    return { ...v, stars: [...parseStarThresholds(v)] }
  } catch {
    return { stars: [...DEFAULT_STAR_THRESHOLDS] }
  }
}

/** Star thresholds from the 'levels' configuration (storefront §6), or the spec's defaults. */
export async function starThresholds(db: Db): Promise<readonly number[]> {
  const row = await db.selectFrom('configs').select('value').where('ckey', '=', 'levels').executeTakeFirst()
  try {
    return parseStarThresholds(JSON.parse(row?.value ?? 'null'))
  } catch {
    return DEFAULT_STAR_THRESHOLDS
  }
}

/**
 * Streets of a district (accounts §7). District names repeat across China (鼓楼区 is in
 * several cities), so the picker also sends `city` or the district's `code` to pick one.
 */
export async function streets(db: Db, q: { code?: string; title?: string; city?: string }) {
  let areaCode = q.code
  if (!areaCode && q.title) {
    let area = db
      .selectFrom('regions as a')
      .select('a.code')
      .where('a.level', '=', 3)
      .where('a.name', '=', q.title)
    if (q.city)
      area = area.innerJoin('regions as ci', 'ci.code', 'a.parent_code').where('ci.name', '=', q.city)
    areaCode = (await area.orderBy('a.code').limit(1).executeTakeFirst())?.code
  }
  if (!areaCode) return []
  const rows = await db
    .selectFrom('regions')
    .select(['code', 'name'])
    .where('parent_code', '=', areaCode)
    .where('level', '=', 4)
    .orderBy('code')
    .execute()
  return rows.map((r) => ({ id: r.code, title: r.name }))
}
