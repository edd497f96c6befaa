/**
 * A product's SKUs and their stock (issue 21, permission catalog.write): a SKU's price, title and
 * picture, new SKUs, removing one, and stock adjustments with their book. Each write derives the
 * product's 起 price again and marks its pages when it is listed (catalog.admin.service.ts).
 */
import { type Expression, type SqlBool, sql } from 'kysely'
import { OrderStatus } from '../../../src/lib/constants.ts'
import { fenToYuan } from '../../../src/lib/money.ts'
import { generatedSkuCode } from '../../../src/lib/rules/options.ts'
import { type SkuEdit, STOCK_NEGATIVE, type StockAdjust } from '../../../src/lib/rules/stock.ts'
import { type Actor, audit } from '../../admin/audit.ts'
import type { Db } from '../../db/index.ts'
import { adjustOnce, hasRow, lockRow } from '../../db/sql.ts'
import { refuse } from '../../http.ts'
import { dbTime } from '../../time.ts'
import { type FileDirs, publicFileExists } from '../uploads/uploads.service.ts'
import {
  type AdminProduct,
  type AdminSku,
  adminProduct,
  derivePriceMin,
  holdProduct,
  LAST_SKU,
  markProduct,
  requireProduct,
  SKU_COLUMNS,
  SKU_IMAGE_MISSING,
  SKU_IN_OPEN_ORDER,
  SKU_NOT_FOUND,
  skuOf,
} from './catalog.admin.service.ts'
import { hasMatrix, syncSingleOption, USE_MATRIX } from './catalog.options.service.ts'
import { notifyRestocked } from './stock-alerts.ts'

/** A product's SKUs are told apart by title and param: a second 标准款 made two identical buttons. */
export const skuTitleTaken = (title: string) => `该商品已有规格“${title}”，请换一个名称`

/** Refuses (409) when another live SKU of the product has this title and param. */
async function refuseTakenTitle(t: Db, spuId: number, title: string, param: string, except?: number) {
  if (await hasRow(t, 'product_skus', { spu_id: spuId, removed_time: null, title, param }, except))
    throw refuse(skuTitleTaken(title), 409)
}

const skuRow = (t: Db, skuId: number) =>
  t
    .selectFrom('product_skus')
    .select(SKU_COLUMNS)
    .where('id', '=', skuId)
    .where('removed_time', 'is', null)
    .executeTakeFirst()

/** editSku(db, dirs, actor, 7, { priceFen: 3290 }, now): a SKU's price, title and/or picture, the product's 起 price with it. */
export async function editSku(
  db: Db,
  dirs: FileDirs,
  actor: Actor,
  skuId: number,
  edit: SkuEdit,
  now: Date,
): Promise<AdminSku> {
  return db.transaction().execute((t) => applySkuEdit(t, dirs, actor, skuId, edit, now))
}

/** editSku's work inside the caller's transaction `t` (the catalogue import applies many in one). */
export async function applySkuEdit(
  t: Db,
  dirs: FileDirs,
  actor: Actor,
  skuId: number,
  edit: SkuEdit,
  now: Date,
): Promise<AdminSku> {
  {
    const before = await skuRow(t, skuId)
    if (!before) throw refuse(SKU_NOT_FOUND, 404)
    const renamed = edit.title !== undefined && edit.title !== before.title
    if (renamed && (await hasMatrix(t, before.spu_id))) throw refuse(USE_MATRIX, 409)
    if (edit.title !== undefined && renamed)
      await refuseTakenTitle(t, before.spu_id, edit.title, before.param, skuId)
    // A new picture must be an upload that is there (the staff image call puts it there).
    if (edit.img && edit.img !== before.img && !(await publicFileExists(dirs, edit.img)))
      throw refuse(SKU_IMAGE_MISSING)
    const after = {
      ...before,
      price_fen: edit.priceFen ?? before.price_fen,
      title: edit.title ?? before.title,
      img: edit.img ?? before.img,
    }
    await t
      .updateTable('product_skus')
      .set({ price_fen: after.price_fen, title: after.title, img: after.img })
      .where('id', '=', skuId)
      .execute()
    // Its name is its value of the product's one option.
    if (renamed) await syncSingleOption(t, before.spu_id)
    const ext = await derivePriceMin(t, before.spu_id)
    await markProduct(t, before.spu_id, ext, dbTime(now))
    await audit(t, actor, now, {
      action: 'sku.edit',
      target: `sku:${skuId}`,
      before: {
        spuId: before.spu_id,
        price: fenToYuan(before.price_fen),
        title: before.title,
        img: before.img,
      },
      after: { spuId: before.spu_id, price: fenToYuan(after.price_fen), title: after.title, img: after.img },
    })
    return skuOf(after)
  }
}

