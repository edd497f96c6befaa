/**
 * The recent trade (issue 40 item 7): a few hundred orders (goods, and some courses) over the 90 days before the
 * seed's "today", so the dashboard's 30-day charts are full on the first start. Its own buyers
 * (20 clinics and doctors, 1391000xxxx) and sign-ups spread over the days (1391001xxxx), so the
 * demo accounts keep exactly the orders README and the tests describe.
 *
 * Every row adds up as the real calls leave them: priceOrder prices each order (member discount,
 * the live 满减, shipping by the products' templates); stock + sold = the catalogue's stock (paid
 * orders take theirs, a refund before shipping gives it back); a balance is its wallet records
 * (top-ups, expenses, refunds); a refund is the after-sales 仅退款 of the whole order with its
 * payment refunded. It draws from its own random sequence: the other parts' rows stay as they were.
 */
import { ArticleStatus, CertStatus, OrderStatus, RechargeTag } from '../../src/lib/constants.ts'
import { AfterStatus, PaymentStatus } from '../../src/lib/order-states.ts'
import {
  type Breakdown,
  lineShares,
  type PriceLine,
  type Promotion,
  priceOrder,
} from '../../src/lib/rules/pricing.ts'
import { WalletGroup } from '../modules/payments/payments.queries.ts'
import type { Templates } from '../modules/promotions/promotions.queries.ts'
import type { AddressInfo, SeedAddressBook } from './addresses.ts'
import { type ArticleInfo, listedOf } from './articles.ts'
import type { SeedCatalog, SkuInfo, SpuInfo } from './catalog.ts'
import type { Line, SeedCommerce } from './commerce.ts'
import {
  at,
  DAY,
  DefaultFlag,
  Discount,
  OrderType,
  PayWay,
  type SeedContext,
  Table,
  VISITOR_LEVEL,
  WALLET_SETTLED,
} from './common.ts'
import { buyableSpus } from './community.ts'
import type { SeedPromotions } from './promotions.ts'
import type { SeedRegions } from './regions.ts'
import { GIVEN_NAMES, SURNAMES } from './text.ts'
import type { SeedUsers } from './users.ts'

/** How far back the trade goes, and how many orders a day (a range: quieter and busier days). */
export const TRADE_DAYS = 90
const ORDERS_A_DAY: readonly [number, number] = [2, 6]
/** New accounts over the 90 days; some of them buy after signing up. */
const SIGNUPS = 120
const SIGNUP_BUYS = 0.35
/** Every so many orders one was never paid (cancelled): spread over the days. */
const CANCEL_EVERY = 25
/** The share of the orders placed by a sign-up. */
const BY_SIGNUP = 0.2
/** Every this many orders that could be refunded one is: a few, spread over the whole 90 days. */
const REFUND_EVERY = 30
/**
 * A line never takes a SKU below this share of its stock, nor below the stock alert's threshold:
 * the demo keeps products to buy and the 待办 list its few sold-out ones.
 */
const KEEP_STOCK = 0.5
const KEEP_AT_LEAST = 10
/** Of the orders: a course bought by a doctor (it completes at payment). */
const COURSE = 0.08
/** What one line may cost (fen), and below which a clinic buys several. */
const LINE_MAX_FEN = 3_000_000
const CONSUMABLE_BELOW_FEN = 50_000
/** Orders are shipped within two days and received within four: older ones are complete. */
const SHIPPED_AFTER_DAYS = 2
const COMPLETE_AFTER_DAYS = 8
/** The trade's own random sequence. */
export const TRADE_SEED = 20261207
const HOUR = 3_600_000
const OPENS = 8 * HOUR

