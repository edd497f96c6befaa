/**
 * Balance adjustments above the limit (issue 39): finance adjusts a balance by at most
 * BALANCE_ADJUST_LIMIT alone (wallet.service.ts adjustBalance). Above it the adjustment is
 * recorded as a pending balance_adjustments row and nothing moves until a second finance or
 * admin account — never the requester — approves it; the requester (or an admin) may withdraw it
 * while it waits. Each step is one transaction whose conditional update (status = 'pending')
 * makes a second attempt change nothing, with its audit row.
 */
import { fenToYuan } from '../../../src/lib/money.ts'
import type { AdjustmentForm } from '../../../src/lib/rules/adjustment.ts'
import { type Actor, audit } from '../../admin/audit.ts'
import type { Db } from '../../db/index.ts'
import { adjustOnce, type Page } from '../../db/sql.ts'
import { refuse } from '../../http.ts'
import { dbTime } from '../../time.ts'
import { transactionWire } from './wallet.queries.ts'
import { moveBalance, NEGATIVE_BALANCE } from './wallet.service.ts'

export const ADJUSTMENT_STATUSES = ['pending', 'approved', 'withdrawn'] as const
export const ADJUSTMENT_STATUS_TEXT: Record<(typeof ADJUSTMENT_STATUSES)[number], string> = {
  pending: '待审批',
  approved: '已批准',
  withdrawn: '已撤回',
}

export const APPROVAL_MESSAGES = {
  secondPerson: '须由另一位财务或管理员审批',
  notFound: '余额调整申请不存在',
  withdrawer: '只有申请人或管理员可以撤回',
} as const
/** Why a conditional update found nothing: the row as it is now (another may just have decided it). */
async function decided(t: Db, id: number) {
  const now = await t
    .selectFrom('balance_adjustments')
    .select('status')
    .where('id', '=', id)
    .executeTakeFirst()
  const text = ADJUSTMENT_STATUS_TEXT[now?.status ?? 'approved'] ?? '已处理'
  return refuse(`该余额调整${text}，不能再处理`, 409)
}

/**
 * Records an adjustment above the limit as pending: nothing moves. A debit the balance does not
 * cover now is refused at once (and again at approval). With `requestId` under its unique index,
 * the same request sent again answers the first one.
 * await requestAdjustment(db, actor, 7, { fen: 600_000, reason: '大客户返利补发' }, now) → { pending: true, adjustmentId: 3 }
 */
export async function requestAdjustment(db: Db, actor: Actor, userId: number, v: AdjustmentForm, now: Date) {
  const requester = actor.staffId
  // Approval needs to know who asked: a staff account, never the ops command line.
  if (requester === null) throw refuse(APPROVAL_MESSAGES.secondPerson, 403)
  return db.transaction().execute(async (t) => {
    const user = await t.selectFrom('users').select('balance_fen').where('id', '=', userId).executeTakeFirst()
    if (!user) throw refuse('用户不存在', 404)
    if (v.fen < 0 && Number(user.balance_fen) < -v.fen) throw refuse(NEGATIVE_BALANCE)
    const written = await adjustOnce(
      t,
      'balance_adjustments',
      {
        user_id: userId,
        amount_fen: v.fen,
        reason: v.reason,
        request_id: v.requestId ?? null,
        requested_by: requester,
        status: 'pending',
        create_time: dbTime(now),
      },
      { columns: ['id'], owner: 'user_id', reused: '请求编号已用于另一位客户的调整' },
    )
    if (written.earlier) return { pending: true as const, adjustmentId: Number(written.earlier.id) }
    await audit(t, actor, now, {
      action: 'wallet.adjust.request',
      target: `user:${userId}`,
      after: { adjustment: written.id, amount: fenToYuan(v.fen), reason: v.reason },
    })
    return { pending: true as const, adjustmentId: written.id }
  })
}

/**
 * Approves a pending adjustment by another finance or admin account and applies it, once: the
 * conditional update pending → approved, the wallet record and the balance change (a debit only
 * while the balance covers it) and the audit row in one transaction. Of two approvers at once one
 * applies it; the other is told it was decided. A refusal changes nothing.
 * await approveAdjustment(db, actor, 3, now) → { balance: 6100, record }
 */
