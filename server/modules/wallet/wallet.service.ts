/**
 * Balance adjustments by finance (issue 20, back office): a correction of a customer's balance,
 * written as a wallet record the customer sees on /wo, with the reason.
 */
import { RechargeTag } from '../../../src/lib/constants.ts'
import { fenToYuan } from '../../../src/lib/money.ts'
import type { AdjustmentForm } from '../../../src/lib/rules/adjustment.ts'
import { type Actor, audit } from '../../admin/audit.ts'
import type { Db } from '../../db/index.ts'
import { adjustOnce } from '../../db/sql.ts'
import { refuse } from '../../http.ts'
import { dbTime } from '../../time.ts'
import { tradeNo } from '../payments/payments.queries.ts'
import { transactionWire } from './wallet.queries.ts'

/** wallet_transactions.groups of an adjustment (payments use 10–30). */
export const ADJUSTMENT_GROUP = 40
const WALLET_SETTLED = 20
export const ADJUSTMENT_TITLE = '余额调整'
export const NEGATIVE_BALANCE = '余额不足，扣减后余额不能为负数'

/**
 * Moves a user's balance by `fen` (signed) inside the caller's transaction `t`: the wallet record
 * (tag 2 income for a credit, 1 expense for a debit, titled 余额调整：<reason>) and the
 * conditional change (a debit only while the balance covers it, so concurrent debits never take it
 * below zero; else 余额不足, and the caller's transaction changes nothing). With `requestId` the
 * record is written first under that id's unique index: an adjustment made already answers
 * `earlier`, its record, and moves nothing. Used by adjustBalance and by an approval
 * (balance-approval.ts).
 */
export async function moveBalance(
  t: Db,
  userId: number,
  v: { fen: number; reason: string; requestId?: string | null },
  now: Date,
) {
  const balanceOf = async () =>
    Number(
      (await t.selectFrom('users').select('balance_fen').where('id', '=', userId).executeTakeFirst())
        ?.balance_fen ?? Number.NaN,
    )
  // The record refers to the user, so an unknown one is refused before it is written.
  if (Number.isNaN(await balanceOf())) throw refuse('用户不存在', 404)
  const record = {
    user_id: userId,
    create_id: null,
    tag: v.fen > 0 ? RechargeTag.income : RechargeTag.expense,
    groups: ADJUSTMENT_GROUP,
    title: `${ADJUSTMENT_TITLE}：${v.reason}`,
    price_fen: Math.abs(v.fen),
    code: tradeNo('A', now),
    status: WALLET_SETTLED,
    create_time: dbTime(now),
    request_id: v.requestId ?? null,
  }
  const written = await adjustOnce(t, 'wallet_transactions', record, {
    columns: ['id', 'price_fen', 'code', 'tag', 'title', 'create_time'],
    owner: 'user_id',
    reused: '请求编号已用于另一位客户的调整',
  })
  // This adjustment was made already: answer it again.
  if (written.earlier) return { balanceFen: await balanceOf(), record: written.earlier, earlier: true }
  let change = t
    .updateTable('users')
    .set((e) => ({ balance_fen: e('balance_fen', '+', v.fen) }))
    .where('id', '=', userId)
  if (v.fen < 0) change = change.where('balance_fen', '>=', -v.fen)
  const changed = await change.executeTakeFirst()
  if (Number(changed.numUpdatedRows) === 0) throw refuse(NEGATIVE_BALANCE)
  // Read after our own change (the row is ours until commit): before is exactly after − fen.
  return { balanceFen: await balanceOf(), record: { id: written.id, ...record }, earlier: false }
}

/**
 * Adjusts a user's balance by `fen` (signed) in one transaction: moveBalance (the wallet record
 * and the conditional change) and the audit row with the balance before and after. A refusal
 * changes nothing.
 *
 * With `requestId` the record is written first, under that id's unique index: the same
 * adjustment sent again (a double click, a retry after a lost answer, even at the same moment)
 * finds its record and answers it with the balance as it is, changing nothing a second time.
 * await adjustBalance(db, actor, 7, { fen: -1250, reason: '重复充值', requestId }, now) → { balance: 487.5, record }
 */
export async function adjustBalance(db: Db, actor: Actor, userId: number, v: AdjustmentForm, now: Date) {
  return db.transaction().execute(async (t) => {
    const moved = await moveBalance(t, userId, v, now)
    if (!moved.earlier)
      await audit(t, actor, now, {
        action: 'wallet.adjust',
        target: `user:${userId}`,
        before: { balance: fenToYuan(moved.balanceFen - v.fen) },
        after: {
          balance: fenToYuan(moved.balanceFen),
          amount: fenToYuan(v.fen),
          reason: v.reason,
          record: moved.record.code,
        },
      })
    return { balance: fenToYuan(moved.balanceFen), record: transactionWire(moved.record) }
  })
}
