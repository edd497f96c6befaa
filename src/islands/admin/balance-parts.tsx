/**
 * Balance adjustments above the limit (issue 39), as finance sees them: the list of those waiting
 * for a second person, with 批准 for another finance or admin account and 撤回 for the requester
 * (or an admin). On a customer's page (that customer's) and on the customers list (all of them).
 */
import { type BalanceAdjustment, customersApi } from '../../lib/api/admin-customers.ts'
import { formatMoney } from '../../lib/format.ts'
import { useConfirm } from '../common/useConfirm.tsx'
import { may, useStaff } from './AdminShell.tsx'
import { Section } from './detail/Section.tsx'
import { attempt, RowActions } from './kit/Actions.tsx'
import { linkColumn, timeColumn } from './kit/columns.tsx'
import { type Column, DataTable } from './kit/DataTable.tsx'
import { customerHref } from './kit/hrefs.ts'
import { useLoad } from './kit/useLoad.ts'

const PAGE_SIZE = 50

const signed = (yuan: number) => `${yuan > 0 ? '+' : '-'}${formatMoney(Math.abs(yuan))}`

/**
 * 待审批的余额调整: one customer's (`userId`) or all; nothing for a staff member without
 * wallet.adjust, and nothing when none waits. `version` reloads it (after an adjustment);
 * `onChanged` is told after an approval or a withdrawal.
 */
export function PendingAdjustments({
  userId,
  version = 0,
  onChanged,
}: {
  userId?: number
  version?: number
  onChanged?: () => void
}) {
  const me = useStaff()
  const allowed = may(me, 'wallet.adjust')
  const query = {
    ...(userId ? { userId } : {}),
    status: 'pending' as const,
    pageIndex: 0,
    pageSize: PAGE_SIZE,
  }
  const { data, loading, reload } = useLoad(
    () => (allowed ? customersApi.adjustments(query) : Promise.resolve(null)),
    `${userId ?? ''}:${version}:${allowed}`,
  )
  const [confirmDialog, confirm] = useConfirm()
  if (!allowed || !data || data.pageTotal === 0) return null
  const done = () => {
    reload()
    onChanged?.()
  }
  const who = (a: BalanceAdjustment) => a.nickName || a.tel || `用户 ${a.userId}`
  const approve = async (a: BalanceAdjustment) => {
    const ok = await confirm({
      title: '批准余额调整',
      text: `确定批准为${who(a)}调整余额 ${signed(a.amount)} 元（${a.reason}）吗？批准后立即生效。`,
    })
    if (!ok) return
    await attempt(() => customersApi.approveAdjustment(a.id), '已批准，余额已调整')
    done()
  }
  const withdraw = async (a: BalanceAdjustment) => {
    if (
      !(await confirm({ title: '撤回余额调整', text: `确定撤回这笔 ${signed(a.amount)} 元的调整申请吗？` }))
    )
      return
    await attempt(() => customersApi.withdrawAdjustment(a.id), '已撤回')
    done()
  }
  const columns: Column<BalanceAdjustment>[] = [
    timeColumn('createTime', '申请时间', (a) => a.createTime),
    ...(userId
      ? []
      : [
          linkColumn<BalanceAdjustment>(
            'customer',
            '客户',
            { href: (a) => customerHref(a.userId), text: who, look: 'quiet' },
            { sortValue: (a) => a.userId },
          ),
        ]),
    {
      id: 'amount',
      header: '金额（元）',
      cell: (a) => (
        <span className={a.amount > 0 ? 'text-emerald-700' : 'text-red-700'}>{signed(a.amount)}</span>
      ),
      sortValue: (a) => a.amount,
      className: 'text-right tabular-nums',
    },
    { id: 'reason', header: '原因', cell: (a) => a.reason },
    { id: 'requester', header: '申请人', cell: (a) => a.requester },
    {
      id: 'actions',
      header: '操作',
      cell: (a) => (
        <RowActions
          actions={[
            a.requestedBy !== me.id && {
              label: '批准',
              name: `批准 ${signed(a.amount)} 元`,
              run: () => approve(a),
            },
            (a.requestedBy === me.id || me.roles.includes('admin')) && {
              label: '撤回',
              name: `撤回 ${signed(a.amount)} 元`,
              danger: true,
              run: () => withdraw(a),
            },
          ]}
        />
      ),
    },
  ]
  return (
    <Section id="pending-adjustments" title="待审批的余额调整">
      <p className="mb-3 text-sm text-slate-600">
        超过 {formatMoney(data.limit)} 元的余额调整须由申请人以外的另一位财务或管理员批准后才会生效。
      </p>
      <DataTable
        id="pending-adjustments"
        caption="待审批的余额调整"
        columns={columns}
        page={data}
        loading={loading}
        rowKey={(a) => a.id}
        onPage={() => {}}
      />
      {confirmDialog}
    </Section>
  )
}
