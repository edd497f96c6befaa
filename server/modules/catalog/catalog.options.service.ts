/**
 * A product's options and its SKU matrix (issue 40 item 3, permission catalog.write). Saving the
 * matrix keeps every SKU whose combination is still on sale (its id, stock, sales and the orders
 * that name it), adds the new combinations (their opening stock booked as an adjustment) and
 * removes the ones left out, as removeSku does: the row stays, marked removed, with its stock
 * in the audit, and a SKU an open order holds is not removed (the save is refused, nothing
 * changes). 货号 are unique across all SKUs: codeTaken is the one check (the catalogue import
 * calls it too), and the unique index decides two saves at once.
 */
import { OrderStatus } from '../../../src/lib/constants.ts'
import { fenToYuan } from '../../../src/lib/money.ts'
import {
  comboKey,
  DEFAULT_OPTION,
  generatedSkuCode,
  legacyValue,
  type MatrixSku,
  optionsOf,
  type SkuMatrix,
  shownOptions,
  skuCodeTaken,
  skuTitleOf,
  valuesOf,
} from '../../../src/lib/rules/options.ts'
import { type Actor, audit } from '../../admin/audit.ts'
import type { Db } from '../../db/index.ts'
import { isUniqueViolation, lockRow } from '../../db/sql.ts'
import { refuse } from '../../http.ts'
import { dbTime } from '../../time.ts'
import {
  type AdminProduct,
  adminProduct,
  derivePriceMin,
  markProduct,
  requireProduct,
} from './catalog.admin.service.ts'

/** A product with more than one option is edited as a matrix: a lone SKU would fit no combination. */
export const USE_MATRIX = '该商品有多个选项，请在“选项与规格”中编辑规格组合'
export const skuInOpenOrder = (title: string) => `规格“${title}”有未完成的订单，不能删除`

/**
 * codeTaken(t, 'IMP-001') → true when a SKU other than `except` has this 货号 (removed SKUs
 * included: a code keeps naming one SKU for the orders and books that show it).
 */
export async function codeTaken(t: Db, code: string, except: readonly number[] = []): Promise<boolean> {
  let q = t.selectFrom('product_skus').select('id').where('code', '=', code)
  if (except.length) q = q.where('id', 'not in', [...except])
  return (await q.executeTakeFirst()) !== undefined
}

/** An open order (待付款, 待发货, 待收货) holds the SKU. */
const heldByOpenOrder = (t: Db, skuId: number) =>
  t
    .selectFrom('order_items as i')
    .innerJoin('orders as o', 'o.id', 'i.order_id')
    .select('i.id')
    .where('i.sku_id', '=', skuId)
    .where('o.status', 'in', [OrderStatus.unpaid, OrderStatus.unshipped, OrderStatus.unreceived])
    .executeTakeFirst()

const liveSkus = (t: Db, spuId: number) =>
  t
    .selectFrom('product_skus')
    .select(['id', 'title', 'param', 'price_fen', 'stock', 'code', 'barcode', 'options'])
    .where('spu_id', '=', spuId)
    .where('removed_time', 'is', null)
    .orderBy('sort')
    .orderBy('id')
    .execute()

/**
 * saveSkuMatrix(db, actor, 3, { options, skus }, now): the product's options and the
 * combinations on sale, in one transaction under the product's row lock. A row with `id` keeps
 * that SKU; a row without one keeps the live SKU of the same combination if there is one, else
 * adds a SKU. Sent twice, the second finds every combination kept and changes nothing more.
 */
