/**
 * Customers and their orders for e2e tests, through the real calls: the API calls of a test, a
 * fresh signed-in customer (optionally already on a page), a balance topped up through the payment
 * sandbox, an order placed to the one test address, a paid (or transfer-awaiting) order, and the
 * first item a listing offers.
 */
import type { APIRequestContext, Page } from '@playwright/test'
import { pngFile } from './files.ts'
import { registerUser, signed, signInAs } from './session.ts'
import { expect } from './test.ts'

export type Headers = Record<string, string>
const fresh = (h: Headers): Headers => ({ ...h, ...signed() })

export async function apiGet<T>(
  request: APIRequestContext,
  path: string,
  headers: Headers = signed(),
): Promise<T> {
  const body = await (await request.get(path, { headers: fresh(headers) })).json()
  if (body.status !== 200) throw new Error(`${path}: ${JSON.stringify(body)}`)
  return body.data as T
}

export async function apiPost<T>(request: APIRequestContext, path: string, data: unknown, headers: Headers) {
  const body = await (await request.post(path, { headers: fresh(headers), data })).json()
  if (body.status !== 200) throw new Error(`${path}: ${JSON.stringify(body)}`)
  return body.data as T
}

/** The first item a public page call lists (pageSize=1); `missing` says what the data lacks if none. */
export async function firstListed<T>(request: APIRequestContext, path: string, missing: string): Promise<T> {
  const first = (await apiGet<{ pageData: T[] }>(request, path)).pageData[0]
  if (!first) throw new Error(missing)
  return first
}

/** A photo uploaded by the user of `headers` (an after-sales request takes only the buyer's own): its path. */
export async function uploadPhoto(request: APIRequestContext, headers: Headers): Promise<string> {
  // The JSON content type of the other calls would hide the multipart body's boundary.
  const { 'content-type': _json, ...multipartHeaders } = fresh(headers)
  const res = await request.post('/api/Upload/PostUpload', {
    headers: multipartHeaders,
    multipart: { file: pngFile('photo.png') },
  })
  const body = await res.json()
  if (body.status !== 200) throw new Error(`upload: ${JSON.stringify(body)}`)
  return body.data.path as string
}

/** A brand-new customer, signed in on `page`: tests that change data never share an account. */
export async function freshUser(page: Page, request: APIRequestContext) {
  const tel = await registerUser(request)
  const { token } = await signInAs(page, request, tel, 'test1234')
  return { tel, token, headers: { ...signed(), Authorization: `Bearer ${token}` } as Headers }
}

/** A brand-new customer as freshUser makes one, already on `path`. */
export async function freshUserOn(page: Page, request: APIRequestContext, path: string) {
  const user = await freshUser(page, request)
  await page.goto(path)
  return user
}

/** Credits `price` yuan through a WeChat sandbox top-up, as a real payer would. */
export async function topUp(request: APIRequestContext, headers: Headers, price: number) {
  const made = await apiPost<{ id: number }>(
    request,
    '/api/Recharge/PostRechargeAppend',
    { groups: 30, price },
    headers,
  )
  const pay = await apiGet<{ code_url: string }>(
    request,
    `/api/Recharge/GetRechargePay?id=${made.id}&way=wechat`,
    headers,
  )
  expect((await request.post(new URL(pay.code_url).pathname)).ok()).toBe(true)
}

/**
 * Tops up what order `id` costs (its total, shipping included: the server's figure, not the
 * price) plus ¥1, then pays it from the balance. Answers the amount topped up.
 */
export async function payFromBalance(request: APIRequestContext, headers: Headers, id: number) {
  const { tolCost } = await apiGet<{ tolCost: number }>(request, `/api/Orders/GetOrders?id=${id}`, headers)
  const topped = Math.ceil(tolCost) + 1
  await topUp(request, headers, topped)
  const paid = await apiGet<{ status: number }>(
    request,
    `/api/Orders/GetOrdersPay?id=${id}&way=balance`,
    headers,
  )
  expect(paid.status).toBe(20)
  return topped
}

/** The cheapest SKU in stock of the first listed products. */
export async function cheapSku(request: APIRequestContext) {
  const [best] = await cheapSkus(request, 1)
  if (!best) throw new Error('no SKU in stock')
  return best
}

/** The `n` cheapest SKUs in stock of the first listed products, each of another product. */
export async function cheapSkus(request: APIRequestContext, n: number) {
  const list = await apiGet<{ pageData: { id: number }[] }>(
    request,
    '/api/ProductSpu/GetProductSpuPage?pageIndex=0&pageSize=20',
  )
  const best: { id: number; price: number }[] = []
  for (const c of list.pageData) {
    const p = await apiGet<{ skuList: { id: number; price: number; stock: number }[] }>(
      request,
      `/api/ProductSpu/GetProductSpu?id=${c.id}`,
    )
    const sku = p.skuList.filter((s) => s.stock > 5).sort((a, b) => a.price - b.price)[0]
    if (sku) best.push({ id: sku.id, price: sku.price })
  }
  best.sort((a, b) => a.price - b.price)
  if (best.length < n) throw new Error(`fewer than ${n} products in stock`)
  return best.slice(0, n)
}

/** Where the e2e tests' orders go: an address in Suzhou, received by 赵六 at `tel`. */
export const suzhouReceiver = (tel: string) => ({
  recName: '赵六',
  recTel: tel,
  recProvince: '江苏省',
  recCity: '苏州市',
  recArea: '姑苏区',
  recStreet: '平江街道',
  recAddressx: '干将东路8号',
})

/** An unpaid order of `quantity` of one SKU, placed for the user of `headers` and sent to `tel`: its id. */
export const placeOrder = (
  request: APIRequestContext,
  headers: Headers,
  tel: string,
  skuId: number,
  quantity = 1,
) =>
  apiPost<number>(
    request,
    '/api/Orders/PostOrdersAppend',
    { ...suzhouReceiver(tel), list: [{ skuId, quantity }] },
    headers,
  )

/**
 * A product order of a fresh user (signed in on `page`): paid from the balance (status 20,
 * topped up through the sandbox first), or, with `pay: 'union'`, left unpaid awaiting the
 * corporate transfer finance confirms, or with `pay: 'cancel'` cancelled by the buyer unpaid.
 * Its id, code and amounts, and the buyer's headers.
 */
export async function paidOrder(
  page: Page,
  request: APIRequestContext,
  opts: { pay?: 'balance' | 'union' | 'cancel' } = {},
) {
  const pay = opts.pay ?? 'balance'
  const { tel, headers } = await freshUser(page, request)
  const sku = await cheapSku(request)
  const id = await placeOrder(request, headers, tel, sku.id)
  const topped = pay === 'balance' ? await payFromBalance(request, headers, id) : 0
  if (pay === 'cancel') await apiPost(request, '/api/Orders/PostOrdersStatus', { id, status: 100 }, headers)
  if (pay === 'union') {
    const paid = await apiGet<{ status: number }>(
      request,
      `/api/Orders/GetOrdersPay?id=${id}&way=union`,
      headers,
    )
    expect(paid.status).toBe(10)
  }
  const order = await apiGet<{ code: string; tolCost: number }>(
    request,
    `/api/Orders/GetOrders?id=${id}`,
    headers,
  )
  return { id, code: order.code, tolCost: order.tolCost, topped, headers }
}
