/**
 * The sections of the order screen, each one part of the order: what the buyer wrote, its price
 * (the buyer's own price rows), buyer and receiver, items, payments, waybills, after-sales,
 * invoice. The order's timeline and its internal notes are OrderTimeline.tsx and OrderNotes.tsx.
 */
import type { ReactNode } from 'react'
import type { AdminOrder } from '../../../lib/api/admin-orders.ts'
import { formatMoney } from '../../../lib/format.ts'
import { payWayName } from '../../../lib/pay-ways.ts'
import { BusyButton } from '../../common/BusyButton.tsx'
import { orderParts, PriceRows } from '../../common/PriceRows.tsx'
import { Facts, Section } from '../detail/Section.tsx'
import { Timeline } from '../detail/Timeline.tsx'
import { customerHref, productHref } from '../kit/hrefs.ts'
import { StaffName } from '../kit/StaffName.tsx'
import { InvoiceRecords, lastIssued } from './InvoiceCorrection.tsx'

const link = 'text-brand-700 underline'

/** The back office says amounts as '12.00 元', as its CSV and its confirmations do. */
const yuanText = (yuan: number) => `${formatMoney(yuan)} 元`

/** What the buyer wrote at checkout, where the operator packing the order cannot miss it. */
export function BuyerNote({ note }: { note: string }) {
  return (
    <section
      aria-labelledby="order-buyer-note"
      className="rounded-lg border-2 border-amber-300 bg-amber-50 p-4"
      data-buyer-note
    >
      <h2 id="order-buyer-note" className="mb-1 font-semibold text-amber-900">
        买家留言
      </h2>
      <p className="whitespace-pre-wrap break-all text-slate-900">{note}</p>
    </section>
  )
}

/**
 * The order's price as it was computed at checkout, line by line (goods at list price, each
 * reduction it had, shipping, what was paid), then how and when it was paid.
 */
export function OrderFacts({ o }: { o: AdminOrder }) {
  return (
    <Section title="订单信息" id="order-facts">
      <dl className="text-sm">
        <PriceRows
          p={orderParts(o)}
          goods={o.kind === 'goods'}
          // Paid or still due: the CSV's 实付金额 is empty for an order never paid, and so is this word.
          totalLabel={o.payTime ? '实付金额' : '应付金额'}
          money={yuanText}
        />
      </dl>
      <Facts
        rows={[
          ['支付方式', payWayName(o.payWay)],
          ['下单时间', o.createTime],
          ['付款截止', o.payDeadline],
          ['支付时间', o.payTime],
          ['发货时间', o.wayTime],
          ['完成时间', o.finishTime],
        ]}
      />
    </Section>
  )
}

export function BuyerFacts({ o }: { o: AdminOrder }) {
  return (
    <Section title="买家与收货" id="order-buyer">
      <Facts
        rows={[
          [
            '买家',
            <a key="buyer" className={link} href={customerHref(o.buyer.id)} data-buyer-link="">
              {`${o.buyer.nickName || '—'}${o.buyer.realName ? `（${o.buyer.realName}）` : ''}`}
            </a>,
          ],
          ['账号手机', o.buyer.tel],
          ['用户编号', `${o.buyer.id}（${o.buyer.code}）`],
          ['收货人', o.recName],
          ['收货电话', o.recTel],
          ['收货地址', `${o.recAddress.replaceAll(',', ' ')} ${o.recAddressx}`.trim()],
        ]}
      />
    </Section>
  )
}

/** A table that scrolls in its box; relative: a header's sr-only text is clipped by the box, not placed past the page. */
function Table({ head, children, wide }: { head: ReactNode; children: ReactNode; wide?: boolean }) {
  return (
    <div className="relative overflow-x-auto">
      <table className={`w-full text-sm ${wide ? 'min-w-max' : ''}`}>
        <thead className="text-left text-slate-600">
          <tr>{head}</tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  )
}

