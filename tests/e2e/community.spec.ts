/**
 * Community (issue 10 item 6): comment and reply on a post, sub-comments 1 → 3 → 5, script-like
 * text stays text (page and /message), favourite a product and a course and find them in /fav,
 * axe on the comments and /fav. Every journey has its own fresh users; the comment rate limit
 * (5 a minute each) is why the replies of the expand journey come from two users.
 */
import type { APIRequestContext, Page } from '@playwright/test'
import { expectAccessible } from './a11y.ts'
import { builtPage } from './built.ts'
import { apiGet, firstListed } from './orders.ts'
import { apiUser, registerUser, signed, signInAs } from './session.ts'
import { expect, test } from './test.ts'

type Headers = Record<string, string>
const fresh = (h: Headers): Headers => ({ ...h, ...signed() })

async function comment(
  request: APIRequestContext,
  headers: Headers,
  data: { unionId: number; content: string; parentId?: number },
): Promise<{ id: number }> {
  const body = await (
    await request.post('/api/Comment/PostCommentAppend', { headers: fresh(headers), data })
  ).json()
  if (body.status !== 200) throw new Error(`comment failed: ${JSON.stringify(body)}`)
  return body.data
}

/** The `n`-th listed item of a kind (10 post, 30 course). */
async function listed(request: APIRequestContext, status: number, n: number) {
  const page = await apiGet<{ pageData: { id: number; title: string }[] }>(
    request,
    `/api/Article/GetArticlePage?status=${status}&pageIndex=0&pageSize=20`,
  )
  const a = page.pageData[n] ?? page.pageData[0]
  if (!a) throw new Error(`no listed article of status ${status}`)
  return a
}

const toasts = (page: Page) => page.locator('#toasts')
const commentsOf = (page: Page) => page.locator('[data-comments]')

async function openComments(page: Page, id: number) {
  await page.goto(`/detail/${id}/`)
  await page.getByRole('tab', { name: /评论/ }).click()
  await expect(commentsOf(page)).toBeVisible()
}

test('comment and reply on a post; script-like text stays text, on the page and in /message', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000)
  let alerted = false
  page.on('dialog', (d) => {
    alerted = true
    void d.dismiss()
  })
  const post = await listed(request, 10, 0)
  const tel = await registerUser(request)
  const { token } = await signInAs(page, request, tel, 'test1234')
  await openComments(page, post.id)
  const box = commentsOf(page).getByRole('textbox', { name: '发表评论' })

  // Empty: the rule's message; the counter counts.
  await commentsOf(page).getByRole('button', { name: '发表评论' }).click()
  await expect(commentsOf(page).getByText('请填写帖子评论', { exact: true })).toBeVisible()
  const text = `种植体选择的经验 ${Date.now()}`
  await box.fill(text)
  await expect(commentsOf(page).getByText(`${[...text].length}/500`)).toBeVisible()
  await commentsOf(page).getByRole('button', { name: '发表评论' }).click()
  const thread = commentsOf(page).locator('li[data-comment-id]', { hasText: text }).first()
  await expect(thread).toBeVisible()
  await expect(box).toHaveValue('')

  // Reply under it, no reload.
  await thread.getByRole('button', { name: /^回复/ }).first().click()
  const replyText = `补充一点 ${Date.now()}`
  await thread.getByRole('textbox', { name: /^回复/ }).fill(replyText)
  await thread.getByRole('button', { name: '回复', exact: true }).click()
  await expect(thread.locator('[data-reply-index]', { hasText: replyText })).toBeVisible()

  // Script-like text is shown as that text and runs nothing.
  const xss = '<img src=x onerror=alert(1)>'
  await box.fill(xss)
  await commentsOf(page).getByRole('button', { name: '发表评论' }).click()
  await expect(commentsOf(page).getByText(xss, { exact: true })).toBeVisible()
  await expect(commentsOf(page).locator('img[src="x"]')).toHaveCount(0)

  // After a reload, the comments come from the API.
  await page.reload()
  await page.getByRole('tab', { name: /评论/ }).click()
  await expect(commentsOf(page).getByText(text, { exact: true })).toBeVisible()
  await expect(commentsOf(page).getByText(xss, { exact: true })).toBeVisible()
  await expectAccessible(page)

  // Someone replies to the script-like comment: /message shows it as text too.
  const other = await apiUser(request)
  const mine = await apiGet<{ pageData: { id: number; content: string }[] }>(
    request,
    `/api/Comment/GetCommentQuery?id=${post.id}&pageIndex=0&pageSize=10`,
    { Authorization: `Bearer ${token}` },
  )
  const target = mine.pageData.find((c) => c.content === xss)
  if (!target) throw new Error('comment not found')
  await comment(request, other.headers, { unionId: post.id, content: xss, parentId: target.id })
  await page.goto('/message')
  await page.getByRole('tab', { name: '评论回复' }).click()
  const reply = page.locator('[data-reply]').first()
  await expect(reply).toContainText(post.title)
  await expect(reply.getByText(xss, { exact: true })).toBeVisible()
  await expect(page.locator('img[src="x"]')).toHaveCount(0)
  await expectAccessible(page)
  expect(alerted).toBe(false)
})

