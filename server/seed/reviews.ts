/**
 * Reviews of the demo's completed goods orders (issue 24 item 6), so product pages show stars,
 * a count and a few reviews, some with photos and a 追评. The plain user's newest completed
 * order is left unreviewed: the demo account can try 评价 on it.
 */
import { OrderStatus } from '../../src/lib/constants.ts'
import { fromDbTime } from '../time.ts'
import type { SeedCommerce } from './commerce.ts'
import { type SeedContext, Table } from './common.ts'
import type { SeedUsers } from './users.ts'

/** How often a buyer reviews what they bought. */
const REVIEWED_CHANCE = 0.85
const PHOTO_CHANCE = 0.3
const ADDITION_CHANCE = 0.25

/** [stars, text]: mostly content buyers, as a dental supplier's shop would have. */
const TEXTS: readonly (readonly [number, string])[] = [
  [5, '质量很好，和描述一致，诊所同事都说好用。'],
  [5, '发货快，包装严实，产品做工精细，会回购。'],
  [5, '用了两周，性能稳定，客服解答也很专业。'],
  [4, '整体不错，说明书再详细一点就更好了。'],
  [4, '性价比高，物流稍慢，但东西没问题。'],
  [4, '手感好，消毒后没有变形，推荐。'],
  [3, '能用，但和之前用的品牌相比略有差距。'],
  [5, '第二次购买了，品质一如既往，值得信赖。'],
]
const ADDITIONS = [
  '用了一个月，依然很好用。',
  '追加一下：售后很负责，主动回访了使用情况。',
  '又用了几周，耐用性不错，准备再买一套。',
]

export function seedReviews(ctx: SeedContext, commerce: SeedCommerce, users: SeedUsers): Table<'reviews'> {
  const { rnd, files, after, time } = ctx
  const table = new Table('reviews')
  const photo = files.image('review-photo', {
    kind: 'square',
    title: '买家实拍',
    subtitle: '商品评价',
    icon: 'tooth',
  })
  const completed = commerce.orders.rows.filter((o) => o.status === OrderStatus.completed && o.finish_time)
  const spared = completed
    .filter((o) => o.user_id === users.plainId)
    .sort((a, b) => b.create_time.localeCompare(a.create_time))[0]?.id
  const linesOf = new Map<number, { spu_id: number; sku_id: number | null }[]>()
  for (const l of commerce.items.rows) {
    const spuId = l.spu_id ?? null
    if (spuId === null) continue
    const lines = linesOf.get(l.order_id) ?? []
    if (!lines.some((x) => x.spu_id === spuId)) lines.push({ spu_id: spuId, sku_id: l.sku_id ?? null })
    linesOf.set(l.order_id, lines)
  }
  for (const o of completed) {
    if (o.id === spared) continue
    for (const l of linesOf.get(o.id) ?? []) {
      if (!rnd.chance(REVIEWED_CHANCE)) continue
      const [stars, content] = rnd.pick(TEXTS)
      const when = after(fromDbTime(o.finish_time as string), 5)
      const added = rnd.chance(ADDITION_CHANCE)
      table.add({
        order_id: o.id,
        spu_id: l.spu_id,
        sku_id: l.sku_id,
        user_id: o.user_id,
        stars,
        content,
        imgs: rnd.chance(PHOTO_CHANCE) ? photo : '',
        is_show: 1,
        add_content: added ? rnd.pick(ADDITIONS) : '',
        add_imgs: '',
        add_time: added ? time(after(when, 30)) : null,
        create_time: time(when),
      })
    }
  }
  ctx.log(`reviews: ${table.size}`)
  return table
}
