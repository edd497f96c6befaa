/**
 * What the live payment providers' tests (Alipay, WeChat Pay) share: reading an order's payment
 * state, a notification posted to our notify URL, the sandbox trying to speak for a live way, and
 * a database of their own for the expiry job with overdue orders in it.
 *   const pays = paymentReads(h)
 *   expect(await pays.orderRow(o.id)).toEqual({ status: 20, pay_way: 'alipay' })
 */
import { type SpawnSyncReturns, spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import { afterAll, beforeAll, inject } from 'vitest'
import { type Config, defaultConfig, loadConfig } from '../../server/config.ts'
import { type Db, isPg, openDb } from '../../server/db/index.ts'
import { migrate } from '../../server/db/migrations.ts'
import { deadlineOf, payableOrder } from '../../server/modules/orders/orders.service.ts'
import { expireOrders } from '../../server/modules/orders/orders.writes.ts'
import { payOnline } from '../../server/modules/payments/payments.queries.ts'
import type { PayAnswer } from '../../server/modules/payments/payments.routes.ts'
import { closeBeforeExpiry } from '../../server/modules/payments/provider-recovery.ts'
import type { PaymentProviders } from '../../server/providers/payment.ts'
import { SANDBOX_SIGNATURE_HEADER, sandboxSignature } from '../../server/providers/payment.ts'
import { dbTime } from '../../server/time.ts'
import { type Harness, startServer } from './harness.ts'
import type { newUser } from './session.ts'

export type User = Awaited<ReturnType<typeof newUser>>

/**
 * The server with one live provider (`key`: ALIPAY or WECHATPAY=live) pointed at a local peer
 * started with it and closed after the file: the server, and the peer once started.
 *   const { h, peer } = liveServer(() => startAlipayPeer(), 'alipay')
 */
export function liveServer<
  P extends { env(siteUrl: string): Record<string, string>; close(): Promise<void> },
>(start: () => Promise<P>, key: 'alipay' | 'wechatpay') {
  let peer: P | undefined
  const h = startServer({
    config: async (base) => {
      peer = await start()
      const config = loadConfig(peer.env(base))
      // WeChat Pay's peer is also the 公众号 whose 网页授权 gives JSAPI pay's openid.
      const mp = key === 'wechatpay' ? { wechatMp: config.wechatMp } : {}
      return { siteUrl: config.siteUrl, [key]: config[key], ...mp } as Partial<Config>
    },
  })
  afterAll(() => peer?.close())
  return { h, peer: () => peer as P }
}

/**
 * `npm start` (no build) with a provider's live settings `env` less the variable `missing`, its
 * database in `dir` and on `port`: the finished run, which should have stopped before anything.
 */
export function startWithout(
  env: Record<string, string>,
  missing: string,
  dir: string,
  port: number,
): SpawnSyncReturns<string> {
  mkdirSync(dir, { recursive: true })
  const { [missing]: _, ...rest } = env
  return spawnSync(process.execPath, ['server/main.ts', '--no-build'], {
    env: { ...rest, SQLITE_FILE: join(dir, 'never.db'), PORT: String(port) },
    encoding: 'utf8',
    timeout: 20_000,
  })
}
export type LiveWay = 'alipay' | 'wechat'

/** A notification as it reaches us over HTTP: its body and headers. */
export interface Delivery {
  body: string
  headers: Record<string, string>
}
/** Our answer to a notification. */
export interface Ack {
  http: number
  text: string
}

/** The calls and rows a payment test reads on server `h`. */
export function paymentReads(h: Harness) {
  return {
    pay: (u: User, id: number, way: string, extra: Record<string, string> = {}) =>
      h.get<PayAnswer | string>('/api/Orders/GetOrdersPay', { id, way, ...extra }, u.auth),
    statusOf: async (u: User, id: number) =>
      (await h.get<number>('/api/Orders/GetOrdersStatus', { id }, u.auth)).data,
    orderRow: (id: number) =>
      h.db.selectFrom('orders').select(['status', 'pay_way']).where('id', '=', id).executeTakeFirstOrThrow(),
    paymentsOf: (orderId: number) =>
      h.db
        .selectFrom('payments')
        .select(['out_trade_no', 'way', 'status', 'page_pay'])
        .where('order_id', '=', orderId)
        .orderBy('id')
        .execute(),
    /** What the customer has spent (integral_fen): an order's payment counts once. */
    spent: async (u: User) =>
      (await h.db.selectFrom('users').select('integral_fen').where('id', '=', u.id).executeTakeFirstOrThrow())
        .integral_fen,
    balanceOf: async (u: User) =>
      (await h.db.selectFrom('users').select('balance_fen').where('id', '=', u.id).executeTakeFirstOrThrow())
        .balance_fen,
    /** Posts a notification to our notify URL of `way`. */
    notify: (way: LiveWay, d: Delivery): Promise<Ack> =>
      fetch(`${h.base}/pay/notify/${way}`, { method: 'POST', headers: d.headers, body: d.body }).then(
        async (r) => ({ http: r.status, text: await r.text() }),
      ),
    /** The sandbox's notification of a payment, signed with its (development) secret: its HTTP status. */
    notifyBySandbox: async (outTradeNo: string, amountFen: number) => {
      const raw = JSON.stringify({
        out_trade_no: outTradeNo,
        amount_fen: amountFen,
        trade_no: 'S1',
        trade_status: 'SUCCESS',
      })
      const r = await fetch(`${h.base}/pay/notify/sandbox`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          [SANDBOX_SIGNATURE_HEADER]: sandboxSignature(defaultConfig().paymentSandboxSecret, raw),
        },
        body: raw,
      })
      return r.status
    },
  }
}

