/**
 * Marketing's shipping templates (issue 24, permission promotions.write): each write is one
 * transaction with the 包邮 tags it derives again, the pages it marks and its audit row.
 */
import { sql } from 'kysely'
import type { TemplateInput } from '../../../src/lib/rules/promotion.ts'
import { type Actor, audit } from '../../admin/audit.ts'
import { markChanged } from '../../changes.ts'
import type { Db } from '../../db/index.ts'
import { refuse } from '../../http.ts'
import { dbTime } from '../../time.ts'
import { rederiveShipping } from './offer-marks.ts'
import { loadTemplates, templateWire } from './promotions.queries.ts'
import type { ShippingTemplate } from './promotions.routes.ts'

export const TEMPLATE_NOT_FOUND = '运费模板不存在'
export const TEMPLATE_IN_USE = '运费模板正在使用，不能删除'
export const PROVINCE_NOT_FOUND = (p: string) => `没有“${p}”这个省份`

export interface AdminTemplate extends ShippingTemplate {
  /** Shown products that ship by it (those without one of their own count for the default). */
  products: number
  isDefault: boolean
}

/** The templates with how many products use each; the default's count includes products without a template. */
export async function adminTemplates(
  db: Db,
): Promise<{ defaultId: number | null; templates: AdminTemplate[] }> {
  const [templates, counts] = await Promise.all([
    loadTemplates(db),
    db
      .selectFrom('product_spus')
      .select(['shipping_template_id as tid', sql<number>`COUNT(*)`.as('n')])
      .where('is_show', '=', 1)
      .groupBy('shipping_template_id')
      .execute(),
  ])
  const countOf = (id: number | null) => Number(counts.find((c) => c.tid === id)?.n ?? 0)
  return {
    defaultId: templates.defaultId,
    templates: templates.list.map((t) => ({
      ...templateWire(t),
      products: countOf(t.id) + (t.id === templates.defaultId ? countOf(null) : 0),
      isDefault: t.id === templates.defaultId,
    })),
  }
}

/** Province names must be the region picker's (the receiver's province is matched against them). */
async function checkProvinces(t: Db, v: TemplateInput): Promise<void> {
  if (!v.rates.length) return
  const names = v.rates.map((r) => r.province)
  const found = await t
    .selectFrom('regions')
    .select('name')
    .where('name', 'in', names)
    .where('parent_code', 'is', null)
    .execute()
  const known = new Set(found.map((r) => r.name))
  const missing = names.find((n) => !known.has(n))
  if (missing) throw refuse(PROVINCE_NOT_FOUND(missing))
}

const templateColumns = (v: TemplateInput) => ({
  name: v.name,
  free_above_fen: v.freeAboveFen,
  base_fen: v.baseFen,
  rates: JSON.stringify(v.rates),
})

async function oneTemplate(t: Db, id: number): Promise<AdminTemplate> {
  const all = await adminTemplates(t)
  const found = all.templates.find((x) => x.id === id)
  if (!found) throw refuse(TEMPLATE_NOT_FOUND, 404)
  return found
}

const templateFacts = (x: ShippingTemplate) => ({
  name: x.name,
  freeAbove: x.freeAbove,
  base: x.base,
  rates: x.rates,
})

/** createTemplate(db, actor, checked, now): a new template; no product uses it until assigned. */
export async function createTemplate(
  db: Db,
  actor: Actor,
  v: TemplateInput,
  now: Date,
): Promise<AdminTemplate> {
  return db.transaction().execute(async (t) => {
    await checkProvinces(t, v)
    const { id } = await t
      .insertInto('shipping_templates')
      .values({ ...templateColumns(v), is_default: 0, create_time: dbTime(now) })
      .returning('id')
      .executeTakeFirstOrThrow()
    const made = await oneTemplate(t, id)
    await markChanged(t, ['offers'], dbTime(now))
    await audit(t, actor, now, {
      action: 'shipping.create',
      target: `shipping-template:${id}`,
      after: templateFacts(made),
    })
    return made
  })
}

/**
 * editTemplate(db, actor, 2, checked, now): new fees; every product shipping by it gets its 包邮
 * tag and label from them again, and its pages are marked.
 */
export async function editTemplate(
  db: Db,
  actor: Actor,
  id: number,
  v: TemplateInput,
  now: Date,
): Promise<AdminTemplate> {
  return db.transaction().execute(async (t) => {
    const before = await oneTemplate(t, id)
    await checkProvinces(t, v)
    await t.updateTable('shipping_templates').set(templateColumns(v)).where('id', '=', id).execute()
    const templates = await loadTemplates(t)
    const pages = await rederiveShipping(t, templates, before.isDefault ? [id, null] : [id])
    const after = await oneTemplate(t, id)
    await markChanged(t, ['offers', ...pages], dbTime(now))
    await audit(t, actor, now, {
      action: 'shipping.edit',
      target: `shipping-template:${id}`,
      before: templateFacts(before),
      after: templateFacts(after),
    })
    return after
  })
}

/** setDefaultTemplate(db, actor, 2, now): products without a template of their own ship by this one from now. */
export async function setDefaultTemplate(
  db: Db,
  actor: Actor,
  id: number,
  now: Date,
): Promise<AdminTemplate> {
  return db.transaction().execute(async (t) => {
    const target = await oneTemplate(t, id)
    const old = (await loadTemplates(t)).defaultId
    await t.updateTable('shipping_templates').set({ is_default: 0 }).where('is_default', '=', 1).execute()
    await t.updateTable('shipping_templates').set({ is_default: 1 }).where('id', '=', id).execute()
    const pages = await rederiveShipping(t, await loadTemplates(t), [null])
    await markChanged(t, ['offers', ...pages], dbTime(now))
    await audit(t, actor, now, {
      action: 'shipping.default',
      target: `shipping-template:${id}`,
      before: { defaultId: old },
      after: { defaultId: id, name: target.name },
    })
    return oneTemplate(t, id)
  })
}

/** deleteTemplate(db, actor, 2, now): only one that is not the default and that no shown product uses. */
export async function deleteTemplate(db: Db, actor: Actor, id: number, now: Date): Promise<void> {
  await db.transaction().execute(async (t) => {
    const found = await oneTemplate(t, id)
    // Deleted products (is_show 0) may keep pointing at it: the row stays, marked removed.
    const using = await t
      .selectFrom('product_spus')
      .select('id')
      .where('shipping_template_id', '=', id)
      .where('is_show', '=', 1)
      .limit(1)
      .executeTakeFirst()
    if (found.isDefault || using) throw refuse(TEMPLATE_IN_USE, 409)
    await t
      .updateTable('shipping_templates')
      .set({ removed_time: dbTime(now) })
      .where('id', '=', id)
      .execute()
    await markChanged(t, ['offers'], dbTime(now))
    await audit(t, actor, now, {
      action: 'shipping.delete',
      target: `shipping-template:${id}`,
      before: templateFacts(found),
    })
  })
}
