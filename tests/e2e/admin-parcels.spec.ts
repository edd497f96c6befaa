/**
 * Parcels and returns in the back office (issue 38), through the screens: an operator ships a
 * two-line order in two parcels with typed waybills (a mistyped one refused with its company's
 * format) and the buyer's logistics call lists both; the buyer asks for 退货退款 of one line, the
 * operator approves it, the buyer sends it back, the warehouse receives it, and the buyer's
 * balance goes up by exactly that line's share.
 */
import type { APIRequestContext, Page } from '@playwright/test'
import { expectAccessible } from './a11y.ts'
import { signInStaffAs } from './admin-session.ts'
import {
  apiGet,
  apiPost,
  freshUser,
  type Headers,
  payFromBalance,
  suzhouReceiver,
  uploadPhoto,
} from './orders.ts'
import { expect, test } from './test.ts'

const toasts = (page: Page) => page.locator('#toasts')

/** Two SKUs in stock under ¥500 of two different listed products (refunds under the approval limit). */
async function twoSkus(request: APIRequestContext) {
  const list = await apiGet<{ pageData: { id: number }[] }>(
    request,
    '/api/ProductSpu/GetProductSpuPage?pageIndex=0&pageSize=40',
  )
  const found: number[] = []
  for (const c of list.pageData) {
    const p = await apiGet<{ skuList: { id: number; stock: number; price: number }[] }>(
      request,
      `/api/ProductSpu/GetProductSpu?id=${c.id}`,
    )
    const sku = p.skuList.find((s) => s.stock > 5 && s.price < 500)
    if (sku) found.push(sku.id)
    if (found.length === 2) return found as [number, number]
  }
  throw new Error('no two SKUs in stock')
}

/** A paid order of a fresh buyer with two lines (2 of the first SKU, 1 of the second). */
async function twoLineOrder(page: Page, request: APIRequestContext) {
  const { tel, headers } = await freshUser(page, request)
  const [a, b] = await twoSkus(request)
  const list = [
    { skuId: a, quantity: 2 },
    { skuId: b, quantity: 1 },
  ]
  const id = await apiPost<number>(
    request,
    '/api/Orders/PostOrdersAppend',
    { ...suzhouReceiver(tel), list },
    headers,
  )
  await payFromBalance(request, headers, id)
  const o = await apiGet<{ code: string; list: { lineId: number; title: string; quantity: number }[] }>(
    request,
    `/api/Orders/GetOrders?id=${id}`,
    headers,
  )
  return { id, code: o.code, lines: o.list, headers }
}

const balanceOf = async (request: APIRequestContext, headers: Headers) =>
  (await apiGet<{ balance: number }>(request, '/api/Users/GetUsersInfo', headers)).balance