/**
 * A database of the calling describe's own, for the expiry job (it cancels every overdue order of
 * its database), and `overdue(now)`: an order made 40 minutes ago (ORDER_EXPIRY_MINUTES 30) with
 * its payment of `way` opened through `providers()`.
 */
export function expiryDb(way: LiveWay, base: () => string, providers: () => PaymentProviders) {
  const kind = inject('testDb')
  const dir = mkdtempSync(join(tmpdir(), `${way}-expiry-`))
  const schema = `${way}_${process.pid}_${Date.now()}`
  let db: Db
  beforeAll(async () => {
    db =
      kind === 'pg'
        ? await openDb({ url: inject('dbUrl'), schema })
        : await openDb({ file: join(dir, 'x.db') })
    await migrate(db)
  })
  afterAll(async () => {
    if (isPg(db)) await sql`DROP SCHEMA IF EXISTS ${sql.id(schema)} CASCADE`.execute(db)
    await db.destroy()
    rmSync(dir, { recursive: true, force: true })
  })
  let n = 0
  /** `page`: a page payment that returns to the pay page (a form the payer may never submit). */
  async function overdue(now: Date, page = false) {
    n++
    const user = await db
      .insertInto('users')
      .values({ code: `U${n}`, tel: `1380000${String(n).padStart(4, '0')}`, create_time: dbTime(now) })
      .returning('id')
      .executeTakeFirstOrThrow()
    const order = await db
      .insertInto('orders')
      .values({
        code: `${way === 'alipay' ? 'E' : 'W'}${Date.now()}${n}`,
        user_id: user.id,
        status: 10,
        cost_price_fen: 300,
        tol_cost_fen: 300,
        create_time: dbTime(new Date(now.getTime() - 40 * 60_000)),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await db
      .insertInto('order_items')
      .values({ order_id: order.id, title: '牙线', price_fen: 300, quantity: 1 })
      .execute()
    const payable = await payableOrder(db, order.id, user.id)
    // Opened before its deadline (WeChat refuses a time_expire already past).
    await payOnline(db, providers(), payable!, user.id, way, now, {
      returnUrl: page ? `${base()}/pay?id=${order.id}` : undefined,
      expiresAt: deadlineOf(payable!, 60),
    })
    const p = await db
      .selectFrom('payments')
      .select('out_trade_no')
      .where('order_id', '=', order.id)
      .executeTakeFirstOrThrow()
    return { id: order.id, outTradeNo: p.out_trade_no }
  }
  return {
    overdue,
    statusOfOrder: async (id: number) =>
      (await db.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status,
    expire: (now: Date, p = providers()) =>
      expireOrders(db, now, 30, (id) => closeBeforeExpiry(db, p, id, now)),
  }
}
