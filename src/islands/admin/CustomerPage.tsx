/**
 * /admin/customers/detail/?id=<userId>: one customer (issue 20) — profile, then tabs of orders,
 * wallet records, addresses and certification; finance adjusts the balance from here (above
 * BALANCE_ADJUST_LIMIT it waits for another finance or admin account: 待审批的余额调整, issue 39).
 */
import { type SubmitEvent, useState } from 'react'
import { refusalMessage } from '../../lib/api/admin.ts'
import {
  type Address,
  type CustomerDetail,
  customersApi,
  type OrderCard,
  orderHref,
  type Transaction,
} from '../../lib/api/admin-customers.ts'
import { RechargeTag } from '../../lib/constants.ts'
import { formatDateTime, formatMoney } from '../../lib/format.ts'
import { newRequestId } from '../../lib/request-id.ts'
import { ADJUST_REASON_MAX, checkAdjustment, needsApproval } from '../../lib/rules/adjustment.ts'
import { toast } from '../../lib/toast.ts'
import { Dialog } from '../common/Dialog.tsx'
import { TabList, tabPanelProps } from '../common/TabList.tsx'
import { useConfirm } from '../common/useConfirm.tsx'
import { detailPage, may, useStaff } from './AdminShell.tsx'
import { PendingAdjustments } from './balance-parts.tsx'
import { CertificationView } from './certification-parts.tsx'
import { DetailHeader, DetailLayout } from './detail/DetailLayout.tsx'
import { Facts, Section } from './detail/Section.tsx'
import { DialogButtons } from './form/DialogButtons.tsx'
import { FieldControl } from './form/FieldControl.tsx'
import { linkColumn, moneyColumn, timeColumn } from './kit/columns.tsx'
import type { Column } from './kit/DataTable.tsx'
import { LoadedTable } from './kit/LoadedTable.tsx'
import { useLoad } from './kit/useLoad.ts'
import { useUrlFilters } from './kit/useUrlFilters.ts'

const PAGE_SIZE = 20
const TABS = [
  { id: 'orders', label: '订单' },
  { id: 'wallet', label: '钱包流水' },
  { id: 'addresses', label: '收货地址' },
  { id: 'certification', label: '认证' },
] as const
type Tab = (typeof TABS)[number]['id']
const isTab = (t: string): t is Tab => TABS.some((x) => x.id === t)

const orderColumns: Column<OrderCard>[] = [
  linkColumn(
    'code',
    '订单号',
    { href: (o) => orderHref(o.code), text: (o) => o.code, look: 'quiet' },
    { sortValue: (o) => o.code },
  ),
  { id: 'items', header: '商品', cell: (o) => o.itemList.map((i) => `${i.title} ×${i.quantity}`).join('；') },
  moneyColumn('tolCost', '订单金额（元）', (o) => o.tolCost),
  { id: 'status', header: '状态', cell: (o) => o.statusText, sortValue: (o) => o.status },
  { id: 'receiver', header: '收货人', cell: (o) => `${o.recName} ${o.recTel}`, hidden: true },
  timeColumn('createTime', '下单时间', (o) => o.createTime),
]

const walletColumns: Column<Transaction>[] = [
  timeColumn('createTime', '时间', (t) => t.createTime),
  { id: 'title', header: '说明', cell: (t) => t.title },
  {
    id: 'price',
    header: '金额（元）',
    cell: (t) => (
      <span className={t.tag === RechargeTag.income ? 'text-emerald-700' : 'text-red-700'}>
        {t.tag === RechargeTag.income ? '+' : '-'}
        {formatMoney(t.price)}
      </span>
    ),
    sortValue: (t) => (t.tag === RechargeTag.income ? t.price : -t.price),
    className: 'text-right tabular-nums',
  },
  { id: 'ext', header: '流水号', cell: (t) => t.ext, hidden: true },
]

const addressColumns: Column<Address>[] = [
  { id: 'name', header: '收货人', cell: (a) => a.name },
  { id: 'tel', header: '电话', cell: (a) => a.tel },
  { id: 'address', header: '地址', cell: (a) => `${a.address.replaceAll(',', ' ')} ${a.addressDetail}` },
  { id: 'status', header: '默认', cell: (a) => (a.status === 1 ? '默认' : '') },
]

