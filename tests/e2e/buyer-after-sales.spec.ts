/**
 * The buyer's side of parcels and after-sales by lines (issue 38): a two-line order shipped in two
 * parcels (admin API, typed 顺丰 waybills) → 物流信息 shows both with their items → receipt →
 * 退款售后 退货退款 of one unit of one line → the operator approves → 待寄回 with the return
 * address, the buyer enters a return waybill → 待验收 → the warehouse accepts → the balance grows
 * by exactly that unit's share of what the line paid.
 */
import type { Page } from '@playwright/test'
import type { AdminOrder } from '../../server/modules/order-desk/orders.admin-routes.ts'
import { expectAccessible } from './a11y.ts'
import { staffCall, staffToken } from './admin-session.ts'
import { pngFile } from './files.ts'
import { apiGet, apiPost, cheapSkus, freshUser, payFromBalance, suzhouReceiver } from './orders.ts'
import { expect, test } from './test.ts'

const toasts = (page: Page) => page.locator('#toasts')
const shot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`) })
/** The same screen at 390 px and back at 1440 px, for a look at both. */
async function bothWidths(page: Page, name: string) {
  await shot(page, `${name}-1440`)
  await page.setViewportSize({ width: 390, height: 844 })
  await shot(page, `${name}-390`)
  await page.setViewportSize({ width: 1440, height: 900 })
}

test('parcels, then 退货退款 of one line: sent back, received, its share refunded', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000)
  await page.setViewportSize({ width: 1440, height: 900 })
  const { tel, headers } = await freshUser(page, request)
  const [skuA, skuB] = await cheapSkus(request, 2)
  const id = await apiPost<number>(
    request,
    '/api/Orders/PostOrdersAppend',
    {
      ...suzhouReceiver(tel),
      list: [
        { skuId: skuA?.id, quantity: 2 },
        { skuId: skuB?.id, quantity: 1 },
      ],
    },
    headers,
  )
  await payFromBalance(request, headers, id)
  const { code } = await apiGet<{ code: string }>(request, `/api/Orders/GetOrders?id=${id}`, headers)

  const operator = await staffToken(request, 'operator')
  const admin = (method: 'GET' | 'POST', path: string, data?: unknown) =>
    staffCall<AdminOrder>(request, operator, method, `/api/admin/orders/${code}${path}`, data)
  const before = await admin('GET', '')
  // Line A holds the two units, B the one.
  const a = before.items.find((i) => i.quantity === 2)
  const b = before.items.find((i) => i.quantity === 1)
  if (!a || !b) throw new Error('two lines expected')

  // Two parcels under typed waybills: after the first the order reads 部分发货.
  await admin('POST', '/shipments', {
    courier: '顺丰速运',
    waybill: 'SF7000000000001',
    lines: [{ lineId: a.lineId, quantity: 2 }],
  })
  await page.goto(`/orderdetail?id=${id}`)
  await expect(page.locator('[data-order-status]')).toHaveText('部分发货')
  await admin('POST', '/shipments', { courier: 'sf', waybill: 'SF7000000000002' })
  await page.reload()
  await expect(page.locator('[data-order-status]')).toHaveText('待收货')
  const countsOf = (title: string) =>
    page
      .getByRole('region', { name: '商品清单' })
      .getByRole('listitem')
      .filter({ hasText: title })
      .locator('[data-line-counts]')
  await expect(countsOf(a.title)).toHaveText('已发 2')
  await expect(countsOf(b.title)).toHaveText('已发 1')

  // 物流信息: one section per parcel, with what it holds.
  await page.getByRole('button', { name: '物流信息' }).click()
  const logistics = page.getByRole('dialog', { name: '物流信息' })
  const parcels = logistics.locator('[data-waybill]')
  await expect(parcels).toHaveCount(2)
  const first = logistics.getByRole('region', { name: '包裹 1' })
  const second = logistics.getByRole('region', { name: '包裹 2' })
  await expect(first.locator('[data-waybill-number]')).toHaveText('SF7000000000001')
  const itemsOf = (n: number) => logistics.getByRole('list', { name: `包裹 ${n}商品` }).getByRole('listitem')
  await expect(itemsOf(1)).toHaveCount(1)
  await expect(itemsOf(1)).toContainText([a.title, '× 2'].join(''))
  await expect(second.locator('[data-waybill-number]')).toHaveText('SF7000000000002')
  await expect(itemsOf(2)).toHaveCount(1)
  await expect(itemsOf(2)).toContainText([b.title, '× 1'].join(''))
  await expect(
    second.getByRole('list', { name: '包裹 2物流轨迹' }).getByRole('listitem').first(),
  ).toHaveAttribute('aria-current', 'step')
  await expectAccessible(page)
  await bothWidths(page, 'parcels')
  await page.keyboard.press('Escape')

  // Receipt, then 退款售后: 退货退款 of one of the two units of line A.
  await page.getByRole('button', { name: '确认收货' }).click()
  await page.getByRole('dialog', { name: '提示' }).getByRole('button', { name: '确 定' }).click()
  await expect(page.locator('[data-order-status]')).toHaveText('已完成')
  await page.getByRole('button', { name: '申请售后' }).click()
  const refund = page.getByRole('dialog', { name: '退款售后' })
  await refund.getByRole('radio', { name: '退货退款' }).check()
  await expect(refund.getByLabel(`${a.title} 数量`)).toHaveValue('2')
  await refund.getByRole('button', { name: `减少 ${a.title} 的数量` }).click()
  await expect(refund.getByLabel(`${a.title} 数量`)).toHaveValue('1')
  await refund.getByRole('checkbox', { name: b.title }).uncheck()
  await refund.getByRole('checkbox', { name: a.title }).uncheck()
  await refund.getByLabel('退款原因').fill('手机支架有划痕')
  await refund.locator('input[type=file]').setInputFiles(pngFile('scratch.png'))
  await expect(refund.getByRole('img', { name: '图片 1' })).toBeVisible()
  // Nothing chosen: the rule's message at the lines.
  await refund.getByRole('button', { name: '提交' }).click()
  await expect(refund.getByRole('alert')).toHaveText('请选择售后商品')
  await expect(refund.getByRole('checkbox').first()).toBeFocused()
  await shot(page, 'refund-lines-refused-1440')
  await refund.getByRole('checkbox', { name: a.title }).check()
  await expectAccessible(page)
  await bothWidths(page, 'refund-dialog')
  const sent = page.waitForRequest((r) => r.url().includes('/api/Orders/PostOrdersRefund'))
  await refund.getByRole('button', { name: '提交' }).click()
  expect((await sent).postDataJSON()).toMatchObject({
    id,
    kind: 'return',
    lines: [{ lineId: a.lineId, quantity: 1 }],
  })
  await expect(toasts(page)).toContainText('提交成功')
  await expect(page.locator('[data-after-status]')).toHaveText('申请中')
  await expect(page.locator('[data-after-kind]')).toHaveText('退货退款')
  await expect(page.locator('[data-after-lines]')).toHaveText(`${a.title} × 1`)

  // The operator approves: the buyer is told where to send it.
  const share = Math.floor(Math.round(a.paid * 100) / 2)
  const approved = await admin('POST', '/after-sales', { decision: 'approve' })
  expect(approved.afterSales).toMatchObject({ state: '待寄回', amount: share / 100 })
  await page.reload()
  await expect(page.locator('[data-after-status]')).toHaveText('待寄回')
  await expect(page.locator('[data-after-amount]')).toHaveText(`¥${(share / 100).toFixed(2)}`)
  await expect(page.locator('[data-return-address]')).toContainText(approved.afterSales.returnAddress)
  await expect(page.getByRole('button', { name: '复制寄回地址' })).toBeVisible()
  await expect(page.getByRole('button', { name: '申请售后' })).toHaveCount(0)

  // A wrong waybill is refused at its field before anything is sent; then the right one.
  const form = page.locator('[data-return-form]')
  await form.getByLabel('快递公司').selectOption('其他')
  await form.getByLabel('运单号').fill('DPK12345678')
  await form.getByRole('button', { name: '提交运单' }).click()
  await expect(form.getByRole('alert')).toHaveText('请填写快递公司')
  await expect(form.getByLabel('公司名称')).toBeFocused()
  await form.getByLabel('快递公司').selectOption('顺丰速运')
  await form.getByLabel('运单号').fill('SF12')
  await form.getByRole('button', { name: '提交运单' }).click()
  await expect(form.getByRole('alert')).toHaveText('顺丰运单号应为 SF 加 13 位数字')
  await expect(form.getByLabel('运单号')).toBeFocused()
  await expectAccessible(page)
  await bothWidths(page, 'return-form')
  await form.getByLabel('运单号').fill('SF8000000000001')
  await form.getByRole('button', { name: '提交运单' }).click()
  await expect(toasts(page)).toContainText('提交成功')
  await expect(page.locator('[data-after-status]')).toHaveText('待验收')
  await expect(page.locator('[data-return-waybill]')).toHaveText('顺丰速运 SF8000000000001')
  await expect(page.locator('[data-return-form]')).toHaveCount(0)

  // The warehouse accepts: exactly that unit's share comes back to the balance.
  const { balance } = await apiGet<{ balance: number }>(request, '/api/Users/GetUsersInfo', headers)
  const done = await admin('POST', '/after-sales/receive', { decision: 'accept' })
  expect(done).toMatchObject({ afterStatusText: '已退款' })
  const after = await apiGet<{ balance: number }>(request, '/api/Users/GetUsersInfo', headers)
  expect(Math.round(after.balance * 100) - Math.round(balance * 100)).toBe(share)
  await page.reload()
  await expect(page.locator('[data-after-status]')).toHaveText('已退款')
  await expect(countsOf(a.title)).toHaveText('已发 2 / 已退 1')
  // What is left may be asked for again.
  await expect(page.getByRole('button', { name: '申请售后' })).toBeVisible()
  await bothWidths(page, 'refunded')
})