/** [nick, real name, kind, province, city, area, street address]. */
const BUYERS: readonly (readonly [string, string, 'clinic' | 'doctor', string, string, string, string])[] = [
  ['南京牙博士口腔', '周海', 'clinic', '江苏省', '南京市', '鼓楼区', '中山路218号2楼'],
  ['苏州贝齿口腔门诊', '吴倩', 'clinic', '江苏省', '苏州市', '姑苏区', '干将东路666号'],
  ['无锡惠民口腔诊所', '钱力', 'clinic', '江苏省', '无锡市', '梁溪区', '解放南路38号'],
  ['杭州皓齿口腔医院', '沈悦', 'clinic', '浙江省', '杭州市', '西湖区', '文一西路512号'],
  ['上海优贝口腔', '陆川', 'clinic', '上海市', '上海市', '徐汇区', '宜山路700号B1幢'],
  ['吴中区康复口腔', '顾明', 'clinic', '江苏省', '苏州市', '吴中区', '宝带西路1155号'],
  ['园区瑞尔齿科', '许晴', 'clinic', '江苏省', '苏州市', '苏州工业园区', '现代大道88号'],
  ['玄武区仁心口腔', '朱强', 'clinic', '江苏省', '南京市', '玄武区', '珠江路280号'],
  ['杭州美齿门诊部', '韩梅', 'clinic', '浙江省', '杭州市', '西湖区', '天目山路176号'],
  ['徐汇康乐齿科', '冯涛', 'clinic', '上海市', '上海市', '徐汇区', '漕溪路251号'],
  ['梁溪区博雅口腔', '何静', 'clinic', '江苏省', '无锡市', '梁溪区', '中山路333号'],
  ['姑苏区德仁诊所', '孔亮', 'clinic', '江苏省', '苏州市', '姑苏区', '十全街120号'],
  ['赵大夫', '赵磊', 'doctor', '江苏省', '南京市', '鼓楼区', '北京西路72号'],
  ['林大夫', '林芳', 'doctor', '浙江省', '杭州市', '西湖区', '教工路18号'],
  ['黄大夫', '黄伟', 'doctor', '上海市', '上海市', '徐汇区', '肇嘉浜路1065号'],
  ['马大夫', '马丽', 'doctor', '江苏省', '苏州市', '吴中区', '东吴南路58号'],
  ['郑大夫', '郑凯', 'doctor', '江苏省', '无锡市', '梁溪区', '人民西路101号'],
  ['唐大夫', '唐宁', 'doctor', '江苏省', '南京市', '玄武区', '中央路99号'],
  ['宋大夫', '宋佳', 'doctor', '江苏省', '苏州市', '姑苏区', '人民路3158号'],
  ['曹大夫', '曹阳', 'doctor', '江苏省', '苏州市', '苏州工业园区', '星海街200号'],
]
/** The discounts a clinic or a doctor was given (折), drawn per buyer. */
const DISCOUNTS = {
  clinic: [Discount.twentyPercent, Discount.tenPercent, Discount.tenPercent, Discount.none],
  doctor: [Discount.tenPercent, Discount.none, Discount.none],
} as const
/** How each pays: clinics often by 对公转账 (union), doctors by phone or balance. */
const PAY_WAYS = {
  clinic: [PayWay.union, PayWay.union, PayWay.alipay, PayWay.wechat, PayWay.balance, PayWay.balance],
  doctor: [PayWay.wechat, PayWay.wechat, PayWay.alipay, PayWay.balance],
} as const
/** Top-ups are whole hundreds of yuan, at least this much. */
const TOP_UP_STEP_FEN = 100_000

interface Buyer {
  id: number
  kind: 'clinic' | 'doctor'
  created: Date
  address: AddressInfo
  discount: number
  balanceFen: number
}

export interface SeedTradeSummary {
  orders: number
  signups: number
  refunds: Table<'refunds'>
}

