/**
 * 到货通知 (issue 24 item 7) on a real server and database: subscribing and its refusals, and
 * every way stock comes back (the back office's adjustment, two at once, an order cancelled)
 * notifying each pending subscriber once in /message and by SMS after the commit.
 */
import { describe, expect, it } from 'vitest'
import { PICK_SKU } from '../../../src/lib/constants.ts'
import {
  ALERT_ALREADY,
  ALERT_DONE,
  ALERT_IN_STOCK,
  ALERT_NO_SKU,
  ALERT_TITLE,
} from '../../../src/lib/rules/stock-alert.ts'
import { product } from '../../../tests/api/fixtures.ts'
import { startServer } from '../../../tests/api/harness.ts'
import { ADDRESS } from '../../../tests/api/orders.ts'
import { newUser } from '../../../tests/api/session.ts'
import { staffSignIn } from '../../../tests/api/staff.ts'
import { SmsFailure, type SmsProvider, type StockAlertMessage } from '../../providers/sms.ts'
import { notifyRestocked, sendStockAlertTexts } from './stock-alerts.ts'

/** Every 到货通知 SMS the server sent, in order (codes go nowhere: the outbox table has them). */
const texts: { tel: string; message: StockAlertMessage }[] = []
const recording: SmsProvider = {
  name: 'test',
  async send() {},
  async check() {
    return { ok: true, lines: [] }
  },
  async sendStockAlert(tel, message) {
    texts.push({ tel, message })
  },
}
const h = startServer({ sms: () => recording })

type User = Awaited<ReturnType<typeof newUser>>

const subscribe = (u: User, skuId: unknown) =>
  h.post<string>('/api/ProductSpu/PostStockAlert', { skuId }, u.auth)
const pending = async (u: User, spuId: number) =>
  (await h.get<number[]>('/api/ProductSpu/GetStockAlerts', { spuId }, u.auth)).data
/** The user's /message entries that are 到货通知. */
const alerts = async (u: User) =>
  (
    await h.get<{ title: string; content: string }[]>('/api/Article/GetArticleQuery', { status: 200 }, u.auth)
  ).data.filter((n) => n.title === ALERT_TITLE)
const adjust = async (skuId: number, delta: number) => {
  const mk = await staffSignIn(h, 'marketing')
  return h.post<{ stock: number }>(`/api/admin/skus/${skuId}/stock`, { delta, reason: '补货' }, mk.auth)
}
const textsTo = (u: User) => texts.filter((t) => t.tel === u.tel)

describe('subscribing', () => {
  it('takes a sold-out SKU once, lists it, and refuses in Chinese what it cannot take', async () => {
    const p = await product(h.db, [
      { priceFen: 1000, stock: 0 },
      { priceFen: 1000, stock: 3 },
    ])
    const [out, inStock] = p.skuIds as [number, number]
    const u = await newUser(h)

    expect((await h.post('/api/ProductSpu/PostStockAlert', { skuId: out })).http).toBe(401)
    expect(await subscribe(u, inStock)).toMatchObject({ http: 409, data: ALERT_IN_STOCK })
    expect(await subscribe(u, 999_999_999)).toMatchObject({ http: 404, data: ALERT_NO_SKU })
    expect(await subscribe(u, 'x')).toMatchObject({ http: 400, data: PICK_SKU })
    expect(await pending(u, p.spuId)).toEqual([])

    expect(await subscribe(u, out)).toMatchObject({ http: 200, data: ALERT_DONE })
    expect(await subscribe(u, String(out))).toMatchObject({ http: 409, data: ALERT_ALREADY })
    expect(await pending(u, p.spuId)).toEqual([out])
    const rows = await h.db.selectFrom('stock_alerts').select('id').where('sku_id', '=', out).execute()
    expect(rows).toHaveLength(1)
    // Another customer's list is their own.
    expect(await pending(await newUser(h), p.spuId)).toEqual([])
  })

  it('refuses a product off the shelf', async () => {
    const p = await product(h.db, [{ priceFen: 1000, stock: 0 }], false)
    const u = await newUser(h)
    expect(await subscribe(u, p.skuIds[0])).toMatchObject({ http: 404, data: ALERT_NO_SKU })
  })
})

