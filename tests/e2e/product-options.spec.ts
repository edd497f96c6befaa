/**
 * Issue 40 item 3 in the browser: marketing gives a product two options in the editor (规格 and
 * 包装), the SKU matrix follows with its 货号 (a code another SKU has is refused), one
 * combination left off sale; the public page, once rebuilt, shows a radio group per option with
 * that combination disabled, and a buyer picks a combination and adds it to the cart.
 */
import { expectAccessible } from './a11y.ts'
import { signInStaffAs, staffCall, staffToken } from './admin-session.ts'
import { builtPage } from './built.ts'
import { registerUser, signInAs } from './session.ts'
import { expect, test } from './test.ts'

test('marketing defines two options; the product page offers the combinations on sale and a buyer adds one to the cart', async ({
  page,
  request,
}) => {
  const tag = Date.now().toString(36).slice(-5).toUpperCase()
  const token = await staffToken(request, 'marketing')
  const made = await staffCall<{ id: number; skus: { id: number }[] }>(
    request,
    token,
    'POST',
    '/api/admin/products',
    {
      title: `选项测试器械${tag}`,
      skuTitle: '标准装',
      price: '100',
    },
  )
  const spuId = made.id
  await staffCall(request, token, 'POST', `/api/admin/skus/${made.skus[0]?.id}/stock`, {
    delta: 20,
    reason: '首批入库',
  })
  await staffCall(request, token, 'POST', `/api/admin/products/${spuId}/listing`, { listed: true })

  await signInStaffAs(page, request, 'marketing')
  await page.goto(`/admin/products/detail/?id=${spuId}`)
  const editor = page.getByRole('region', { name: '选项与规格' })
  await expect(editor.getByLabel('选项1名称')).toHaveValue('规格')
  await editor.getByLabel('选项1的值').fill('标准装，加大装')
  await editor.getByRole('button', { name: '添加选项' }).click()
  await editor.getByLabel('选项2名称').fill('包装')
  await editor.getByLabel('选项2的值').fill('单支，10支装')
  const matrix = editor.getByRole('table', { name: '规格组合' })
  await expect(matrix.getByRole('rowheader')).toHaveText([
    '标准装 单支',
    '标准装 10支装',
    '加大装 单支',
    '加大装 10支装',
  ])
  // The SKU from before is 标准装 单支, with its stock.
  await expect(matrix.getByRole('row', { name: /标准装 单支/ })).toContainText('20')
  await editor.getByLabel('「标准装 10支装」的价格').fill('900')
  await editor.getByLabel('「标准装 10支装」的初始库存').fill('5')
  await editor.getByLabel('「加大装 单支」的价格').fill('150')
  await editor.getByLabel('「加大装 单支」的初始库存').fill('3')
  await editor.getByLabel('「加大装 10支装」在售').uncheck()
  // A 货号 another SKU has (the demo's first SKU) is refused, and nothing is saved.
  await editor.getByLabel('「标准装 10支装」的货号').fill('SKU1')
  await editor.getByRole('button', { name: '保存选项与规格' }).click()
  await expect(page.locator('#toasts')).toContainText('货号“SKU1”已被其他规格使用，请换一个')
  const code = `OPT${tag}`
  await editor.getByLabel('「标准装 10支装」的货号').fill(code)
  await editor.getByRole('button', { name: '保存选项与规格' }).click()
  await expect(page.locator('#toasts')).toContainText('选项与规格已保存')
  await expect(page.locator('[data-sku-code]')).toContainText([code])
  await expect(page.locator('[data-sku-code]')).toHaveCount(3)
  // The combination left off sale stays off when the screen shows the saved matrix again.
  await expect(editor.getByLabel('「加大装 10支装」在售')).not.toBeChecked()
  await expectAccessible(page)

  // The public page, rebuilt from the change marks.
  const path = `/productdetail/${spuId}/`
  await builtPage(request, path)
  await expect.poll(async () => (await request.get(path)).text(), { timeout: 60_000 }).toContain('10支装')
  const tel = await registerUser(request)
  await signInAs(page, request, tel, 'test1234')
  await page.goto(path)
  const box = page.getByRole('form', { name: '购买' })
  const sizes = box.getByRole('group', { name: '规格' })
  const packs = box.getByRole('group', { name: '包装' })
  await expect(sizes.getByRole('radio')).toHaveCount(2)
  // 加大装 is not sold in 10支装: with 加大装 chosen, 10支装 cannot be chosen.
  await sizes.locator('label', { hasText: '加大装' }).click()
  await expect(packs.getByRole('radio', { name: '10支装' })).toBeDisabled()
  await expect(packs.getByRole('radio', { name: '单支' })).toBeChecked()
  await expect(box).toContainText('150.00')
  await expectAccessible(page)
  // By keyboard: back to 标准装, then 10支装 is offered again.
  await sizes.getByRole('radio', { name: '加大装' }).focus()
  await page.keyboard.press('ArrowLeft')
  await expect(sizes.getByRole('radio', { name: '标准装' })).toBeChecked()
  await expect(packs.getByRole('radio', { name: '10支装' })).toBeEnabled()
  await packs.locator('label', { hasText: '10支装' }).click()
  await expect(box).toContainText('900.00')
  await expect(box).toContainText('库存 5')
  await box.getByRole('button', { name: '加入购物车' }).click()
  await expect(page.locator('#toasts')).toContainText('已经加入购物车')
  await page.goto('/shopcar')
  await expect(page.getByRole('link', { name: `选项测试器械${tag} 标准装 10支装` })).toBeVisible()
})
