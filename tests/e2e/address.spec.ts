import { execFileSync } from 'node:child_process'
import type { Locator, Page } from '@playwright/test'
import { addressForm } from '../address.ts'
import { expectAccessible } from './a11y.ts'
import { pngFile } from './files.ts'
import { freshUser, freshUserOn } from './orders.ts'
import { signInAs } from './session.ts'
import { expect, test } from './test.ts'

const masked = (tel: string) => `${tel.slice(0, 3)}****${tel.slice(7)}`
const toasts = (page: Page) => page.locator('#toasts')
const field = (scope: Locator, name: string) => scope.getByRole('textbox', { name, exact: true })

/** Picks province, city and district, then waits for the district's streets and picks `street`. */
async function pickRegion(scope: Locator, [province, city, area]: [string, string, string], street?: string) {
  await scope.getByLabel('省份').selectOption(province)
  await scope.getByLabel('城市').selectOption(city)
  await scope.getByLabel('区县').selectOption(area)
  const streets = scope.getByLabel('街道')
  await expect(streets).toBeEnabled()
  if (street) await streets.selectOption(street)
}

const SUZHOU: [string, string, string] = ['江苏省', '苏州市', '姑苏区']

test('adds an address through the region picker down to a street, phone masked in the list', async ({
  page,
  request,
}) => {
  const { tel } = await freshUserOn(page, request, '/address')
  await expect(page.getByText('还没有收货地址')).toBeVisible()

  await page.getByRole('button', { name: '新增地址' }).click()
  const dialog = page.getByRole('dialog', { name: '新增地址' })
  await field(dialog, '收货人').fill('张三')
  await field(dialog, '手机号').fill(tel)
  await pickRegion(dialog, SUZHOU, '平江街道')
  await field(dialog, '详细地址').fill('干将东路100号')
  // A new address is not the default unless asked (accounts §9).
  await expect(dialog.getByRole('checkbox', { name: '设为默认地址' })).not.toBeChecked()
  await dialog.getByRole('button', { name: '保存' }).click()

  await expect(toasts(page)).toContainText('添加成功')
  await expect(dialog).toBeHidden()
  const item = page.getByRole('listitem').filter({ hasText: '张三' })
  await expect(item).toContainText(masked(tel))
  await expect(item).not.toContainText(tel)
  await expect(item).toContainText('江苏省 苏州市 姑苏区 平江街道')
  await expect(item).toContainText('干将东路100号')
  await expect(item.getByText('默认', { exact: true })).toHaveCount(0)
})

test('the address form checks its fields in the rule order, each message by its field', async ({
  page,
  request,
}) => {
  await freshUserOn(page, request, '/address')
  await page.getByRole('button', { name: '新增地址' }).click()
  const dialog = page.getByRole('dialog', { name: '新增地址' })
  const save = dialog.getByRole('button', { name: '保存' })

  await save.click()
  await expect(dialog.getByRole('alert')).toHaveText('请填写收货人')
  await expect(field(dialog, '收货人')).toBeFocused()
  await expect(field(dialog, '收货人')).toHaveAttribute('aria-invalid', 'true')

  await field(dialog, '收货人').fill('李四')
  await save.click()
  await expect(dialog.getByRole('alert')).toHaveText('请填写手机号')

  await field(dialog, '手机号').fill('1380013')
  await save.click()
  await expect(dialog.getByRole('alert')).toHaveText('手机号格式不正确')
  await expect(field(dialog, '手机号')).toBeFocused()

  await field(dialog, '手机号').fill('13800138000')
  await save.click()
  await expect(dialog.getByRole('alert')).toHaveText('请选择省市区')

  await pickRegion(dialog, SUZHOU)
  await save.click()
  await expect(dialog.getByRole('alert')).toHaveText('请选择所在街道')
  await expect(dialog.getByLabel('街道')).toBeFocused()

  await dialog.getByLabel('街道').selectOption({ index: 1 })
  await save.click()
  await expect(dialog.getByRole('alert')).toHaveText('请填写详细地址')

  // Nothing was saved on the way.
  await dialog.getByRole('button', { name: '取消' }).click()
  await expect(page.getByText('还没有收货地址')).toBeVisible()
})

