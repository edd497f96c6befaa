/**
 * 余额充值 on /wo (storefront §7 "Wallet"; issue 8 item 6): an amount and a way →
 * Recharge/PostRechargeAppend (groups 30) → Recharge/GetRechargePay → the pay QR dialog, polling
 * Recharge/GetRecharge until it is paid (status 20); then walletChanged() tells /wo's figures and
 * records to refresh (issue 19: no page reload).
 */
import { type SubmitEvent, useId, useState } from 'react'
import { buying } from '../../lib/api/browser.ts'
import { ONLINE_WAYS, payWayName } from '../../lib/pay-ways.ts'
import { checkTopUp } from '../../lib/rules/price.ts'
import { walletChanged } from '../../lib/stores/wallet.ts'
import { toast } from '../../lib/toast.ts'
import { BusyButton } from '../common/BusyButton.tsx'
import { Dialog } from '../common/Dialog.tsx'
import { FormError } from '../common/FormError.tsx'
import { invalidProps } from '../common/form-errors.ts'
import { PayWayOption } from '../common/PayWayName.tsx'
import { useSend } from '../common/useSend.ts'
import { PayQrDialog } from './parts.tsx'

export function TopUp() {
  const [open, setOpen] = useState(false)
  const [amount, setAmount] = useState('')
  const [way, setWay] = useState<'alipay' | 'wechat' | null>(null)
  const [error, setError] = useState('')
  const { busy, send } = useSend()
  const [qr, setQr] = useState<{ url: string; id: number; way: 'alipay' | 'wechat'; price: number } | null>(
    null,
  )
  const uid = useId()

  async function submit(e: SubmitEvent) {
    e.preventDefault()
    // The server's rule: a malformed amount is refused with its message, not rounded.
    const { fen, error: amountError } = checkTopUp(amount)
    if (amountError !== null) return setError(amountError)
    if (!way) return setError('请选择支付方式')
    setError('')
    await send(async () => {
      const r = await buying.postRechargeAppend(fen / 100)
      const pay = await buying.getRechargePay(r.data.id, way)
      if (pay.code_url) {
        setOpen(false)
        setQr({ url: pay.code_url, id: r.data.id, way, price: fen / 100 })
      }
    })
  }

  return (
    <>
      <button type="button" className="btn-primary px-4 py-1.5 text-sm" onClick={() => setOpen(true)}>
        充值
      </button>
      <Dialog open={open} onOpenChange={setOpen} title="余额充值" description="输入充值金额并选择支付方式">
        <form onSubmit={submit} noValidate className="grid gap-4">
          <div>
            <label htmlFor={`${uid}-amt`} className="mb-1 block text-sm text-slate-700">
              充值金额（元）
            </label>
            <input
              id={`${uid}-amt`}
              inputMode="decimal"
              className="h-10 w-full rounded-md border border-slate-300 px-3 focus:border-brand-500 focus:outline-none"
              value={amount}
              onChange={(e) => setAmount(e.target.value.trim())}
              placeholder="例如 100"
              {...invalidProps(`${uid}-amt`, error.includes('金额') ? error : null)}
            />
          </div>
          <fieldset>
            <legend className="mb-1 text-sm text-slate-700">支付方式</legend>
            <div className="grid grid-cols-2 gap-3">
              {ONLINE_WAYS.map((w) => (
                <PayWayOption
                  key={w}
                  way={w}
                  name="topup-way"
                  checked={way === w}
                  onChoose={() => setWay(w)}
                  className="flex cursor-pointer items-center gap-2 rounded-lg border border-slate-200 p-3 has-checked:border-brand-600 has-checked:bg-brand-50/50"
                  nameClass="text-sm"
                />
              ))}
            </div>
          </fieldset>
          <FormError id={`${uid}-amt-error`} message={error || null} />
          <BusyButton type="submit" className="btn-primary py-2.5" busy={busy}>
            {busy ? '正在提交…' : '去支付'}
          </BusyButton>
        </form>
      </Dialog>
      <PayQrDialog
        open={qr !== null}
        title={qr ? payWayName(qr.way) : ''}
        url={qr?.url ?? ''}
        amount={qr?.price}
        isPaid={async () => qr !== null && (await buying.getRecharge(qr.id, { silent: true })).status === 20}
        onPaid={() => {
          setQr(null)
          toast('success', '充值成功')
          walletChanged()
        }}
        onClose={() => setQr(null)}
      />
    </>
  )
}
