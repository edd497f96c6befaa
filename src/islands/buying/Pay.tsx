/**
 * 支付 /pay?id&type (storefront §2 "Payment page", §4, §5; accounts §2, §9): the order's code and
 * amount, then the balance checkbox or one of 支付宝 / 微信支付 / 对公转账 (请选择支付方式).
 * Balance pays at once (支付成功); the wallets open the QR dialog and poll the order's status,
 * except live Alipay, whose answer is a form (`body`: PC page pay, or WAP pay on a phone) the
 * page submits: the payer pays on Alipay's page and comes back here, where the status is asked
 * for until it is paid (the server asks Alipay if its notification has not come). 对公转账 shows the company's account
 * (复制 copies the number) and the customer-service QR, and the transfer's own deadline
 * (TRANSFER_EXPIRY_HOURS). Paid → /orderdetail?id, or /detail?id of the bought item when type=1.
 *
 * On a phone (issue 41) each way is paid as the registry says for the device (deviceOf: user
 * agent and screen): in WeChat's browser 微信支付 goes through the 公众号's 网页授权 (back here with
 * ?code&state=wxpay&way=wechat) and opens WeChat's own pay sheet (WeixinJSBridge
 * getBrandWCPayRequest); 支付宝 cannot open there, so the page says so and offers 复制链接 for the
 * phone's own browser. In other phone browsers the way's phone page (h5_url) opens, coming back
 * with back=h5 to 是否已完成支付, which polls. Desktops keep the QR code and page pay.
 */
import { useEffect, useId, useRef, useState } from 'react'
import type { Profile } from '../../lib/api/account.ts'
import { buying } from '../../lib/api/browser.ts'
import type { OrderDetail, PayAnswer, PayWay } from '../../lib/api/buying.ts'
import { formatDateTime, formatMoney } from '../../lib/format.ts'
import { type Device, deviceOf, PAY_WAYS, payWayName, sceneOf } from '../../lib/pay-ways.ts'
import { toast } from '../../lib/toast.ts'
import { AccountGate } from '../common/AccountGate.tsx'
import { BusyButton } from '../common/BusyButton.tsx'
import { PayWayName, PayWayOption } from '../common/PayWayName.tsx'
import { Loading } from '../listing/ListStates.tsx'
import { CopyButton, isPaidStatus, OrderMissing, PayQrDialog, QrImage } from './parts.tsx'

type Way = Exclude<PayWay, 'balance'>
/** The ways chosen by radio; the balance is the checkbox above them. */
const WAYS = PAY_WAYS.map((w) => w.code).filter((w): w is Way => w !== 'balance')
const PAID_PAUSE_MS = 1200
/** Back from the provider's page: the status is asked this often, this many times. */
const RETURN_CHECK_MS = 2000
const RETURN_CHECKS = 5

/** What WeChat's browser puts on the page to open its own pay sheet. */
type WeixinJSBridge = {
  invoke(name: 'getBrandWCPayRequest', params: object, done: (r: { err_msg?: string }) => void): void
}
declare global {
  interface Window {
    WeixinJSBridge?: WeixinJSBridge
  }
}

/** WeChat's pay sheet with the merchant-signed parameters: ok, cancel (the payer closed it) or fail. */
function openPaySheet(params: NonNullable<PayAnswer['jsapi']>): Promise<'ok' | 'cancel' | 'fail'> {
  return new Promise((resolve) => {
    const run = () =>
      window.WeixinJSBridge?.invoke('getBrandWCPayRequest', params, (r) => {
        const m = r.err_msg ?? ''
        resolve(m.endsWith(':ok') ? 'ok' : m.endsWith(':cancel') ? 'cancel' : 'fail')
      })
    // The bridge arrives a moment after the page in WeChat's browser.
    if (window.WeixinJSBridge) run()
    else document.addEventListener('WeixinJSBridgeReady', run, { once: true })
  })
}

/** WeChat's pay sheet; paid: `onPaid` (the notification, or the poll's query, settles the order). */
async function paySheet(params: NonNullable<PayAnswer['jsapi']>, onPaid: () => void) {
  const r = await openPaySheet(params)
  if (r === 'ok') onPaid()
  else if (r === 'cancel') toast('error', '已取消支付')
  else toast('error', '微信支付未完成，请重试或选择其他支付方式')
}

/** The device this page is on (the registry's deviceOf); a desktop where there is no browser. */
const thisDevice = (): Device =>
  typeof navigator === 'undefined'
    ? 'desktop'
    : deviceOf(navigator.userAgent, screen.width, navigator.maxTouchPoints > 0)

