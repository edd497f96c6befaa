/**
 * Content detail pages (issue 19): one course section bought on its own opens while the next
 * stays locked; a locked section and a paid post say how to unlock them; the built page's counts
 * follow the live data; a comment carries an image; /fav shows 免费 for a free item.
 * Every journey has its own fresh user; money comes in through the sandbox like a real top-up.
 */
import type { APIRequestContext, Page } from '@playwright/test'
import { expectAccessible } from './a11y.ts'
import { pngFile } from './files.ts'
import { apiGet, apiPost, firstListed, freshUser, topUp } from './orders.ts'
import { expect, test } from './test.ts'

type Section = { id: number; title: string; status: number; price: number; unlock: number }
type Article = { id: number; title: string; price: number; hitsTrue: number; list: Section[] }

/** A listed paid course whose 2nd and 3rd sections are each sold on their own. */
async function courseWithSoldSections(request: APIRequestContext) {
  const list = await apiGet<{ pageData: { id: number }[] }>(
    request,
    '/api/Article/GetArticlePage?status=30&isPrice=1&pageIndex=0&pageSize=50',
  )
  for (const { id } of list.pageData) {
    const a = await apiGet<Article>(request, `/api/Article/GetArticle?id=${id}`)
    const [, second, third] = a.list
    if (second && third && [second, third].every((s) => s.status === 1 && s.price > 0))
      return { course: a, second, third }
  }
  throw new Error('no paid course with two sold sections in the demo data')
}

const toasts = (page: Page) => page.locator('#toasts')
const yuan = (n: number) => `¥${n.toFixed(2)}`

test('buys section 2 alone with the balance: it opens, section 3 stays locked and says how to unlock', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000)
  const { headers } = await freshUser(page, request)
  const { course, second, third } = await courseWithSoldSections(request)
  await topUp(request, headers, second.price)

  await page.goto(`/detail/${course.id}/`)
  const row2 = page.locator(`[data-section-id="${second.id}"]`)
  const row3 = page.locator(`[data-section-id="${third.id}"]`)
  // A locked section says what opens it: its own price, or the course's.
  const hint3 = `购买本节（${yuan(third.price)}）或整套课程（${yuan(course.price)}）后可`
  await expect(row3).toContainText(hint3)
  await row3.getByText(third.title).click()
  await expect(toasts(page)).toContainText(hint3)
  await expectAccessible(page)

  await row2.getByRole('button', { name: `购买本节：${second.title}` }).click()
  await expect(page).toHaveURL(/\/pay\?id=\d+&type=1/)
  await expect(page.locator('main')).toContainText(second.price.toFixed(2))
  await page.getByRole('checkbox', { name: '余额支付' }).check()
  await page.getByRole('button', { name: '立即支付' }).click()
  await expect(toasts(page)).toContainText('支付成功')
  await expect(page).toHaveURL(new RegExp(`/detail/?(\\?id=)?${course.id}`))

  // Section 2 opens; section 3 and the whole course are still for sale.
  await expect(row2.getByRole('button', { name: /^预览/ })).toBeVisible()
  await expect(row2.getByRole('button', { name: /^购买本节/ })).toHaveCount(0)
  await expect(row2).not.toContainText('未解锁')
  await expect(row3).toContainText('未解锁')
  await expect(row3.getByRole('button', { name: `购买本节：${third.title}` })).toBeVisible()
  await expect(row3.getByRole('button', { name: /^预览/ })).toHaveCount(0)
  // The whole course is offered at the difference now (issue 39; course-upgrade.spec.ts checks the sum).
  await expect(page.getByRole('button', { name: /^补差价购买整套课程 ¥/ })).toBeEnabled()
  // The learners count is the live one, not the build's.
  const now = await apiGet<Article>(request, `/api/Article/GetArticle?id=${course.id}`, headers)
  await expect(page.locator('[data-live="learners"]')).toHaveText(String(now.hitsTrue))
  // The section's file opens by its short-lived link.
  await row2.getByRole('button', { name: /^预览/ }).click()
  const src = (await page.getByRole('dialog').locator('video, iframe').getAttribute('src')) ?? ''
  expect((await request.get(src)).status()).toBe(200)
})

test('a paid post says 购买后查看全文 with its buy button under the summary', async ({ page, request }) => {
  const post = await firstListed<{ id: number }>(
    request,
    '/api/Article/GetArticlePage?status=10&isPrice=1&pageIndex=0&pageSize=1',
    'no paid post in the demo data',
  )
  await page.goto(`/detail/${post.id}/`)
  const note = page.locator('[data-locked-note]')
  await expect(note).toContainText('购买后查看全文')
  // Under the summary, in the content panel.
  await expect(page.locator('#tab-content [data-article-content] + [data-locked-note]')).toBeVisible()
  await note.getByRole('button', { name: '购买全文' }).click()
  await expect(toasts(page)).toContainText('请登录')
})

test('the comment counts follow the live data; a comment carries one image', async ({ page, request }) => {
  test.setTimeout(60_000)
  const posts = await apiGet<{ pageData: { id: number }[] }>(
    request,
    '/api/Article/GetArticlePage?status=10&pageIndex=0&pageSize=20',
  )
  const post = posts.pageData[3] ?? posts.pageData[0]
  if (!post) throw new Error('no post')
  const { headers } = await freshUser(page, request)
  const built = await (await request.get(`/detail/${post.id}/`)).text()
  const builtCount = Number(/data-live="comments"[^>]*>(\d+)</.exec(built)?.[1])
  // A comment after the build: the static page cannot know it.
  await apiPost(
    request,
    '/api/Comment/PostCommentAppend',
    { unionId: post.id, content: '构建之后的评论' },
    headers,
  )
  const live = builtCount + 1

  await page.goto(`/detail/${post.id}/`)
  const tab = page.getByRole('tab', { name: /评论/ })
  await expect(tab).toHaveText(`评论${live}`)
  await expect(page.getByRole('link', { name: `${live} 条评论` })).toBeVisible()

  await tab.click()
  const box = page.locator('[data-comments]')
  await box.getByRole('textbox', { name: '发表评论' }).fill('带图的评论')
  await box.getByLabel('上传评论图片').setInputFiles(pngFile('photo.png'))
  await expect(box.getByRole('img', { name: '评论图片 1' })).toBeVisible()
  await box.getByRole('button', { name: '发表评论' }).click()
  const thread = box.locator('li[data-comment-id]', { hasText: '带图的评论' }).first()
  await expect(thread.getByRole('img', { name: '评论配图' })).toBeVisible()
  await expect(tab).toHaveText(`评论${live + 1}`)
  await expectAccessible(page)
})

test('/fav shows 免费 for a free item', async ({ page, request }) => {
  const { headers } = await freshUser(page, request)
  const course = await firstListed<{ id: number; title: string }>(
    request,
    '/api/Article/GetArticlePage?status=30&isPrice=0&pageIndex=0&pageSize=1',
    'no free course',
  )
  await apiPost(request, '/api/UserLike/PostUserLikeAppend', { tagId: course.id, status: 30 }, headers)
  await page.goto('/fav')
  const card = page.locator('a', { hasText: course.title }).first()
  await expect(card).toContainText('免费')
  await expect(card).not.toContainText('¥0.00')
})
