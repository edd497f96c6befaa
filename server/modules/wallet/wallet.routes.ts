import { RechargeTag } from '../../../src/lib/constants.ts'
import { answers, apiRoute, pagedOf, z } from '../../contract/index.ts'
import { int, page, range } from '../../contract/params.ts'
import { signedIn } from '../../http.ts'

/** A wallet transaction (Recharge/GetRechargePage). */
export const Transaction = z
  .object({
    id: z.number().int(),
    price: z.number().openapi({ description: '金额（元）' }),
    ext: z.string().openapi({ description: '流水号' }),
    tag: z.number().int().openapi({ description: '1 支出，2 收入' }),
    title: z.string(),
    createTime: z.string(),
  })
  .openapi('Transaction')
export type Transaction = z.infer<typeof Transaction>

export const getTransactions = apiRoute('get', '/Recharge/GetRechargePage', ['钱包'], {
  summary: '自己的钱包流水，按收支类型和时间筛选',
  middleware: [signedIn],
  request: {
    query: z.object({
      tag: int('收支类型', { min: RechargeTag.expense, max: RechargeTag.income }),
      ...page,
      ...range,
    }),
  },
  responses: answers(pagedOf(Transaction), [401]),
})
