/**
 * The demo's selling tools (issue 24): 满减 promotions and coupons of every kind, so the product
 * pages, the cart, 我的优惠券 and the back office have something to show. No random draws: the
 * rest of the seed keeps its sequence.
 *
 * Thresholds stay clear of what the test suites buy: the API tests' own products copy the class of
 * the first listed product, and buy at most a few hundred yuan of it, so no category promotion
 * is on that class and the store-wide one starts at ¥5,000.
 */
import type { SpuInfo } from './catalog.ts'
import { DAY, type SeedContext, Table } from './common.ts'
import type { SeedDictionary } from './site-content.ts'

export interface SeedPromotions {
  promotions: Table<'promotions'>
  coupons: Table<'coupons'>
  userCoupons: Table<'user_coupons'>
}

/** A year either side of the seed's "today": live whenever the demo is opened. */
const LIVE_DAYS = 730

export function seedPromotions(
  ctx: SeedContext,
  dict: SeedDictionary,
  spus: readonly SpuInfo[],
  holderId: number,
): SeedPromotions {
  const promotions = new Table('promotions')
  const coupons = new Table('coupons')
  const userCoupons = new Table('user_coupons')
  const day = (n: number) => ctx.time(new Date(ctx.now.getTime() + n * DAY))
  const live = { start_time: day(-30), end_time: day(LIVE_DAYS), is_show: 1, create_time: day(-30) }
  // The class the API tests' products copy (tests/api/fixtures.ts): no category offer on it.
  const testClass = spus.find((p) => p.listed)?.line.cls
  const cls = (names: readonly string[]) => {
    const name = names.find((n) => n !== testClass) as string
    return { name, id: dict.cid('productClass', name) }
  }
  const cheap = cls(['牙科耗材', '正畸附件', '麻醉注射剂'])
  const implants = cls(['种植器械', '消毒设备'])

  promotions.add({
    title: '全场满5000减200',
    class_id: null,
    threshold_fen: 500_000,
    off_fen: 20_000,
    ...live,
  })
  promotions.add({
    title: `${cheap.name}满300减30`,
    class_id: cheap.id,
    threshold_fen: 30_000,
    off_fen: 3_000,
    ...live,
  })
  promotions.add({
    title: `${implants.name}满3000减300`,
    class_id: implants.id,
    threshold_fen: 300_000,
    off_fen: 30_000,
    ...live,
  })

  const coupon = {
    threshold_fen: 0,
    amount_fen: 0,
    rate_tenths: 100,
    cap_fen: 0,
    scope: 'all',
    scope_ids: '',
    include_courses: 0,
    per_user_limit: 1,
    claimed: 0,
  }
  coupons.add({
    ...coupon,
    title: '全场满200减20',
    kind: 'amount',
    threshold_fen: 20_000,
    amount_fen: 2_000,
    total_limit: 1000,
    ...live,
  })
  coupons.add({
    ...coupon,
    title: `${implants.name}9折券`,
    kind: 'rate',
    threshold_fen: 100_000,
    rate_tenths: 90,
    cap_fen: 20_000,
    scope: 'category',
    scope_ids: String(implants.id),
    total_limit: 200,
    ...live,
  })
  coupons.add({
    ...coupon,
    title: '课程通用券',
    kind: 'amount',
    threshold_fen: 10_000,
    amount_fen: 1_500,
    include_courses: 1,
    total_limit: 500,
    per_user_limit: 2,
    ...live,
  })
  const scanners = spus.filter((p) => p.listed && p.line.cls === '口内扫描仪').slice(0, 2)
  if (scanners.length)
    coupons.add({
      ...coupon,
      title: '口扫专享立减500',
      kind: 'amount',
      threshold_fen: 0,
      amount_fen: 50_000,
      scope: 'products',
      scope_ids: scanners.map((p) => p.id).join(','),
      total_limit: 50,
      ...live,
    })
  // One that has ended, held unused by the plain demo user: 我的优惠券's 已过期 tab.
  const ended = coupons.add({
    ...coupon,
    title: '国庆限时券',
    kind: 'amount',
    threshold_fen: 50_000,
    amount_fen: 5_000,
    total_limit: 300,
    claimed: 1,
    start_time: day(-12),
    end_time: day(-1),
    is_show: 1,
    create_time: day(-12),
  })
  userCoupons.add({
    coupon_id: ended,
    user_id: holderId,
    status: 0,
    order_id: null,
    claim_time: day(-10),
    use_time: null,
  })
  ctx.log(`promotions: ${promotions.size}, coupons: ${coupons.size}`)
  return { promotions, coupons, userCoupons }
}
