/**
 * The order's timeline (issue 38): everything that happened to it, oldest first, as the server
 * merges it (server/modules/order-desk/timeline.ts): who acted beside each time, the staff's
 * actions and notes among the buyer's and the courier's steps.
 */
import type { AdminOrder } from '../../../lib/api/admin-orders.ts'
import { Section } from '../detail/Section.tsx'
import { Timeline } from '../detail/Timeline.tsx'
import { StaffName } from '../kit/StaffName.tsx'

/** What each kind of step is called, as a small label before its text. */
const KIND_TEXT: Record<string, string> = {
  placed: '下单',
  paid: '付款',
  shipped: '发货',
  track: '物流',
  received: '收货',
  'after-sales': '售后',
  refund: '退款',
  invoice: '发票',
  staff: '后台',
  note: '备注',
}

export function TimelineSection({ o }: { o: AdminOrder }) {
  return (
    <Section title="订单经过" id="order-timeline">
      <Timeline
        data-timeline=""
        empty="暂无记录"
        entries={o.timeline.map((e, i) => ({
          key: `${i}${e.at}${e.kind}`,
          at: e.at,
          tag: (
            <span className="font-medium text-slate-800">
              <StaffName username={e.actor} />
            </span>
          ),
          text: (
            <span className="break-words" data-timeline-kind={e.kind}>
              <span className="mr-1.5 inline-block rounded bg-slate-100 px-1.5 text-xs text-slate-700">
                {KIND_TEXT[e.kind] ?? e.kind}
              </span>
              {e.text}
            </span>
          ),
        }))}
      />
    </Section>
  )
}