/** A paged tab: its page is the screen's pageIndex filter. */
interface PagedTab {
  userId: number
  pageIndex: number
  onPage: (i: number) => void
}

function Orders({ userId, pageIndex, onPage }: PagedTab) {
  const page = { pageIndex, pageSize: PAGE_SIZE }
  return (
    <LoadedTable
      id="customer-orders"
      caption="订单"
      columns={orderColumns}
      load={() => customersApi.orders(userId, page)}
      loadKey={JSON.stringify(page)}
      rowKey={(o) => o.code}
      empty="暂无订单"
      onPage={onPage}
    />
  )
}

function Wallet({ userId, pageIndex, onPage, version }: PagedTab & { version: number }) {
  const page = { pageIndex, pageSize: PAGE_SIZE }
  return (
    <LoadedTable
      id="customer-wallet"
      caption="钱包流水"
      columns={walletColumns}
      load={() => customersApi.wallet(userId, page)}
      loadKey={JSON.stringify({ ...page, version })}
      rowKey={(t) => t.id}
      empty="暂无流水"
      onPage={onPage}
    />
  )
}

function Addresses({ userId }: { userId: number }) {
  return (
    <LoadedTable
      id="customer-addresses"
      caption="收货地址"
      columns={addressColumns}
      load={() => customersApi.addresses(userId)}
      loadKey={String(userId)}
      rowKey={(a) => a.id}
      empty="暂无收货地址"
    />
  )
}

/**
 * 调整余额: a signed amount and a reason, checked by the same rule as the server; a debit is
 * confirmed. Above the limit (the server's, answered with the pending list) the dialog says it
 * will wait for another finance or admin account, and the server only records it.
 */
function AdjustBalance({ c, onDone }: { c: CustomerDetail; onDone: () => void }) {
  const [open, setOpen] = useState(false)
  const [v, setV] = useState({ amount: '', reason: '' })
  const { data: limits } = useLoad(
    () => customersApi.adjustments({ userId: c.id, status: 'pending', pageIndex: 0, pageSize: 1 }),
    `limit:${c.id}`,
  )
  const limit = limits?.limit ?? null
  // The amount as the rule reads it (the reason is not what is asked here).
  const typed = checkAdjustment({ amount: v.amount, reason: '仅用于读金额' })
  const waits =
    limit !== null && typed.error === null && needsApproval(typed.value.fen, Math.round(limit * 100))
  // This adjustment's id, new each time the dialog opens: a second click or a retry after a lost
  // answer sends the same one, and the server changes the balance once (wallet.service.ts).
  const [requestId, setRequestId] = useState('')
  const openDialog = () => {
    setRequestId(newRequestId())
    setOpen(true)
  }
  const [error, setError] = useState<{ field: string; message: string } | null>(null)
  const [busy, setBusy] = useState(false)
  const [confirmDialog, confirm] = useConfirm()
  const submit = async (e: SubmitEvent) => {
    e.preventDefault()
    const r = checkAdjustment(v)
    if (r.error !== null) return setError({ field: r.field, message: r.error })
    setError(null)
    const yuan = formatMoney(Math.abs(r.value.fen) / 100)
    if (
      r.value.fen < 0 &&
      !(await confirm({
        title: '扣减余额',
        text: `确定要从${c.nickName || '该客户'}的余额中扣减 ${yuan} 元吗？`,
      }))
    )
      return
    setBusy(true)
    try {
      const done = await customersApi.adjust(c.id, { ...v, requestId })
      toast(
        'success',
        'pending' in done
          ? '已提交，待另一位财务审批'
          : `余额已调整，当前余额 ${formatMoney(done.balance)} 元`,
      )
      setOpen(false)
      setV({ amount: '', reason: '' })
      onDone()
    } catch (err) {
      setError({ field: 'amount', message: refusalMessage(err) })
    } finally {
      setBusy(false)
    }
  }
  const at = (f: string) => (error?.field === f ? error.message : null)
  return (
    <>
      <button type="button" className="btn-outline px-3 py-1.5 text-sm" onClick={openDialog}>
        调整余额
      </button>
      <Dialog open={open} onOpenChange={setOpen} title="调整余额">
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <p className="text-sm text-slate-600">
            当前余额 <strong className="tabular-nums text-slate-900">{formatMoney(c.balance)}</strong>{' '}
            元。增加填正数，扣减填负数（如 -12.50）；将记为一条钱包流水，客户可见原因。
            {limit !== null && `超过 ${formatMoney(limit)} 元的调整须另一位财务或管理员批准。`}
          </p>
          {waits && (
            <p
              id="adjust-waits"
              role="status"
              className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-800"
            >
              金额超过 {formatMoney(limit ?? 0)} 元：提交后须等待另一位财务或管理员批准，批准前余额不变。
            </p>
          )}
          <FieldControl
            id="adjust-amount"
            label="调整金额（元）"
            required
            error={at('amount')}
            inputMode="decimal"
            value={v.amount}
            onChange={(amount) => setV({ ...v, amount })}
          />
          <FieldControl
            id="adjust-reason"
            label="调整原因"
            required
            error={at('reason')}
            rows={3}
            max={ADJUST_REASON_MAX}
            maxLength={ADJUST_REASON_MAX}
            value={v.reason}
            onChange={(reason) => setV({ ...v, reason })}
          />
          <DialogButtons close={() => setOpen(false)} busy={busy} label={waits ? '提交审批' : '确定调整'} />
        </form>
        {confirmDialog}
      </Dialog>
    </>
  )
}

