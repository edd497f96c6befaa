/**
 * Importing the catalogue file (issue 40): each row is checked against the SKU it names and
 * answered with what it would change (price, stock, titles) or its Chinese error. The preview
 * stops there; `apply` does the same reading inside one transaction, with every named SKU's row
 * held, and applies the good rows through the single calls' own writes (applySkuEdit,
 * applyStockAdjust, applyProductEdit: their audit rows, stock book, 到货通知 and change marks),
 * with one `catalog.import` audit row for the batch. Every value is a target, not a change: the
 * same file applied twice changes nothing the second time, and the stock a row asks for becomes
 * the change from the stock as it is when applied.
 */
import { fenToYuan } from '../../../src/lib/money.ts'
import { type Actor, audit } from '../../admin/audit.ts'
import type { Db } from '../../db/index.ts'
import { hasRow, lockRow } from '../../db/sql.ts'
import { ApiError, refuse } from '../../http.ts'
import type { FileDirs } from '../uploads/uploads.service.ts'
import { applyProductEdit } from './catalog.editor.service.ts'
import { applySkuEdit, applyStockAdjust, skuTitleTaken } from './catalog.skus.service.ts'
import { type FileFormat, type FileRow, readCatalogueFile } from './catalogue-file.ts'

export const IMPORT_REASON_DEFAULT = '批量导入'

/** One row's result: what it changes (or changed), or why it is refused. */
export interface ImportRowResult {
  row: number
  skuId: number | null
  spuId: number | null
  ok: boolean
  /** 价格 ¥12.00 → ¥15.00 …; empty for a good row that changes nothing. */
  changes: string[]
  message: string
}

export interface ImportAnswer {
  applied: boolean
  good: number
  bad: number
  unchanged: number
  rows: ImportRowResult[]
}

/** The changes of a good row, as the apply makes them. */
interface Plan {
  row: number
  skuId: number
  spuId: number
  title?: string
  skuTitle?: string
  priceFen?: number
  stockDelta?: number
}

const yuan = (fen: number) => `¥${fenToYuan(fen).toFixed(2)}`

/**
 * The rows with each 货号 read as the SKU it names: a row giving only a 货号 gets its skuId; a
 * 货号 that names no live SKU, or another SKU than the row's 规格编号, is the row's error.
 */
async function byCode(t: Db, rows: FileRow[]): Promise<FileRow[]> {
  const codes = [...new Set(rows.flatMap((r) => (r.ask.code ? [r.ask.code] : [])))]
  if (!codes.length) return rows
  const found = await t
    .selectFrom('product_skus')
    .select(['id', 'code'])
    .where('code', 'in', codes)
    .where('removed_time', 'is', null)
    .execute()
  const idOf = new Map(found.map((k) => [k.code as string, Number(k.id)]))
  return rows.map((r) => {
    const code = r.ask.code
    if (r.error || code === undefined) return r
    const id = idOf.get(code)
    if (id === undefined) return { ...r, error: `货号不存在：${code}` }
    if (r.ask.skuId !== undefined && r.ask.skuId !== id)
      return { ...r, error: `货号与规格编号不符：货号 ${code} 是规格 ${id}` }
    return { ...r, ask: { ...r.ask, skuId: id } }
  })
}