test('edits an address and deletes it after the confirm dialog', async ({ page, request }) => {
  const { headers } = await freshUser(page, request)
  const created = await request.post('/api/UserAddress/PostUserAddressAppend', {
    headers,
    data: addressForm({ name: '王五', addressDetail: '观前街1号', status: 1 }),
  })
  expect((await created.json()).status).toBe(200)

  await page.goto('/address')
  const item = page.getByRole('listitem').filter({ hasText: '王五' })
  await expect(item).toContainText('139****5678')
  await expect(item.getByText('默认', { exact: true })).toBeVisible()

  await item.getByRole('button', { name: /^编辑/ }).click()
  const dialog = page.getByRole('dialog', { name: '编辑地址' })
  await expect(field(dialog, '收货人')).toHaveValue('王五')
  await expect(dialog.getByLabel('区县')).toHaveValue('姑苏区')
  await expect(dialog.getByLabel('街道')).toHaveValue('平江街道')
  await expect(dialog.getByRole('checkbox', { name: '设为默认地址' })).toBeChecked()
  await field(dialog, '收货人').fill('王五一')
  // Another district empties the street, which has to be chosen again.
  await dialog.getByLabel('区县').selectOption('吴中区')
  await expect(dialog.getByLabel('街道')).toHaveValue('')
  await expect(dialog.getByLabel('街道')).toBeEnabled()
  await dialog.getByLabel('街道').selectOption({ index: 1 })
  await dialog.getByRole('button', { name: '保存' }).click()
  await expect(toasts(page)).toContainText('地址保存成功')
  const edited = page.getByRole('listitem').filter({ hasText: '王五一' })
  await expect(edited).toContainText('江苏省 苏州市 吴中区')
  await expect(page.getByRole('listitem').filter({ hasText: '姑苏区' })).toHaveCount(0)

  // 关 闭 keeps it; 确 定 deletes it.
  await edited.getByRole('button', { name: /^删除/ }).click()
  const confirm = page.getByRole('dialog', { name: '提示' })
  await expect(confirm).toContainText('确定要删除吗？')
  await confirm.getByRole('button', { name: '关 闭' }).click()
  await expect(confirm).toBeHidden()
  await expect(edited).toBeVisible()

  await edited.getByRole('button', { name: /^删除/ }).click()
  await page.getByRole('dialog', { name: '提示' }).getByRole('button', { name: '确 定' }).click()
  await expect(toasts(page)).toContainText('地址删除成功')
  await expect(page.getByText('还没有收货地址')).toBeVisible()
})

test('adds an invoice of each type, checks the form, and deletes one', async ({ page, request }) => {
  await freshUserOn(page, request, '/invoice')
  await expect(page.getByText('还没有发票信息')).toBeVisible()

  const kinds = [
    { type: '电子普通发票', company: '苏州甲口腔诊所' },
    { type: '增值税专用发票', company: '苏州乙口腔医院' },
  ]
  for (const [i, k] of kinds.entries()) {
    await page.getByRole('button', { name: '新增发票信息' }).click()
    const dialog = page.getByRole('dialog', { name: '新增发票信息' })
    if (i === 0) {
      // The first message is the first field of the rule (the kind starts chosen).
      await dialog.getByRole('button', { name: '保存' }).click()
      await expect(dialog.getByRole('alert')).toHaveText('请填写公司名称')
      await expect(field(dialog, '公司名称')).toBeFocused()
    }
    await dialog.getByRole('radio', { name: k.type }).check()
    const vat = k.type === '增值税专用发票'
    await field(dialog, '公司名称').fill(k.company)
    // The tax id is a 统一社会信用代码: its check character is checked (GB 32100-2015).
    await field(dialog, '税号').fill('91320508MA1W8K3L20')
    await dialog.getByRole('button', { name: '保存' }).click()
    await expect(dialog.getByRole('alert')).toHaveText('税号校验位不正确，请核对')
    await field(dialog, '税号').fill(['91320508MA1W8K3L22', '91320508MA1W8K3L35'][i] ?? '')
    if (vat) {
      await field(dialog, '注册地址').fill('苏州市姑苏区人民路1号')
      await field(dialog, '注册电话').fill('05126523018')
      await field(dialog, '开户银行').fill('中国银行苏州分行')
      await field(dialog, '银行账号').fill('6217-0000-1234-5678')
      await dialog.getByRole('button', { name: '保存' }).click()
      await expect(dialog.getByRole('alert')).toHaveText('银行账号应为8至30位数字')
      await field(dialog, '银行账号').fill('6217000012345678')
    } else {
      // A 电子普通发票 asks for the title, the tax id and its receiver only.
      await expect(field(dialog, '注册地址')).toHaveCount(0)
      await expect(field(dialog, '银行账号')).toHaveCount(0)
      await expect(dialog.getByLabel('省份')).toHaveCount(0)
    }
    await field(dialog, '收票人').fill('赵六')
    await field(dialog, '收票人手机号').fill('1381234567')
    await dialog.getByRole('button', { name: '保存' }).click()
    await expect(dialog.getByRole('alert')).toHaveText('收票人手机号格式不正确')
    await field(dialog, '收票人手机号').fill('13812345678')
    if (vat) {
      await dialog.getByRole('button', { name: '保存' }).click()
      await expect(dialog.getByRole('alert')).toHaveText('请选择省市区')
      await pickRegion(dialog, SUZHOU, '平江街道')
      await field(dialog, '详细地址').fill('干将东路100号')
    }
    await dialog.getByRole('button', { name: '保存' }).click()
    await expect(toasts(page)).toContainText('添加成功')
    await expect(dialog).toBeHidden()

    const item = page.getByRole('listitem').filter({ hasText: k.company })
    await expect(item).toContainText(k.type)
    await expect(item).toContainText('138****5678')
    if (vat) {
      await expect(item).toContainText('江苏省 苏州市 姑苏区 平江街道 干将东路100号')
      await expect(item).toContainText('中国银行苏州分行')
    } else await expect(item).not.toContainText('开户银行')
  }

  const first = page.getByRole('listitem').filter({ hasText: kinds[0]!.company })
  await first.getByRole('button', { name: /^删除/ }).click()
  await page.getByRole('dialog', { name: '提示' }).getByRole('button', { name: '确 定' }).click()
  await expect(toasts(page)).toContainText('发票删除成功')
  await expect(first).toHaveCount(0)
  await expect(page.getByRole('listitem').filter({ hasText: kinds[1]!.company })).toBeVisible()
})

