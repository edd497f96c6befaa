/**
 * The own-item admin screens /courseedit, /taskadmin, /associationadmin (storefront §2, issue 11):
 * 我发布的 with the date search and the pager, 我参与的, and the owner's 编辑, 上架/下架 and 删除.
 * Expectations come from the API, so the tests follow the seed wherever its dates fall.
 */
import type { APIRequestContext, Page } from '@playwright/test'
import type { ArticleCard, Paged } from '../../src/lib/api/types.ts'
import { expectAccessible } from './a11y.ts'
import { freshUser } from './orders.ts'
import { signed, signInAs } from './session.ts'
import { expect, test } from './test.ts'

/** 王医生: ten courses, one of them off the shelf. */
const TEACHER = '13800000011'
/** 认证机构: 25 tasks, more than one page. */
const INSTITUTION = '13800000003'
/** 普通用户: bought three courses of others, published none. */
const PLAIN = '13800000001'

const bearer = (token: string) => ({ ...signed(), Authorization: `Bearer ${token}` })
const rows = (page: Page) => page.locator('[data-own-item]')
const row = (page: Page, id: number) => page.locator(`[data-own-item="${id}"]`)
const toasts = (page: Page) => page.locator('#toasts')
const pager = (page: Page) => page.getByRole('navigation', { name: '分页' })

/** The seeded teacher, signed in on `page`: their own courses. */
async function teacherCourses(page: Page, request: APIRequestContext) {
  const { token } = await signInAs(page, request, TEACHER)
  return ownItems(request, token, 30)
}

/** All of the user's own items of a kind, newest first, as 我发布的 asks for them. */
async function ownItems(request: APIRequestContext, token: string, status: number) {
  const res = await request.get('/api/Article/GetArticlePage', {
    headers: bearer(token),
    params: { status, isCreate: 1, pageIndex: 0, pageSize: 100 },
  })
  const body = (await res.json()) as { status: number; data: Paged<ArticleCard> }
  expect(body.status).toBe(200)
  return body.data
}

test('a seeded author sees every own item on 我发布的 with 查看, 编辑, 上架/下架 and 删除', async ({
  page,
  request,
}) => {
  const mine = await teacherCourses(page, request)
  expect(mine.pageTotal).toBeGreaterThan(1)
  expect(mine.pageTotal).toBeLessThanOrEqual(20)

  await page.goto('/courseedit')
  await expect(page.getByRole('heading', { level: 1, name: '课程管理' })).toBeVisible()
  await expect(page.getByRole('tab', { name: '我发布的' })).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByRole('link', { name: '发布课程' })).toHaveAttribute('href', '/postcourse')
  await expect(rows(page)).toHaveCount(mine.pageTotal)
  await expect(page.getByText(`共 ${mine.pageTotal} 条`)).toBeVisible()
  // Newest first, as the server pages them.
  await expect(rows(page).first()).toHaveAttribute('data-own-item', String(mine.pageData[0]?.id))

  // Every row at once: its state, price, time and controls, in the server's order.
  const seen = await rows(page).evaluateAll((els) =>
    els.map((el) => ({
      id: Number(el.getAttribute('data-own-item')),
      state: el.querySelector('[data-listed-state]')?.textContent,
      price: el.querySelector('.price')?.textContent,
      time: el.querySelector('time')?.textContent,
      links: [...el.querySelectorAll('a[aria-label]')].map((l) => [
        l.getAttribute('aria-label'),
        l.getAttribute('href'),
      ]),
      buttons: [...el.querySelectorAll('button')].map((b) => b.getAttribute('aria-label')),
    })),
  )
  expect(seen).toEqual(
    mine.pageData.map((a) => ({
      id: a.id,
      state: a.ext === '是' ? '上架中' : '已下架',
      price: a.price === 0 ? '免费' : `¥${a.price.toFixed(2)}`,
      time: a.createTime.slice(0, 16),
      links: [
        [`查看：${a.title}`, `/detail?id=${a.id}`],
        [`编辑：${a.title}`, `/postcourse?id=${a.id}`],
      ],
      buttons: [`${a.ext === '是' ? '下架' : '上架'}：${a.title}`, `删除：${a.title}`],
    })),
  )
  // The seed keeps one of the teacher's courses off the shelf: the owner still sees it.
  expect(mine.pageData.some((a) => a.ext === '否')).toBe(true)
  // One page: no pager.
  await expect(pager(page)).toHaveCount(0)
  await expectAccessible(page)
})

