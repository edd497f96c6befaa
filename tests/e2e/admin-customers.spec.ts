import type { APIRequestContext, Page } from '@playwright/test'
import { tinyPng } from '../api/files.ts'
import { expectAccessible } from './a11y.ts'
import {
  asStaff,
  freshUsername,
  STAFF_PASSWORD,
  signInStaffAs,
  staffCall,
  staffToken,
} from './admin-session.ts'
import { registerUser, signed, signInAs } from './session.ts'
import { expect, test } from './test.ts'

// The back office's customers and certification review (issue 20), through the screens: what
// staff do there shows on the customer's own pages.

const PASSWORD = 'test1234'

/** A new customer and their session token: registered, signed in through the API. */
async function customer(request: APIRequestContext) {
  const tel = await registerUser(request, PASSWORD)
  const res = await request.post('/api/Users/PostUsersPsw', {
    headers: signed(),
    data: { tel, password: PASSWORD },
  })
  const body = await res.json()
  return {
    tel,
    id: body.data.user.id as number,
    auth: { Authorization: `Bearer ${body.data.owinToken.access_token}` },
  }
}

/** A customer who has submitted the institution form with a private scan, waiting for review. */
async function applicant(request: APIRequestContext) {
  const c = await customer(request)
  const up = await request.post('/api/Upload/PostUpload', {
    headers: { sign: signed().sign, ...c.auth },
    multipart: {
      purpose: 'private',
      file: { name: 'licence.png', mimeType: 'image/png', buffer: tinyPng(`e2e-${c.tel}`) },
    },
  })
  const scan = (await up.json()).data.path as string
  const ext = JSON.stringify({
    recName: '审核测试',
    recTel: c.tel,
    ownerImg: scan,
    allowImg: scan,
    codeImg: scan,
  })
  const bind = await request.post('/api/Users/PostUsersBind', {
    headers: { ...signed(), ...c.auth },
    data: { ext, level: 20 },
  })
  expect((await bind.json()).data).toBe('提交成功')
  return c
}

/** Staff of `role` signed in on `page`, the certification of applicant `id` open. */
async function openCertification(page: Page, request: APIRequestContext, id: number, role = 'operator') {
  await signInStaffAs(page, request, role)
  await page.goto(`/admin/certifications/detail/?id=${id}`)
}

/** A new applicant's certification, opened by an operator: the applicant. */
async function openNewApplication(page: Page, request: APIRequestContext) {
  const a = await applicant(request)
  await openCertification(page, request, a.id)
  return a
}

/** The customer `c` signed in on `page`, at `path`. */
async function asCustomer(page: Page, request: APIRequestContext, c: { tel: string }, path: string) {
  await signInAs(page, request, c.tel, PASSWORD)
  await page.goto(path)
}

test('an operator approves a certification from the review screen; the applicant’s /account shows it approved', async ({
  page,
  request,
}) => {
  const a = await applicant(request)
  await signInStaffAs(page, request, 'operator')
  await page.goto('/admin/certifications/')
  const row = page.getByRole('row', { name: new RegExp(a.tel) })
  await expect(row).toContainText('机构')
  await expectAccessible(page)
  await row.getByRole('link', { name: /审核/ }).click()

  await expect(page).toHaveURL(new RegExp(`/admin/certifications/detail/\\?id=${a.id}$`))
  await expect(page.getByText('审核测试')).toBeVisible()
  // The scans come through the staff session as blob: images — the files have no public URL.
  for (const label of ['营业执照', '医疗机构执业许可证', '法人身份证盖章'])
    await expect(page.getByRole('img', { name: label })).toHaveAttribute('src', /^blob:/)
  await expectAccessible(page)

  // A rejection needs its reason; nothing is sent without one.
  await page.getByRole('button', { name: '驳回' }).click()
  await expect(page.getByText('请填写驳回原因')).toBeVisible()
  await page.getByRole('button', { name: '通过' }).click()
  await expect(page.getByText('已通过认证')).toBeVisible()
  await expect(page.getByText('该认证当前不在审核中（已认证）')).toBeVisible()

  await asCustomer(page, request, a, '/account/')
  await expect(page.getByRole('heading', { name: '已认证' })).toBeVisible()
  await expect(page.getByText('认证身份：机构')).toBeVisible()
})