/** A 1×1 PNG, built here rather than kept as a fixture. */

test('certification: form in order, under review, modify, operator approves, certified', async ({
  page,
  request,
}) => {
  const { headers } = await freshUserOn(page, request, '/account')
  const form = page.locator('form')
  const submit = page.getByRole('button', { name: '提交认证' })
  const alert = form.getByRole('alert')

  await submit.click()
  await expect(alert).toHaveText('请选择认证身份')
  await expect(toasts(page)).toContainText('请选择认证身份')
  await page.getByRole('radio', { name: /^机构/ }).check()
  await submit.click()
  await expect(alert).toHaveText('请填写联系人')
  await field(form, '联系人').fill('钱七')
  await submit.click()
  await expect(alert).toHaveText('请填写联系电话')
  await field(form, '联系电话').fill('0512-65230188')
  await submit.click()
  await expect(alert).toHaveText('请选择营业执照')

  const uploads = [
    ['营业执照', '请选择医疗机构执业许可证'],
    ['医疗机构执业许可证', '请选择法人身份证盖章'],
    ['法人身份证盖章', null],
  ] as const
  for (const [label, next] of uploads) {
    await page.getByLabel(`上传${label}`).setInputFiles(pngFile(`${label}.png`))
    await expect(page.getByRole('img', { name: `${label} 1` })).toBeVisible()
    if (next) {
      await submit.click()
      await expect(alert).toHaveText(next)
    }
  }
  await expect(page.getByText('图片须小于2MB，最多3个')).toHaveCount(3)
  await submit.click()
  await expect(toasts(page)).toContainText('提交成功')
  await expect(page.getByRole('heading', { name: '资料审核中' })).toBeVisible()

  // 修改认证资料 goes back to the form with what was sent, the identity included.
  await page.getByRole('button', { name: '修改认证资料' }).click()
  await expect(field(page.locator('form'), '联系人')).toHaveValue('钱七')
  await expect(page.getByRole('radio', { name: /^机构/ })).toBeChecked()
  await expect(page.getByRole('img', { name: '营业执照 1' })).toBeVisible()
  // …and after a reload of that form too.
  await page.reload()
  await expect(field(page.locator('form'), '联系人')).toHaveValue('钱七')
  await expect(page.getByRole('radio', { name: /^机构/ })).toBeChecked()
  await page.getByRole('button', { name: '提交认证' }).click()
  await expect(page.getByRole('heading', { name: '资料审核中' })).toBeVisible()

  const info = await request.get('/api/Users/GetUsersInfo', { headers })
  const me = (await info.json()).data as { id: number; status: number }
  expect(me.status).toBe(2)
  execFileSync('npm', ['run', 'ops', '--', 'certify', String(me.id), 'approve'], {
    env: { ...process.env, DATABASE_URL: '', SQLITE_FILE: `${process.env.E2E_DIR}/portal.db` },
    stdio: 'pipe',
  })

  await page.reload()
  await expect(page.getByRole('heading', { name: '已认证' })).toBeVisible()
  await expect(page.getByText('认证身份：机构')).toBeVisible()
  await expect(page.getByText('已为您开通课程、任务和社区的上传功能。')).toBeVisible()
  await expect(page.getByRole('link', { name: '上传课程' })).toHaveAttribute('href', '/postcourse')
  await expectAccessible(page)
})

