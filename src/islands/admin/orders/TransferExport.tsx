/**
 * 导出转账对账表: finance's CSV of every corporate transfer recorded (订单号, 应付金额, 到账金额,
 * 差额, 流水号, 付款户名, 到账日期, 结果, 确认人, 确认时间), on the order list for finance (orders.money)
 * whatever the filters: the receipts are not the listed orders (one order may have several).
 */
import { useState } from 'react'
import { ordersApi } from '../../../lib/api/admin-orders.ts'
import { BusyButton } from '../../common/BusyButton.tsx'
import { saveFile, today } from '../kit/save-file.ts'
import { may, useStaff } from '../kit/staff.ts'

export function TransferExport() {
  const me = useStaff()
  const [busy, setBusy] = useState(false)
  if (!may(me, 'orders.money')) return null
  const download = async () => {
    setBusy(true)
    try {
      saveFile(await ordersApi.exportTransfers(), `transfers-${today()}.csv`)
    } catch {
      // Refused: the client has toasted why.
    } finally {
      setBusy(false)
    }
  }
  return (
    <BusyButton type="button" className="btn-outline px-3 py-1.5 text-sm" busy={busy} onClick={download}>
      导出转账对账表
    </BusyButton>
  )
}