test('sub-comments show 1, then 2 more per expand: 1 → 3 → 5', async ({ page, request }) => {
  test.setTimeout(60_000)
  const post = await listed(request, 10, 1)
  const [a, b] = [await apiUser(request), await apiUser(request)]
  const topic = `展开测试 ${Date.now()}`
  const top = await comment(request, a.headers, { unionId: post.id, content: topic })
  for (let i = 1; i <= 5; i++) {
    const by = i <= 3 ? b : a
    await comment(request, by.headers, { unionId: post.id, content: `回复 ${i} ${topic}`, parentId: top.id })
  }

  await openComments(page, post.id)
  const thread = commentsOf(page).locator(`li[data-comment-id="${top.id}"]`)
  const replies = thread.locator('[data-reply-index]')
  await expect(replies).toHaveCount(1)
  await expect(replies.first()).toContainText(`回复 1 ${topic}`)
  await thread.getByRole('button', { name: /展开更多回复/ }).click()
  await expect(replies).toHaveCount(3)
  await thread.getByRole('button', { name: /展开更多回复/ }).click()
  await expect(replies).toHaveCount(5)
  await expect(thread.getByRole('button', { name: /展开更多回复/ })).toHaveCount(0)

  // A visitor is asked to sign in: 请登录 opens the login dialog.
  await commentsOf(page).getByRole('button', { name: '请登录' }).click()
  await expect(page.getByRole('dialog', { name: /欢迎来到/ })).toBeVisible()
  await expectAccessible(page)
})

