/**
 * /admin/coupons/detail/?id=…: one coupon (issue 24) — its rule, scope, dates and limits, how it
 * was used (claimed, used, expired unused, the paid orders with it, what it took off and what
 * those orders paid), 编辑 (only the fields still allowed once claimed) and 停用 after a
 * confirmation: no longer shown or claimable; coupons already claimed stay usable until their end.
 */
import { useState } from 'react'
import { type AdminCouponDetail, sellingApi } from '../../lib/api/admin-selling.ts'
import { formatMoney } from '../../lib/format.ts'
import { toast } from '../../lib/toast.ts'
import { useConfirm } from '../common/useConfirm.tsx'
import { detailPage } from './AdminShell.tsx'
import { DetailHeader, DetailLayout } from './detail/DetailLayout.tsx'
import { Facts, Section } from './detail/Section.tsx'
import { useLoad } from './kit/useLoad.ts'
import { useUrlFilters } from './kit/useUrlFilters.ts'
import { CouponForm, couponBody } from './selling/CouponForm.tsx'
import { dateRange, StateBadge, useCategories } from './selling/parts.tsx'

const action = 'btn-outline px-3 py-1.5 text-sm'

function Coupon() {
  const [f] = useUrlFilters({ id: '' })
  const couponId = Number(f.id) || 0
  const { data: c, reload } = useLoad(
    () => (couponId ? sellingApi.coupon(couponId) : Promise.resolve(null)),
    String(couponId),
  )
  const [editing, setEditing] = useState(false)
  const [confirmDialog, confirm] = useConfirm()
  const categories = useCategories()
  if (!couponId) return <p className="text-slate-600">请从优惠券列表选择优惠券。</p>
  if (!c) return <p className="text-slate-600">正在加载…</p>

  const stop = async () => {
    if (
      !(await confirm({
        title: '停用优惠券',
        text: `确定停用「${c.title}」吗？停用后用户不能再领取；已领取的券在有效期内仍可使用。`,
      }))
    )
      return
    try {
      await sellingApi.stopCoupon(c.id)
      toast('success', '优惠券已停用')
    } catch {
      // Refused: the client has shown why.
    }
    reload()
  }
  const restart = async () => {
    try {
      await sellingApi.editCoupon(c.id, { ...couponBody(c), isShow: true })
      toast('success', '优惠券已重新启用')
    } catch {
      // Refused: the client has shown why.
    }
    reload()
  }
  // Which categories, by name; products by how many (their names are one click away in 编辑).
  const goods =
    c.scope === 'category'
      ? `指定分类：${c.scopeIds.map((n) => categories.find((k) => k.id === n)?.title ?? n).join('、')}`
      : c.scope === 'products'
        ? `指定商品（${c.scopeIds.length} 个）`
        : '全场商品'
  const scopeDetail = c.includeCourses ? `${goods}；课程、付费内容也可用` : goods
  return (
    <DetailLayout
      header={
        <DetailHeader
          id="coupon-title"
          title={c.title}
          badges={
            <span data-coupon-state>
              <StateBadge state={c.state} />
            </span>
          }
          actions={
            <>
              <button type="button" className={action} onClick={() => setEditing(true)}>
                编辑
              </button>
              {c.state === '已停用' && (
                <button type="button" className={action} onClick={restart}>
                  重新启用
                </button>
              )}
              {c.state !== '已停用' && c.state !== '已结束' && (
                <button type="button" className={action} onClick={stop}>
                  停用
                </button>
              )}
            </>
          }
        >
          <Facts
            columns={3}
            rows={[
              ['规则', c.ruleText],
              ['适用范围', scopeDetail],
              ['可与满减同享', c.stacksWithPromotion ? '是' : '否（与满减只取更优惠的一项）'],
              ['有效期', dateRange(c.startTime, c.endTime)],
              ['发放总量', `${c.totalLimit} 张`],
              ['每人限领', `${c.perUserLimit} 张`],
              ['剩余可领', `${c.left} 张`],
              ['创建时间', c.createTime],
            ]}
          />
        </DetailHeader>
      }
    >
      <Section id="coupon-usage" title="使用情况">
        <Usage u={c.usage} />
      </Section>
      {editing && <CouponForm coupon={c} close={() => setEditing(false)} onSaved={reload} />}
      {confirmDialog}
    </DetailLayout>
  )
}

/** How the coupon was used, as figures: claimed, used, expired unused, the paid orders and their money. */
function Usage({ u }: { u: AdminCouponDetail['usage'] }) {
  const figures: [string, string][] = [
    ['已领取', String(u.claimed)],
    ['已使用', String(u.used)],
    ['过期未用', String(u.unusedExpired)],
    ['支付订单', String(u.ordersPaid)],
    ['优惠金额（元）', formatMoney(u.offTotal)],
    ['带动销售额（元）', formatMoney(u.salesTotal)],
  ]
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
      {figures.map(([k, v]) => (
        <div key={k} className="rounded-md bg-slate-50 p-3">
          <dt className="text-xs text-slate-600">{k}</dt>
          <dd className="mt-1 text-xl font-semibold tabular-nums" data-usage={k}>
            {v}
          </dd>
        </div>
      ))}
    </dl>
  )
}

export default detailPage(
  '优惠券详情',
  'promotions.write',
  { href: '/admin/coupons/', label: '返回优惠券列表' },
  Coupon,
)
