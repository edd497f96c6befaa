import { actorOf } from '../../admin/admin-route.ts'
import { ok, router } from '../../contract/index.ts'
import { refuse } from '../../http.ts'
import { sendPrivateFile } from '../uploads/private-files.ts'
import {
  certificationQueue,
  certificationScan,
  decideCertification,
  staffCertification,
} from './certification.ts'
import { customerDetail, findCustomers } from './customers.queries.ts'
import * as routes from './customers.routes.ts'

/** Customer lookup and certification review (issue 20). */
export const customersAdmin = router()
  .openapi(routes.getCustomers, async (c) => {
    const { q, pageIndex, pageSize } = c.req.valid('query')
    return ok(c, await findCustomers(c.get('deps').db, q, { pageIndex, pageSize }))
  })
  .openapi(routes.getCustomer, async (c) =>
    ok(c, await customerDetail(c.get('deps').db, c.req.valid('param').userId)),
  )
  .openapi(routes.getCertifications, async (c) => {
    const { status, pageIndex, pageSize } = c.req.valid('query')
    return ok(c, await certificationQueue(c.get('deps').db, status, { pageIndex, pageSize }))
  })
  .openapi(routes.getCertification, async (c) =>
    ok(c, await staffCertification(c.get('deps').db, c.req.valid('param').userId)),
  )
  .openapi(routes.getCertificationScan, async (c) => {
    const { db, config, now } = c.get('deps')
    const path = c.req.valid('query').path ?? ''
    if (!(await certificationScan(db, c.req.valid('param').userId, path))) throw refuse('文件不存在', 404)
    // The file itself (or a short-lived link to it in a bucket), never kept by a cache.
    const sent = await sendPrivateFile(c, config, path, { maxAge: 0, now: now() })
    if (!sent) throw refuse('文件不存在', 404)
    return sent as never
  })
  .openapi(routes.postCertificationDecision, async (c) => {
    const { db, now } = c.get('deps')
    const { userId } = c.req.valid('param')
    return ok(c, await decideCertification(db, actorOf(c), userId, c.req.valid('json'), now()))
  })