test('favourite a product and a course, find them in /fav, remove one', async ({ page, request }) => {
  test.setTimeout(60_000)
  const tel = await registerUser(request)
  await signInAs(page, request, tel, 'test1234')
  const product = await firstListed<{ id: number; title: string }>(
    request,
    '/api/ProductSpu/GetProductSpuPage?pageIndex=0&pageSize=1',
    'no product',
  )
  await builtPage(request, `/productdetail/${product.id}/`)
  const course = await listed(request, 30, 0)

  await page.goto(`/productdetail/${product.id}/`)
  const favP = page.locator(`[data-favourite="${product.id}"]`)
  await expect(favP).toHaveAttribute('aria-pressed', 'false')
  await favP.click()
  await expect(toasts(page)).toContainText('收藏成功')
  await expect(favP).toHaveAttribute('aria-pressed', 'true')
  // The page knows after a reload (isLike from the API).
  await page.reload()
  await expect(page.locator(`[data-favourite="${product.id}"]`)).toHaveAttribute('aria-pressed', 'true')

  await page.goto(`/detail/${course.id}/`)
  const favC = page.locator(`[data-favourite="${course.id}"]`)
  await expect(favC).toHaveAttribute('aria-pressed', 'false')
  await favC.click()
  await expect(favC).toHaveAttribute('aria-pressed', 'true')

  await page.goto('/fav')
  await expect(page.getByRole('tab', { name: '课程' })).toHaveAttribute('aria-selected', 'true')
  const courseCard = page.locator(`[data-like="${course.id}"]`)
  await expect(courseCard).toContainText(course.title)
  await expect(courseCard.getByRole('link')).toHaveAttribute('href', `/detail?id=${course.id}`)
  // The price as every card shows it: two decimals, 免费 for 0 (storefront §5).
  await expect(courseCard).toContainText(/¥\d+\.\d{2}|免费/)
  await expectAccessible(page)
  await page.getByRole('tab', { name: '产品' }).click()
  const productCard = page.locator(`[data-like="${product.id}"]`)
  await expect(productCard).toContainText(product.title)
  await expect(productCard.getByRole('link')).toHaveAttribute('href', `/productdetail?id=${product.id}`)
  await page.getByRole('tab', { name: '社区' }).click()
  await expect(page.getByText('暂无收藏')).toBeVisible()

  // Remove the product again.
  await page.goto(`/productdetail/${product.id}/`)
  await expect(favP).toHaveAttribute('aria-pressed', 'true')
  await favP.click()
  await expect(toasts(page)).toContainText('取消收藏')
  await expect(favP).toHaveAttribute('aria-pressed', 'false')
})

test('a favourite taken off the shelf says 已下架 in /fav, shows its new title, and is let go there', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000)
  const author = await apiUser(request)
  const post = async (path: string, data: unknown) => {
    const body = await (await request.post(path, { headers: fresh(author.headers), data })).json()
    if (body.status !== 200) throw new Error(`${path}: ${JSON.stringify(body)}`)
    return body.data
  }
  const dict = await apiGet<{ key: string; list: { id: number }[] }[]>(
    request,
    '/api/Classify/GetClassifyQuerys',
  )
  const cover = (await listed(request, 10, 0)) as unknown as { imgurl: string }
  const title = `收藏下架${Date.now().toString(36).slice(-5)}`
  // The post's fields but its title, as published and as edited.
  const fields = {
    status: 10,
    imgurl: cover.imgurl,
    classId: dict.find((g) => g.key === 'communityClass')?.list[0]?.id,
    free: 2,
    price: '',
    tag: '',
    content: `<p>${title}</p>`,
  }
  await post('/api/Article/PostArticleAppend', { ...fields, title })
  const own = await apiGet<{ pageData: { id: number; title: string }[] }>(
    request,
    '/api/Article/GetArticlePage?status=10&isCreate=1&pageIndex=0&pageSize=5',
    author.headers,
  )
  const id = own.pageData.find((a) => a.title === title)?.id
  if (!id) throw new Error('the post was not published')

  const tel = await registerUser(request)
  const fan = await signInAs(page, request, tel, 'test1234')
  const liked = await request.post('/api/UserLike/PostUserLikeAppend', {
    headers: { ...signed(), Authorization: `Bearer ${fan.token}` },
    data: { tagId: id, status: 10 },
  })
  expect((await liked.json()).data).toBe('收藏成功')
  // Renamed, then taken off the shelf by its author.
  await post('/api/Article/PostArticleUpdate', { id, ...fields, title: `${title}改` })
  await post('/api/Article/PostArticleExt', { id })

  await page.goto('/fav')
  await page.getByRole('tab', { name: '社区' }).click()
  const card = page.locator(`[data-like="${id}"]`)
  await expect(card).toContainText(`${title}改`)
  await expect(card.getByText('已下架', { exact: true })).toBeVisible()
  await expectAccessible(page)
  await card.getByRole('button', { name: `取消收藏：${title}改` }).click()
  await expect(toasts(page)).toContainText('已取消收藏')
  await expect(page.getByText('暂无收藏')).toBeVisible()
})