/**
 * adjustStock(db, actor, 7, { delta: -3, reason: '盘点' }, now) → the stock afterwards. One
 * conditional UPDATE adds the delta where the result stays ≥ 0 (buyers' `stock - q WHERE
 * stock >= q` and other adjustments interleave freely, none overwrites another), and the
 * adjustment is booked with it; a delta that would go negative is refused and nothing changes.
 * An increase notifies the SKU's 到货通知 subscribers (stock-alerts.ts); their SMS is the
 * caller's to send after the commit (sendStockAlertTexts).
 *
 * With `requestId` the booking is written first, under that id's unique index: the same
 * adjustment sent again (a double click, a retry, even at the same moment) finds its booking and
 * answers the stock as it is, changing nothing a second time.
 */
export async function adjustStock(
  db: Db,
  actor: Actor,
  skuId: number,
  adj: StockAdjust,
  now: Date,
): Promise<{ skuId: number; stock: number }> {
  return db.transaction().execute((t) => applyStockAdjust(t, actor, skuId, adj, now))
}

/**
 * adjustStock's work inside the caller's transaction `t`: the one stock-change service, which the
 * catalogue import's bulk stock calls too (its book, audit, 到货通知 and change marks with it).
 */
export async function applyStockAdjust(
  t: Db,
  actor: Actor,
  skuId: number,
  adj: StockAdjust,
  now: Date,
): Promise<{ skuId: number; stock: number }> {
  const at = dbTime(now)
  {
    const sku = await skuRow(t, skuId)
    if (!sku) throw refuse(SKU_NOT_FOUND, 404)
    const booked = await adjustOnce(
      t,
      'stock_adjustments',
      {
        sku_id: skuId,
        delta: adj.delta,
        // Set below, once the change has been made.
        stock_after: 0,
        reason: adj.reason,
        staff_id: actor.staffId,
        username: actor.username,
        create_time: at,
        request_id: adj.requestId ?? null,
      },
      { columns: [], owner: 'sku_id', reused: '请求编号已用于另一个规格的调整' },
    )
    if (booked.earlier) {
      // Made already: answer it again. Read again: the first attempt committed after `sku` was read.
      return { skuId, stock: Number((await skuRow(t, skuId))?.stock ?? sku.stock) }
    }
    const moved = await t
      .updateTable('product_skus')
      .set((eb) => ({ stock: eb('stock', '+', adj.delta) }))
      .where('id', '=', skuId)
      .where('removed_time', 'is', null)
      .where((eb) => eb(eb('stock', '+', adj.delta) as Expression<number>, '>=', 0) as Expression<SqlBool>)
      .returning('stock')
      .executeTakeFirst()
    if (!moved) throw refuse(STOCK_NEGATIVE, 409)
    const stock = Number(moved.stock)
    await t.updateTable('stock_adjustments').set({ stock_after: stock }).where('id', '=', booked.id).execute()
    // Back from sold out: its 到货通知 subscribers hear it once, with this commit.
    if (adj.delta > 0) await notifyRestocked(t, [skuId], now)
    // The page's SKU list shows stock; listings do not, so only the product's page is marked.
    await markProduct(t, sku.spu_id, await holdProduct(t, sku.spu_id), at, [`product:${sku.spu_id}`])
    await audit(t, actor, now, {
      action: 'sku.stock',
      target: `sku:${skuId}`,
      after: { spuId: sku.spu_id, delta: adj.delta, stock, reason: adj.reason },
    })
    return { skuId, stock }
  }
}