/** The 业务经理 a transfer is confirmed with: the first contact of the company facts, from the page. */
export type Manager = { name: string; phone: string }

export function Pay({ manager }: { manager: Manager }) {
  return <AccountGate>{(me) => <PayOrder me={me} manager={manager} />}</AccountGate>
}

/** Where a paid order leads: the bought course/post/task for type=1, else the order. */
export function afterPaid(o: Pick<OrderDetail, 'id' | 'articleId'>, type: string | null): string {
  return type === '1' && o.articleId ? `/detail?id=${o.articleId}` : `/orderdetail?id=${o.id}`
}

/** 支付成功, and a moment to read it before the next page. */
function showPaid(o: Pick<OrderDetail, 'id' | 'articleId'>, type: string | null) {
  toast('success', '支付成功')
  setTimeout(() => location.assign(afterPaid(o, type)), PAID_PAUSE_MS)
}

/**
 * Submits the form of the provider's own payment page (GetOrdersPay's `body`: Alipay's PC page
 * pay) as it came: the browser leaves for the provider. Parsed, never run: its own script stays
 * inert and the form is submitted from here.
 */
function submitProviderForm(html: string) {
  const parsed = new DOMParser().parseFromString(html, 'text/html').querySelector('form')
  if (!parsed) throw new Error('no form')
  const form = document.importNode(parsed, true)
  form.hidden = true
  document.body.append(form)
  form.submit()
}

