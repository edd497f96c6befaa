import { Hono } from 'hono'
import { RechargeTag } from '../../src/lib/constants.ts'
import { fenToYuan } from '../../src/lib/money.ts'
import type { Param } from '../db/legacy.ts'
import { type Env, ok, paged, Query, requireUser, timeRange } from '../legacy-http.ts'

export const walletRoutes = new Hono<Env>()

interface TransactionRow {
  id: number
  price_fen: number
  code: string
  tag: number
  title: string
  create_time: string
}

/** Recharge/GetRechargePage: the user's own wallet transactions, tag 1 expense or 2 income. */
walletRoutes.get('/Recharge/GetRechargePage', async (c) => {
  const { db } = c.get('deps')
  const user = requireUser(c)
  const q = new Query(c)
  const where = ['w.user_id = ?']
  const params: Param[] = [user.id]
  const tag = q.int('tag', '收支类型', { min: RechargeTag.expense, max: RechargeTag.income })
  if (tag !== undefined) {
    where.push('w.tag = ?')
    params.push(tag)
  }
  timeRange(q, 'w.create_time', where, params)
  const result = await paged(
    db,
    {
      select: 'w.id, w.price_fen, w.code, w.tag, w.title, w.create_time',
      table: 'wallet_transactions w',
      key: 'w.id',
      where,
      params,
      order: 'w.id DESC',
    },
    q.page(),
    (r: TransactionRow) => ({
      id: Number(r.id),
      price: fenToYuan(Number(r.price_fen)),
      ext: r.code,
      tag: Number(r.tag),
      title: r.title,
      createTime: r.create_time,
    }),
  )
  return ok(c, result)
})