test('the date search narrows 我发布的 to the items created in the range; 重置 brings all back', async ({
  page,
  request,
}) => {
  const mine = await teacherCourses(page, request)
  const days = mine.pageData.map((a) => a.createTime.slice(0, 10))
  // From the second-newest item's day to the newest's: a few items, never all of them.
  const to = days[0] as string
  const from = days[1] as string
  const inRange = mine.pageData.filter((a) => {
    const d = a.createTime.slice(0, 10)
    return d >= from && d <= to
  })
  expect(inRange.length).toBeGreaterThan(0)
  expect(inRange.length).toBeLessThan(mine.pageTotal)

  await page.goto('/courseedit')
  await expect(rows(page)).toHaveCount(mine.pageTotal)
  await page.getByLabel('开始日期').fill(from)
  await page.getByLabel('结束日期').fill(to)
  await page.getByRole('button', { name: '查询' }).click()
  await expect(rows(page)).toHaveCount(inRange.length)
  await expect(page.getByText(`共 ${inRange.length} 条`)).toBeVisible()
  for (const a of inRange) await expect(row(page, a.id)).toBeVisible()

  // A range with nothing in it: the empty state offers the publish form.
  await page.getByLabel('开始日期').fill('2000-01-01')
  await page.getByLabel('结束日期').fill('2000-01-31')
  await page.getByRole('button', { name: '查询' }).click()
  await expect(page.getByText('这段时间没有发布的课程')).toBeVisible()
  await expect(rows(page)).toHaveCount(0)

  await page.getByRole('button', { name: '重置' }).click()
  await expect(rows(page)).toHaveCount(mine.pageTotal)
})

test('more than 20 own items page through the pager, 20 a page', async ({ page, request }) => {
  const { token } = await signInAs(page, request, INSTITUTION)
  const mine = await ownItems(request, token, 20)
  expect(mine.pageTotal).toBeGreaterThan(20)
  expect(mine.pageTotal).toBeLessThanOrEqual(40)

  await page.goto('/taskadmin')
  await expect(page.getByRole('link', { name: '发布任务' })).toHaveAttribute('href', '/posttask')
  await expect(rows(page)).toHaveCount(20)
  await expect(pager(page)).toBeVisible()
  await pager(page).getByRole('button', { name: '第 2 页' }).click()
  await expect(rows(page)).toHaveCount(mine.pageTotal - 20)
  const last = mine.pageData.at(-1)
  if (!last) throw new Error('no tasks')
  await expect(row(page, last.id)).toBeVisible()
  await expect(row(page, last.id).getByRole('link', { name: `编辑：${last.title}` })).toHaveAttribute(
    'href',
    `/posttask?id=${last.id}`,
  )
})

