/**
 * 到货通知 (issue 24 item 7). A signed-in customer subscribes on a sold-out SKU; every write that
 * raises a SKU's stock (the back office's and `npm run ops -- stock` adjustment, adjustStock, and
 * the stock a cancelled, expired or refunded order gives back, giveBackStock) calls
 * notifyRestocked in its own transaction, which notifies each pending subscriber of a SKU now in
 * stock once: the alert row is claimed by a conditional update (notified_time NULL → now), so of
 * two increases, or two processes, one writes the message. The SMS goes after the commit
 * (sendStockAlertTexts, claiming text_due 1 → 0), never inside a transaction that might roll back.
 */
import { LISTED } from '../../../src/lib/constants.ts'
import {
  ALERT_ALREADY,
  ALERT_IN_STOCK,
  ALERT_NO_SKU,
  ALERT_TITLE,
  alertText,
} from '../../../src/lib/rules/stock-alert.ts'
import type { Db } from '../../db/index.ts'
import { hasRow, lockRow } from '../../db/sql.ts'
import { refuse } from '../../http.ts'
import { notify } from '../../notify.ts'
import { describeFailure, SmsFailure, type SmsProvider } from '../../providers/sms.ts'
import { dbTime } from '../../time.ts'

/** The SKU, listed, with its stock; undefined when it is gone or its product is off the shelf. */
const listedSku = (t: Db, skuId: number) =>
  t
    .selectFrom('product_skus as k')
    .innerJoin('product_spus as p', 'p.id', 'k.spu_id')
    .select(['k.id', 'k.spu_id', 'k.stock'])
    .where('k.id', '=', skuId)
    .where('k.removed_time', 'is', null)
    .where('p.is_show', '=', 1)
    .where('p.ext', '=', LISTED)
    .executeTakeFirst()

/**
 * subscribeStockAlert(db, 7, 12, now): user 7 hears when SKU 12 is back. Refused while the SKU
 * has stock (ALERT_IN_STOCK) or a subscription of theirs is pending (ALERT_ALREADY). The SKU row
 * is locked first, so a stock increase either commits before (the SKU is in stock: refused) or
 * after (it finds this row and notifies).
 */
export async function subscribeStockAlert(db: Db, userId: number, skuId: number, now: Date): Promise<void> {
  await db.transaction().execute(async (t) => {
    await lockRow(t, 'product_skus', skuId)
    const sku = await listedSku(t, skuId)
    if (!sku) throw refuse(ALERT_NO_SKU, 404)
    if (Number(sku.stock) > 0) throw refuse(ALERT_IN_STOCK, 409)
    if (await hasRow(t, 'stock_alerts', { user_id: userId, sku_id: skuId, notified_time: null }))
      throw refuse(ALERT_ALREADY, 409)
    await t
      .insertInto('stock_alerts')
      .values({ user_id: userId, sku_id: skuId, spu_id: sku.spu_id, create_time: dbTime(now) })
      .execute()
  })
}

/** The SKUs of product `spuId` that user `userId` waits for (subscribed, not yet notified). */
export async function pendingAlerts(db: Db, userId: number, spuId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('stock_alerts')
    .select('sku_id')
    .where('user_id', '=', userId)
    .where('spu_id', '=', spuId)
    .where('notified_time', 'is', null)
    .orderBy('sku_id')
    .execute()
  return rows.map((r) => Number(r.sku_id))
}

/**
 * After a stock increase, inside its transaction `t`: every pending alert of these SKUs whose
 * stock is now above 0 is claimed and its subscriber gets the /message notification; a SKU
 * still at 0 notifies nobody. Answers how many were notified.
 */
export async function notifyRestocked(t: Db, skuIds: readonly number[], now = new Date()): Promise<number> {
  if (skuIds.length === 0) return 0
  const due = await t
    .selectFrom('stock_alerts as a')
    .innerJoin('product_skus as k', 'k.id', 'a.sku_id')
    .innerJoin('product_spus as p', 'p.id', 'a.spu_id')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select(['a.id', 'a.user_id', 'u.tel', 'p.title as product', 'k.title as sku', 'k.param'])
    .where('a.sku_id', 'in', [...new Set(skuIds)])
    .where('a.notified_time', 'is', null)
    .where('k.stock', '>', 0)
    .orderBy('a.id')
    .execute()
  let notified = 0
  for (const a of due) {
    const claimed = await t
      .updateTable('stock_alerts')
      .set({ notified_time: dbTime(now), text_due: a.tel ? 1 : 0 })
      .where('id', '=', a.id)
      .where('notified_time', 'is', null)
      .executeTakeFirst()
    if (Number(claimed.numUpdatedRows) !== 1) continue
    const sku = a.param ? `${a.sku} ${a.param}` : a.sku
    await notify(t, a.user_id, ALERT_TITLE, alertText(a.product, sku), now)
    notified++
  }
  return notified
}

/**
 * Sends the SMS of alerts notified and committed, each claimed first (text_due 1 → 0), so two
 * senders never text one alert twice; a failed send is logged, not retried (SendSms is not
 * idempotent). Without a provider that sends alerts (sendStockAlert), the claims are dropped:
 * the alert is in /message either way. `skuIds`: only those SKUs' (what the caller just
 * restocked); all by default. Answers how many messages left.
 */
export async function sendStockAlertTexts(
  db: Db,
  sms: SmsProvider | undefined,
  opts: { skuIds?: readonly number[]; log?: (line: string) => void } = {},
): Promise<number> {
  const log = opts.log ?? console.log
  let query = db
    .selectFrom('stock_alerts as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .innerJoin('product_skus as k', 'k.id', 'a.sku_id')
    .innerJoin('product_spus as p', 'p.id', 'a.spu_id')
    .select(['a.id', 'u.tel', 'p.title as product', 'k.title as sku', 'k.param'])
    .where('a.text_due', '=', 1)
    .orderBy('a.id')
    .limit(500)
  if (opts.skuIds) query = query.where('a.sku_id', 'in', opts.skuIds.length ? [...opts.skuIds] : [0])
  const due = await query.execute()
  let sent = 0
  for (const a of due) {
    const claimed = await db
      .updateTable('stock_alerts')
      .set({ text_due: 0 })
      .where('id', '=', a.id)
      .where('text_due', '=', 1)
      .executeTakeFirst()
    if (Number(claimed.numUpdatedRows) !== 1 || !a.tel || !sms?.sendStockAlert) continue
    const sku = a.param ? `${a.sku} ${a.param}` : a.sku
    try {
      await sms.sendStockAlert(a.tel, { product: a.product, text: alertText(a.product, sku) })
      sent++
    } catch (e) {
      const why = e instanceof SmsFailure ? describeFailure(e) : String(e)
      log(`[sms] 到货通知发送失败 ${a.tel.slice(0, 3)}****${a.tel.slice(-4)} via ${sms.name}：${why}`)
    }
  }
  return sent
}

/**
 * The background sender, run by the process that leads (main.ts): the alerts notified where no
 * provider was at hand (an order cancelled or expired) get their SMS within `everyMs`.
 */
export function startStockAlertTexts(deps: {
  db: Db
  sms: SmsProvider | undefined
  everyMs?: number
  log?: (line: string) => void
}): () => void {
  let running = false
  const timer = setInterval(() => {
    if (running) return
    running = true
    sendStockAlertTexts(deps.db, deps.sms, { log: deps.log })
      .catch((e: unknown) => deps.log?.(`[sms] 到货通知发送异常：${String(e)}`))
      .finally(() => {
        running = false
      })
  }, deps.everyMs ?? 30_000)
  timer.unref()
  return () => clearInterval(timer)
}