export function seedTrade(
  ctx: SeedContext,
  deps: {
    users: SeedUsers
    book: SeedAddressBook
    regions: SeedRegions
    catalog: SeedCatalog
    articles: readonly ArticleInfo[]
    commerce: SeedCommerce
    offers: SeedPromotions
    templates: Templates
  },
): SeedTradeSummary {
  const { rnd, now, ago, time } = ctx
  const { users, commerce, catalog } = deps
  const { writer } = commerce
  writer.drawFrom(ctx)
  const refunds = new Table('refunds')
  const avatars = [...new Set(users.memberIds.map((id) => users.table.row(id).avatar_url ?? ''))]

  const addUser = (u: { tel: string; nick: string; real: string; discount: number; created: Date }) =>
    users.table.add({
      code: `U${String(users.table.size + 1).padStart(6, '0')}`,
      tel: u.tel,
      password_hash: null,
      nick_name: u.nick,
      real_name: u.real,
      avatar_url: rnd.pick(avatars),
      content: '',
      ext: '',
      level: VISITOR_LEVEL,
      status: CertStatus.form,
      cert_ext: '',
      cert_time: null,
      discount: u.discount,
      discount_tenths: u.discount * 10,
      balance_fen: 0,
      integral_fen: 0,
      income_fen: 0,
      introducer_id: null,
      is_teacher: 0,
      create_time: time(u.created),
    })
  const addAddress = (userId: number, a: AddressInfo, when: Date) => {
    deps.book.addresses.add({
      user_id: userId,
      name: a.name,
      tel: a.tel,
      country: '中国',
      province: a.province,
      city: a.city,
      area: a.area,
      street: a.street,
      address_detail: a.detail,
      status: DefaultFlag.yes,
      create_time: time(when),
    })
    return a
  }

  const buyers: Buyer[] = BUYERS.map(([nick, real, kind, province, city, area, detail], i) => {
    const tel = `1391000${String(i + 1).padStart(4, '0')}`
    const discount = rnd.pick(DISCOUNTS[kind])
    const created = ago(TRADE_DAYS + rnd.int(10, 400))
    const id = addUser({ tel, nick, real, discount, created })
    const address = addAddress(
      id,
      {
        name: real,
        tel,
        ...deps.regions.place(province, city, area, i % 2),
        detail,
      },
      created,
    )
    return { id, kind, created, address, discount, balanceFen: 0 }
  })
  const taken = new Set(users.table.rows.flatMap((u) => [u.nick_name ?? '', u.real_name ?? '']))
  // Sign-ups spread over the days; about a third come to buy, as doctors with an address.
  const signups: Buyer[] = []
  for (let i = 0; i < SIGNUPS; i++) {
    // A name of their own: the back office's finders must not mistake them for a demo account.
    let real = ''
    while (!real || taken.has(real))
      real = `${rnd.pick(SURNAMES)}${rnd.pick(GIVEN_NAMES)}${rnd.pick(GIVEN_NAMES)}`
    taken.add(real)
    const tel = `1391001${String(i + 1).padStart(4, '0')}`
    const created = ctx.within(TRADE_DAYS)
    const id = addUser({ tel, nick: real, real, discount: Discount.none, created })
    if (!rnd.chance(SIGNUP_BUYS)) continue
    const home = at(buyers, i % buyers.length).address
    const address = addAddress(
      id,
      {
        ...home,
        name: real,
        tel,
        detail: `${home.detail.replace(/\d+号.*/, '')}${rnd.int(1, 300)}号`,
      },
      created,
    )
    signups.push({ id, kind: 'doctor', created, address, discount: Discount.none, balanceFen: 0 })
  }

  // What each SKU may still give (the rest of its stock stays), and its product's class and template.
  const spus = buyableSpus(deps.catalog.list)
  const floorOf = new Map<number, number>()
  for (const s of spus)
    for (const k of s.skus) floorOf.set(k.id, Math.max(KEEP_AT_LEAST, Math.ceil(k.stock * KEEP_STOCK)))
  const spare = (k: SkuInfo) => (catalog.skus.row(k.id).stock ?? 0) - (floorOf.get(k.id) ?? 0)
  const standardId = deps.templates.list.find((t) => t.name === '标准运费')?.id ?? null
  const templateOf = (s: SpuInfo) => (`,${s.tag},`.includes(',包邮,') ? null : standardId)
  const promotions: Promotion[] = deps.offers.promotions.rows.map((p) => ({
    id: p.id,
    title: p.title,
    classId: p.class_id ?? null,
    thresholdFen: p.threshold_fen,
    offFen: p.off_fen,
    startTime: p.start_time,
    endTime: p.end_time,
  }))

  const linesFor = (b: Buyer): { lines: Line[]; priced: PriceLine[] } => {
    const picked = rnd.pickSome(spus, rnd.int(1, 3))
    const lines: Line[] = []
    const priced: PriceLine[] = []
    for (const s of picked) {
      const options = s.skus.filter((k) => k.priceFen <= LINE_MAX_FEN && spare(k) > 0)
      if (options.length === 0) continue
      const sku = rnd.pick(options)
      const many = b.kind === 'clinic' && sku.priceFen < CONSUMABLE_BELOW_FEN
      const quantity = Math.min(spare(sku), many ? rnd.int(2, 10) : rnd.int(1, 2))
      lines.push({
        title: `${s.title} ${sku.title}`,
        imgurl: sku.img,
        priceFen: sku.priceFen,
        quantity,
        spuId: s.id,
        skuId: sku.id,
      })
      priced.push({
        kind: 'goods',
        spuId: s.id,
        classId: catalog.spus.row(s.id).class_id ?? null,
        templateId: templateOf(s),
        priceFen: sku.priceFen,
        quantity,
      })
    }
    return { lines, priced }
  }
  // Courses: one of the paid ones on the shelf, once per buyer, with its purchase.
  const courses = listedOf(deps.articles, ArticleStatus.course).filter((a) => a.priceFen > 0)
  const owned = new Set<string>()
  const courseFor = (b: Buyer): { lines: Line[]; priced: PriceLine[]; course: ArticleInfo } | null => {
    const course = rnd.pick(courses)
    if (owned.has(`${b.id}:${course.id}`) || course.createId === b.id) return null
    owned.add(`${b.id}:${course.id}`)
    const line = { title: course.title, imgurl: course.imgurl, priceFen: course.priceFen, quantity: 1 }
    return {
      lines: [{ ...line, articleId: course.id }],
      priced: [
        {
          kind: 'article',
          spuId: null,
          classId: null,
          templateId: null,
          priceFen: course.priceFen,
          quantity: 1,
        },
      ],
      course,
    }
  }
  const priceOf = (b: Buyer, priced: PriceLine[], created: Date): Breakdown =>
    priceOrder({
      lines: priced,
      discountTenths: b.discount * 10,
      promotions,
      coupon: null,
      templates: deps.templates.list,
      defaultTemplateId: deps.templates.defaultId,
      province: b.address.province,
      at: time(created),
    })

  /** The whole order refunded before it shipped (仅退款), as after-sales approval leaves it. */
  const refund = (o: { id: number; tol: number; payTime: Date }, b: Buyer, way: string) => {
    const when = new Date(Math.min(now.getTime(), o.payTime.getTime() + rnd.int(2, 30) * HOUR))
    const order = commerce.orders.row(o.id)
    Object.assign(order, {
      status: OrderStatus.cancelled,
      types: OrderType.afterSales,
      after_status: AfterStatus.refunded,
      after_remarks: '暂时不需要了，申请退款',
    })
    const lines = commerce.items.rows.filter((l) => l.order_id === o.id)
    const shares = lineShares(
      lines.map((l) => l.price_fen * l.quantity),
      o.tol,
    )
    for (const [i, l] of lines.entries())
      Object.assign(l, { refunded_qty: l.quantity, refunded_fen: shares[i] ?? 0, dropped_qty: l.quantity })
    const request = commerce.afterSales.add({
      order_id: o.id,
      kind: 'refund',
      status: AfterStatus.refunded,
      lines: '[]',
      amount_fen: o.tol,
      remarks: '暂时不需要了，申请退款',
      imgs: '',
      create_time: time(new Date(when.getTime() - HOUR)),
      update_time: time(when),
    })
    const payment = commerce.payments.rows.find((p) => p.order_id === o.id)
    if (payment) Object.assign(payment, { status: PaymentStatus.refunded, refund_time: time(when) })
    refunds.add({
      order_id: o.id,
      after_sale_id: request,
      payment_id: payment?.id ?? null,
      way,
      amount_fen: o.tol,
      status: PaymentStatus.refunded,
      create_time: time(when),
      refund_time: time(when),
      cause: '',
    })
    if (way === PayWay.balance) {
      b.balanceFen += o.tol
      commerce.wallet.add({
        user_id: b.id,
        create_id: b.id,
        order_id: o.id,
        tag: RechargeTag.income,
        groups: WalletGroup.orderRefund,
        title: '订单退款',
        price_fen: o.tol,
        code: order.code,
        status: WALLET_SETTLED,
        create_time: time(when),
      })
    }
  }

  /** Midnight of the seed's China day: the trade's days are China days, as the dashboard's are. */
  const today = new Date(`${time(now).slice(0, 10)}T00:00:00+08:00`)
  let count = 0
  let refundable = 0
  for (let day = TRADE_DAYS - 1; day >= 0; day--) {
    const n = rnd.int(ORDERS_A_DAY[0], ORDERS_A_DAY[1])
    for (let k = 0; k < n; k++) {
      // Office hours (8:00–20:00) of that China day; today's before now, in its last hour at worst.
      let created = new Date(today.getTime() - day * DAY + OPENS + rnd.int(0, 12 * 60) * 60_000)
      if (created.getTime() >= now.getTime()) created = new Date(now.getTime() - rnd.int(1, 60) * 60_000)
      const newcomers = signups.filter((s) => s.created.getTime() < created.getTime() - HOUR)
      const b = newcomers.length > 0 && rnd.chance(BY_SIGNUP) ? rnd.pick(newcomers) : rnd.pick(buyers)
      const bought = b.kind === 'doctor' && courses.length > 0 && rnd.chance(COURSE) ? courseFor(b) : null
      const { lines, priced } = bought ?? linesFor(b)
      if (lines.length === 0) continue
      const age = (now.getTime() - created.getTime()) / DAY
      const way = rnd.pick(PAY_WAYS[b.kind])
      const cancelled = count % CANCEL_EVERY === CANCEL_EVERY - 1
      // A transfer is paid back by finance by hand (待退款): refunds here went back where they came from.
      const refunded =
        !cancelled &&
        !bought &&
        way !== PayWay.union &&
        age > SHIPPED_AFTER_DAYS &&
        ++refundable % REFUND_EVERY === 0
      const status = cancelled
        ? OrderStatus.cancelled
        : bought
          ? OrderStatus.completed
          : // Today's orders all wait for shipping, yesterday's some.
            refunded || age < 1 || age < SHIPPED_AFTER_DAYS * rnd.next()
            ? OrderStatus.unshipped
            : age < COMPLETE_AFTER_DAYS && rnd.chance(0.6)
              ? OrderStatus.unreceived
              : OrderStatus.completed
      const price = priceOf(b, priced, created)
      // A balance payer tops up first when the balance is short.
      if (!cancelled && way === PayWay.balance && b.balanceFen < price.totalFen) {
        const fen =
          Math.ceil((price.totalFen - b.balanceFen) / TOP_UP_STEP_FEN) * TOP_UP_STEP_FEN +
          rnd.int(0, 3) * TOP_UP_STEP_FEN
        const topUpAt = new Date(Math.max(b.created.getTime(), created.getTime() - rnd.int(5, 120) * 60_000))
        writer.recharge(b.id, fen, topUpAt)
        b.balanceFen += fen
      }
      const o = writer.addOrder({
        userId: b.id,
        status,
        lines,
        created,
        ...(bought ? {} : { address: b.address }),
        payWay: way,
        price,
      })
      count++
      if (!o.payTime) continue
      if (way === PayWay.balance) b.balanceFen -= writer.expense(b.id, o)
      if (bought)
        commerce.purchases.add({
          user_id: b.id,
          article_id: bought.course.id,
          section_id: null,
          order_id: o.id,
          create_time: time(o.payTime),
        })
      if (refunded) {
        refund({ ...o, payTime: o.payTime }, b, way)
        continue
      }
      // Paid: stock given, spending counted; shipped: sold.
      const u = users.table.row(b.id)
      u.integral_fen = (u.integral_fen ?? 0) + o.tol
      for (const l of lines) {
        if (l.skuId === undefined) continue
        const sku = catalog.skus.row(l.skuId as number)
        sku.stock = (sku.stock ?? 0) - l.quantity
        if (o.shipped) {
          const spu = catalog.spus.row(l.spuId as number)
          spu.sales = (spu.sales ?? 0) + l.quantity
        }
      }
    }
  }
  for (const b of [...buyers, ...signups]) users.table.row(b.id).balance_fen = b.balanceFen
  ctx.log(
    `recent trade: ${count} orders over ${TRADE_DAYS} days, ${buyers.length} buyers, ${SIGNUPS} sign-ups`,
  )
  return { orders: count, signups: SIGNUPS, refunds }
}