function PayOrder({ me, manager }: { me: Profile; manager: Manager }) {
  const [order, setOrder] = useState<OrderDetail | null | 'missing'>(null)
  const [balance, setBalance] = useState(false)
  const [way, setWay] = useState<Way | null>(null)
  const [busy, setBusy] = useState(false)
  const [qr, setQr] = useState<{ url: string; way: Way } | null>(null)
  const [union, setUnion] = useState<PayAnswer | null>(null)
  const uid = useId()
  const q = typeof location === 'undefined' ? new URLSearchParams() : new URLSearchParams(location.search)
  const id = Number(q.get('id'))
  const type = q.get('type')
  // Alipay sends the payer back with its own parameters (out_trade_no, trade_no …) on the address.
  const [confirming, setConfirming] = useState(q.has('out_trade_no'))
  const [device] = useState(thisDevice)
  // Back from a phone page (WeChat H5): 是否已完成支付, polling meanwhile.
  const [asking, setAsking] = useState(q.get('back') === 'h5')
  // Back from WeChat's 网页授权 with its code: the pay sheet opens at once.
  const [oauthCode] = useState(() =>
    q.get('state') === 'wxpay' && q.get('way') === 'wechat' ? q.get('code') : null,
  )

  useEffect(() => {
    if (!Number.isInteger(id) || id <= 0) return setOrder('missing')
    buying
      .getOrders(id, { silent: true })
      .then(setOrder)
      .catch(() => setOrder('missing'))
  }, [id])

  // The code is good once: off the address (a reload asks WeChat again), and used once here.
  const codeUsed = useRef(false)
  useEffect(() => {
    if (!oauthCode || codeUsed.current || order === null || order === 'missing') return
    codeUsed.current = true
    history.replaceState(null, '', `/pay?id=${id}${type ? `&type=${type}` : ''}`)
    setWay('wechat')
    setBusy(true)
    buying
      .getOrdersPay(order.id, 'wechat', undefined, { scene: 'jsapi', code: oauthCode })
      .then((r) => (r.jsapi ? paySheet(r.jsapi, () => setConfirming(true)) : undefined))
      .catch(() => {})
      .finally(() => setBusy(false))
  }, [oauthCode, order, id, type])

  // Back from a phone page: poll while the payer answers 是否已完成支付.
  useEffect(() => {
    if (!asking || order === null || order === 'missing') return
    const timer = setInterval(async () => {
      const status = await buying.getOrdersStatus(order.id, { silent: true }).catch(() => order.status)
      if (isPaidStatus(Number(status))) {
        clearInterval(timer)
        showPaid(order, type)
      }
    }, RETURN_CHECK_MS)
    return () => clearInterval(timer)
  }, [asking, order, type])

  // Back from the provider's page: ask until the order is paid, a few times, then show the page.
  useEffect(() => {
    if (!confirming || order === null) return
    if (order === 'missing') return setConfirming(false)
    let stopped = false
    let n = 0
    let timer: ReturnType<typeof setTimeout> | undefined
    const check = async () => {
      const status = await buying.getOrdersStatus(order.id, { silent: true }).catch(() => order.status)
      if (stopped) return
      if (isPaidStatus(Number(status))) return showPaid(order, type)
      if (++n < RETURN_CHECKS) timer = setTimeout(check, RETURN_CHECK_MS)
      else {
        setConfirming(false)
        toast('error', '暂未查询到付款结果；如已付款，请稍后在订单详情查看')
      }
    }
    void check()
    return () => {
      stopped = true
      clearTimeout(timer)
    }
  }, [confirming, order, type])

  if (order === null) return <Loading />
  if (order === 'missing') return <OrderMissing />

  if (asking && !confirming)
    return (
      <div className="grid justify-items-center gap-4 py-10 text-center" role="status">
        <p className="text-base font-semibold text-slate-900">是否已完成支付？</p>
        <p className="text-sm text-slate-500">正在查询支付结果，完成付款后本页会自动跳转</p>
        <div className="flex gap-3">
          <button type="button" className="btn-primary px-6" onClick={() => setConfirming(true)}>
            已完成支付
          </button>
          <button
            type="button"
            className="btn-outline px-6"
            onClick={() => {
              setAsking(false)
              history.replaceState(null, '', `/pay?id=${id}${type ? `&type=${type}` : ''}`)
            }}
          >
            未完成，重新选择
          </button>
        </div>
      </div>
    )

  if (confirming)
    return (
      <p className="py-12 text-center text-slate-600" role="status">
        正在确认支付结果…
      </p>
    )

  const paid = () => showPaid(order, type)

  /**
   * An online way as this device pays it: WeChat's pay sheet, the phone page, a form or the QR
   * code. Whether the browser is leaving for the provider (the button then stays busy).
   */
  async function payOnline(w: Exclude<Way, 'union'>): Promise<boolean> {
    if (!order || order === 'missing') return false
    const scene = sceneOf(w, device)
    if (scene === 'outside') {
      toast('error', `${payWayName(w)}无法在微信内打开，请复制链接在手机浏览器中支付`)
      return false
    }
    const r = await buying.getOrdersPay(order.id, w, undefined, {
      scene: scene === 'jsapi' || scene === 'h5' ? scene : undefined,
    })
    const leave = r.authorize_url ?? r.h5_url
    if (leave) location.assign(leave)
    else if (r.body) submitProviderForm(r.body)
    else if (r.jsapi) await paySheet(r.jsapi, () => setConfirming(true))
    else if (r.code_url) setQr({ url: r.code_url, way: w })
    return Boolean(leave || r.body)
  }

  async function submit() {
    if (!order || order === 'missing') return
    if (!balance && !way) return toast('error', '请选择支付方式')
    setBusy(true)
    try {
      if (balance) {
        const r = await buying.getOrdersPay(order.id, 'balance')
        if (Number(r.status) === 20) return paid() // stays busy until the next page
      } else if (way === 'union') {
        const r = await buying.getOrdersPay(order.id, way)
        setUnion(r)
        // Choosing the transfer gives the order its own, later deadline.
        if (r.deadline) setOrder({ ...order, payDeadline: r.deadline })
      } else if (way && (await payOnline(way))) return // stays busy while the browser leaves
    } catch {
      // The client has shown the server's message (余额不足 …).
    }
    setBusy(false)
  }

  const unpaid = order.status === 10
  const short = me.balance < order.tolCost
  return (
    <div className="grid gap-6">
      <section className="rounded-lg bg-slate-50 p-4" aria-label="订单信息">
        <dl className="grid gap-2 text-sm sm:grid-cols-2">
          <div className="flex gap-2">
            <dt className="text-slate-500">订单号</dt>
            <dd className="break-all tabular-nums text-slate-800">
              <span data-order-code>{order.code}</span>
              <CopyButton text={order.code} label="订单号" />
            </dd>
          </div>
          <div className="flex items-baseline gap-2 sm:justify-end">
            <dt className="text-slate-500">应付金额</dt>
            <dd className="price text-2xl" data-order-amount>
              ¥{formatMoney(order.tolCost)}
            </dd>
          </div>
          {unpaid && order.payDeadline && (
            <div className="flex gap-2 sm:col-span-2">
              <dt className="text-slate-500">支付截止</dt>
              <dd className="tabular-nums text-accent-600" data-pay-deadline>
                {formatDateTime(order.payDeadline)}（逾期订单自动取消）
              </dd>
            </div>
          )}
        </dl>
      </section>

      {!unpaid ? (
        <div className="text-center">
          <p className="text-slate-700">该订单{order.statusText || '不是待付款状态'}，无需支付</p>
          <a href={afterPaid(order, type)} className="btn-primary mt-4">
            查看详情
          </a>
        </div>
      ) : (
        <>
          <fieldset className="grid gap-3">
            <legend className="mb-2 text-base font-semibold text-slate-900">选择支付方式</legend>
            <label className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-200 p-3 has-checked:border-brand-600 has-checked:bg-brand-50/50">
              <input
                type="checkbox"
                className="h-4 w-4 accent-brand-600"
                checked={balance}
                onChange={(e) => {
                  setBalance(e.target.checked)
                  if (e.target.checked) setWay(null)
                }}
                aria-describedby={`${uid}-bal`}
              />
              <PayWayName way="balance" />
              <span id={`${uid}-bal`} className="ml-auto text-sm text-slate-500">
                可用余额 ¥{formatMoney(me.balance)}
                {short && <span className="ml-1 text-accent-600">（余额不足）</span>}
              </span>
            </label>
            <div className="grid gap-3 sm:grid-cols-3">
              {WAYS.map((w) => (
                <PayWayOption
                  key={w}
                  way={w}
                  name="way"
                  checked={way === w}
                  onChoose={() => {
                    setWay(w)
                    setBalance(false)
                    setUnion(null)
                  }}
                  className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-200 p-3 has-checked:border-brand-600 has-checked:bg-brand-50/50 has-focus-visible:outline-2 has-focus-visible:outline-brand-600"
                />
              ))}
            </div>
          </fieldset>

          {union && way === 'union' && <Transfer answer={union} manager={manager} />}
          {way && sceneOf(way, device) === 'outside' && <OpenOutside way={way} />}

          <div className="flex justify-end">
            <BusyButton type="button" className="btn-primary px-8 py-2.5" onClick={submit} busy={busy}>
              {busy ? '正在支付…' : '立即支付'}
            </BusyButton>
          </div>
        </>
      )}

      <PayQrDialog
        open={qr !== null}
        title={qr ? payWayName(qr.way) : ''}
        url={qr?.url ?? ''}
        amount={order.tolCost}
        isPaid={async () => isPaidStatus(Number(await buying.getOrdersStatus(order.id, { silent: true })))}
        onPaid={() => {
          setQr(null)
          paid()
        }}
        onClose={() => setQr(null)}
      />
    </div>
  )
}

