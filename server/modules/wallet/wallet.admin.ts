import { RechargeTag } from '../../../src/lib/constants.ts'
import { checkAdjustment } from '../../../src/lib/rules/adjustment.ts'
import { actorOf, adminRoute } from '../../admin/admin-route.ts'
import { answers, jsonBody, ok, pagedOf, router, z } from '../../contract/index.ts'
import { field, id, int, page, ruleBody } from '../../contract/params.ts'
import { requireCustomer } from '../accounts/customers.queries.ts'
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

export const postBalanceAdjustment = adminRoute(
  'post',
  '/admin/customers/{userId}/balance',
  'wallet.adjust',
  {
    summary:
      '调整余额：金额（元，+ 增加 / - 扣减，最多两位小数）与原因；记为一条钱包流水（余额调整：原因），扣减不能使余额为负；记入操作日志',
    request: {
      params: userParam,
      body: jsonBody(
        ruleBody(checkAdjustment, {
          amount: field('string', '调整金额（元）：如 100、-12.50'),
          reason: field('string', '调整原因（必填，客户在钱包流水中可见），最多 100 字'),
          requestId: field(
            'string',
            '可选：这次调整的编号（表单打开时生成的 UUID）。同一编号再次提交（连点、重试）不再调整，回答第一次的结果',
          ),
        }),
      ),
    },
    responses: answers(
      z.object({ balance: z.number().openapi({ description: '调整后的余额（元）' }), record: Transaction }),
      [401, 404],
    ),
  },
)

/** A customer's wallet for staff, and balance adjustments (issue 20). */
export const walletAdmin = router()
  .openapi(getCustomerWallet, async (c) => {
    const { db } = c.get('deps')
    const { userId } = c.req.valid('param')
    const { tag, pageIndex, pageSize } = c.req.valid('query')
    await requireCustomer(db, userId)
    return ok(c, await transactions(db, userId, tag === undefined ? {} : { tag }, { pageIndex, pageSize }))
  })
  .openapi(postBalanceAdjustment, async (c) => {
    const { db, now } = c.get('deps')
    return ok(c, await adjustBalance(db, actorOf(c), c.req.valid('param').userId, c.req.valid('json'), now()))
  })
