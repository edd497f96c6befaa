/**
 * Marketing's selling tools in the back office (issue 24), through the screens: a coupon is made
 * (the shared rule refuses a blank name first), shows 0/N claimed in the list, offers only the
 * fields still allowed once a customer has claimed one (claimed here through the customer call)
 * and is stopped after a confirmation; a 满减 promotion is made; a shipping template with a
 * dearer remote province is made, given to a product in the product editor, and cannot be
 * deleted while the product uses it; an order's buyer note and price lines reach the operator's
 * order screen and the packing slip. axe checks each screen and form.
 */
import type { Page } from '@playwright/test'
import { expectAccessible } from './a11y.ts'
import { landedOnDetail, signInStaffAs, staffCall, staffToken } from './admin-session.ts'
import { apiGet, apiPost, cheapSku, topUp } from './orders.ts'
import { registerUser, signed } from './session.ts'
import { expect, test } from './test.ts'

const toasts = (page: Page) => page.locator('#toasts')
const stamp = () => Date.now().toString(36).slice(-5)

/** A customer's session headers, signed in through the API (no page needed). */
async function customer(request: Parameters<typeof registerUser>[0]) {
  const tel = await registerUser(request)
  const res = await request.post('/api/Users/PostUsersPsw', {
    headers: signed(),
    data: { tel, password: 'test1234' },
  })
  const token = (await res.json()).data.owinToken.access_token as string
  return { ...signed(), Authorization: `Bearer ${token}` }
}

