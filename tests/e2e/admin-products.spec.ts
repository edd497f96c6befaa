import { expectAccessible } from './a11y.ts'
import { builderIdle, signInStaffAs, staffCall, staffToken } from './admin-session.ts'
import { signed } from './session.ts'
import { expect, test } from './test.ts'

// Marketing's products (issue 21), through the screens: a SKU's new price reaches the public
// product page, the product listing, the home page and the search within 30 s of the save, as
// the site builder re-renders the pages and the read cache follows (no restart, no ops command),
// and a stock adjustment is booked with its reason.

type Row = { id: number; title: string; priceMin: number; skuCount: number }

test('marketing changes a SKU price on the product screen; the product page, the listing, home and search show it within 30 s', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000)
  // A product of the home page's recommended ones and of the listing's first page (the built
  // /product/) whose every price is above 10 yuan: the new price under 10 becomes its 起 price,
  // what the home page, listings and search show.
  const read = async <T>(path: string) =>
    (await (await request.get(path, { headers: signed() })).json()).data as T
  const home = await read<{ list40: Row[] }>('/api/Article/GetArticleIndex')
  const listing = await read<{ pageData: Row[] }>('/api/ProductSpu/GetProductSpuPage?pageIndex=0&pageSize=20')
  const p = listing.pageData.find((r) => r.priceMin > 10 && home.list40.some((h) => h.id === r.id))
  expect(p).toBeTruthy()
  const id = (p as Row).id
  const price = (1 + Math.floor(Math.random() * 800) / 100).toFixed(2)

  await signInStaffAs(page, request, 'marketing')
  await page.goto(`/admin/products/?title=${encodeURIComponent((p as Row).title)}`)
  await expect(page.getByLabel('商品名称')).toHaveValue((p as Row).title)
  await expectAccessible(page)
  await page
    .getByRole('link', { name: (p as Row).title })
    .first()
    .click()
  await expect(page.getByRole('heading', { name: (p as Row).title })).toBeVisible()
  await expectAccessible(page)

  // The stock dialog: the rule's refusal first, then a booked adjustment.
  const firstStock = page.locator('[data-sku-stock]').first()
  const before = Number(await firstStock.textContent())
  await page
    .getByRole('button', { name: /^调整「.*」的库存$/ })
    .first()
    .click()
  const dialog = page.getByRole('dialog', { name: '调整库存' })
  await dialog.getByLabel('调整数量').fill('5')
  await dialog.getByRole('button', { name: '保存' }).click()
  await expect(dialog.getByText('请填写调整原因')).toBeVisible()
  await expectAccessible(page)
  await dialog.getByLabel('调整原因').fill('到货入库')
  await dialog.getByRole('button', { name: '保存' }).click()
  await expect(dialog).toBeHidden()
  await expect(firstStock).toHaveText(String(before + 5))

  // Timed from an idle builder: the stock adjustment's own build is done first.
  await builderIdle(request, await staffToken(request, 'marketing'))
  const started = Date.now()
  await page
    .getByRole('button', { name: /^修改「.*」的价格$/ })
    .first()
    .click()
  const priceDialog = page.getByRole('dialog', { name: '修改价格' })
  await priceDialog.getByLabel('新价格（元）').fill('99.999')
  await priceDialog.getByRole('button', { name: '保存' }).click()
  await expect(priceDialog.getByText('价格最多两位小数')).toBeVisible()
  await priceDialog.getByLabel('新价格（元）').fill(price)
  await priceDialog.getByRole('button', { name: '保存' }).click()
  await expect(priceDialog).toBeHidden()
  await expect(page.locator('[data-fact="起价"]')).toHaveText(`${price} 元`)

  // The API at once (the read cache follows the change marks), the built page once rebuilt.
  const listed = await request.get(
    `/api/ProductSpu/GetProductSpuPage?title=${encodeURIComponent((p as Row).title)}&pageIndex=0&pageSize=5`,
    { headers: signed() },
  )
  expect(((await listed.json()).data.pageData as Row[]).find((r) => r.id === id)?.priceMin).toBe(
    Number(price),
  )
  // Every surface within 30 s of the save.
  const rest = () => ({ timeout: Math.max(1000, 30_000 - (Date.now() - started)) })
  await expect.poll(async () => (await request.get(`/productdetail/${id}/`)).text(), rest()).toContain(price)
  await expect.poll(async () => (await request.get('/product/')).text(), rest()).toContain(`¥${price}`)
  await expect.poll(async () => (await request.get('/')).text(), rest()).toContain(`¥${price}`)
  console.log(
    `price live on /productdetail/${id}/, /product/ and / after ${((Date.now() - started) / 1000).toFixed(1)} s`,
  )
  await page.goto(`/productdetail/${id}/`)
  await expect(page.getByText(price).first()).toBeVisible()
  // The search page, as a visitor uses it: the product tab of its title.
  await page.goto(`/seach/?q=${encodeURIComponent((p as Row).title)}&tab=product`)
  await expect(
    page
      .getByRole('article')
      .filter({ has: page.getByRole('link', { name: (p as Row).title }) })
      .filter({ hasText: `¥${price}` }),
  ).toBeVisible()
})

