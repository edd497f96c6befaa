/**
 * Orders with their items and waybills, wallet transactions and course purchases: the plain
 * user's orders in every status, and the introducer's customers with the commission they earn.
 * Every paid order has its payment record as the pay calls leave it (the back office's 付款记录
 * and finance's reconciliation read them): a balance payment with its wallet record, the others
 * with the provider's trade number.
 */
import { ArticleStatus, OrderStatus, RechargeTag } from '../../src/lib/constants.ts'
import { AfterStatus } from '../../src/lib/order-states.ts'
import type { Breakdown } from '../../src/lib/rules/pricing.ts'
import { PaymentStatus } from '../modules/payments/payments.queries.ts'
import type { AddressInfo, SeedAddressBook } from './addresses.ts'
import { type ArticleInfo, listedOf } from './articles.ts'
import type { SpuInfo } from './catalog.ts'
import {
  at,
  Discount,
  OrderType,
  PayWay,
  type SeedContext,
  Table,
  WALLET_SETTLED,
  WalletGroup,
} from './common.ts'
import { buyableSpus } from './community.ts'
import type { SeedUsers } from './users.ts'

export interface SeedCommerce {
  orders: Table<'orders'>
  items: Table<'order_items'>
  purchases: Table<'purchases'>
  wallet: Table<'wallet_transactions'>
  waybills: Table<'waybills'>
  parcelLines: Table<'shipment_lines'>
  afterSales: Table<'after_sales'>
  payments: Table<'payments'>
  /** How the rows above are written: the recent trade (trade.ts) adds its orders through it. */
  writer: OrderBook
}

/** The order writer of the seed, for the parts that add orders after the demo accounts' ones. */
export interface OrderBook {
  addOrder(o: NewOrder): { id: number; code: string; tol: number; payTime: Date | null; shipped: boolean }
  recharge(userId: number, fen: number, when: Date): number
  /** The wallet expense (and payment) of an order paid from the balance → its amount. */
  expense(userId: number, order: { id: number; code: string; tol: number; payTime: Date | null }): number
  /** Its random draws (waybill numbers, times) come from `ctx` from now on: the demo's rows keep theirs. */
  drawFrom(ctx: SeedContext): void
}

export interface NewOrder {
  userId: number
  status: number
  lines: Line[]
  created: Date
  address?: AddressInfo
  payWay?: string
  types?: number
  afterRemarks?: string
  invoiceId?: number
  /** The figures priceOrder gave (promotion, shipping); by default the member discount alone. */
  price?: Breakdown
}

export interface Line {
  title: string
  imgurl: string
  priceFen: number
  quantity: number
  spuId?: number
  skuId?: number
  articleId?: number
  sectionId?: number
}

const HOUR = 3600000
const COURIER = '顺丰速运'
/** Orders are shipped from here. */
const ORIGIN_CITY = '苏州市'
/** What a plain user's product line may cost, and a clinic's (fen). */
const PLAIN_LINE_MAX_FEN = 300000
const CUSTOMER_LINE_MAX_FEN = 3000000
/** Below this price a line may have up to three pieces. */
const MULTI_PIECE_BELOW_FEN = 50000
/** The introducer earns this share of a customer's paid order. */
const COMMISSION_RATE = 0.05
/** Recharges leave the plain user with its seeded balance; the last one is this much. */
const LAST_RECHARGE_FEN = 20000