/** Each row against the SKUs as `t` reads them: the plans of the good rows and every row's result. */
async function judge(t: Db, rows: FileRow[]): Promise<{ plans: Plan[]; results: ImportRowResult[] }> {
  const ids = [...new Set(rows.flatMap((r) => (r.ask.skuId ? [r.ask.skuId] : [])))]
  const skus = ids.length
    ? await t
        .selectFrom('product_skus as k')
        .innerJoin('product_spus as p', 'p.id', 'k.spu_id')
        .select(['k.id', 'k.spu_id', 'k.title', 'k.param', 'k.price_fen', 'k.stock', 'p.title as spuTitle'])
        .where('k.id', 'in', ids)
        .where('k.removed_time', 'is', null)
        .where('p.is_show', '=', 1)
        .execute()
    : []
  const byId = new Map(skus.map((s) => [Number(s.id), s]))
  const seen = new Map<number, number>()
  // A product named in several rows takes one title: the first row's.
  const titles = new Map<number, { title: string; row: number }>()
  const plans: Plan[] = []
  const results: ImportRowResult[] = []
  for (const { row, ask, error } of rows) {
    const skuId = ask.skuId ?? null
    const sku = skuId ? byId.get(skuId) : undefined
    const spuId = sku ? Number(sku.spu_id) : (ask.spuId ?? null)
    const refused = (message: string) => results.push({ row, skuId, spuId, ok: false, changes: [], message })
    if (error) {
      refused(error)
      continue
    }
    if (!sku || skuId === null) {
      refused(`规格编号不存在：${skuId}`)
      continue
    }
    if (ask.spuId !== undefined && ask.spuId !== Number(sku.spu_id)) {
      refused(`商品编号与规格编号不符：规格 ${skuId} 属于商品 ${sku.spu_id}`)
      continue
    }
    const earlier = seen.get(skuId)
    if (earlier !== undefined) {
      refused(`规格编号重复：第 ${earlier} 行已有规格 ${skuId}`)
      continue
    }
    seen.set(skuId, row)
    const plan: Plan = { row, skuId, spuId: Number(sku.spu_id) }
    const changes: string[] = []
    if (ask.title !== undefined && ask.title !== sku.spuTitle) {
      const first = titles.get(plan.spuId)
      if (first && first.title !== ask.title) {
        refused(`同一商品的商品名称与第 ${first.row} 行不同`)
        continue
      }
      if (!first) {
        titles.set(plan.spuId, { title: ask.title, row })
        plan.title = ask.title
      }
      changes.push(`商品名称 “${sku.spuTitle}” → “${ask.title}”`)
    }
    if (ask.skuTitle !== undefined && ask.skuTitle !== sku.title) {
      // Told here, not first when applying (where it would refuse the whole batch).
      const live = { spu_id: plan.spuId, removed_time: null, title: ask.skuTitle, param: sku.param }
      if (await hasRow(t, 'product_skus', live, skuId)) {
        refused(`规格名称：${skuTitleTaken(ask.skuTitle)}`)
        continue
      }
      plan.skuTitle = ask.skuTitle
      changes.push(`规格名称 “${sku.title}” → “${ask.skuTitle}”`)
    }
    if (ask.priceFen !== undefined && ask.priceFen !== Number(sku.price_fen)) {
      plan.priceFen = ask.priceFen
      changes.push(`价格 ${yuan(Number(sku.price_fen))} → ${yuan(ask.priceFen)}`)
    }
    if (ask.stock !== undefined && ask.stock !== Number(sku.stock)) {
      plan.stockDelta = ask.stock - Number(sku.stock)
      changes.push(`库存 ${sku.stock} → ${ask.stock}`)
    }
    if (changes.length) plans.push(plan)
    results.push({ row, skuId, spuId, ok: true, changes, message: changes.length ? '' : '无变化' })
  }
  return { plans, results }
}

const answerOf = (applied: boolean, results: ImportRowResult[]): ImportAnswer => ({
  applied,
  good: results.filter((r) => r.ok && r.changes.length).length,
  bad: results.filter((r) => !r.ok).length,
  unchanged: results.filter((r) => r.ok && !r.changes.length).length,
  rows: results,
})

/** The preview: each row's result, nothing changed. */
export async function previewImport(db: Db, file: string, format: FileFormat): Promise<ImportAnswer> {
  return answerOf(false, (await judge(db, await byCode(db, await readCatalogueFile(file, format)))).results)
}

/**
 * Applies the good rows of the file in one transaction and answers every row's result, with
 * the ids of the SKUs whose stock rose (their 到货通知 SMS are the caller's to send after the
 * commit). A row refused while applying (a SKU title another SKU of the product has) refuses
 * the batch whole, naming its row, with nothing changed.
 */
export async function applyImport(
  db: Db,
  dirs: FileDirs,
  actor: Actor,
  file: string,
  format: FileFormat,
  reason: string,
  now: Date,
): Promise<ImportAnswer & { restocked: number[] }> {
  const read = await readCatalogueFile(file, format)
  return db.transaction().execute(async (t) => {
    const rows = await byCode(t, read)
    // Every named SKU's row held in id order (PostgreSQL; SQLite's writers queue already), so the
    // stock read here is the stock the change is made from, and two imports take them alike.
    const ids = [...new Set(rows.flatMap((r) => (r.ask.skuId ? [r.ask.skuId] : [])))].sort((a, b) => a - b)
    for (const id of ids) await lockRow(t, 'product_skus', id)
    const { plans, results } = await judge(t, rows)
    const restocked: number[] = []
    for (const p of plans) {
      try {
        if (p.title !== undefined) await applyProductEdit(t, dirs, actor, p.spuId, { title: p.title }, now)
        if (p.skuTitle !== undefined || p.priceFen !== undefined)
          await applySkuEdit(t, dirs, actor, p.skuId, { title: p.skuTitle, priceFen: p.priceFen }, now)
        if (p.stockDelta !== undefined) {
          await applyStockAdjust(t, actor, p.skuId, { delta: p.stockDelta, reason }, now)
          if (p.stockDelta > 0) restocked.push(p.skuId)
        }
      } catch (e) {
        if (e instanceof ApiError) throw refuse(`第 ${p.row} 行：${e.message}，全部未导入`, e.status)
        throw e
      }
    }
    const answer = answerOf(true, results)
    await audit(t, actor, now, {
      action: 'catalog.import',
      target: 'catalog:import',
      after: {
        reason,
        good: answer.good,
        bad: answer.bad,
        unchanged: answer.unchanged,
        // As sentences, so the audit log reads them: 第 2 行 规格 7：价格 ¥10.00 → ¥15.50；库存 0 → 20.
        rows: results
          .filter((r) => r.changes.length)
          .map((r) => `第 ${r.row} 行 规格 ${r.skuId}：${r.changes.join('；')}`),
      },
    })
    return { ...answer, restocked }
  })
}