describe('a stock increase', () => {
  it('notifies each subscriber once, in /message and by SMS, and ends the subscription', async () => {
    const p = await product(h.db, [{ priceFen: 1000, stock: 0 }])
    const [sku] = p.skuIds as [number]
    const a = await newUser(h)
    const b = await newUser(h)
    await subscribe(a, sku)
    await subscribe(b, sku)

    expect((await adjust(sku, 5)).data).toMatchObject({ stock: 5 })
    for (const u of [a, b]) {
      const got = await alerts(u)
      expect(got).toHaveLength(1)
      expect(got[0]?.content).toContain(p.title)
      expect(got[0]?.content).toContain('已到货')
      expect(await pending(u, p.spuId)).toEqual([])
      expect(textsTo(u)).toHaveLength(1)
      expect(textsTo(u)[0]?.message.product).toBe(p.title)
    }
    // More stock later notifies nobody again, and nothing is left to text.
    await adjust(sku, 2)
    expect(await alerts(a)).toHaveLength(1)
    expect(await sendStockAlertTexts(h.db, recording, { skuIds: [sku] })).toBe(0)
    expect(textsTo(a)).toHaveLength(1)
  })

  it('from two staff at once gives one message per subscriber', async () => {
    const p = await product(h.db, [{ priceFen: 1000, stock: 0 }])
    const [sku] = p.skuIds as [number]
    const users = [await newUser(h), await newUser(h), await newUser(h)]
    for (const u of users) await subscribe(u, sku)
    const mk = await staffSignIn(h, 'marketing')
    const answers = await Promise.all(
      [3, 4].map((delta) => h.post(`/api/admin/skus/${sku}/stock`, { delta, reason: '补货' }, mk.auth)),
    )
    expect(answers.map((r) => r.http)).toEqual([200, 200])
    for (const u of users) {
      expect(await alerts(u)).toHaveLength(1)
      expect(textsTo(u)).toHaveLength(1)
    }
    const stock = await h.db
      .selectFrom('product_skus')
      .select('stock')
      .where('id', '=', sku)
      .executeTakeFirst()
    expect(Number(stock?.stock)).toBe(7)
  })

  it('notifies nobody while the SKU stays at 0: another SKU of the product coming back is not it', async () => {
    const p = await product(h.db, [
      { priceFen: 1000, stock: 0 },
      { priceFen: 1000, stock: 0 },
    ])
    const [waited, other] = p.skuIds as [number, number]
    const u = await newUser(h)
    await subscribe(u, waited)
    await adjust(other, 4)
    // Called on a SKU still at 0 (a give-back of nothing, say), it claims nothing either.
    expect(await h.db.transaction().execute((t) => notifyRestocked(t, [waited]))).toBe(0)
    expect(await alerts(u)).toEqual([])
    expect(await pending(u, p.spuId)).toEqual([waited])
  })

  it('after a later sell-out, notifies a customer who subscribed again', async () => {
    const p = await product(h.db, [{ priceFen: 1000, stock: 0 }])
    const [sku] = p.skuIds as [number]
    const u = await newUser(h)
    await subscribe(u, sku)
    await adjust(sku, 1)
    expect(await alerts(u)).toHaveLength(1)
    expect(await subscribe(u, sku)).toMatchObject({ http: 409, data: ALERT_IN_STOCK })

    await adjust(sku, -1)
    expect(await subscribe(u, sku)).toMatchObject({ http: 200, data: ALERT_DONE })
    await adjust(sku, 2)
    expect(await alerts(u)).toHaveLength(2)
    expect(textsTo(u)).toHaveLength(2)
  })

  it('comes from an order cancelled: its stock given back notifies (the SMS follows by the sender)', async () => {
    const p = await product(h.db, [{ priceFen: 1000, stock: 1 }])
    const [sku] = p.skuIds as [number]
    const buyer = await newUser(h)
    const waiter = await newUser(h)
    const placed = await h.post<number>(
      '/api/Orders/PostOrdersAppend',
      { ...ADDRESS, list: [{ skuId: sku, quantity: 1 }] },
      buyer.auth,
    )
    expect(placed.status).toBe(200)
    expect(await subscribe(waiter, sku)).toMatchObject({ http: 200, data: ALERT_DONE })

    const cancelled = await h.post(
      '/api/Orders/PostOrdersStatus',
      { id: placed.data, status: 100 },
      buyer.auth,
    )
    expect(cancelled.data).toBe('取消成功')
    expect(await alerts(waiter)).toHaveLength(1)
    expect(textsTo(waiter)).toHaveLength(0)
    // The leader's job (startStockAlertTexts) sends what the cancel could not.
    await sendStockAlertTexts(h.db, recording, { skuIds: [sku] })
    expect(textsTo(waiter)).toHaveLength(1)
    await sendStockAlertTexts(h.db, recording, { skuIds: [sku] })
    expect(textsTo(waiter)).toHaveLength(1)
  })

  it('sends each SMS once: a refused one is logged without the whole phone and not retried', async () => {
    const p = await product(h.db, [{ priceFen: 1000, stock: 0 }])
    const [sku] = p.skuIds as [number]
    const u = await newUser(h)
    await subscribe(u, sku)
    // Stock back by a write with no provider at hand (as an order's give-back is).
    await h.db.transaction().execute(async (t) => {
      await t.updateTable('product_skus').set({ stock: 3 }).where('id', '=', sku).execute()
      expect(await notifyRestocked(t, [sku])).toBe(1)
    })
    let tries = 0
    const refusing: SmsProvider = {
      ...recording,
      async sendStockAlert() {
        tries++
        throw new SmsFailure('tooFrequent', 'isv.BUSINESS_LIMIT_CONTROL', 'R1', '触发分钟级流控')
      },
    }
    const lines: string[] = []
    const log = (l: string) => lines.push(l)
    expect(await sendStockAlertTexts(h.db, refusing, { skuIds: [sku], log })).toBe(0)
    expect(await sendStockAlertTexts(h.db, refusing, { skuIds: [sku], log })).toBe(0)
    expect(tries).toBe(1)
    expect(lines).toEqual([expect.stringContaining('isv.BUSINESS_LIMIT_CONTROL')])
    expect(lines[0]).toContain(`${u.tel.slice(0, 3)}****${u.tel.slice(-4)}`)
    expect(lines[0]).not.toContain(u.tel)
    expect(await alerts(u)).toHaveLength(1)
  })
})