test('an operator rejects with a reason after confirming; the applicant is told why', async ({
  page,
  request,
}) => {
  const a = await openNewApplication(page, request)
  await page.getByLabel('原因 / 备注').fill('营业执照照片模糊')
  await page.getByRole('button', { name: '驳回' }).click()
  const ask = page.getByRole('dialog', { name: '驳回认证' })
  await expect(ask).toContainText('营业执照照片模糊')
  await expectAccessible(page)
  await ask.getByRole('button', { name: '确 定' }).click()
  await expect(page.getByText('已驳回认证')).toBeVisible()
  await expect(page.getByText(/该认证当前不在审核中/)).toBeVisible()

  await asCustomer(page, request, a, '/message/')
  await expect(page.getByText('您提交的机构认证资料未通过审核。原因：营业执照照片模糊')).toBeVisible()
})

test('two reviewers of one certification: the one who comes second is told, and the page shows the decision', async ({
  page,
  request,
}) => {
  const a = await openNewApplication(page, request)
  await expect(page.getByRole('button', { name: '通过' })).toBeVisible()
  // Meanwhile another reviewer approves it.
  const other = await page.context().newPage()
  await openCertification(other, request, a.id, 'admin')
  await other.getByRole('button', { name: '通过' }).click()
  await expect(other.getByText('已通过认证')).toBeVisible()
  await other.close()

  await page.getByLabel('原因 / 备注').fill('资料不全')
  await page.getByRole('button', { name: '驳回' }).click()
  await page.getByRole('dialog', { name: '驳回认证' }).getByRole('button', { name: '确 定' }).click()
  await expect(page.getByRole('alert')).toHaveText('该认证资料不在审核中，无需审核')
  await expect(page.getByText('该认证当前不在审核中（已认证）')).toBeVisible()
  await expect(page.getByRole('button', { name: '驳回' })).toHaveCount(0)
  await expectAccessible(page)
})

test('finance finds a customer and adjusts the balance; the customer’s /wo shows the record', async ({
  page,
  request,
}) => {
  const c = await customer(request)
  await signInStaffAs(page, request, 'finance')
  await page.goto('/admin/customers/')
  await page.getByLabel('查找客户').fill(c.tel)
  await page.getByRole('button', { name: '查找' }).click()
  await expect(page).toHaveURL(new RegExp(`\\?q=${c.tel}$`))
  await expectAccessible(page)
  await page
    .getByRole('row', { name: new RegExp(c.tel) })
    .getByRole('link')
    .click()

  await expect(page.getByRole('heading', { name: /用户/ })).toBeVisible()
  await page.getByRole('tab', { name: '钱包流水' }).click()
  await expect(page.getByText('暂无流水')).toBeVisible()
  await page.getByRole('button', { name: '调整余额' }).click()
  const dialog = page.getByRole('dialog', { name: '调整余额' })
  await dialog.getByLabel('调整金额（元）').fill('88.801')
  await dialog.getByLabel('调整原因').fill('活动补贴发放')
  await dialog.getByRole('button', { name: '确定调整' }).click()
  await expect(dialog.getByText('调整金额最多两位小数')).toBeVisible()
  await expectAccessible(page)
  await dialog.getByLabel('调整金额（元）').fill('88.80')
  // The first answer is lost on the way back (the server has made the adjustment): the form
  // says so, and 确定调整 again sends the same adjustment, which the server does not make twice.
  await page.route(
    `**/api/admin/customers/${c.id}/balance`,
    async (route) => {
      await route.fetch()
      await route.abort('connectionreset')
    },
    { times: 1 },
  )
  await dialog.getByRole('button', { name: '确定调整' }).click()
  await expect(dialog.getByRole('button', { name: '确定调整' })).toBeEnabled()
  await dialog.getByRole('button', { name: '确定调整' }).click()
  await expect(page.getByText('余额已调整，当前余额 88.80 元')).toBeVisible()
  await expect(page.getByRole('tabpanel')).toContainText('余额调整：活动补贴发放')
  await expect(page.getByRole('tabpanel')).toContainText('+88.80')

  // A debit beyond the balance is confirmed first, then refused by the server: nothing changes.
  await page.getByRole('button', { name: '调整余额' }).click()
  await dialog.getByLabel('调整金额（元）').fill('-100')
  await dialog.getByLabel('调整原因').fill('扣错了的金额')
  await dialog.getByRole('button', { name: '确定调整' }).click()
  await page.getByRole('dialog', { name: '扣减余额' }).getByRole('button', { name: '确 定' }).click()
  await expect(dialog.getByText('余额不足，扣减后余额不能为负数')).toBeVisible()

  await asCustomer(page, request, c, '/wo/')
  await expect(page.getByText('余额调整：活动补贴发放')).toBeVisible()
  await expect(page.getByText('扣错了的金额')).toHaveCount(0)
})