export function ItemsSection({ o }: { o: AdminOrder }) {
  return (
    <Section title="商品" id="order-items">
      <Table
        head={
          <>
            <th scope="col" className="py-1 pr-3 font-medium">
              名称
            </th>
            <th scope="col" className="py-1 pr-3 text-right font-medium">
              单价（元）
            </th>
            <th scope="col" className="py-1 pr-3 text-right font-medium">
              数量
            </th>
            <th scope="col" className="py-1 pr-3 text-right font-medium">
              已发
            </th>
            <th scope="col" className="py-1 pr-3 text-right font-medium">
              已退
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              实付（元）
            </th>
          </>
        }
      >
        {o.items.map((i) => (
          <tr key={i.lineId} className="border-t border-slate-100" data-line={i.lineId}>
            <td className="py-1 pr-3">
              {i.spuId !== null ? (
                <a className={link} href={productHref(i.spuId)}>
                  {i.title}
                </a>
              ) : (
                i.title
              )}
            </td>
            <td className="py-1 pr-3 text-right tabular-nums">{formatMoney(i.price)}</td>
            <td className="py-1 pr-3 text-right tabular-nums">{i.quantity}</td>
            <td className="py-1 pr-3 text-right tabular-nums">{i.shipped}</td>
            <td className="py-1 pr-3 text-right tabular-nums">{i.refunded}</td>
            <td className="py-1 text-right tabular-nums">{formatMoney(i.paid)}</td>
          </tr>
        ))}
      </Table>
    </Section>
  )
}

/** The payments; a refund-due one has 退回 for finance (`refund`, absent without the permission). */
export function PaymentsSection({
  o,
  busy,
  refund,
}: {
  o: AdminOrder
  busy: boolean
  refund?: (outTradeNo: string, amount: number) => void
}) {
  return (
    <Section title="付款记录" id="order-payments">
      {o.payments.length === 0 ? (
        <p className="text-sm text-slate-600">暂无付款记录</p>
      ) : (
        <Table
          wide
          head={['付款单号', '方式', '金额（元）', '状态', '支付时间', '退回时间', ''].map((h) => (
            <th key={h} scope="col" className="py-1 pr-3 font-medium">
              {h || <span className="sr-only">操作</span>}
            </th>
          ))}
        >
          {o.payments.map((p) => (
            <tr key={p.outTradeNo} className="border-t border-slate-100" data-payment={p.outTradeNo}>
              <td className="py-1 pr-3 font-mono text-xs">{p.outTradeNo}</td>
              <td className="py-1 pr-3">{payWayName(p.way)}</td>
              <td className="py-1 pr-3 tabular-nums">{formatMoney(p.amount)}</td>
              <td className="py-1 pr-3">{p.statusText}</td>
              <td className="py-1 pr-3">{p.paidTime || '—'}</td>
              <td className="py-1 pr-3">{p.refundTime || '—'}</td>
              <td className="py-1">
                {p.status === 30 && refund && (
                  <BusyButton
                    type="button"
                    className="btn-outline px-3 py-1 text-xs"
                    busy={busy}
                    onClick={() => refund(p.outTradeNo, p.amount)}
                  >
                    退回
                  </BusyButton>
                )}
              </td>
            </tr>
          ))}
        </Table>
      )}
    </Section>
  )
}

/** What a parcel holds: 'X × 2、Y × 1'. */
const parcelLines = (o: AdminOrder, lines: { lineId: number; quantity: number }[]) =>
  lines
    .map((l) => `${o.items.find((i) => i.lineId === l.lineId)?.title ?? l.lineId} × ${l.quantity}`)
    .join('、')

/**
 * The order's parcels, each with what it holds and its courier's track as a timeline; a parcel
 * shipped by mistake has 取消包裹 (`cancel`, absent without the permission or once received).
 */