test('an operator ships an order in two parcels with typed waybills; a returned line is refunded its share', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000)
  await page.setViewportSize({ width: 1280, height: 900 })
  const o = await twoLineOrder(page, request)
  // The line of two, and the line of one.
  const first = o.lines.find((l) => l.quantity === 2) as (typeof o.lines)[number]
  const second = o.lines.find((l) => l.quantity === 1) as (typeof o.lines)[number]
  const operator = await signInStaffAs(page, request, 'operator')
  await page.goto(`/admin/orders/detail/?code=${o.code}`)
  await expect(page.locator('[data-order-status]')).toHaveText('待发货')

  // Parcel 1: the first line only, its waybill mistyped first.
  await page.getByRole('button', { name: '发货' }).click()
  const ship = page.getByRole('dialog', { name: '发货' })
  await ship.locator(`[data-pick-line="${second.lineId}"]`).getByRole('checkbox').uncheck()
  await ship.getByLabel('运单号').fill('SF123')
  await ship.getByRole('button', { name: '确定发货' }).click()
  await expect(ship.getByRole('alert')).toHaveText('顺丰运单号应为 SF 加 13 位数字')
  await ship.getByLabel('运单号').fill('SF1380000000001')
  await expectAccessible(page)
  await ship.getByRole('button', { name: '确定发货' }).click()
  await expect(toasts(page)).toContainText('已发出一个包裹')
  await expect(page.locator('[data-order-status]')).toHaveText('部分发货')

  // Parcel 2: what is left, with 中通.
  await page.getByRole('button', { name: '发货' }).click()
  const rest = page.getByRole('dialog', { name: '发货' })
  await expect(rest.locator(`[data-pick-line="${first.lineId}"]`)).toHaveCount(0)
  await rest.getByLabel('快递公司').selectOption('中通快递')
  await rest.getByLabel('运单号').fill('73100000000001')
  await rest.getByRole('button', { name: '确定发货' }).click()
  await expect(toasts(page)).toContainText('已发货')
  await expect(page.locator('[data-order-status]')).toHaveText('待收货')
  const parcels = page.getByRole('region', { name: '包裹与物流' })
  await expect(parcels.locator('[data-waybill]')).toHaveCount(2)
  await expect(parcels.locator('[data-waybill="SF1380000000001"]')).toContainText(`${first.title} × 2`)
  await expect(parcels.locator('[data-waybill="73100000000001"]')).toContainText(`${second.title} × 1`)
  const way = await apiGet<{ number: string; items: { quantity: number }[] }[]>(
    request,
    `/api/Express/GetWay?id=${o.id}`,
    o.headers,
  )
  expect(way.map((w) => w.number)).toEqual(['SF1380000000001', '73100000000001'])

  // The buyer receives it and asks for 退货退款 of one of the first line.
  await apiPost(request, '/api/Orders/PostOrdersStatus', { id: o.id, status: 40 }, o.headers)
  await apiPost(
    request,
    '/api/Orders/PostOrdersRefund',
    {
      id: o.id,
      afterRemarks: '包装破损',
      extMore: await uploadPhoto(request, o.headers),
      kind: 'return',
      lines: [{ lineId: first.lineId, quantity: 1 }],
    },
    o.headers,
  )
  await page.reload()
  await page.getByRole('button', { name: '审核售后' }).click()
  const decide = page.getByRole('dialog', { name: '审核售后申请' })
  await expect(decide).toContainText(`退货退款：${first.title} × 1`)
  await decide.getByLabel(/^同意退货/).check()
  const amount = Number(await decide.getByLabel(/^退款金额/).inputValue())
  expect(amount).toBeGreaterThan(0)
  await expectAccessible(page)
  await decide.getByRole('button', { name: '确 定' }).click()
  await expect(toasts(page)).toContainText('已同意，待买家寄回')
  await expect(page.locator('[data-after-state]')).toHaveText('待寄回')

  const before = await balanceOf(request, o.headers)
  await apiPost(
    request,
    '/api/Orders/PostOrdersReturn',
    { id: o.id, company: '顺丰速运', number: 'SF1380000000009' },
    o.headers,
  )
  await page.reload()
  await expect(page.locator('[data-after-state]')).toHaveText('待验收')
  await page.getByRole('button', { name: '验收退货' }).click()
  const receive = page.getByRole('dialog', { name: '验收退回商品' })
  await expect(receive).toContainText('顺丰速运 SF1380000000009')
  await receive.getByLabel(/^已收货/).check()
  await receive.getByRole('button', { name: '确 定' }).click()
  await expect(toasts(page)).toContainText('已收货并退款')
  await expect(page.locator('[data-after-state]')).toHaveText('已退款')
  await expect(page.getByRole('region', { name: '售后退款' })).toContainText('原路退回')
  expect(await balanceOf(request, o.headers)).toBeCloseTo(before + amount, 2)
  // The line's share: half of what the line of two paid (its first unit of two).
  const admin = await apiGet<{ items: { lineId: number; paid: number; refunded: number }[] }>(
    request,
    `/api/admin/orders/${o.code}`,
    { Authorization: `Bearer ${operator}` },
  )
  const line = admin.items.find((i) => i.lineId === first.lineId)
  expect(line?.refunded).toBe(1)
  expect(amount).toBe(Math.floor(((line?.paid ?? 0) * 100) / 2) / 100)
})

test('an operator ships orders from a CSV: each row says how it went', async ({ page, request }) => {
  test.setTimeout(120_000)
  const a = await twoLineOrder(page, request)
  await signInStaffAs(page, request, 'operator')
  await page.goto('/admin/orders/?queue=ship')
  await page.getByRole('button', { name: '批量发货' }).click()
  const dialog = page.getByRole('dialog', { name: '批量发货' })
  await dialog.getByRole('button', { name: '开始发货' }).click()
  await expect(dialog.getByRole('alert')).toHaveText('请选择 CSV 文件')
  const csv = `订单号,快递公司,运单号\r\n${a.code},顺丰速运,SF1380000000777\r\nD000,顺丰速运,SF1380000000778\r\n`
  await dialog
    .getByLabel('CSV 文件')
    .setInputFiles({ name: '发货.csv', mimeType: 'text/csv', buffer: Buffer.from(`\uFEFF${csv}`) })
  await expectAccessible(page)
  await dialog.getByRole('button', { name: '开始发货' }).click()
  await expect(dialog.locator('[data-import-summary]')).toHaveText('已发货 1 单，未发货 1 行')
  await expect(dialog.locator('[data-import-row="failed"]')).toContainText('订单不存在')
  await expect(dialog.locator('[data-import-row="ok"]')).toContainText('已发货：顺丰速运 SF1380000000777')
  await dialog.getByRole('button', { name: '完成' }).click()
  const mine = await apiGet<{ statusText: string }>(request, `/api/Orders/GetOrders?id=${a.id}`, a.headers)
  expect(mine.statusText).toBe('待收货')
})