/** The header: the customer's name, 调整余额 for finance, and the account's key facts. */
function Profile({ c, onAdjusted }: { c: CustomerDetail; onAdjusted: () => void }) {
  const me = useStaff()
  return (
    <DetailHeader
      id="customer-name"
      title={c.nickName || `用户 ${c.id}`}
      actions={may(me, 'wallet.adjust') && <AdjustBalance c={c} onDone={onAdjusted} />}
    >
      <Facts
        columns={4}
        rows={[
          ['编号', `${c.id}（${c.code}）`],
          ['手机号', c.tel],
          ['姓名', c.realName],
          ['认证', c.level ? `${c.levelText}（${c.certification.statusText}）` : c.certification.statusText],
          ['余额（元）', formatMoney(c.balance)],
          ['累计消费（元）', formatMoney(c.integral)],
          ['收益（元）', formatMoney(c.income)],
          ['注册时间', formatDateTime(c.createTime)],
        ]}
      />
    </DetailHeader>
  )
}

function Customer() {
  const [f, set] = useUrlFilters({ id: '', tab: 'orders', pageIndex: '0' })
  const userId = Number(f.id) || 0
  const tab: Tab = isTab(f.tab) ? f.tab : 'orders'
  const [version, setVersion] = useState(0)
  const { data, loading } = useLoad(() => customersApi.customer(userId), `${userId}:${version}`)
  const me = useStaff()
  const paged = {
    userId,
    pageIndex: Number(f.pageIndex),
    onPage: (i: number) => set({ pageIndex: String(i) }),
  }
  if (!userId) return <p className="rounded-lg bg-white p-6 text-slate-600">未指定客户</p>
  if (!data) return <p className="text-slate-500">{loading ? '加载中…' : '客户不存在'}</p>
  return (
    <DetailLayout header={<Profile c={data} onAdjusted={() => setVersion((n) => n + 1)} />}>
      <PendingAdjustments userId={userId} version={version} onChanged={() => setVersion((n) => n + 1)} />
      <Section>
        <TabList
          tabs={TABS}
          active={tab}
          label="客户资料"
          idPrefix="customer"
          onSelect={(t) => set({ tab: t })}
        />
        <div {...tabPanelProps('customer', tab)}>
          {tab === 'orders' && <Orders {...paged} />}
          {tab === 'wallet' && <Wallet {...paged} version={version} />}
          {tab === 'addresses' && <Addresses userId={userId} />}
          {tab === 'certification' && (
            <div className="grid gap-3">
              <CertificationView c={data.certification} scans={may(me, 'certifications.review')} />
              {data.certification.status === 2 && may(me, 'certifications.review') && (
                <a className="btn-primary w-fit" href={`/admin/certifications/detail/?id=${userId}`}>
                  去审核
                </a>
              )}
            </div>
          )}
        </div>
      </Section>
    </DetailLayout>
  )
}

export default detailPage(
  '客户详情',
  'customers.read',
  { href: '/admin/customers/', label: '返回客户列表' },
  Customer,
)