test('marketing creates a coupon and a 满减, a customer claims the coupon, edits are limited, and the coupon is stopped', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000)
  await page.setViewportSize({ width: 1280, height: 900 })
  const title = `端测券${stamp()}`
  await signInStaffAs(page, request, 'marketing')
  await page.goto('/admin/coupons/')
  await expect(page.getByRole('link', { name: '优惠券' })).toHaveAttribute('aria-current', 'page')
  await expectAccessible(page)

  await page.getByRole('button', { name: '新建优惠券' }).click()
  const form = page.getByRole('dialog', { name: '新建优惠券' })
  await form.getByRole('button', { name: '保存' }).click()
  // The shared rule answers first, under its field, with focus there.
  await expect(form.getByText('请填写优惠券名称')).toBeVisible()
  await expect(form.getByLabel('优惠券名称')).toBeFocused()
  await expectAccessible(page)
  await form.getByLabel('优惠券名称').fill(title)
  await form.getByLabel('使用门槛').fill('300')
  await form.getByLabel('减免金额').fill('300')
  await form.getByRole('button', { name: '保存' }).click()
  await expect(form.getByText('减免金额须小于使用门槛')).toBeVisible()
  await form.getByLabel('减免金额').fill('30')
  // A rate coupon swaps the amount for the rate and its cap.
  await form.getByRole('radio', { name: /折扣券/ }).check()
  await expect(form.getByLabel('减免金额')).toHaveCount(0)
  await expect(form.getByRole('textbox', { name: '最多减' })).toBeVisible()
  await form.getByRole('radio', { name: /满减券/ }).check()
  await form.getByLabel('减免金额').fill('30')
  await form.getByRole('radio', { name: '指定分类' }).check()
  await form.getByRole('button', { name: '保存' }).click()
  await expect(form.getByText('请选择适用的分类')).toBeVisible()
  await form.getByRole('radio', { name: '全场商品' }).check()
  await form.getByLabel('发放总量').fill('5')
  await form.getByRole('button', { name: '保存' }).click()

  // Its own page: the usage figures, all zero.
  const id = await landedOnDetail(page, 'coupons', title)
  await expect(page.locator('[data-fact="规则"]')).toHaveText('满300减30')
  await expect(page.locator('[data-usage="已领取"]')).toHaveText('0')
  await expectAccessible(page)

  // The list, filtered by its name (kept in the URL): 0/5 claimed.
  await page.goto('/admin/coupons/')
  await page.getByLabel('优惠券名称').fill(title)
  await page.getByRole('button', { name: '查询' }).click()
  await expect(page).toHaveURL(/[?&]q=/)
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: title }) })
  await expect(row.locator('[data-claimed]')).toHaveText('0/5')
  await expect(row).toContainText('进行中')

  // A customer claims one; the list says so.
  const buyer = await customer(request)
  expect(await apiPost<string>(request, '/api/Coupons/PostCouponsClaim', { id }, buyer)).toBe('领取成功')
  await page.reload()
  await expect(row.locator('[data-claimed]')).toHaveText('1/5')

  // Once claimed, the form offers only the name, a later end and the total.
  await row.getByRole('link', { name: title }).click()
  await page.getByRole('button', { name: '编辑' }).click()
  const edit = page.getByRole('dialog', { name: '编辑优惠券' })
  await expect(edit).toContainText('已有 1 位用户领取')
  await expect(edit.getByLabel('使用门槛')).toHaveCount(0)
  await expect(edit.getByLabel('每人限领')).toHaveCount(0)
  await expect(edit.getByRole('radio', { name: '全场商品' })).toHaveCount(0)
  await expectAccessible(page)
  await edit.getByLabel('发放总量').fill('8')
  await edit.getByRole('button', { name: '保存' }).click()
  await expect(edit).toBeHidden()
  await expect(toasts(page)).toContainText('优惠券已保存')
  await expect(page.locator('[data-fact="发放总量"]')).toHaveText('8 张')
  await expect(page.locator('[data-usage="已领取"]')).toHaveText('1')

  // 停用 asks first; then the coupon is no longer offered to customers.
  await page.getByRole('button', { name: '停用' }).click()
  const ask = page.getByRole('dialog', { name: '停用优惠券' })
  await expect(ask).toContainText('已领取的券在有效期内仍可使用')
  await ask.getByRole('button', { name: '确 定' }).click()
  await expect(page.locator('[data-coupon-state]')).toHaveText('已停用')
  await expect(page.getByRole('button', { name: '停用' })).toHaveCount(0)
  const offered = await (await request.get('/api/Coupons/GetCouponsList', { headers: signed() })).json()
  expect((offered.data as { id: number }[]).map((c) => c.id)).not.toContain(id)

  // A 满减 for one category.
  const promo = `端测满减${stamp()}`
  await page.goto('/admin/promotions/')
  await expect(page.getByRole('button', { name: '新建满减活动' })).toBeVisible()
  await expectAccessible(page)
  await page.getByRole('button', { name: '新建满减活动' }).click()
  const pf = page.getByRole('dialog', { name: '新建满减活动' })
  await pf.getByLabel('活动名称').fill(promo)
  await pf.getByLabel('适用范围').selectOption({ index: 1 })
  await pf.getByLabel('满减门槛').fill('500')
  await pf.getByLabel('减免金额').fill('50')
  await expectAccessible(page)
  await pf.getByRole('button', { name: '保存' }).click()
  await expect(pf).toBeHidden()
  const promoRow = page.getByRole('row').filter({ hasText: promo })
  await expect(promoRow).toContainText('满500.00减50.00')
  await expect(promoRow).toContainText('分类：')
  await expect(promoRow).toContainText('进行中')
  const live = await (await request.get('/api/Promotions/GetPromotionsList', { headers: signed() })).json()
  expect((live.data as { title: string }[]).map((p) => p.title)).toContain(promo)
})

