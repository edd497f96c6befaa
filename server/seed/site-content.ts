/** The classification dictionary, banners, site configuration and notifications. */
import {
  ArticleStatus,
  BannerPosition,
  ClassifyKey,
  type ClassifyKeyName,
  OrderStatus,
} from '../../src/lib/constants.ts'
import { at, must, type RowOf, type SeedContext, Shown, Table } from './common.ts'
import type { Icon } from './images.ts'
import { AGREEMENT, CLASSIFIES, LEVEL_HTML, NOTICES, PRIVACY } from './text.ts'
import type { SeedUsers } from './users.ts'

export interface SeedDictionary {
  table: Table<'classifies'>
  /** cid('productClass', '口内扫描仪') → the entry's id. */
  cid(key: ClassifyKeyName, title: string): number
  /** tags('courseTag') → one to three tags of the key, comma-separated (draws from the sequence). */
  tags(key: ClassifyKeyName): string
}

export function seedDictionary(ctx: SeedContext): SeedDictionary {
  const { rnd } = ctx
  const table = new Table('classifies')
  const ids = new Map<string, number>()
  for (const key of Object.keys(ClassifyKey) as ClassifyKeyName[]) {
    CLASSIFIES[key].forEach((title, i) => {
      ids.set(`${key}:${title}`, table.add({ ckey: ClassifyKey[key], title, sort: i + 1 }))
    })
  }
  return {
    table,
    cid: (key, title) => must(ids.get(`${key}:${title}`), `${key} ${title}`),
    tags: (key) => rnd.pickSome(CLASSIFIES[key], rnd.int(1, 3)).join(','),
  }
}

/** Site-wide notices, and the plain user's, the doctor's and the institution's own messages. */
export function seedNotifications(
  ctx: SeedContext,
  users: SeedUsers,
  orders: Table<'orders'>,
): Table<'notifications'> {
  const { ago, time } = ctx
  const { plainId, doctorId, institutionId } = users
  const table = new Table('notifications')
  for (const [i, [title, content]] of NOTICES.entries()) {
    table.add({ user_id: null, title, content, create_time: time(ago(90 - i * 20)) })
  }
  const shipped = orders.rows.find((o) => o.user_id === plainId && o.status === OrderStatus.unreceived)
  const personal: [userId: number, title: string, content: string, daysAgo: number][] = [
    [plainId, '余额充值成功', '您已成功充值200.00元，可用于购买商品和课程。', 10],
    [plainId, '订单已发货', `您的订单${String(shipped?.code ?? '')}已由顺丰速运发出，请注意查收。`, 8],
    [plainId, '课程购买成功', '您购买的课程已解锁，可在“课程管理”中查看。', 50],
    [plainId, '您的评论收到了新回复', '有用户回复了您的评论，快去看看吧。', 3],
    [doctorId, '认证审核通过', '恭喜，您的医生认证已审核通过。', 400],
    [institutionId, '认证审核通过', '恭喜，您的机构认证已审核通过，现在可以发布课程、任务和社区内容。', 500],
  ]
  for (const [userId, title, content, days] of personal) {
    table.add({ user_id: userId, title, content, create_time: time(ago(days)) })
  }
  return table
}

/** The carousels of each page, linking to real products and courses of the seed. */
export function seedBanners(
  ctx: SeedContext,
  spus: readonly { id: number; listed: boolean; line: { cls: string } }[],
  articles: readonly { id: number; status: number; listed: boolean; createId: number | null }[],
  users: SeedUsers,
): Table<'banners'> {
  const { files } = ctx
  const table = new Table('banners')
  const firstOf = (cls: string) => spus.find((s) => s.listed && s.line.cls === cls)?.id
  const productUrl = (cls: string) => {
    const id = firstOf(cls)
    return id ? `/productdetail/${id}/` : '/product'
  }
  const courseBy = (teacherId: number) => {
    const c = articles.find((a) => a.status === ArticleStatus.course && a.listed && a.createId === teacherId)
    return c ? `/detail/${c.id}/` : '/course'
  }
  const plan: [position: string, title: string, subtitle: string, icon: Icon, urls: string][] = [
    [
      BannerPosition.home,
      '隐形矫治 自信微笑',
      '数字化方案设计 · 医用级膜片 · 全程可控',
      'tooth',
      productUrl('隐形矫治器'),
    ],
    [
      BannerPosition.home,
      '无痛麻醉 舒适诊疗',
      '计算机控制推注，儿童与恐惧患者的友好选择',
      'syringe',
      productUrl('无痛麻醉注射仪'),
    ],
    [
      BannerPosition.home,
      '名师课程 限时优惠',
      '正畸 · 种植 · 麻醉 · 数字化，系统提升临床能力',
      'play',
      '/course',
    ],
    [
      BannerPosition.products,
      '口内扫描仪 新品上市',
      '真彩三维成像，全口扫描约1分钟',
      'scanner',
      productUrl('口内扫描仪'),
    ],
    [BannerPosition.products, '诊所耗材 囤货季', '常用耗材批量采购，机构专享阶梯价', 'box', '/product'],
    [BannerPosition.tasks, '同城任务 高效对接', '招聘、设备维护、病例会诊，一站发布', 'briefcase', '/task'],
    [BannerPosition.shares, '病例分享 共同成长', '和全国同行交流临床经验', 'chat', '/association'],
    [BannerPosition.courses, '数字化口腔系列课', '从口扫取模到椅旁修复', 'scanner', '/course'],
    [
      BannerPosition.courses,
      '正畸进阶训练营',
      '王医生主讲，拔牙病例方案设计',
      'play',
      courseBy(at(users.teacherIds, 0)),
    ],
    [BannerPosition.coursePage, '买课送讲义', '付费课程均附PDF讲义，可下载复习', 'doc', '/course'],
    [BannerPosition.productPage, '机构采购 专享折扣', '认证机构享会员折扣与月结服务', 'shield', '/product'],
  ]
  plan.forEach(([position, title, subtitle, icon, urls], i) => {
    const imgurl = files.image(`banner-${i + 1}`, {
      kind: 'banner',
      title,
      subtitle,
      icon,
      key: `${title}${i}`,
    })
    table.add({ position, imgurl, urls, title, sort: i + 1, is_show: Shown.yes })
  })
  return table
}

/** The membership thresholds (fen) the level page reads from the `levels` configuration. */
const LEVELS = {
  stars: [2000, 50000, 100000, 200000],
  altStars: [50000, 100000, 200000, 400000],
  upgradeTexts: [2000, 5000, 10000, 20000],
}

/** The legal texts and the level explanation served from the configuration. */
export function seedConfigs(): RowOf<'configs'>[] {
  return [
    { ckey: 'agreement', value: `<h2>用户服务协议</h2>${AGREEMENT.join('')}` },
    { ckey: 'content', value: `<h2>隐私政策</h2>${PRIVACY.join('')}` },
    { ckey: 'imgurl', value: LEVEL_HTML },
    { ckey: 'levels', value: JSON.stringify(LEVELS) },
  ]
}