test('marketing adds a SKU, edits the subtitle and removes the SKU again on the product screen', async ({
  page,
  request,
}) => {
  const token = await staffToken(request, 'marketing')
  const rows = (
    await staffCall<{ pageData: Row[] }>(request, token, 'GET', '/api/admin/products?listed=1&pageSize=50')
  ).pageData
  const p = rows.filter((r) => r.priceMin > 10).at(-1) as Row
  const skuTitle = `加购装${Date.now().toString(36).slice(-4)}`
  await signInStaffAs(page, request, 'marketing')
  await page.goto(`/admin/products/detail/?id=${p.id}`)
  await expect(page.getByRole('heading', { name: p.title })).toBeVisible()

  await page.getByRole('button', { name: '新增规格' }).click()
  const add = page.getByRole('dialog', { name: '新增规格' })
  await add.getByLabel('价格（元）').fill('999')
  await add.getByRole('button', { name: '保存' }).click()
  await expect(add.getByText('请填写规格名称')).toBeVisible()
  await expectAccessible(page)
  await add.getByLabel('规格名称').fill(skuTitle)
  await add.getByRole('button', { name: '保存' }).click()
  await expect(add).toBeHidden()
  await expect(page.getByRole('cell', { name: skuTitle, exact: true })).toBeVisible()

  await page.getByRole('button', { name: '编辑名称' }).click()
  const text = page.getByRole('dialog', { name: '编辑名称' })
  await text.getByLabel('副标题').fill('后台修改的副标题')
  await text.getByRole('button', { name: '保存' }).click()
  await expect(page.locator('[data-fact="副标题"]')).toHaveText('后台修改的副标题')

  await page.getByRole('button', { name: `删除规格「${skuTitle}」` }).click()
  await page.getByRole('dialog', { name: '删除规格' }).getByRole('button', { name: '确 定' }).click()
  await expect(page.getByRole('cell', { name: skuTitle, exact: true })).toHaveCount(0)
  const pub = await request.get(`/api/ProductSpu/GetProductSpu?id=${p.id}`, { headers: signed() })
  const body = (await pub.json()).data as { subTitle: string; skuList: { title: string }[] }
  expect(body.subTitle).toBe('后台修改的副标题')
  expect(body.skuList.map((s) => s.title)).not.toContain(skuTitle)
})

test('an operator has no 商品 menu entry, and the products screen refuses them', async ({
  page,
  request,
}) => {
  await signInStaffAs(page, request, 'operator')
  await page.goto('/admin/')
  await expect(page.getByRole('link', { name: '订单' }).first()).toBeVisible()
  await expect(page.getByRole('link', { name: '商品', exact: true })).toHaveCount(0)
  await page.goto('/admin/products/')
  await expect(page.getByRole('alert').filter({ hasText: '没有权限' })).toBeVisible()
  await expect(page.getByRole('table')).toHaveCount(0)
})