/** addSku(db, actor, 3, { title: '大号', priceFen: 9900 }, now): a new SKU at stock 0 (stock comes by adjustment). */
export async function addSku(
  db: Db,
  actor: Actor,
  spuId: number,
  sku: { title: string; priceFen: number },
  now: Date,
): Promise<AdminSku> {
  return db.transaction().execute(async (t) => {
    await requireProduct(t, spuId)
    if (await hasMatrix(t, spuId)) throw refuse(USE_MATRIX, 409)
    await refuseTakenTitle(t, spuId, sku.title, '')
    const { id } = await t
      .insertInto('product_skus')
      .values({ spu_id: spuId, title: sku.title, price_fen: sku.priceFen, stock: 0 })
      .returning('id')
      .executeTakeFirstOrThrow()
    await t
      .updateTable('product_skus')
      .set({ code: generatedSkuCode(id) })
      .where('id', '=', id)
      .execute()
    await syncSingleOption(t, spuId)
    const row = await t
      .selectFrom('product_skus')
      .select(SKU_COLUMNS)
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    await markProduct(t, spuId, await derivePriceMin(t, spuId), dbTime(now))
    await audit(t, actor, now, {
      action: 'sku.add',
      target: `sku:${row.id}`,
      after: { spuId, title: sku.title, price: fenToYuan(sku.priceFen) },
    })
    return skuOf(row)
  })
}

/**
 * Removes a SKU that no open order (待付款, 待发货, 待收货) holds: its row stays for past orders and
 * the stock book, marked removed, so it is no longer shown, sold or priced. The last SKU of a
 * product stays (a product without one could not be bought; unlist it instead).
 */
export async function removeSku(db: Db, actor: Actor, skuId: number, now: Date): Promise<AdminProduct> {
  const spuId = await db.transaction().execute(async (t) => {
    const found = await skuRow(t, skuId)
    if (!found) throw refuse(SKU_NOT_FOUND, 404)
    // The product first, then the SKU (PostgreSQL): two removals of one product's last two SKUs
    // queue, so one finds the other gone and keeps the last; and an order holding the SKU row
    // (it takes stock last) has committed its lines before the open-order check reads them.
    await lockRow(t, 'product_spus', found.spu_id)
    await lockRow(t, 'product_skus', skuId)
    const sku = await skuRow(t, skuId)
    if (!sku) throw refuse(SKU_NOT_FOUND, 404)
    const siblings = await t
      .selectFrom('product_skus')
      .select(sql<number>`COUNT(*)`.as('n'))
      .where('spu_id', '=', sku.spu_id)
      .where('removed_time', 'is', null)
      .executeTakeFirst()
    if (Number(siblings?.n ?? 0) <= 1) throw refuse(LAST_SKU, 409)
    const at = dbTime(now)
    const removed = await t
      .updateTable('product_skus')
      .set({ removed_time: at })
      .where('id', '=', skuId)
      .where('removed_time', 'is', null)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('order_items as i')
              .innerJoin('orders as o', 'o.id', 'i.order_id')
              .select('i.id')
              .where('i.sku_id', '=', skuId)
              .where('o.status', 'in', [OrderStatus.unpaid, OrderStatus.unshipped, OrderStatus.unreceived]),
          ),
        ),
      )
      .executeTakeFirst()
    if (removed.numUpdatedRows === 0n) throw refuse(SKU_IN_OPEN_ORDER, 409)
    await syncSingleOption(t, sku.spu_id)
    await markProduct(t, sku.spu_id, await derivePriceMin(t, sku.spu_id), at)
    await audit(t, actor, now, {
      action: 'sku.remove',
      target: `sku:${skuId}`,
      before: {
        spuId: sku.spu_id,
        title: sku.title,
        price: fenToYuan(sku.price_fen),
        stock: Number(sku.stock),
      },
    })
    return sku.spu_id
  })
  return adminProduct(db, spuId)
}
