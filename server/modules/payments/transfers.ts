/**
 * Corporate transfers (way union): finance confirms the money arrived, which pays the order when
 * it is exactly the payable, and records each transfer received or paid back (transfer_receipts,
 * issue 39) for reconciliation.
 */
import { OrderStatus } from '../../../src/lib/constants.ts'
import { fenToYuan } from '../../../src/lib/money.ts'
import type { TransferReceipt } from '../../../src/lib/rules/back-office.ts'
import { type Actor, audit } from '../../admin/audit.ts'
import type { Db } from '../../db/index.ts'
import { refuse } from '../../http.ts'
import { notify } from '../../notify.ts'
import { CHINA_OFFSET_MS, dbTime } from '../../time.ts'
import { markOrderPaid } from '../orders/orders.service.ts'
import { ORDER_MISSING, PaymentStatus, tradeNo } from './payments.queries.ts'

/** How a transfer received compares with the payable; 'refund' for one paid back. */
export type TransferOutcome = 'matched' | 'short' | 'over' | 'refund'

export const TransferOutcomeText: Record<string, string> = {
  matched: '金额一致，已确认收款',
  short: '少付，未确认',
  over: '多付，未确认',
  refund: '已退回',
}

/** What the buyer reads when the amount that arrived is not the payable. */
export const TRANSFER_MISMATCH = '到账金额与应付金额不一致，请联系客服'

/** The China day of `now`: '2026-12-07'. */
export const chinaDay = (now: Date) => new Date(now.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 10)

/**
 * Ties a bank reference to this order for good, inside the caller's transaction, or refuses it
 * when it stands for another (流水号已用于订单 X). The reference's primary key decides two
 * recordings at once: on PostgreSQL the second insert waits for the first to commit and then
 * finds its row; SQLite writes one at a time.
 */
async function claimReference(t: Db, reference: string, orderId: number) {
  await t
    .insertInto('transfer_references')
    .values({ reference, order_id: orderId })
    .onConflict((oc) => oc.column('reference').doNothing())
    .execute()
  const held = await t
    .selectFrom('transfer_references as r')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .select(['r.order_id', 'o.code'])
    .where('r.reference', '=', reference)
    .executeTakeFirstOrThrow()
  if (held.order_id !== orderId) throw refuse(referenceUsed(held.code))
}

const referenceUsed = (code: string) => `流水号已用于订单 ${code}，未作改动`

/** Records one transfer (received or paid back) inside the caller's transaction. */
export async function insertReceipt(
  t: Db,
  actor: Actor,
  orderId: number,
  kind: 'payment' | 'refund',
  r: TransferReceipt,
  outcome: TransferOutcome,
  now: Date,
) {
  await t
    .insertInto('transfer_receipts')
    .values({
      order_id: orderId,
      kind,
      amount_fen: r.amountFen,
      reference: r.reference,
      payer: r.payer,
      received_at: r.receivedAt || chinaDay(now),
      slip: r.slip,
      outcome,
      staff_id: actor.staffId,
      staff_username: actor.username,
      create_time: dbTime(now),
    })
    .execute()
}

/**
 * Finance records the corporate transfer of an unpaid order (the back office and
 * `npm run ops -- confirm-transfer`), with what arrived: its amount, bank reference (流水号),
 * payer's account name, day and optional receipt scan.
 * - The amount equals the payable: the order is marked paid (way union) with a paid payment row,
 *   the receipt (matched) and the audit row, in one transaction; of two confirmations at once one
 *   acts, the other is refused.
 * - Short or over: the receipt is recorded with its outcome, the order stays unpaid, the buyer is
 *   told 到账金额与应付金额不一致，请联系客服 (/message), audited.
 * A reference another order's transfer was recorded with, matched or not, is refused (流水号已用于订单
 * X); claimReference decides two recordings of one reference at once.
 * Answers the order's status afterwards (20, or 40 for content; 10 when it did not match).
 */
export async function confirmTransfer(
  db: Db,
  actor: Actor,
  code: string,
  receipt: TransferReceipt,
  now: Date,
): Promise<number> {
  const order = await db
    .selectFrom('orders')
    .select(['id', 'user_id', 'tol_cost_fen', 'status'])
    .where('code', '=', code)
    .executeTakeFirst()
  if (!order) throw refuse(ORDER_MISSING, 404)
  const notUnpaid = `订单 ${code} 不是待付款状态，未作改动`
  if (order.status !== OrderStatus.unpaid) throw refuse(notUnpaid)
  const time = dbTime(now)
  const outcome: TransferOutcome =
    receipt.amountFen === order.tol_cost_fen
      ? 'matched'
      : receipt.amountFen < order.tol_cost_fen
        ? 'short'
        : 'over'
  const recorded = {
    amount: fenToYuan(receipt.amountFen).toFixed(2),
    reference: receipt.reference,
    payer: receipt.payer,
    receivedAt: receipt.receivedAt || chinaDay(now),
    outcome,
  }
  return db.transaction().execute(async (t) => {
    await claimReference(t, receipt.reference, order.id)
    if (outcome !== 'matched') {
      // Still unpaid: read under the transaction so a confirmation that just paid it wins.
      const still = await t
        .selectFrom('orders')
        .select('status')
        .where('id', '=', order.id)
        .executeTakeFirstOrThrow()
      if (still.status !== OrderStatus.unpaid) throw refuse(notUnpaid)
      await insertReceipt(t, actor, order.id, 'payment', receipt, outcome, now)
      await notify(
        t,
        order.user_id,
        '对公转账未确认',
        `您的订单 ${code} 收到对公转账 ${recorded.amount} 元，应付 ${fenToYuan(order.tol_cost_fen).toFixed(2)} 元。${TRANSFER_MISMATCH}。`,
        now,
      )
      await audit(t, actor, now, {
        action: 'order.transfer-mismatch',
        target: `order:${code}`,
        before: { status: OrderStatus.unpaid },
        after: { status: OrderStatus.unpaid, ...recorded },
      })
      return OrderStatus.unpaid
    }
    if (!(await markOrderPaid(t, order.id, 'union', now))) throw refuse(notUnpaid)
    await insertReceipt(t, actor, order.id, 'payment', receipt, outcome, now)
    const outTradeNo = tradeNo('P', now)
    await t
      .insertInto('payments')
      .values({
        user_id: order.user_id,
        order_id: order.id,
        way: 'union',
        amount_fen: order.tol_cost_fen,
        out_trade_no: outTradeNo,
        status: PaymentStatus.paid,
        create_time: time,
        paid_time: time,
      })
      .execute()
    const { status } = await t
      .selectFrom('orders')
      .select('status')
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow()
    await audit(t, actor, now, {
      action: 'order.confirm-transfer',
      target: `order:${code}`,
      before: { status: OrderStatus.unpaid },
      after: { status, payWay: 'union', payment: outTradeNo, ...recorded },
    })
    return status
  })
}
