/**
 * Balance adjustments by finance (issue 20, back office): a correction of a customer's balance,
 * written as a wallet record the customer sees on /wo, with the reason.
 */
import { RechargeTag } from '../../../src/lib/constants.ts'
import { fenToYuan } from '../../../src/lib/money.ts'
import type { AdjustmentForm } from '../../../src/lib/rules/adjustment.ts'
import type { Db } from '../../db/index.ts'
import { refuse } from '../../http.ts'
import { dbTime } from '../../time.ts'
import { tradeNo } from '../payments/payments.queries.ts'
import { type Actor, audit } from '../staff/audit.ts'

/** wallet_transactions.groups of an adjustment (payments use 10–30). */
export const ADJUSTMENT_GROUP = 40
const WALLET_SETTLED = 20
export const ADJUSTMENT_TITLE = '余额调整'
export const NEGATIVE_BALANCE = '余额不足，扣减后余额不能为负数'

/**
 * Adjusts a user's balance by `fen` (signed) in one transaction: the conditional change (a debit
 * only while the balance covers it, so concurrent debits never take it below zero), the wallet
 * record (tag 2 income for a credit, 1 expense for a debit, titled 余额调整：<reason>) and the
 * audit row with the balance before and after. A refusal changes nothing.
 * await adjustBalance(db, actor, 7, { fen: -1250, reason: '重复充值' }, now) → { balance: 487.5, record }
 */
export async function adjustBalance(db: Db, actor: Actor, userId: number, v: AdjustmentForm, now: Date) {
  return db.transaction().execute(async (t) => {
    let change = t
      .updateTable('users')
      .set((e) => ({ balance_fen: e('balance_fen', '+', v.fen) }))
      .where('id', '=', userId)
    if (v.fen < 0) change = change.where('balance_fen', '>=', -v.fen)
    const changed = await change.executeTakeFirst()
    if (Number(changed.numUpdatedRows) === 0) {
      const exists = await t.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst()
      throw exists ? refuse(NEGATIVE_BALANCE) : refuse('用户不存在', 404)
    }
    // Read after our own change (the row is ours until commit): before is exactly after − fen.
    const { balance_fen: afterFen } = await t
      .selectFrom('users')
      .select('balance_fen')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow()
    const time = dbTime(now)
    const title = `${ADJUSTMENT_TITLE}：${v.reason}`
    const code = tradeNo('A', now)
    const record = await t
      .insertInto('wallet_transactions')
      .values({
        user_id: userId,
        create_id: null,
        tag: v.fen > 0 ? RechargeTag.income : RechargeTag.expense,
        groups: ADJUSTMENT_GROUP,
        title,
        price_fen: Math.abs(v.fen),
        code,
        status: WALLET_SETTLED,
        create_time: time,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await audit(t, actor, now, {
      action: 'wallet.adjust',
      target: `user:${userId}`,
      before: { balance: fenToYuan(Number(afterFen) - v.fen) },
      after: {
        balance: fenToYuan(Number(afterFen)),
        amount: fenToYuan(v.fen),
        reason: v.reason,
        record: code,
      },
    })
    return {
      balance: fenToYuan(Number(afterFen)),
      record: {
        id: record.id,
        price: fenToYuan(Math.abs(v.fen)),
        ext: code,
        tag: v.fen > 0 ? RechargeTag.income : RechargeTag.expense,
        title,
        createTime: time,
      },
    }
  })
}