export async function saveSkuMatrix(
  db: Db,
  actor: Actor,
  spuId: number,
  m: SkuMatrix,
  now: Date,
): Promise<AdminProduct> {
  const at = dbTime(now)
  try {
    await db.transaction().execute(async (t) => {
      await requireProduct(t, spuId)
      await lockRow(t, 'product_spus', spuId)
      const optionsBefore = optionsOf(
        (await t.selectFrom('product_spus').select('options').where('id', '=', spuId).executeTakeFirst())
          ?.options,
      )
      const before = await liveSkus(t, spuId)
      const byId = new Map(before.map((s) => [s.id, s]))
      // SKUs written without options count as the one option 规格 (as the pages show them).
      const shown = shownOptions(
        optionsBefore,
        before.map((s) => ({ ...s, options: valuesOf(s.options) })),
      ).skus
      const byCombo = new Map(shown.map((s) => [comboKey(s.options), s]))
      const claimed = new Set<number>()
      for (const row of m.skus) if (row.id !== undefined) claimed.add(row.id)
      // Each row's SKU: the one it names, or the unclaimed one of its combination, or none (new).
      const plan = m.skus.map((row) => {
        if (row.id !== undefined) {
          const sku = byId.get(row.id)
          if (!sku) throw refuse(`规格“${skuTitleOf(row.values)}”不属于该商品或已删除`, 409)
          return { row, sku }
        }
        const same = byCombo.get(comboKey(row.values))
        if (same && !claimed.has(same.id)) {
          claimed.add(same.id)
          return { row, sku: same }
        }
        return { row, sku: undefined }
      })
      const kept = new Set(plan.flatMap((p) => (p.sku ? [p.sku.id] : [])))
      const gone = before.filter((s) => !kept.has(s.id))
      // Each SKU's row first (PostgreSQL): an order taking its stock has then committed its lines.
      for (const s of gone) {
        await lockRow(t, 'product_skus', s.id)
        if (await heldByOpenOrder(t, s.id)) throw refuse(skuInOpenOrder(s.title), 409)
      }
      // 货号: typed ones must be free (this product's kept SKUs may trade theirs among themselves).
      for (const { row } of plan)
        if (row.code && (await codeTaken(t, row.code, [...kept]))) throw refuse(skuCodeTaken(row.code), 409)
      if (gone.length)
        await t
          .updateTable('product_skus')
          .set({ removed_time: at })
          .where(
            'id',
            'in',
            gone.map((s) => s.id),
          )
          .where('removed_time', 'is', null)
          .execute()
      // Codes being changed are let go first, so two kept SKUs can swap theirs.
      const recoded = plan.filter((p) => p.sku && p.row.code && p.row.code !== p.sku.code)
      if (recoded.length)
        await t
          .updateTable('product_skus')
          .set({ code: null })
          .where(
            'id',
            'in',
            recoded.map((p) => p.sku?.id ?? 0),
          )
          .execute()
      const added: { id: number; row: MatrixSku }[] = []
      for (const [i, { row, sku }] of plan.entries()) {
        const fields = {
          title: skuTitleOf(row.values),
          param: '',
          options: JSON.stringify(row.values),
          price_fen: row.priceFen,
          barcode: row.barcode,
          sort: i + 1,
        }
        if (sku) {
          await t
            .updateTable('product_skus')
            .set({ ...fields, code: row.code || sku.code || generatedSkuCode(sku.id) })
            .where('id', '=', sku.id)
            .execute()
          continue
        }
        const { id } = await t
          .insertInto('product_skus')
          .values({ spu_id: spuId, ...fields, stock: row.stock, code: row.code || null })
          .returning('id')
          .executeTakeFirstOrThrow()
        if (!row.code)
          await t
            .updateTable('product_skus')
            .set({ code: generatedSkuCode(id) })
            .where('id', '=', id)
            .execute()
        // The opening stock is in the stock book like every other change of it.
        if (row.stock > 0)
          await t
            .insertInto('stock_adjustments')
            .values({
              sku_id: id,
              delta: row.stock,
              stock_after: row.stock,
              reason: '新规格入库',
              staff_id: actor.staffId,
              username: actor.username,
              create_time: at,
              request_id: null,
            })
            .execute()
        added.push({ id, row })
      }
      await t
        .updateTable('product_spus')
        .set({ options: JSON.stringify(m.options) })
        .where('id', '=', spuId)
        .execute()
      await markProduct(t, spuId, await derivePriceMin(t, spuId), at)
      await audit(t, actor, now, {
        action: 'product.options',
        target: `product:${spuId}`,
        before: { options: optionsBefore },
        after: {
          options: m.options,
          added: added.map((a) => ({ id: a.id, title: skuTitleOf(a.row.values), stock: a.row.stock })),
          removed: gone.map((s) => ({ id: s.id, title: s.title, code: s.code, stock: Number(s.stock) })),
          kept: plan.flatMap((p) =>
            p.sku
              ? [{ id: p.sku.id, title: skuTitleOf(p.row.values), price: fenToYuan(p.row.priceFen) }]
              : [],
          ),
        },
      })
    })
  } catch (e) {
    // Another save took a code between our check and our write: the index decided, nothing was kept.
    if (isUniqueViolation(e)) throw refuse('货号已被其他规格使用，请换一个', 409)
    throw e
  }
  return adminProduct(db, spuId)
}

/**
 * After a single SKU was added, renamed or removed (the SKU dialogs): a product with at most one
 * option keeps that option's values in step with its SKUs' names, so the buy box shows them all.
 * A product with several options is edited as a matrix (addSku refuses, USE_MATRIX).
 */
export async function syncSingleOption(t: Db, spuId: number): Promise<void> {
  const row = await t.selectFrom('product_spus').select('options').where('id', '=', spuId).executeTakeFirst()
  const options = optionsOf(row?.options)
  if (options.length > 1) return
  const skus = await liveSkus(t, spuId)
  const values = skus.map((s) => legacyValue(s.title, s.param))
  for (const [i, s] of skus.entries())
    await t
      .updateTable('product_skus')
      .set({ options: JSON.stringify([values[i]]) })
      .where('id', '=', s.id)
      .execute()
  await t
    .updateTable('product_spus')
    .set({ options: JSON.stringify([{ name: options[0]?.name ?? DEFAULT_OPTION, values }]) })
    .where('id', '=', spuId)
    .execute()
}

/** True when the product's SKUs are a matrix of several options (the single-SKU dialogs stay out). */
export async function hasMatrix(t: Db, spuId: number): Promise<boolean> {
  const row = await t.selectFrom('product_spus').select('options').where('id', '=', spuId).executeTakeFirst()
  return optionsOf(row?.options).length > 1
}