/** A second finance account, added by the admin through the staff API, its password chosen. */
async function secondFinance(request: APIRequestContext) {
  const admin = await staffToken(request, 'admin')
  const username = freshUsername('fin')
  const added = await staffCall<{ password: string }>(request, admin, 'POST', '/api/admin/staff', {
    username,
    roles: ['finance'],
  })
  const token = await staffToken(request, username, added.password)
  await staffCall(request, token, 'POST', '/api/admin/me/password', {
    password: added.password,
    newPassword: STAFF_PASSWORD,
    okPassword: STAFF_PASSWORD,
  })
  return { username, token: await staffToken(request, username) }
}

const balanceOf = async (request: APIRequestContext, c: { auth: Record<string, string> }) =>
  (await (await request.get('/api/Users/GetUsersInfo', { headers: { ...signed(), ...c.auth } })).json()).data
    .balance as number

test('an adjustment above the limit waits until a second account approves it', async ({ page, request }) => {
  const c = await customer(request)
  const b = await secondFinance(request)
  await signInStaffAs(page, request, 'finance')
  await page.goto(`/admin/customers/detail/?id=${c.id}`)
  await page.getByRole('button', { name: '调整余额' }).click()
  const dialog = page.getByRole('dialog', { name: '调整余额' })
  await expect(dialog).toContainText('超过 5000.00 元的调整须另一位财务或管理员批准')
  await dialog.getByLabel('调整金额（元）').fill('6000')
  await dialog.getByLabel('调整原因').fill('大客户年度返利')
  await expect(dialog.getByRole('status')).toContainText('提交后须等待另一位财务或管理员批准')
  await expectAccessible(page)
  await dialog.getByRole('button', { name: '提交审批' }).click()
  await expect(page.getByText('已提交，待另一位财务审批')).toBeVisible()
  const pending = page.getByRole('region', { name: '待审批的余额调整' })
  const row = pending.getByRole('row', { name: /大客户年度返利/ })
  await expect(row).toContainText('+6000.00')
  await expect(row).toContainText('finance')
  // The requester may withdraw it, not approve it; the balance has not moved.
  await expect(row.getByRole('button', { name: /^撤回/ })).toBeVisible()
  await expect(row.getByRole('button', { name: /^批准/ })).toHaveCount(0)
  expect(await balanceOf(request, c)).toBe(0)

  // The second finance account finds it in the queue above the customers and approves it.
  await asStaff(page, b.token)
  await page.goto('/admin/customers/')
  const queue = page.getByRole('region', { name: '待审批的余额调整' })
  await queue
    .getByRole('row', { name: /大客户年度返利/ })
    .getByRole('link')
    .click()
  await expect(page).toHaveURL(new RegExp(`/admin/customers/detail/\\?id=${c.id}`))
  await row.getByRole('button', { name: /^批准/ }).click()
  const ask = page.getByRole('dialog', { name: '批准余额调整' })
  await expect(ask).toContainText('+6000.00')
  await ask.getByRole('button', { name: '确 定' }).click()
  await expect(page.getByText('已批准，余额已调整')).toBeVisible()
  await expect(page.getByRole('region', { name: '待审批的余额调整' })).toHaveCount(0)
  await expect(page.getByText('6000.00').first()).toBeVisible()
  await page.getByRole('tab', { name: '钱包流水' }).click()
  await expect(page.getByRole('tabpanel')).toContainText('余额调整：大客户年度返利')
  expect(await balanceOf(request, c)).toBe(6000)

  // Approved once: a second approval changes nothing.
  const list = await staffCall<{ pageData: { id: number; status: string }[] }>(
    request,
    b.token,
    'GET',
    `/api/admin/balance-adjustments?userId=${c.id}`,
  )
  expect(list.pageData).toMatchObject([{ status: 'approved' }])
  const again = await request.post(`/api/admin/balance-adjustments/${list.pageData[0]?.id}/approve`, {
    headers: { ...signed(), Authorization: `Bearer ${b.token}` },
  })
  expect((await again.json()).status).toBe(409)
  expect(await balanceOf(request, c)).toBe(6000)
})