/** A way WeChat's browser does not open (Alipay): said so, and the page's link to copy for the phone's own browser. */
function OpenOutside({ way }: { way: Way }) {
  const link = typeof location === 'undefined' ? '' : location.href
  return (
    <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-800" data-open-outside>
      {payWayName(way)}
      无法在微信内打开：请复制链接，在手机浏览器中打开本页后支付，或点击右上角“…”选择“在浏览器打开”。
      <CopyButton text={link} label="链接" />
    </p>
  )
}

/** 对公转账: the company's account and the customer-service QR; an operator confirms the payment. */
function Transfer({ answer, manager }: { answer: PayAnswer; manager: Manager }) {
  const a = answer.account
  return (
    <section
      aria-labelledby="pay-union"
      className="grid gap-4 rounded-lg border border-slate-200 p-4 sm:grid-cols-[1fr_auto]"
    >
      <div>
        <h2 id="pay-union" className="text-base font-semibold text-slate-900">
          对公转账
        </h2>
        {a && (
          <dl className="mt-2 grid grid-cols-[5rem_1fr] gap-y-1 text-sm">
            <dt className="text-slate-500">户名</dt>
            <dd className="break-all text-slate-800">{a.name}</dd>
            <dt className="text-slate-500">开户银行</dt>
            <dd className="break-all text-slate-800">{a.bank}</dd>
            <dt className="text-slate-500">账号</dt>
            <dd className="break-all tabular-nums text-slate-800">
              {a.number}
              <CopyButton text={a.number.replace(/\s/g, '')} label="账号" />
            </dd>
          </dl>
        )}
        {answer.deadline && (
          <p className="mt-3 text-sm text-slate-700" data-transfer-deadline>
            请在 <span className="font-medium tabular-nums">{formatDateTime(answer.deadline)}</span>{' '}
            前完成转账，逾期订单自动取消
          </p>
        )}
        <p className="mt-3 text-sm text-accent-600">{answer.tip || '付款后请联系业务经理确认'}</p>
        <p className="mt-1 text-sm text-slate-600">
          业务经理：{manager.name}{' '}
          <a href={`tel:${manager.phone}`} className="text-brand-700 hover:underline">
            {manager.phone}
          </a>
        </p>
      </div>
      <figure className="text-center">
        <QrImage text={`tel:${manager.phone}`} label="客服二维码" size={128} />
        <figcaption className="mt-1 text-xs text-slate-500">扫码联系客服</figcaption>
      </figure>
    </section>
  )
}
