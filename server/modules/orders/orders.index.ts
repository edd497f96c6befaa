import { OFF_SHELF, ORDER_STATUS_FILTERS, PICK_SKU } from '../../../src/lib/constants.ts'
import { ok, router } from '../../contract/index.ts'
import { int, parseId } from '../../contract/params.ts'
import { refuse, requireUser } from '../../http.ts'
import { signedFileUrl } from '../uploads/private-files.ts'
import { articlePriceLine } from './course-upgrade.ts'
import { type CouponChoice, priceFor, quoteOf } from './order-pricing.ts'
import { customerOrders, orderDetail, orderStatus, ownOrders } from './orders.queries.ts'
import * as routes from './orders.routes.ts'
import {
  articleLine,
  cancelOrder,
  confirmReceipt,
  goodsLines,
  placeArticleOrder,
  placeGoodsOrder,
  type Receiver,
} from './orders.writes.ts'

const statusParam = int('订单状态', { values: ORDER_STATUS_FILTERS })
const CANCELLED = 100
const COMPLETED = 40

const text = (v: unknown, max = 200) => (typeof v === 'string' ? v.trim().slice(0, max) : '')

type Wanted =
  | { kind: 'article'; want: { articleId: number; sectionId?: number } }
  | { kind: 'goods'; wanted: { skuId: number | null; quantity: unknown }[] }

/**
 * The order body's list, read the same way for an order and its quote: one article (course, paid
 * post, task, or a course section) alone, or goods lines that each name a SKU.
 */
function wantedOf(body: { list?: unknown }): Wanted {
  const list = Array.isArray(body.list) ? (body.list as unknown[]) : []
  if (list.length === 0) throw refuse('请勾选商品生成订单')
  const items = list.map((x) => (x !== null && typeof x === 'object' ? (x as Record<string, unknown>) : {}))
  const articles = items.filter((i) => i.articleId !== undefined && i.articleId !== null)
  if (articles.length > 0) {
    if (items.length > 1) throw refuse('课程、帖子和任务须单独购买')
    const item = items[0] ?? {}
    const articleId = parseId(item.articleId)
    if (articleId === null) throw refuse(OFF_SHELF)
    const hasSection = item.sectionId !== undefined && item.sectionId !== null && item.sectionId !== ''
    const sectionId = hasSection ? parseId(item.sectionId) : undefined
    if (sectionId === null) throw refuse(OFF_SHELF)
    return { kind: 'article', want: { articleId, sectionId } }
  }
  // A line that names no SKU is an unchosen specification, not an item gone off shelf.
  if (items.some((i) => i.skuId === undefined || i.skuId === null || i.skuId === '')) throw refuse(PICK_SKU)
  return { kind: 'goods', wanted: items.map((i) => ({ skuId: parseId(i.skuId), quantity: i.quantity })) }
}

/** userCouponId: absent → undefined (the caller's default), -1 the best, 0 none, N that claimed coupon. */
function couponChoice(v: unknown): CouponChoice {
  if (v === undefined || v === null || v === '') return undefined
  const n = Number(v)
  if (!Number.isInteger(n) || n < -1) throw refuse('优惠券不可用：优惠券不存在或已使用')
  return n
}

/** The user's orders, and the introducer's view of their customers' orders; buying; cancelling. */
export const orders = router()
  .openapi(routes.getOrders, async (c) => {
    const { db } = c.get('deps')
    const user = requireUser(c)
    const {
      introducer,
      status: rawStatus,
      types,
      tag: _tag,
      types2: _types2,
      pageIndex,
      pageSize,
      ...range
    } = c.req.valid('query')
    const page = { pageIndex, pageSize }
    if (introducer) return ok(c, await customerOrders(db, user.id, range, page))
    const status = statusParam.safeParse(rawStatus)
    if (!status.success) throw refuse(status.error.issues[0]?.message ?? '订单状态不正确')
    const minutes = c.get('deps').config.orderExpiryMinutes
    return ok(c, await ownOrders(db, user.id, { ...range, status: status.data, types }, page, minutes))
  })
  .openapi(routes.getOrder, async (c) => {
    const { db, config, now } = c.get('deps')
    const at = now()
    const link = (path: string) => signedFileUrl(config.fileUrlSecret, path, at)
    const order = await orderDetail(
      db,
      requireUser(c).id,
      c.req.valid('query').id,
      config.orderExpiryMinutes,
      link,
      config.returnAddress,
    )
    if (!order) throw refuse('订单不存在', 404)
    return ok(c, order)
  })
  .openapi(routes.postOrderAppend, async (c) => {
    const { db, now, config } = c.get('deps')
    const user = requireUser(c)
    const body = c.req.valid('json')
    const wanted = wantedOf(body)
    const extras = {
      userCouponId: couponChoice(body.userCouponId) ?? 0,
      buyerNote: text(body.buyerNote, 10_000),
    }
    if (wanted.kind === 'article')
      return ok(c, await placeArticleOrder(db, user.id, wanted.want, now(), extras))
    const receiver: Receiver = {
      recName: text(body.recName, 20),
      recTel: text(body.recTel, 20),
      recProvince: text(body.recProvince, 20),
      recCity: text(body.recCity, 20),
      recArea: text(body.recArea, 20),
      recStreet: text(body.recStreet, 50),
      recAddress: text(body.recAddress),
      recAddressx: text(body.recAddressx),
      nickName: text(body.nickName, 50),
    }
    if (!receiver.recName || !receiver.recTel || !(receiver.recAddressx || receiver.recAddress))
      throw refuse('请添加地址')
    return ok(c, await placeGoodsOrder(db, user.id, receiver, wanted.wanted, now(), config.holds, extras))
  })
  .openapi(routes.postOrderQuote, async (c) => {
    const { db, now, config } = c.get('deps')
    const user = requireUser(c)
    const body = c.req.valid('json')
    const wanted = wantedOf(body)
    const lines =
      wanted.kind === 'article'
        ? [await articlePriceLine(db, user.id, (await articleLine(db, wanted.want)).line)]
        : (await goodsLines(db, wanted.wanted, config.holds.skuUnits)).pricing
    const choice = couponChoice(body.userCouponId) ?? -1
    return ok(
      c,
      quoteOf(await priceFor(db, user.id, lines, text(body.recProvince, 20), choice, now(), false)),
    )
  })
  .openapi(routes.postOrderStatus, async (c) => {
    const { db, now } = c.get('deps')
    const user = requireUser(c)
    const body = c.req.valid('json')
    const id = parseId(body.id)
    if (id === null) throw refuse('请提供正确的订单编号')
    const status = Number(body.status)
    if (status !== CANCELLED && status !== COMPLETED) throw refuse('不支持的订单状态')
    if ((await orderStatus(db, user.id, id)) === undefined) throw refuse('订单不存在', 404)
    if (status === COMPLETED) {
      await confirmReceipt(db, user.id, id, now())
      return ok(c, '确认收货成功')
    }
    await cancelOrder(db, user.id, id)
    return ok(c, '取消成功')
  })
