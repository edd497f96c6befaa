import { Hono } from 'hono'
import { OrderStatus, OrderStatusText } from '../../src/lib/constants.ts'
import { maskPhone } from '../../src/lib/format.ts'
import { fenToYuan } from '../../src/lib/money.ts'
import type { Db, Param } from '../db/legacy.ts'
import { type Env, ok, paged, Query, refuse, requireUser, timeRange } from '../legacy-http.ts'

export const orderRoutes = new Hono<Env>()

/** Orders that were paid: awaiting shipment, awaiting receipt, completed (storefront §4). */
export const PAID_ORDER_STATUSES = [
  OrderStatus.unshipped,
  OrderStatus.unreceived,
  OrderStatus.completed,
] as const
/** The status filters of the order list; -1 is refund/after-sales, i.e. types = 10. */
const STATUS_FILTERS: readonly number[] = [10, 20, 30, 40, 100, OrderStatus.afterSales]
const AFTER_SALES_TYPES = 10

interface OrderRow {
  id: number
  code: string
  status: number
  types: number
  cost_price_fen: number
  tol_cost_fen: number
  rec_name: string
  rec_tel: string
  rec_address: string
  rec_addressx: string
  create_time: string
  pay_time: string | null
  way_time: string | null
  finish_time: string | null
}

interface ItemRow {
  order_id: number
  title: string
  imgurl: string
  price_fen: number
  quantity: number
}

/** The items of some orders in one query, by order id. */
async function itemsOf(db: Db, orderIds: number[]) {
  const byOrder = new Map<number, { imgurl: string; title: string; price: number; quantity: number }[]>()
  if (orderIds.length === 0) return byOrder
  const rows = await db.all<ItemRow>(
    `SELECT order_id, title, imgurl, price_fen, quantity FROM order_items
     WHERE order_id IN (${orderIds.map(() => '?').join(', ')}) ORDER BY id`,
    orderIds,
  )
  for (const r of rows) {
    const list = byOrder.get(Number(r.order_id)) ?? []
    list.push({
      imgurl: r.imgurl,
      title: r.title,
      price: fenToYuan(Number(r.price_fen)),
      quantity: Number(r.quantity),
    })
    byOrder.set(Number(r.order_id), list)
  }
  return byOrder
}

/**
 * Orders/GetOrdersPage. With introducer=1: the paid orders of the signed-in introducer's
 * customers (accounts §2 "Customer orders"), matching the totals of Users/GetUsersIntroducer.
 * Without: the user's own orders, filtered by status (storefront §4).
 */
orderRoutes.get('/Orders/GetOrdersPage', async (c) => {
  const { db } = c.get('deps')
  const user = requireUser(c)
  const q = new Query(c)
  const where: string[] = []
  const params: Param[] = []
  if (q.raw('introducer') === '1') {
    where.push(
      'o.user_id IN (SELECT id FROM users WHERE introducer_id = ?)',
      `o.status IN (${PAID_ORDER_STATUSES.join(', ')})`,
    )
    params.push(user.id)
    timeRange(q, 'o.create_time', where, params)
    const result = await paged(
      db,
      {
        select: 'o.id, o.code, o.rec_tel, o.tol_cost_fen, o.create_time, o.status, u.nick_name, u.avatar_url',
        table: 'orders o',
        key: 'o.id',
        join: 'JOIN users u ON u.id = o.user_id',
        where,
        params,
        order: 'o.id DESC',
      },
      q.page(),
      (r: OrderRow & { nick_name: string; avatar_url: string }) => ({
        id: Number(r.id),
        code: r.code,
        nickName: r.nick_name,
        avatarUrl: r.avatar_url,
        recTel: maskPhone(r.rec_tel),
        tolCost: fenToYuan(Number(r.tol_cost_fen)),
        createTime: r.create_time,
        status: Number(r.status),
      }),
    )
    return ok(c, result)
  }

  where.push('o.user_id = ?')
  params.push(user.id)
  const status = q.int('status', '订单状态', { min: -1, max: 100 })
  if (status !== undefined && !STATUS_FILTERS.includes(status)) throw refuse('订单状态不正确')
  if (status === OrderStatus.afterSales) {
    where.push('o.types = ?')
    params.push(AFTER_SALES_TYPES)
  } else if (status !== undefined) {
    where.push('o.status = ?')
    params.push(status)
  }
  timeRange(q, 'o.create_time', where, params)
  const result = await paged(
    db,
    {
      select: `o.id, o.code, o.status, o.types, o.cost_price_fen, o.tol_cost_fen, o.rec_name, o.rec_tel,
        o.rec_address, o.rec_addressx, o.create_time, o.pay_time, o.way_time, o.finish_time`,
      table: 'orders o',
      key: 'o.id',
      where,
      params,
      order: 'o.id DESC',
    },
    q.page(),
    (r: OrderRow) => ({
      id: Number(r.id),
      code: r.code,
      status: Number(r.status),
      statusText: OrderStatusText[Number(r.status)] ?? '',
      types: Number(r.types),
      costPrice: fenToYuan(Number(r.cost_price_fen)),
      tolCost: fenToYuan(Number(r.tol_cost_fen)),
      recName: r.rec_name,
      recTel: r.rec_tel,
      recAddress: r.rec_address,
      recAddressx: r.rec_addressx,
      createTime: r.create_time,
      payTime: r.pay_time ?? '',
      wayTime: r.way_time ?? '',
      finishTime: r.finish_time ?? '',
    }),
  )
  const items = await itemsOf(
    db,
    result.pageData.map((o) => o.id),
  )
  const pageData = result.pageData.map((o) => {
    const itemList = items.get(o.id) ?? []
    // `ext` is the storefront's JSON list of items (storefront §3); itemList the same as objects.
    const ext = JSON.stringify(itemList.map(({ imgurl, title, quantity }) => ({ imgurl, title, quantity })))
    return { ...o, ext, itemList }
  })
  return ok(c, { ...result, pageData })
})
