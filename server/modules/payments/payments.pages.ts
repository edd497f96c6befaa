import { randomBytes } from 'node:crypto'
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { html } from 'hono/html'
import { fenToYuan } from '../../../src/lib/money.ts'
import { site } from '../../../src/lib/site.ts'
import type { Deps } from '../../http.ts'
import { PHONE_PAGE_STYLE, plainPage } from '../../plain-page.ts'
import {
  NOTIFY_PATH,
  paymentProviders,
  SANDBOX_PAGE,
  SANDBOX_SIGNATURE_HEADER,
  type SandboxNotice,
  sandboxSignature,
} from '../../providers/payment.ts'
import { sandboxPayment, settle } from './payments.queries.ts'
import { refundFailedAtGateway } from './refunds.ts'

/** The longest token read from a path. */
const TOKEN_MAX = 64

type Shown = NonNullable<Awaited<ReturnType<typeof sandboxPayment>>>
type PageState =
  | { kind: 'form'; p: Shown; error?: string }
  | { kind: 'done'; p: Shown }
  | { kind: 'closed'; p: Shown }
  | { kind: 'missing' }

const PAGE_STYLE = `
      body { font-family: system-ui, sans-serif; max-width: 24rem; margin: 2rem auto; padding: 0 1rem; color: #1f2937; text-align: center; }
      .amount { font-size: 2rem; font-weight: 600; margin: 0.5rem 0; }
      .subject, .note { color: #6b7280; }${PHONE_PAGE_STYLE}`

/** The sandbox's "phone" in its states; hono's html escapes every interpolated value. */
function page(s: PageState) {
  const summary =
    s.kind === 'missing'
      ? ''
      : html`<p class="merchant">收款方：${site.name}</p>
          <p class="amount">¥${fenToYuan(s.p.amountFen).toFixed(2)}</p>
          <p class="subject">${s.p.subject}</p>`
  const body =
    s.kind === 'missing'
      ? html`<p class="error">支付单不存在或已失效</p>`
      : s.kind === 'done'
        ? html`<p class="done">支付成功，请回到电脑端</p>`
        : s.kind === 'closed'
          ? html`<p class="error">订单已支付或已取消，无需再付款</p>`
          : html`${s.error ? html`<p class="error" role="alert">${s.error}</p>` : ''}
              <form method="post" action="${SANDBOX_PAGE}/${s.p.outTradeNo}">
                <button type="submit">确认支付</button>
              </form>`
  return plainPage({
    title: '支付确认（沙箱）',
    style: PAGE_STYLE,
    body: html`<h1>支付确认</h1>
    ${summary}
    ${body}
    <p class="note">沙箱支付：不产生真实扣款</p>`,
  })
}

/**
 * The payment pages outside /api (no sign header; mounted by server.ts):
 * - GET/POST /pay/sandbox/:token — the sandbox provider's page the QR code opens; 确认支付
 *   makes the "provider" send its signed notification, exactly as a real one would arrive.
 * - POST /pay/notify/:provider — where each configured provider notifies a payment (sandbox,
 *   alipay); verified by that provider (the sandbox: X-Sandbox-Signature = hex HMAC-SHA256 of the
 *   raw body; Alipay: its RSA2 signature), then settled once, for the ways it takes only.
 */
export function paymentPages(deps: Deps) {
  const providers = paymentProviders(deps.config)
  const app = new Hono()

  app.post(`${NOTIFY_PATH}/:provider`, bodyLimit({ maxSize: 64 * 1024 }), async (c) => {
    const provider = providers.named(c.req.param('provider'))
    if (!provider) return c.json({ status: 404, data: '支付渠道不存在' }, 404)
    // Refused in the provider's own shape where it documents one (WeChat: { code: 'FAIL', message }).
    const refused = (status: 400 | 401, message: string) =>
      c.json(provider.refusal?.(message) ?? { status, data: message }, status)
    const raw = await c.req.text()
    const verdict = provider.verify(raw, (name) => c.req.header(name))
    if (!verdict.ok) return refused(verdict.status, verdict.message)
    if (!verdict.notice && verdict.refund && !verdict.refund.succeeded)
      await refundFailedAtGateway(deps.db, provider.name, verdict.refund, deps.now())
    if (verdict.notice) {
      const settled = await settle(deps.db, verdict.notice, deps.now(), providers.waysOf(provider))
      if (settled === 'unknown') return refused(400, '支付单不存在')
      if (settled === 'amount-mismatch') return refused(400, '支付金额不符')
      if (settled === 'refund-due')
        console.warn(`[payments] ${verdict.notice.outTradeNo} 付款时订单已不是待付款：需退款`)
    }
    // Providers retry until they read their success word (Alipay's and the sandbox's: `success`).
    return c.text(provider.ack)
  })

  const sandbox = providers.named('sandbox')
  if (!sandbox) return app
  const sandboxWays = providers.waysOf(sandbox)

  const shown = (c: { req: { param: (k: 'token') => string } }) =>
    sandboxPayment(deps.db, c.req.param('token').slice(0, TOKEN_MAX), sandboxWays)

  app.get(`${SANDBOX_PAGE}/:token`, async (c) => {
    const p = await shown(c)
    if (!p) return c.html(page({ kind: 'missing' }), 404)
    return c.html(page(p.paid ? { kind: 'done', p } : p.closed ? { kind: 'closed', p } : { kind: 'form', p }))
  })

  app.post(`${SANDBOX_PAGE}/:token`, async (c) => {
    const p = await shown(c)
    if (!p) return c.html(page({ kind: 'missing' }), 404)
    if (p.paid) return c.html(page({ kind: 'done', p }))
    if (p.closed) return c.html(page({ kind: 'closed', p }), 409)
    // The "provider" notifies the server: signed, through the same endpoint a real one calls.
    const notice: SandboxNotice = {
      out_trade_no: p.outTradeNo,
      amount_fen: p.amountFen,
      trade_no: `S${randomBytes(8).toString('hex')}`,
      trade_status: 'SUCCESS',
    }
    const raw = JSON.stringify(notice)
    const res = await app.request(`${NOTIFY_PATH}/sandbox`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        [SANDBOX_SIGNATURE_HEADER]: sandboxSignature(deps.config.paymentSandboxSecret, raw),
      },
      body: raw,
    })
    if (res.ok) return c.html(page({ kind: 'done', p }))
    return c.html(page({ kind: 'form', p, error: '支付失败，请重试' }), 502)
  })
  return app
}
