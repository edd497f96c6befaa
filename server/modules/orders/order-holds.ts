/**
 * Stock holds capped (issue 39 part 4; the texts and holdCap in src/lib/rules/holds.ts). An
 * unpaid goods order keeps its stock from every other buyer until it is paid or expires, so one
 * account may hold at most UNPAID_ORDERS_CAP of them, each at most UNPAID_SKU_HOLD_CAP units of a
 * SKU (goodsLines), and a 对公转账 order — which holds stock for days — that lapsed unpaid keeps its
 * buyer from choosing 对公转账 for that SKU again for TRANSFER_RETRY_HOURS.
 */
import { OrderStatus } from '../../../src/lib/constants.ts'
import { tooManyUnpaid, transferRetryLater } from '../../../src/lib/rules/holds.ts'
import type { Config } from '../../config.ts'
import type { Db } from '../../db/index.ts'
import { lockUser } from '../../db/sql.ts'
import { refuse } from '../../http.ts'
import { dbTime } from '../../time.ts'

/** The caps of config.ts (UNPAID_ORDERS_CAP, UNPAID_SKU_HOLD_CAP, TRANSFER_RETRY_HOURS). */
export type Holds = Config['holds']

/**
 * Inside the placing transaction, before the order is inserted: refuses when the buyer holds
 * `cap` unpaid goods orders already. The buyer's row is locked first (lockUser), so two
 * placements of one account count one after the other — the second sees the first's order —
 * instead of both counting 4 and both inserting (SQLite's BEGIN IMMEDIATE serialises anyway).
 */
export async function checkUnpaidCap(trx: Db, userId: number, cap: number): Promise<void> {
  await lockUser(trx, userId)
  const { n } = await trx
    .selectFrom('orders as o')
    .select((e) => e.fn.countAll<number>().as('n'))
    .where('o.user_id', '=', userId)
    .where('o.status', '=', OrderStatus.unpaid)
    .where((e) =>
      e.exists(
        e
          .selectFrom('order_items as i')
          .select('i.id')
          .whereRef('i.order_id', '=', 'o.id')
          .where('i.sku_id', 'is not', null),
      ),
    )
    .executeTakeFirstOrThrow()
  if (Number(n) >= cap) throw refuse(tooManyUnpaid(Number(n)))
}

/**
 * Before order `orderId` first becomes a 对公转账 order: refuses when its buyer had a 对公转账
 * order with one of its SKUs expire unpaid (expired_time, set by the expiry job only) within the
 * last `hours`. Content orders hold no stock and pass.
 */
export async function checkTransferRetry(db: Db, orderId: number, hours: number, now: Date): Promise<void> {
  const since = dbTime(new Date(now.getTime() - hours * 3_600_000))
  const lapsed = await db
    .selectFrom('orders as o')
    .innerJoin('orders as old', 'old.user_id', 'o.user_id')
    .innerJoin('order_items as i', 'i.order_id', 'old.id')
    .select('old.id')
    .where('o.id', '=', orderId)
    .where('old.id', '<>', orderId)
    .where('old.transfer_deadline', 'is not', null)
    .where('old.expired_time', '>=', since)
    .where((e) =>
      e(
        'i.sku_id',
        'in',
        e.selectFrom('order_items as mine').select('mine.sku_id').where('mine.order_id', '=', orderId),
      ),
    )
    .limit(1)
    .executeTakeFirst()
  if (lapsed) throw refuse(transferRetryLater(hours))
}
