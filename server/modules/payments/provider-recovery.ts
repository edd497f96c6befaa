/**
 * Asking the providers: a payment whose notification never came is asked for (the pay page's
 * poll, the recovery job), and an online payment is closed at the provider before its order expires.
 */
import type { Db } from '../../db/index.ts'
import { isOnlineWay, ONLINE_WAYS, type PaymentProviders } from '../../providers/payment.ts'
import { PaymentStatus, settle } from './payments.queries.ts'

/** The least time between two queries of one payment: a poll cannot make us flood a provider. */
const QUERY_SPACING_MS = 3000
const lastAsked = new Map<string, number>()
function mayAsk(outTradeNo: string, at: number): boolean {
  const last = lastAsked.get(outTradeNo)
  if (last !== undefined && at - last < QUERY_SPACING_MS) return false
  if (lastAsked.size > 10_000) lastAsked.clear()
  lastAsked.set(outTradeNo, at)
  return true
}

const pendingOnline = (db: Db) =>
  db
    .selectFrom('payments')
    .select(['out_trade_no', 'way'])
    .where('status', '=', PaymentStatus.pending)
    .where('way', 'in', ONLINE_WAYS)

/**
 * The status polls (Orders/GetOrdersStatus, Recharge/GetRecharge) outlive a lost notification:
 * each pending online payment of the order (or the top-up itself) is asked about at its provider,
 * and one it says was paid is settled through the same settle as a notification (amount checked,
 * once). A provider that cannot be reached changes nothing; the poll answers what is known.
 */
export async function recoverPending(
  db: Db,
  providers: PaymentProviders,
  of: { orderId: number } | { paymentId: number },
  now: Date,
): Promise<void> {
  const pending = await pendingOnline(db)
    .where('orderId' in of ? 'order_id' : 'id', '=', 'orderId' in of ? of.orderId : of.paymentId)
    .execute()
  for (const p of pending) {
    if (!isOnlineWay(p.way) || !mayAsk(p.out_trade_no, now.getTime())) continue
    try {
      const notice = await providers.of(p.way).query(p.out_trade_no)
      if (notice) await settle(db, notice, now, [p.way])
    } catch (e) {
      // The poll answers what is known; the next one asks again.
      console.warn(`[payments] ${p.out_trade_no} 查询失败：${e instanceof Error ? e.message : e}`)
    }
  }
}

/**
 * Before the expiry job cancels an unpaid order: each of its pending online payments is closed at
 * its provider, so that nobody can pay it after; one the provider found paid first is settled
 * instead (the order is paid, and the cancel that follows finds nothing to do). Answers false when
 * a provider could not close one: the order waits for the next run, for its payer may have paid.
 */
export async function closeBeforeExpiry(
  db: Db,
  providers: PaymentProviders,
  orderId: number,
  now: Date,
): Promise<boolean> {
  const pending = await pendingOnline(db).where('order_id', '=', orderId).execute()
  for (const p of pending) {
    if (!isOnlineWay(p.way)) continue
    try {
      const notice = await providers.of(p.way).close(p.out_trade_no)
      if (notice) await settle(db, notice, now, [p.way])
    } catch (e) {
      console.warn(
        `[payments] ${p.out_trade_no} 关闭失败，订单留待下次：${e instanceof Error ? e.message : e}`,
      )
      return false
    }
  }
  return true
}