export function seedCommerce(
  ctx: SeedContext,
  deps: {
    users: SeedUsers
    book: SeedAddressBook
    spus: readonly SpuInfo[]
    articles: readonly ArticleInfo[]
    /** The photo of the after-sales request. */
    afterImg: string
  },
): SeedCommerce {
  const { rnd, now, ago, time } = ctx
  // Where addOrder and its waybills draw from (drawFrom): the demo's own sequence by default.
  let draws = ctx
  const { users, book } = deps
  const { plainId, introducerId, customerIds } = users
  const orders = new Table('orders')
  const items = new Table('order_items')
  const purchases = new Table('purchases')
  const wallet = new Table('wallet_transactions')
  const waybills = new Table('waybills')
  const parcelLines = new Table('shipment_lines')
  const afterSales = new Table('after_sales')
  const payments = new Table('payments')
  const listedSpus = buyableSpus(deps.spus)

  let orderSeq = 0
  let paymentSeq = 0
  /** A paid order's payment: `P` + the time + a sequence, the shape of the pay calls' numbers. */
  const addPayment = (
    o: { userId: number; orderId: number; way: string; fen: number; at: Date },
    transactionId: number | null = null,
  ) =>
    payments.add({
      user_id: o.userId,
      order_id: o.orderId,
      transaction_id: transactionId,
      way: o.way,
      amount_fen: o.fen,
      out_trade_no: `P${time(o.at).replace(/\D/g, '')}${String(++paymentSeq).padStart(12, '0')}`,
      status: PaymentStatus.paid,
      create_time: time(o.at),
      paid_time: time(o.at),
      refund_time: null,
    })
  let walletSeq = 0
  const ymd = (d: Date) => time(d).slice(0, 10).replaceAll('-', '')
  const walletCode = (d: Date) => `R${ymd(d)}${String(++walletSeq).padStart(5, '0')}`
  const userDiscount = (userId: number) => users.table.row(userId).discount ?? Discount.none

  const addWaybill = (orderId: number, shipped: Date, signed: Date | null, a: AddressInfo | undefined) => {
    const city = a?.city ?? ORIGIN_CITY
    const hub = city.replace(/市$/, '')
    const steps: { at: Date; status: string; info: string; process: string }[] = [
      {
        at: shipped,
        status: '已揽收',
        info: '快件已由【苏州工业园区营业点】揽收',
        process: '顺丰速运已收取快件',
      },
      {
        at: new Date(shipped.getTime() + 5 * HOUR),
        status: '运输中',
        info: '快件已发往【苏州转运中心】',
        process: '快件在【苏州转运中心】完成分拣',
      },
      {
        at: new Date(shipped.getTime() + 20 * HOUR),
        status: '运输中',
        info: `快件已到达【${hub}集散中心】`,
        process: `快件到达【${hub}集散中心】，准备发往派送网点`,
      },
    ]
    if (signed) {
      steps.push(
        {
          at: new Date(signed.getTime() - 4 * HOUR),
          status: '派送中',
          info: '快递员正在派送途中，请保持电话畅通',
          process: `【${a?.area ?? hub}营业点】派件员正在为您派件`,
        },
        {
          at: signed,
          status: '已签收',
          info: '快件已签收，签收人：本人',
          process: '您的快件已签收，感谢使用顺丰速运',
        },
      )
    }
    const locus = steps
      .filter((s) => s.at.getTime() <= now.getTime())
      .reverse()
      .map((s) => ({
        upload_Time: time(s.at),
        status: s.status,
        infoContent: s.info,
        processInfo: s.process,
      }))
    return waybills.add({
      order_id: orderId,
      company: COURIER,
      number: `SF${draws.rnd.digits(13)}`,
      status: signed ? '已签收' : '运输中',
      locus: JSON.stringify(locus),
      create_time: time(shipped),
    })
  }

  const addOrder = (o: NewOrder) => {
    const discount = userDiscount(o.userId)
    const cost = o.price?.subtotalFen ?? o.lines.reduce((s, l) => s + l.priceFen * l.quantity, 0)
    const tol = o.price?.totalFen ?? Math.round((cost * discount) / 10)
    const memberOff = o.price?.memberOffFen ?? cost - tol
    const { after } = draws
    const paid = o.status !== OrderStatus.unpaid && o.status !== OrderStatus.cancelled
    const payTime = paid ? after(o.created, 0.02) : null
    const shipped = o.status === OrderStatus.unreceived || o.status === OrderStatus.completed
    const wayTime = payTime && shipped && o.address ? after(payTime, 2) : null
    const finishTime = o.status === OrderStatus.completed ? (wayTime ? after(wayTime, 4) : payTime) : null
    const payWay = o.payWay ?? PayWay.balance
    const a = o.address
    const code = `D${ymd(o.created)}${String(++orderSeq).padStart(4, '0')}`
    const id = orders.add({
      code,
      user_id: o.userId,
      status: o.status,
      types: o.types ?? OrderType.normal,
      cost_price_fen: cost,
      tol_cost_fen: tol,
      member_off_fen: memberOff,
      promo_off_fen: o.price?.promotion?.offFen ?? 0,
      promo_title: o.price?.promotion?.title ?? '',
      shipping_fen: o.price?.shippingFen ?? 0,
      discount,
      discount_tenths: discount * 10,
      rec_name: a?.name ?? '',
      rec_tel: a?.tel ?? '',
      rec_province: a?.province ?? '',
      rec_city: a?.city ?? '',
      rec_area: a?.area ?? '',
      rec_street: a?.street ?? '',
      rec_address: a ? [a.province, a.city, a.area, a.street].join(',') : '',
      rec_addressx: a?.detail ?? '',
      nick_name: users.nick(o.userId),
      after_remarks: o.afterRemarks ?? '',
      after_imgs: o.afterRemarks ? deps.afterImg : '',
      invoice_id: o.invoiceId ?? null,
      // An after-sales request is applied (10); an invoice asked for is applied (10): migration 4.
      after_status: o.types === OrderType.afterSales ? 10 : 0,
      invoice_status: o.invoiceId ? 10 : 0,
      pay_way: paid ? payWay : '',
      create_time: time(o.created),
      pay_time: payTime ? time(payTime) : null,
      way_time: wayTime ? time(wayTime) : null,
      finish_time: finishTime ? time(finishTime) : null,
    })
    const itemIds = o.lines.map((l) =>
      items.add({
        order_id: id,
        spu_id: l.spuId ?? null,
        sku_id: l.skuId ?? null,
        article_id: l.articleId ?? null,
        section_id: l.sectionId ?? null,
        title: l.title,
        imgurl: l.imgurl,
        price_fen: l.priceFen,
        quantity: l.quantity,
        // A shipped order's one parcel holds everything (migration 32).
        shipped_qty: wayTime ? l.quantity : 0,
        refunded_qty: 0,
        refunded_fen: 0,
        dropped_qty: 0,
      }),
    )
    if (wayTime) {
      const parcel = addWaybill(
        id,
        wayTime,
        o.status === OrderStatus.completed && finishTime ? finishTime : null,
        a,
      )
      o.lines.forEach((l, i) => {
        parcelLines.add({ waybill_id: parcel, item_id: itemIds[i] as number, quantity: l.quantity })
      })
    }
    // The open request is the whole order's 仅退款, as the buyer's PostOrdersRefund makes it.
    if (o.types === OrderType.afterSales)
      afterSales.add({
        order_id: id,
        kind: 'refund',
        status: AfterStatus.applied,
        lines: '[]',
        amount_fen: 0,
        remarks: o.afterRemarks ?? '',
        imgs: o.afterRemarks ? deps.afterImg : '',
        create_time: time(o.created),
        update_time: time(o.created),
      })
    // A balance payment is recorded with its wallet record (expense).
    if (payTime && payWay !== PayWay.balance)
      addPayment({ userId: o.userId, orderId: id, way: payWay, fen: tol, at: payTime })
    return { id, code, tol, payTime, shipped: wayTime !== null }
  }

  /** Lines of in-stock SKUs up to `maxFen` each: a person buys consumables, not three scanners. */
  const productLines = (n: number, maxFen: number): Line[] => {
    const affordable = listedSpus.filter((s) => s.skus.some((k) => k.stock > 0 && k.priceFen <= maxFen))
    return rnd.pickSome(affordable, n).map((s) => {
      const sku = rnd.pick(s.skus.filter((k) => k.stock > 0 && k.priceFen <= maxFen))
      return {
        title: `${s.title} ${sku.title}`,
        imgurl: sku.img,
        priceFen: sku.priceFen,
        quantity: sku.priceFen < MULTI_PIECE_BELOW_FEN ? rnd.int(1, 3) : 1,
        spuId: s.id,
        skuId: sku.id,
      }
    })
  }

  /** The wallet expense of an order paid from the balance → its amount. */
  const expense = (
    userId: number,
    order: { id: number; code: string; tol: number; payTime: Date | null },
  ) => {
    const when = order.payTime ?? now
    const record = wallet.add({
      user_id: userId,
      create_id: userId,
      order_id: order.id,
      tag: RechargeTag.expense,
      groups: WalletGroup.orderPayment,
      title: `余额支付订单${order.code}`,
      price_fen: order.tol,
      code: walletCode(when),
      status: WALLET_SETTLED,
      create_time: time(when),
    })
    addPayment({ userId, orderId: order.id, way: PayWay.balance, fen: order.tol, at: when }, record)
    return order.tol
  }

  /** A settled top-up of the balance. */
  const recharge = (userId: number, fen: number, when: Date) =>
    wallet.add({
      user_id: userId,
      create_id: userId,
      order_id: null,
      tag: RechargeTag.income,
      groups: WalletGroup.recharge,
      title: '余额充值',
      price_fen: fen,
      code: walletCode(when),
      status: WALLET_SETTLED,
      create_time: time(when),
    })

  // The plain user's orders, one plan per status.
  let spent = 0
  const plain = at(book.plainAddresses, 0)
  const orderPlans: {
    status: number
    days: number
    n: number
    way: string
    types?: number
    after?: string
    invoice?: number
  }[] = [
    { status: OrderStatus.cancelled, days: 60, n: 1, way: PayWay.alipay },
    { status: OrderStatus.completed, days: 40, n: 3, way: PayWay.alipay, invoice: book.invoiceId },
    {
      status: OrderStatus.completed,
      days: 25,
      n: 1,
      way: PayWay.balance,
      types: OrderType.afterSales,
      after: '收到的商品外包装破损，申请换货',
    },
    { status: OrderStatus.unreceived, days: 9, n: 2, way: PayWay.wechat },
    { status: OrderStatus.unshipped, days: 5, n: 1, way: PayWay.balance },
    { status: OrderStatus.unpaid, days: 2, n: 2, way: '' },
  ]
  for (const p of orderPlans) {
    const lines = productLines(p.n, PLAIN_LINE_MAX_FEN)
    if (lines.length > 0) {
      const o = addOrder({
        userId: plainId,
        status: p.status,
        lines,
        created: ago(p.days),
        // The shipped order goes to the second address.
        address: p.status === OrderStatus.unreceived ? at(book.plainAddresses, 1) : plain,
        payWay: p.way,
        types: p.types,
        afterRemarks: p.after,
        invoiceId: p.invoice,
      })
      if (o.payTime && p.way === PayWay.balance) spent += expense(plainId, o)
    }
  }
  // Two whole courses and one single section bought by the plain user.
  const paidCourses = listedOf(deps.articles, ArticleStatus.course).filter(
    (a) => a.priceFen > 0 && a.createId !== plainId,
  )
  const bought = paidCourses.slice(0, 2)
  if (bought.length > 0) {
    const o = addOrder({
      userId: plainId,
      status: OrderStatus.completed,
      lines: bought.map((a) => ({
        title: a.title,
        imgurl: a.imgurl,
        priceFen: a.priceFen,
        quantity: 1,
        articleId: a.id,
      })),
      created: ago(50),
      payWay: PayWay.balance,
    })
    spent += expense(plainId, o)
    for (const a of bought)
      purchases.add({
        user_id: plainId,
        article_id: a.id,
        section_id: null,
        order_id: o.id,
        create_time: time(o.payTime ?? now),
      })
  }
  const single = paidCourses[2]
  const section = single?.sections.find((s) => s.paid)
  if (single && section) {
    const o = addOrder({
      userId: plainId,
      status: OrderStatus.completed,
      lines: [
        {
          title: `${single.title} ${section.title}`,
          imgurl: single.imgurl,
          priceFen: section.priceFen,
          quantity: 1,
          articleId: single.id,
          sectionId: section.id,
        },
      ],
      created: ago(18),
      payWay: PayWay.wechat,
    })
    purchases.add({
      user_id: plainId,
      article_id: single.id,
      section_id: section.id,
      order_id: o.id,
      create_time: time(o.payTime ?? now),
    })
  }
  // Recharges that leave exactly the demo balance of 500 yuan.
  const plainBalance = users.table.row(plainId).balance_fen ?? 0
  const recharges: [daysAgo: number, fen: number][] = [
    [120, plainBalance + spent - LAST_RECHARGE_FEN],
    [10, LAST_RECHARGE_FEN],
  ]
  for (const [days, fen] of recharges) recharge(plainId, fen, ago(days))

  // The introducer's customers and the commission on their paid orders.
  let commission = 0
  const statuses = [
    OrderStatus.completed,
    OrderStatus.unreceived,
    OrderStatus.unshipped,
    OrderStatus.completed,
    OrderStatus.unpaid,
    OrderStatus.completed,
  ]
  for (const [i, userId] of customerIds.entries()) {
    for (let k = 0; k < 2; k++) {
      const status = at(statuses, (i * 2 + k) % statuses.length)
      const lines = productLines(rnd.int(1, 3), CUSTOMER_LINE_MAX_FEN)
      if (lines.length > 0) {
        const o = addOrder({
          userId,
          status,
          lines,
          created: ago(rnd.int(3, 150)),
          address: at(book.customerAddresses, i),
          payWay: rnd.pick([PayWay.alipay, PayWay.wechat, PayWay.union]),
        })
        if (!o.payTime) continue
        const fen = Math.round(o.tol * COMMISSION_RATE)
        commission += fen
        wallet.add({
          user_id: introducerId,
          create_id: userId,
          order_id: o.id,
          tag: RechargeTag.income,
          groups: WalletGroup.commission,
          title: `推荐佣金：${users.nick(userId)}`,
          price_fen: fen,
          code: walletCode(o.payTime),
          status: WALLET_SETTLED,
          create_time: time(o.payTime),
        })
      }
    }
  }
  const introducer = users.table.row(introducerId)
  introducer.income_fen = commission
  introducer.balance_fen = commission
  // Cumulative spending is at least what the seeded paid orders add up to.
  const paidBy = new Map<number, number>()
  for (const o of orders.rows) {
    if (o.pay_time === null) continue
    paidBy.set(o.user_id, (paidBy.get(o.user_id) ?? 0) + o.tol_cost_fen)
  }
  for (const [userId, fen] of paidBy) {
    const row = users.table.row(userId)
    if ((row.integral_fen ?? 0) < fen) row.integral_fen = fen
  }
  ctx.log(`orders: ${orders.size}, wallet: ${wallet.size}, purchases: ${purchases.size}`)
  const writer: OrderBook = {
    addOrder,
    expense,
    recharge,
    drawFrom: (c) => {
      draws = c
    },
  }
  return { orders, items, purchases, wallet, waybills, parcelLines, afterSales, payments, writer }
}
