import { RechargeTag } from '../../../src/lib/constants.ts'
import { checkAdjustment, needsApproval } from '../../../src/lib/rules/adjustment.ts'
import { actorOf, adminRoute, requireStaff } from '../../admin/admin-route.ts'
import { answers, jsonBody, ok, pagedOf, router, z } from '../../contract/index.ts'
import { field, id, int, oneOf, page, ruleBody } from '../../contract/params.ts'
import { requireCustomer } from '../accounts/customers.queries.ts'
import {
  ADJUSTMENT_STATUSES,
  approveAdjustment,
  listAdjustments,
  requestAdjustment,
  withdrawAdjustment,
} from './balance-approval.ts'
import { transactions } from './wallet.queries.ts'
import { Transaction } from './wallet.routes.ts'
import { adjustBalance } from './wallet.service.ts'

const userParam = z.object({ userId: id('用户编号') })

export const getCustomerWallet = adminRoute('get', '/admin/customers/{userId}/wallet', 'customers.read', {
  summary: '客户的钱包流水（与客户在 /wo 看到的相同），新的在前',
  request: {
    params: userParam,
    query: z.object({ tag: int('收支类型', { min: RechargeTag.expense, max: RechargeTag.income }), ...page }),
  },
  responses: answers(pagedOf(Transaction), [401, 404]),
})

const Adjusted = z.object({
  balance: z.number().openapi({ description: '调整后的余额（元）' }),
  record: Transaction,
})
const Pending = z.object({
  pending: z.literal(true).openapi({ description: '超过限额：待另一位财务或管理员审批，余额未变' }),
  adjustmentId: z.number().int().openapi({ description: '待审批的余额调整编号' }),
})

export const postBalanceAdjustment = adminRoute(
  'post',
  '/admin/customers/{userId}/balance',
  'wallet.adjust',
  {
    summary:
      '调整余额：金额（元，+ 增加 / - 扣减，最多两位小数）与原因（5 至 100 字）；记为一条钱包流水（余额调整：原因），扣减不能使余额为负；记入操作日志。金额（绝对值）超过 BALANCE_ADJUST_LIMIT（默认 5000 元）时只记为待审批的申请，回答 { pending: true, adjustmentId }，余额不变，须另一位财务或管理员批准',
    request: {
      params: userParam,
      body: jsonBody(
        ruleBody(checkAdjustment, {
          amount: field('string', '调整金额（元）：如 100、-12.50'),
          reason: field('string', '调整原因（必填，客户在钱包流水中可见），5 至 100 字'),
          requestId: field(
            'string',
            '可选：这次调整的编号（表单打开时生成的 UUID）。同一编号再次提交（连点、重试）不再调整，回答第一次的结果',
          ),
        }),
      ),
    },
    responses: answers(z.union([Adjusted, Pending]), [401, 404]),
  },
)

export const BalanceAdjustment = z
  .object({
    id: z.number().int(),
    userId: z.number().int(),
    nickName: z.string(),
    tel: z.string(),
    amount: z.number().openapi({ description: '调整金额（元，带符号）' }),
    reason: z.string(),
    status: z
      .enum(ADJUSTMENT_STATUSES)
      .openapi({ description: 'pending 待审批；approved 已批准；withdrawn 已撤回' }),
    statusText: z.string(),
    requestedBy: z.number().int().openapi({ description: '申请人（员工编号）' }),
    requester: z.string().openapi({ description: '申请人用户名' }),
    decidedBy: z.number().int().nullable().openapi({ description: '批准或撤回的员工编号' }),
    decider: z.string().nullable(),
    record: z.string().nullable().openapi({ description: '批准后写入的钱包流水号' }),
    createTime: z.string(),
    decideTime: z.string().nullable(),
  })
  .openapi('BalanceAdjustment')
export type BalanceAdjustment = z.infer<typeof BalanceAdjustment>

const adjustmentParam = z.object({ id: id('余额调整编号') })

export const getBalanceAdjustments = adminRoute('get', '/admin/balance-adjustments', 'wallet.adjust', {
  summary:
    '余额调整申请（超过限额、须另一人审批的），新的在前；status=pending 为待审批队列；userId 为一位客户的',
  request: {
    query: z.object({
      status: oneOf('状态', ADJUSTMENT_STATUSES),
      userId: int('用户编号', { min: 1, max: 2_147_483_647 }),
      ...page,
    }),
  },
  responses: answers(
    pagedOf(BalanceAdjustment).extend({
      limit: z.number().openapi({ description: '独自调整的限额（元，BALANCE_ADJUST_LIMIT）' }),
    }),
    [401],
  ),
})

export const postBalanceAdjustmentApprove = adminRoute(
  'post',
  '/admin/balance-adjustments/{id}/approve',
  'wallet.adjust',
  {
    summary:
      '批准待审批的余额调整并执行（一次）：须由另一位财务或管理员（不是申请人）；扣减不能使余额为负；记入操作日志 wallet.adjust.approve',
    request: { params: adjustmentParam },
    responses: answers(Adjusted, [401, 403, 404, 409]),
  },
)

export const postBalanceAdjustmentWithdraw = adminRoute(
  'post',
  '/admin/balance-adjustments/{id}/withdraw',
  'wallet.adjust',
  {
    summary: '撤回待审批的余额调整：申请人或管理员；余额不变；记入操作日志 wallet.adjust.withdraw',
    request: { params: adjustmentParam },
    responses: answers(BalanceAdjustment, [401, 403, 404, 409]),
  },
)

/** A customer's wallet for staff, and balance adjustments (issue 20) with their approval above the limit (issue 39). */
export const walletAdmin = router()
  .openapi(getCustomerWallet, async (c) => {
    const { db } = c.get('deps')
    const { userId } = c.req.valid('param')
    const { tag, pageIndex, pageSize } = c.req.valid('query')
    await requireCustomer(db, userId)
    return ok(c, await transactions(db, userId, tag === undefined ? {} : { tag }, { pageIndex, pageSize }))
  })
  .openapi(postBalanceAdjustment, async (c) => {
    const { db, now, config } = c.get('deps')
    const { userId } = c.req.valid('param')
    const v = c.req.valid('json')
    // Above the limit (either way) it only waits for a second person (balance-approval.ts).
    if (needsApproval(v.fen, config.balanceAdjustLimitFen))
      return ok(c, await requestAdjustment(db, actorOf(c), userId, v, now()))
    return ok(c, await adjustBalance(db, actorOf(c), userId, v, now()))
  })
  .openapi(getBalanceAdjustments, async (c) => {
    const { db, config } = c.get('deps')
    const { status, userId, pageIndex, pageSize } = c.req.valid('query')
    const list = await listAdjustments(db, { status, userId }, { pageIndex, pageSize })
    return ok(c, { ...list, limit: config.balanceAdjustLimitFen / 100 })
  })
  .openapi(postBalanceAdjustmentApprove, async (c) => {
    const { db, now } = c.get('deps')
    return ok(c, await approveAdjustment(db, actorOf(c), c.req.valid('param').id, now()))
  })
  .openapi(postBalanceAdjustmentWithdraw, async (c) => {
    const { db, now } = c.get('deps')
    const isAdmin = requireStaff(c).roles.includes('admin')
    const done = await withdrawAdjustment(db, actorOf(c), isAdmin, c.req.valid('param').id, now())
    return ok(c, done as BalanceAdjustment)
  })
