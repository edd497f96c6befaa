/**
 * Issue 39 parts 5 and 10 in the browser: a customer who bought one section of a seeded teacher's
 * course sees 补差价购买整套课程 ¥x on the course page — x the server's upgrade price — and pays it
 * from the balance; the teacher then reads the sale on 课程管理 → 销售统计, the figures the API
 * gives. Screenshots at 1440 and 390 px go to E2E_SHOTS when it names a folder.
 */
import type { APIRequestContext } from '@playwright/test'
import type { ArticleCard, ArticleDetail, AuthorSale, Paged } from '../../src/lib/api/types.ts'
import { formatMoney } from '../../src/lib/format.ts'
import { expectAccessible } from './a11y.ts'
import { apiGet, apiPost, freshUser, type Headers, topUp } from './orders.ts'
import { signed, signInAs } from './session.ts'
import { shots } from './shots.ts'
import { expect, test } from './test.ts'

/** 王医生, the seeded teacher with ten courses. */
const TEACHER = '13800000011'

/** A listed course of the teacher whose sections include a paid one: the course and that section. */
async function teachersCourseWithPaidSection(request: APIRequestContext, teacherHeaders: Headers) {
  const mine = await apiGet<Paged<ArticleCard>>(
    request,
    '/api/Article/GetArticlePage?status=30&isCreate=1&pageIndex=0&pageSize=100',
    teacherHeaders,
  )
  for (const c of mine.pageData) {
    if (c.ext !== '是' || c.price <= 0) continue
    const a = await apiGet<ArticleDetail>(request, `/api/Article/GetArticle?id=${c.id}`, signed())
    const paid = a.list.find((s) => s.status === 1 && s.price > 0 && s.price < a.price)
    if (paid && a.list.length > 1) return { course: a, section: paid }
  }
  throw new Error('no listed course of the teacher with a paid section')
}

test('a section buyer upgrades at the difference; the teacher reads the sale in 销售统计', async ({
  page,
  request,
  context,
}) => {
  test.setTimeout(120_000)
  const teacher = await request.post('/api/Users/PostUsersPsw', {
    headers: signed(),
    data: { tel: TEACHER, password: 'demo1234' },
  })
  const teacherToken = (await teacher.json()).data.owinToken.access_token as string
  const teacherHeaders = { ...signed(), Authorization: `Bearer ${teacherToken}` }
  const { course, section } = await teachersCourseWithPaidSection(request, teacherHeaders)

  // A new customer buys the one section from the balance.
  const { headers } = await freshUser(page, request)
  await topUp(request, headers, Math.ceil(course.price) + 1)
  const sectionOrder = await apiPost<number>(
    request,
    '/api/Orders/PostOrdersAppend',
    { list: [{ articleId: course.id, sectionId: section.id }], userCouponId: 0 },
    headers,
  )
  await apiGet(request, `/api/Orders/GetOrdersPay?id=${sectionOrder}&way=balance`, headers)
  const mine = await apiGet<ArticleDetail>(request, `/api/Article/GetArticle?id=${course.id}`, headers)
  expect(mine.upgrade).not.toBeNull()
  const upgrade = mine.upgrade as number
  expect(upgrade).toBeLessThan(course.price)

  await page.goto(`/detail/${course.id}/`)
  const buy = page.locator('[data-slot="article-buy"]').getByRole('button')
  await expect(buy).toHaveText(`补差价购买整套课程 ¥${formatMoney(upgrade)}`)
  // The bought section opens; the course stays for sale at the difference.
  await expect(page.locator(`[data-section-id="${section.id}"] [data-preview]`)).toBeVisible()
  await expectAccessible(page)
  await shots(page, 'h-course-upgrade')

  await buy.click()
  await expect(page).toHaveURL(/\/pay\?id=\d+&type=1/)
  const orderId = Number(new URL(page.url()).searchParams.get('id'))
  const order = await apiGet<{ tolCost: number; creditOff: number }>(
    request,
    `/api/Orders/GetOrders?id=${orderId}`,
    headers,
  )
  expect(order.tolCost).toBe(upgrade)
  expect(order.creditOff).toBeGreaterThan(0)
  await page.getByRole('checkbox', { name: '余额支付' }).check()
  await page.getByRole('button', { name: '立即支付' }).click()
  await expect(page.locator('#toasts')).toContainText('支付成功')
  await expect(page).toHaveURL(new RegExp(`/detail/?(\\?id=)?${course.id}`))
  await expect(page.locator('[data-slot="article-buy"]').getByRole('button')).toHaveText('已购买')

  // The teacher's 销售统计: this month's row of the course, as the API counts it.
  const month = (
    await apiGet<AuthorSale[]>(request, '/api/Article/GetArticleSales?status=30', teacherHeaders)
  ).find((r) => r.id === course.id)
  expect(month).toBeDefined()
  const teacherPage = await context.newPage()
  await signInAs(teacherPage, request, TEACHER)
  await teacherPage.goto('/courseedit')
  await teacherPage.getByRole('tab', { name: '销售统计' }).click()
  const row = teacherPage.locator(`[data-sales-month="${month?.month}"] [data-sale-item="${course.id}"]`)
  await expect(row.locator('[data-sale-buyers]')).toHaveText(String(month?.buyers))
  await expect(row.locator('[data-sale-amount]')).toHaveText(`¥${formatMoney(month?.amount ?? 0)}`)
  expect(month?.buyers).toBeGreaterThanOrEqual(1)
  await expectAccessible(teacherPage)
  await shots(teacherPage, 'h-course-sales')
})
