import { checkRefund } from '../../../src/lib/rules/refund.ts'
import { ok, router } from '../../contract/index.ts'
import { parseId } from '../../contract/params.ts'
import { refuse, requireUser } from '../../http.ts'
import { requireOwnFiles } from '../uploads/ownership.ts'
import * as routes from './after-sales.routes.ts'
import { applyRefund, cancelRefund, refusesContent, sendBack } from './after-sales.ts'
import { applyInvoice } from './order-invoices.ts'
import { ownOrder } from './order-lookup.ts'

const orderId = (v: unknown) => {
  const id = parseId(v)
  if (id === null) throw refuse('请提供正确的订单编号')
  return id
}

/** The buyer's after-sales requests and invoice applications (the staff's side is the order desk). */
export const afterSales = router()
  .openapi(routes.postRefund, async (c) => {
    const { db } = c.get('deps')
    const user = requireUser(c)
    const body = c.req.valid('json')
    const id = orderId(body.id)
    const form = checkRefund(body)
    // Another user's order answers 404, and a content order its refusal, before anything is
    // said about the form.
    await ownOrder(db, user.id, id)
    await refusesContent(db, id)
    if (form.error !== null) throw refuse(form.error)
    // The photos are the buyer's own uploads, as a review's or a comment's are.
    await requireOwnFiles(db, user.id, [{ label: '售后图片', paths: form.value.images, image: true }])
    await applyRefund(db, user.id, id, form.value, c.get('deps').now())
    return ok(c, '提交成功')
  })
  .openapi(routes.postReturn, async (c) => {
    const { db, now } = c.get('deps')
    const body = c.req.valid('json')
    const str = (v: unknown) => (typeof v === 'string' ? v : '')
    await sendBack(
      db,
      requireUser(c).id,
      orderId(body.id),
      { company: str(body.company), number: str(body.number) },
      now(),
    )
    return ok(c, '提交成功')
  })
  .openapi(routes.postTypes, async (c) => {
    const { db, now } = c.get('deps')
    await cancelRefund(db, requireUser(c).id, orderId(c.req.valid('json').id), now())
    return ok(c, '取消成功')
  })
  .openapi(routes.postInvoice, async (c) => {
    const body = c.req.valid('json')
    const given = body.invoiceId
    const invoiceId = given === undefined || given === null || given === '' ? null : (parseId(given) ?? 0)
    await applyInvoice(c.get('deps').db, requireUser(c).id, orderId(body.id), invoiceId)
    return ok(c, '申请成功')
  })