test('我参与的 lists the bought courses with 查看 only; nothing published shows the empty state', async ({
  page,
  request,
}) => {
  const { token } = await signInAs(page, request, PLAIN)
  const res = await request.get('/api/Article/GetArticleQuery', {
    headers: bearer(token),
    params: { status: 30, isMapping: 1 },
  })
  const joined = ((await res.json()) as { data: ArticleCard[] }).data
  expect(joined.length).toBeGreaterThan(0)

  await page.goto('/courseedit')
  // The plain user published no course.
  await expect(page.getByText('还没有发布课程')).toBeVisible()
  await expect(page.locator('#own-panel').getByRole('link', { name: '发布课程' })).toHaveAttribute(
    'href',
    '/postcourse',
  )

  await page.getByRole('tab', { name: '我参与的' }).click()
  await expect(page.getByRole('tab', { name: '我参与的' })).toHaveAttribute('aria-selected', 'true')
  await expect(rows(page)).toHaveCount(joined.length)
  for (const a of joined) {
    const r = row(page, a.id)
    await expect(r).toContainText(a.title)
    await expect(r.getByRole('link', { name: `查看：${a.title}` })).toHaveAttribute(
      'href',
      `/detail?id=${a.id}`,
    )
    // Somebody else's course: no edit, no toggle, no delete.
    await expect(r.getByRole('link', { name: /^编辑/ })).toHaveCount(0)
    await expect(r.getByRole('button')).toHaveCount(0)
  }
  // The date search belongs to 我发布的.
  await expect(page.getByRole('button', { name: '查询' })).toHaveCount(0)
  await expectAccessible(page)
})

test('the owner takes an item off the shelf and back, then deletes it after the confirm dialog', async ({
  page,
  request,
}) => {
  // A brand-new user publishes a post through the API, so no other test sees this one change.
  const { token } = await freshUser(page, request)
  const dict = (await (
    await request.get('/api/Classify/GetClassifyQuerys', { headers: signed() })
  ).json()) as {
    data: { key: string; list: { id: number }[] }[]
  }
  const classId = dict.data.find((g) => g.key === 'communityClass')?.list[0]?.id
  const title = `上下架测试${Date.now() % 1_000_000}`
  const published = await request.post('/api/Article/PostArticleAppend', {
    headers: bearer(token),
    data: {
      status: 10,
      title,
      imgurl: '/uploads/seed/cover-1.svg',
      classId,
      free: 2,
      price: 0,
      tag: '',
      content: '<p>一篇用来上下架和删除的帖子。</p>',
    },
  })
  expect((await published.json()).status).toBe(200)
  const [post] = (await ownItems(request, token, 10)).pageData
  if (!post) throw new Error('the published post is not listed')

  await page.goto('/associationadmin')
  const r = row(page, post.id)
  await expect(r).toContainText(title)
  await expect(r).toContainText('上架中')
  await expect(r).toContainText('免费')
  await expect(r.getByRole('link', { name: `编辑：${title}` })).toHaveAttribute(
    'href',
    `/postassociation?id=${post.id}`,
  )

  await r.getByRole('button', { name: `下架：${title}` }).click()
  await expect(toasts(page)).toContainText('已下架')
  await expect(r).toContainText('已下架')
  await expect(r.getByRole('button', { name: `上架：${title}` })).toBeVisible()
  // The server kept it: a reload shows it off the shelf.
  await page.reload()
  await expect(row(page, post.id)).toContainText('已下架')
  await row(page, post.id)
    .getByRole('button', { name: `上架：${title}` })
    .click()
  await expect(toasts(page)).toContainText('已上架')
  await expect(row(page, post.id)).toContainText('上架中')

  // 关 闭 keeps the item.
  await row(page, post.id)
    .getByRole('button', { name: `删除：${title}` })
    .click()
  const dialog = page.getByRole('dialog', { name: '提示' })
  await expect(dialog).toContainText('确定要删除吗？')
  await expectAccessible(page)
  await dialog.getByRole('button', { name: '关 闭' }).click()
  await expect(dialog).toBeHidden()
  await expect(row(page, post.id)).toBeVisible()

  await row(page, post.id)
    .getByRole('button', { name: `删除：${title}` })
    .click()
  await dialog.getByRole('button', { name: '确 定' }).click()
  await expect(toasts(page)).toContainText('删除成功')
  await expect(row(page, post.id)).toHaveCount(0)
  await expect(page.getByText('还没有发布帖子')).toBeVisible()
  expect((await ownItems(request, token, 10)).pageTotal).toBe(0)
})