export function ParcelsSection({
  o,
  busy,
  cancel,
}: {
  o: AdminOrder
  busy: boolean
  cancel?: (id: number, label: string) => void
}) {
  return (
    <Section title="包裹与物流" id="order-waybills">
      {o.shipments.length === 0 ? (
        <p className="text-sm text-slate-600">尚未发货</p>
      ) : (
        o.shipments.map((w, i) => (
          <div
            key={w.id}
            className="grid gap-2 border-t border-slate-100 pt-3 first:border-0 first:pt-0"
            data-waybill={w.waybill}
          >
            <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
              <span className="font-medium">包裹 {i + 1}</span>
              {w.replacement && <span className="rounded bg-sky-50 px-1.5 text-xs text-sky-800">换货</span>}
              <span>{w.courier}</span>
              <span className="font-mono">{w.waybill}</span>
              <span className={w.cancelledAt ? 'text-slate-500' : 'text-brand-700'}>{w.status}</span>
              {cancel && !w.cancelledAt && !w.replacement && (
                <BusyButton
                  type="button"
                  className="btn-outline ml-auto px-3 py-1 text-xs"
                  busy={busy}
                  onClick={() => cancel(w.id, `${w.courier} ${w.waybill}`)}
                >
                  取消包裹
                </BusyButton>
              )}
            </div>
            <p className="text-sm text-slate-700">
              {parcelLines(o, w.lines)}
              <span className="ml-2 text-xs text-slate-500">
                发出于 {w.shippedAt}
                {w.cancelledAt ? `，${w.cancelledAt} 已取消` : ''}
              </span>
            </p>
            {!w.cancelledAt && (
              <Timeline
                label={`运单 ${w.waybill} 的物流轨迹`}
                empty="暂无物流轨迹"
                entries={w.locus.map((l) => ({
                  key: `${l.time}${l.text}`,
                  at: l.time,
                  tag: l.status,
                  text: l.text,
                }))}
              />
            )}
          </div>
        ))
      )}
    </Section>
  )
}

export function AfterSalesSection({ o }: { o: AdminOrder }) {
  const a = o.afterSales
  return (
    <Section title="售后" id="order-after-sales">
      {!a.kind ? (
        <p className="text-sm text-slate-600">无售后申请</p>
      ) : (
        <Facts
          rows={[
            [
              '状态',
              <span key="state" data-after-state>
                {a.state}
              </span>,
            ],
            ['类型', a.kindText],
            ['商品', parcelLines(o, a.lines)],
            ['原因', a.remarks],
            [
              '图片',
              a.imgs.length ? (
                <span key="imgs" className="flex flex-wrap gap-2">
                  {a.imgs.map((src, i) => (
                    <a key={src} href={src} target="_blank" rel="noopener" className={link}>
                      图片 {i + 1}
                    </a>
                  ))}
                </span>
              ) : (
                ''
              ),
            ],
            ['可退金额', a.refundable ? yuanText(a.refundable) : ''],
            ['批准金额', a.amount ? yuanText(a.amount) : ''],
            ['第一审批人', a.approvedBy],
            ['寄回地址', a.returnAddress && a.status === 12 ? a.returnAddress : ''],
            ['买家寄回', a.returnWaybill],
            ['驳回原因', a.rejectReason],
          ]}
        />
      )}
    </Section>
  )
}