test('certification status 4 shows no data, a link to invoices and a way to the form', async ({
  page,
  request,
}) => {
  const { tel } = await freshUser(page, request)
  const { DatabaseSync } = await import('node:sqlite')
  const db = new DatabaseSync(`${process.env.E2E_DIR}/portal.db`)
  try {
    db.exec('PRAGMA busy_timeout = 5000')
    db.prepare('UPDATE users SET status = 4 WHERE tel = ?').run(tel)
  } finally {
    db.close()
  }
  await page.goto('/account')
  await expect(page.getByRole('heading', { name: '暂无认证数据' })).toBeVisible()
  await expect(page.getByRole('link', { name: '添加发票信息' })).toHaveAttribute('href', '/invoice')
  await page.getByRole('button', { name: '填写认证资料' }).click()
  await expect(page.getByRole('button', { name: '提交认证' })).toBeVisible()
})

test('the introducer sees customers with totals and their orders', async ({ page, request }) => {
  await signInAs(page, request, '13800000004', 'demo1234')
  await page.goto('/cinfo')
  const stats = page.getByRole('list', { name: '客户统计' })
  await expect(stats).toContainText('客户数3')
  const rows = page.getByRole('table', { name: '客户列表' }).locator('tbody tr')
  await expect(rows).toHaveCount(3)
  for (const row of await rows.all()) await expect(row.locator('td').nth(2)).toHaveText(/^1\d{2}\*{4}\d{4}$/)
  const orders = Number((await stats.getByRole('listitem').nth(1).innerText()).replace(/\D/g, ''))
  expect(orders).toBeGreaterThan(0)

  // A range in the future has no orders, the customers stay.
  await page.getByLabel('开始时间').fill('2099-01-01T00:00')
  await page.getByRole('button', { name: '查询' }).click()
  await expect(stats).toContainText('订单数0')
  await expect(stats).toContainText('¥0.00')
  await expect(rows).toHaveCount(3)
  await page.getByRole('button', { name: '重置' }).click()
  await expect(stats).toContainText(`订单数${orders}`)
  await expectAccessible(page)

  await page.goto('/corder')
  const orderRows = page.getByRole('table', { name: '客户订单列表' }).locator('tbody tr')
  await expect(orderRows).toHaveCount(orders)
  await expect(page.getByText(`共 ${orders} 笔订单`)).toBeVisible()
  await expect(orderRows.first().locator('td').nth(3)).toHaveText(/^1\d{2}\*{4}\d{4}$/)
  await page.getByLabel('开始日期').fill('2099-01-01')
  await page.getByRole('button', { name: '查询' }).click()
  await expect(page.getByText('暂无客户订单')).toBeVisible()
  await expectAccessible(page)
})

test('users who introduced nobody see who the customer screens are for', async ({ page, request }) => {
  await freshUser(page, request)
  for (const path of ['/cinfo', '/corder']) {
    await page.goto(path)
    await expect(page.getByRole('heading', { name: '此页面仅对推荐人开放' })).toBeVisible()
    await expect(page.getByRole('table')).toHaveCount(0)
  }
})

test('address, invoice and certification screens pass axe', async ({ page, request }) => {
  const { headers } = await freshUser(page, request)
  await request.post('/api/UserAddress/PostUserAddressAppend', {
    headers,
    data: addressForm({ name: '孙八', addressDetail: '观前街1号', status: 1 }),
  })
  await page.goto('/address')
  await expect(page.getByRole('listitem').filter({ hasText: '孙八' })).toBeVisible()
  await expectAccessible(page)
  await page.getByRole('button', { name: '新增地址' }).click()
  await page.getByRole('dialog', { name: '新增地址' }).getByRole('button', { name: '保存' }).click()
  await expect(page.getByRole('dialog').getByRole('alert')).toHaveText('请填写收货人')
  await expectAccessible(page)

  await page.goto('/invoice')
  await expect(page.getByText('还没有发票信息')).toBeVisible()
  await expectAccessible(page)
  await page.getByRole('button', { name: '新增发票信息' }).click()
  await expect(page.getByRole('dialog', { name: '新增发票信息' })).toBeVisible()
  await expectAccessible(page)

  await page.goto('/account')
  await expect(page.getByRole('button', { name: '提交认证' })).toBeVisible()
  await expectAccessible(page)
})