test('marketing makes a shipping template with a dearer remote province and gives it to a product', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000)
  await page.setViewportSize({ width: 1280, height: 900 })
  const name = `端测运费${stamp()}`
  await signInStaffAs(page, request, 'marketing')
  await page.goto('/admin/shipping/')
  await expect(page.getByRole('row').filter({ has: page.locator('[data-default]') })).toContainText('包邮')
  await expectAccessible(page)

  await page.getByRole('button', { name: '新建运费模板' }).click()
  const form = page.getByRole('dialog', { name: '新建运费模板' })
  await form.getByLabel('模板名称').fill(name)
  await form.getByLabel('基础运费').fill('12')
  await form.getByLabel('满额包邮').fill('199')
  await form.getByRole('button', { name: '添加地区' }).click()
  await form.getByRole('button', { name: '保存' }).click()
  await expect(form.getByText('请选择第1项的省份')).toBeVisible()
  await form.getByLabel('第1个地区', { exact: true }).selectOption('西藏自治区')
  await form.getByLabel('第1个地区的运费（元）').fill('30')
  await expectAccessible(page)
  await form.getByRole('button', { name: '保存' }).click()
  await expect(form).toBeHidden()
  const row = page.getByRole('row').filter({ hasText: name })
  await expect(row).toContainText('西藏自治区 30.00')
  await expect(row).toContainText('满¥199.00包邮')
  await expect(row.locator('[data-products]')).toHaveText('0')

  // Given to a product in the product editor.
  const token = await staffToken(request, 'marketing')
  const product = (
    await staffCall<{ pageData: { id: number; title: string }[] }>(
      request,
      token,
      'GET',
      '/api/admin/products?listed=1&pageSize=5',
    )
  ).pageData[0] as { id: number; title: string }
  await page.goto(`/admin/products/detail/?id=${product.id}`)
  const editor = page.getByRole('form', { name: '商品信息' })
  const select = editor.getByLabel('运费模板')
  await expect(select.locator('option', { hasText: name })).toHaveCount(1)
  await select.selectOption({ label: `${name}（满¥199.00包邮）` })
  await expect(editor.locator('[data-shipping-label]')).toContainText('满¥199.00包邮')
  await editor.getByRole('button', { name: '保存商品信息' }).click()
  await expect(toasts(page)).toContainText('商品信息已保存')
  const pub = await (
    await request.get(`/api/ProductSpu/GetProductSpu?id=${product.id}`, { headers: signed() })
  ).json()
  expect(pub.data.shippingLabel).toBe('满¥199.00包邮')

  // In use: the list counts the product, and the server's refusal to delete it is toasted.
  await page.goto('/admin/shipping/')
  await expect(row.locator('[data-products]')).toHaveText('1')
  await row.getByRole('button', { name: `删除「${name}」` }).click()
  await page.getByRole('dialog', { name: '删除运费模板' }).getByRole('button', { name: '确 定' }).click()
  await expect(toasts(page)).toContainText('运费模板正在使用，不能删除')
  await expect(row).toBeVisible()

  // Back on the default template, the product frees it, and it can go.
  await page.goto(`/admin/products/detail/?id=${product.id}`)
  await editor.getByLabel('运费模板').selectOption('')
  await editor.getByRole('button', { name: '保存商品信息' }).click()
  await expect(toasts(page)).toContainText('商品信息已保存')
  await page.goto('/admin/shipping/')
  await expect(row.locator('[data-products]')).toHaveText('0')
  await row.getByRole('button', { name: `删除「${name}」` }).click()
  await page.getByRole('dialog', { name: '删除运费模板' }).getByRole('button', { name: '确 定' }).click()
  await expect(toasts(page)).toContainText('运费模板已删除')
  await expect(row).toHaveCount(0)
})

test('the operator sees the buyer note and the price lines on the order, and the note on the packing slip', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000)
  await page.setViewportSize({ width: 1280, height: 900 })
  const buyer = await customer(request)
  const sku = await cheapSku(request)
  await topUp(request, buyer, Math.ceil(sku.price) + 30)
  const note = `请用顺丰发货，周末放门卫${stamp()}`
  const id = await apiPost<number>(
    request,
    '/api/Orders/PostOrdersAppend',
    {
      recName: '赵六',
      recTel: '13900000000',
      recProvince: '西藏自治区',
      recCity: '拉萨市',
      recArea: '城关区',
      recStreet: '八廓街道',
      recAddressx: '北京中路1号',
      list: [{ skuId: sku.id, quantity: 1 }],
      userCouponId: 0,
      buyerNote: note,
    },
    buyer,
  )
  await apiGet(request, `/api/Orders/GetOrdersPay?id=${id}&way=balance`, buyer)
  const order = await apiGet<{ code: string; tolCost: number; shipping: number }>(
    request,
    `/api/Orders/GetOrders?id=${id}`,
    buyer,
  )

  await signInStaffAs(page, request, 'operator')
  await page.goto(`/admin/orders/detail/?code=${order.code}`)
  await expect(page.getByRole('region', { name: '买家留言' })).toContainText(note)
  const facts = page.getByRole('region', { name: '订单信息' })
  await expect(facts).toContainText(order.shipping > 0 ? `运费${order.shipping.toFixed(2)} 元` : '运费包邮')
  await expect(facts).toContainText(`实付金额${order.tolCost.toFixed(2)} 元`)
  await expectAccessible(page)

  await page.getByRole('link', { name: '打印发货单' }).click()
  await expect(page.getByRole('region', { name: '买家留言' })).toContainText(note)
})