/** What after-sales paid back, and where: a transfer's refund waits for finance (登记已退回). */
export function RefundsSection({
  o,
  busy,
  record,
}: {
  o: AdminOrder
  busy: boolean
  record?: (outTradeNo: string, amount: number) => void
}) {
  if (o.refunds.length === 0) return null
  return (
    <Section title="售后退款" id="order-refunds">
      <Table
        wide
        head={['金额（元）', '去向', '状态', '申请时间', '退款时间', ''].map((h) => (
          <th key={h} scope="col" className="py-1 pr-3 font-medium">
            {h || <span className="sr-only">操作</span>}
          </th>
        ))}
      >
        {o.refunds.map((r) => (
          <tr key={r.id} className="border-t border-slate-100" data-refund={r.status}>
            <td className="py-1 pr-3 tabular-nums">{formatMoney(r.amount)}</td>
            <td className="py-1 pr-3">{r.route}</td>
            <td className="py-1 pr-3">
              {r.statusText}
              {r.gatewayNote && <p className="text-xs text-amber-700">{r.gatewayNote}</p>}
            </td>
            <td className="py-1 pr-3">{r.createTime}</td>
            <td className="py-1 pr-3">{r.refundTime || '—'}</td>
            <td className="py-1">
              {r.status === 30 && record && r.outTradeNo && (
                <BusyButton
                  type="button"
                  className="btn-outline px-3 py-1 text-xs"
                  busy={busy}
                  onClick={() => record(r.outTradeNo, r.amount)}
                >
                  登记已转账退回
                </BusyButton>
              )}
            </td>
          </tr>
        ))}
      </Table>
    </Section>
  )
}

/** The corporate transfers finance recorded on the order: received (with their outcome) and paid back. */
export function TransfersSection({ o }: { o: AdminOrder }) {
  if (o.transfers.length === 0) return null
  return (
    <Section title="对公转账登记" id="order-transfers">
      <Table
        wide
        head={[
          '类型',
          '金额（元）',
          '银行流水号',
          '户名',
          '到账日期',
          '结果',
          '回单',
          '登记人',
          '登记时间',
        ].map((h) => (
          <th key={h} scope="col" className="py-1 pr-3 font-medium">
            {h}
          </th>
        ))}
      >
        {o.transfers.map((t) => (
          <tr
            key={`${t.time}${t.reference}${t.kind}`}
            className="border-t border-slate-100"
            data-transfer={t.outcome}
          >
            <td className="py-1 pr-3">{t.kind === 'refund' ? '退回' : '到账'}</td>
            <td className="py-1 pr-3 tabular-nums">{formatMoney(t.amount)}</td>
            <td className="py-1 pr-3">{t.reference}</td>
            <td className="py-1 pr-3">{t.payer}</td>
            <td className="py-1 pr-3">{t.receivedAt}</td>
            <td
              className={`py-1 pr-3 ${t.outcome === 'short' || t.outcome === 'over' ? 'text-red-700' : ''}`}
            >
              {t.outcomeText}
            </td>
            <td className="py-1 pr-3">
              {t.slip ? (
                <a className="text-brand-700 underline" href={t.slip} target="_blank" rel="noreferrer">
                  查看
                </a>
              ) : (
                '—'
              )}
            </td>
            <td className="py-1 pr-3">
              <StaffName username={t.staff} />
            </td>
            <td className="py-1 pr-3">{t.time}</td>
          </tr>
        ))}
      </Table>
    </Section>
  )
}

export function InvoiceSection({ o }: { o: AdminOrder }) {
  const v = o.invoice
  // Once issued, the title on the invoice: finance may have corrected the buyer's at a reissue.
  const issued = lastIssued(o)
  return (
    <Section title="发票" id="order-invoice">
      {!v ? (
        <p className="text-sm text-slate-600">未申请发票</p>
      ) : (
        <Facts
          rows={[
            ['状态', o.invoiceStatusText],
            ['类型', v.types],
            ['抬头', issued?.title || v.companyName],
            ['税号', issued?.taxCode || v.companyCode],
            ['开户行及账号', `${v.bank} ${v.account}`.trim()],
            ['收票人', `${v.name} ${v.tel} ${v.address}`.trim()],
            ['发票号码', v.number],
            [
              '发票文件',
              v.file ? (
                <a key="file" href={v.file} target="_blank" rel="noopener" className={link}>
                  查看
                </a>
              ) : (
                ''
              ),
            ],
            ['开票时间', v.time],
          ]}
        />
      )}
      <InvoiceRecords o={o} />
    </Section>
  )
}