export async function approveAdjustment(db: Db, actor: Actor, id: number, now: Date) {
  return db.transaction().execute(async (t) => {
    const row = await t.selectFrom('balance_adjustments').selectAll().where('id', '=', id).executeTakeFirst()
    if (!row) throw refuse(APPROVAL_MESSAGES.notFound, 404)
    if (Number(row.requested_by) === actor.staffId) throw refuse(APPROVAL_MESSAGES.secondPerson, 403)
    const claimed = await t
      .updateTable('balance_adjustments')
      .set({ status: 'approved', decided_by: actor.staffId, decide_time: dbTime(now) })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .executeTakeFirst()
    if (Number(claimed.numUpdatedRows) === 0) throw await decided(t, id)
    const fen = Number(row.amount_fen)
    const moved = await moveBalance(t, row.user_id, { fen, reason: row.reason }, now)
    await t
      .updateTable('balance_adjustments')
      .set({ record_code: moved.record.code })
      .where('id', '=', id)
      .execute()
    await audit(t, actor, now, {
      action: 'wallet.adjust.approve',
      target: `user:${row.user_id}`,
      before: { balance: fenToYuan(moved.balanceFen - fen) },
      after: {
        balance: fenToYuan(moved.balanceFen),
        adjustment: id,
        amount: fenToYuan(fen),
        reason: row.reason,
        record: moved.record.code,
      },
    })
    return { balance: fenToYuan(moved.balanceFen), record: transactionWire(moved.record) }
  })
}

/**
 * Withdraws a pending adjustment: by its requester, or an admin. Nothing had moved; nothing moves.
 * await withdrawAdjustment(db, actor, false, 3, now) → the adjustment, now 'withdrawn'
 */
export async function withdrawAdjustment(db: Db, actor: Actor, isAdmin: boolean, id: number, now: Date) {
  await db.transaction().execute(async (t) => {
    const row = await t.selectFrom('balance_adjustments').selectAll().where('id', '=', id).executeTakeFirst()
    if (!row) throw refuse(APPROVAL_MESSAGES.notFound, 404)
    if (Number(row.requested_by) !== actor.staffId && !isAdmin)
      throw refuse(APPROVAL_MESSAGES.withdrawer, 403)
    const done = await t
      .updateTable('balance_adjustments')
      .set({ status: 'withdrawn', decided_by: actor.staffId, decide_time: dbTime(now) })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .executeTakeFirst()
    if (Number(done.numUpdatedRows) === 0) throw await decided(t, id)
    await audit(t, actor, now, {
      action: 'wallet.adjust.withdraw',
      target: `user:${row.user_id}`,
      after: { adjustment: id, amount: fenToYuan(Number(row.amount_fen)), reason: row.reason },
    })
  })
  return (await listAdjustments(db, { id }, { pageIndex: 0, pageSize: 1 })).pageData[0]
}

/** How many adjustments wait for a second person (the menu's badge and the dashboard). */
export async function pendingAdjustments(db: Db): Promise<number> {
  const r = await db
    .selectFrom('balance_adjustments')
    .select((e) => e.fn.countAll<number>().as('n'))
    .where('status', '=', 'pending')
    .executeTakeFirst()
  return Number(r?.n ?? 0)
}

/**
 * Adjustments, newest first, with the customer and the requester: finance's queue
 * (`status: 'pending'`) or one customer's (`userId`).
 */
export async function listAdjustments(
  db: Db,
  f: { status?: string; userId?: number; id?: number },
  page: Page,
) {
  let q = db.selectFrom('balance_adjustments as b')
  if (f.status) q = q.where('b.status', '=', f.status as 'pending')
  if (f.userId !== undefined) q = q.where('b.user_id', '=', f.userId)
  if (f.id !== undefined) q = q.where('b.id', '=', f.id)
  const total = await q.select((e) => e.fn.countAll<number>().as('n')).executeTakeFirst()
  const rows = await q
    .innerJoin('users as u', 'u.id', 'b.user_id')
    .innerJoin('staff as r', 'r.id', 'b.requested_by')
    .leftJoin('staff as d', 'd.id', 'b.decided_by')
    .select([
      'b.id',
      'b.user_id',
      'b.amount_fen',
      'b.reason',
      'b.status',
      'b.requested_by',
      'b.decided_by',
      'b.record_code',
      'b.create_time',
      'b.decide_time',
      'u.nick_name',
      'u.tel',
      'r.username as requester',
      'd.username as decider',
    ])
    .orderBy('b.id', 'desc')
    .limit(page.pageSize)
    .offset(page.pageIndex * page.pageSize)
    .execute()
  return {
    pageData: rows.map((r) => ({
      id: Number(r.id),
      userId: Number(r.user_id),
      nickName: r.nick_name,
      tel: r.tel ?? '',
      amount: fenToYuan(Number(r.amount_fen)),
      reason: r.reason,
      status: r.status,
      statusText: ADJUSTMENT_STATUS_TEXT[r.status],
      requestedBy: Number(r.requested_by),
      requester: r.requester,
      decidedBy: r.decided_by === null ? null : Number(r.decided_by),
      decider: r.decider ?? null,
      record: r.record_code,
      createTime: r.create_time,
      decideTime: r.decide_time,
    })),
    pageIndex: page.pageIndex,
    pageSize: page.pageSize,
    pageTotal: Number(total?.n ?? 0),
  }
}
