/** A customer's addresses in the back office's customer lookup (issue 20). */

import { adminRoute } from '../../admin/admin-route.ts'
import { answers, ok, router, z } from '../../contract/index.ts'
import { id } from '../../contract/params.ts'
import { requireCustomer } from '../accounts/customers.queries.ts'
import { addresses, list } from './owned.queries.ts'
import { Address } from './owned.routes.ts'

export const getCustomerAddresses = adminRoute(
  'get',
  '/admin/customers/{userId}/addresses',
  'customers.read',
  {
    summary: '客户的收货地址（默认的在前）',
    request: { params: z.object({ userId: id('用户编号') }) },
    responses: answers(z.array(Address), [401, 404]),
  },
)

export const ownedAdmin = router().openapi(getCustomerAddresses, async (c) => {
  const { db } = c.get('deps')
  const { userId } = c.req.valid('param')
  await requireCustomer(db, userId)
  return ok(c, await list(db, addresses, userId))
})
