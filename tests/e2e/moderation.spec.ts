import type { APIRequestContext, Page } from '@playwright/test'
import { tinyPng } from '../api/files.ts'
import { expectAccessible } from './a11y.ts'
import { apiGet, apiPost, freshUser, payFromBalance } from './orders.ts'
import { apiUser, signed, signInAs } from './session.ts'
import { expect, test } from './test.ts'

// Moderation in the back office (issue 20): a customer's complaint leads an operator to the post
// it is about; the operator hides a comment on it, takes it off the shelf with a reason and marks
// the complaint handled — and the site builder removes the post's static page and its card.

async function customer(request: APIRequestContext, tel: string) {
  const res = await request.post('/api/Users/PostUsersPsw', {
    headers: signed(),
    data: { tel, password: 'demo1234' },
  })
  const token = (await res.json()).data.owinToken.access_token as string
  return { ...signed(), Authorization: `Bearer ${token}` }
}

async function call<T>(
  request: APIRequestContext,
  auth: Record<string, string>,
  path: string,
  data?: unknown,
) {
  const res =
    data === undefined
      ? await request.get(path, { headers: auth })
      : await request.post(path, { headers: auth, data })
  const body = await res.json()
  if (body.status !== 200) throw new Error(`${path}: ${JSON.stringify(body)}`)
  return body.data as T
}

/** A new listed post of the demo doctor, through the publish call; answers its id and title. */
async function publishPost(request: APIRequestContext) {
  const author = await customer(request, '13800000002')
  const dict = await call<{ key: string; list: { id: number }[] }[]>(
    request,
    signed(),
    '/api/Classify/GetClassifyQuerys',
  )
  const seeded = await call<{ pageData: { imgurl: string }[] }>(
    request,
    signed(),
    '/api/Article/GetArticlePage?status=10&pageIndex=0&pageSize=1',
  )
  const title = `审核测试${Date.now().toString(36).slice(-5)}`
  await call(request, author, '/api/Article/PostArticleAppend', {
    status: 10,
    title,
    imgurl: seeded.pageData[0]?.imgurl,
    classId: dict.find((g) => g.key === 'communityClass')?.list[0]?.id,
    free: 2,
    price: '',
    tag: '',
    content: `<p>${title}：保证三天见效</p>`,
  })
  const own = await call<{ pageData: { id: number; title: string }[] }>(
    request,
    author,
    '/api/Article/GetArticlePage?status=10&isCreate=1&pageIndex=0&pageSize=5',
  )
  const id = own.pageData.find((a) => a.title === title)?.id
  if (!id) throw new Error('the published post is not among its author’s')
  return { id, title, author }
}

/** A complaint with one image, through the customer calls; answers its text. */
async function complain(request: APIRequestContext, about: string) {
  const auth = await customer(request, '13800000001')
  const { sign, Authorization } = auth
  const up = await request.post('/api/Upload/PostUpload', {
    headers: { sign, Authorization },
    multipart: {
      file: { name: 'proof.png', mimeType: 'image/png', buffer: tinyPng(`moderation e2e ${about}`) },
    },
  })
  const path = (await up.json()).data.path as string
  const text = `「${about}」宣传不实，请核实`
  await call(request, auth, '/api/Article/PostArticleAppend', { status: 50, brief: text, imgurls: path })
  return text
}

/**
 * How long a built page may take: the two tests of this file publish at once, and the site
 * builder's partial builds run one after another, so one test's page can wait for the other's.
 */
const BUILT_WITHIN = 90_000

/** The HTTP status of a built page (no redirect followed), polled while the site builder catches up. */
const builtStatus = (request: APIRequestContext, path: string) =>
  expect.poll(async () => (await request.get(path, { maxRedirects: 0 })).status(), { timeout: BUILT_WITHIN })

/** The text of a built page, polled while the site builder catches up. */
const builtText = (request: APIRequestContext, path: string) =>
  expect.poll(async () => (await request.get(path)).text(), { timeout: BUILT_WITHIN })

async function signIn(page: Page) {
  await page.goto('/admin/login/?next=%2Fadmin%2F')
  await page.getByLabel('用户名').fill('operator')
  await page.getByLabel('密码', { exact: true }).fill('demo1234')
  await page.getByRole('button', { name: '登 录' }).click()
  await expect(page.getByRole('heading', { name: '工作台' })).toBeVisible()
}

test('a complaint leads to an unlisted post that the public page no longer shows', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000)
  const post = await publishPost(request)
  const commenter = await customer(request, '13800000003')
  await call(request, commenter, '/api/Comment/PostCommentAppend', {
    unionId: post.id,
    content: '加微信领优惠',
  })
  const complaint = await complain(request, post.title)
  // Its static page exists before it is taken down (the builder's partial build).
  await builtStatus(request, `/detail/${post.id}/`).toBe(200)
  await builtText(request, '/association/').toContain(post.title)

  await signIn(page)
  await page.getByRole('link', { name: /待处理投诉/ }).click()
  await expect(page).toHaveURL(/\/admin\/moderation\/$/)
  const row = page.getByRole('row', { name: new RegExp(complaint) })
  await expect(row).toBeVisible()
  await expectAccessible(page)

  // The complaint, its image, and the post it names, found by title and linked.
  await row.getByRole('link', { name: complaint }).click()
  await expect(page.getByRole('heading', { name: /投诉 #\d+ 待处理/ })).toBeVisible()
  await expect(page.getByRole('img', { name: '材料1' })).toBeVisible()
  await page.getByLabel('内容编号或标题').fill(post.title)
  await page.getByRole('button', { name: '查找' }).click()
  await page.getByRole('button', { name: '关联', exact: true }).click()
  await expect(page.getByRole('link', { name: post.title })).toBeVisible()
  await expectAccessible(page)

  // Its comments: the advert is hidden with a reason.
  await page.getByRole('link', { name: '查看评论' }).click()
  await expect(page).toHaveURL(new RegExp(`/admin/moderation/comments/\\?articleId=${post.id}$`))
  const comment = page.getByRole('row', { name: /加微信领优惠/ })
  await comment.getByRole('button', { name: '隐藏' }).click()
  await page.getByRole('button', { name: '确认隐藏' }).click()
  await expect(page.getByText('请填写原因')).toBeVisible()
  await page.getByLabel('原因（评论人可见）').fill('广告')
  await page.getByRole('button', { name: '确认隐藏' }).click()
  await expect(page.getByText('评论已隐藏')).toBeVisible()
  await expect(comment.getByText('已隐藏')).toBeVisible()
  await expectAccessible(page)
  const publicComments = await call<{ commentTotal: number }>(
    request,
    signed(),
    `/api/Comment/GetCommentQuery?id=${post.id}`,
  )
  expect(publicComments.commentTotal).toBe(0)

  // The post is taken off the shelf (asked and confirmed in one dialog), the complaint handled.
  await page.goBack()
  await page.getByRole('button', { name: '下架', exact: true }).click()
  await expect(page.getByRole('dialog')).toContainText('作者会收到通知，且不能自行重新上架')
  await expectAccessible(page)
  await page.getByLabel('原因（作者可见）').fill('虚假宣传')
  await page.getByRole('button', { name: '确认下架' }).click()
  await expect(page.getByText('已下架', { exact: true })).toBeVisible()
  await expect(page.getByText('平台下架')).toBeVisible()
  await page.getByRole('button', { name: '标记已处理' }).click()
  await page.getByLabel('处理说明').fill('已下架被投诉的帖子')
  await page.getByRole('button', { name: '确认已处理' }).click()
  await expect(page.getByText('投诉已处理')).toBeVisible()
  await expect(page.getByRole('heading', { name: /投诉 #\d+ 已处理/ })).toBeVisible()

  // The content screen finds it as 平台下架, with the way back.
  await page.goto(`/admin/moderation/content/?q=${post.id}`)
  await expect(page.getByRole('row', { name: new RegExp(post.title) }).getByText('平台下架')).toBeVisible()
  await expect(page.getByRole('button', { name: '恢复上架' })).toBeVisible()
  await expectAccessible(page)

  // The author is told why, and cannot put it back.
  const notices = await call<{ title: string; content: string }[]>(
    request,
    post.author,
    '/api/Article/GetArticleQuery?status=200',
  )
  expect(notices[0]).toMatchObject({
    title: '帖子已被下架',
    content: expect.stringContaining('原因：虚假宣传'),
  })
  const relist = await request.post('/api/Article/PostArticleExt', {
    headers: post.author,
    data: { id: post.id },
  })
  expect(relist.status()).toBe(403)

  // The site builder removes its static page and its card; the query route says it is gone.
  await builtStatus(request, `/detail/${post.id}/`).toBe(404)
  await builtText(request, '/association/').not.toContain(post.title)
  await page.goto(`/detail?id=${post.id}`)
  await expect(page.getByRole('heading', { name: '内容不存在或已下架' })).toBeVisible()
  await expect(page.getByText(post.title)).toHaveCount(0)

  // The author's own list says 平台下架, with no 上架 of theirs to try.
  await signInAs(page, request, '13800000002')
  await page.goto('/associationadmin')
  const own = page.locator(`[data-own-item="${post.id}"]`)
  await expect(own.getByText('平台下架', { exact: true })).toBeVisible()
  await expect(own.getByText('已被平台下架，如有疑问请联系客服')).toBeVisible()
  await expect(own.getByRole('button', { name: /^上架/ })).toHaveCount(0)
  await expectAccessible(page)
})

/** A new author's listed paid task (9.90) with a phone no other test uses: its id, title and phone. */
async function publishPaidTask(request: APIRequestContext) {
  const author = await apiUser(request)
  const headers = { ...signed(), ...author.headers }
  const dict = await call<{ key: string; list: { id: number; title: string }[] }[]>(
    request,
    signed(),
    '/api/Classify/GetClassifyQuerys',
  )
  const seeded = await call<{ pageData: { imgurl: string }[] }>(
    request,
    signed(),
    '/api/Article/GetArticlePage?status=20&pageIndex=0&pageSize=1',
  )
  const title = `付费任务${Date.now().toString(36).slice(-5)}`
  const tel = `137${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`
  await call(request, headers, '/api/Article/PostArticleAppend', {
    status: 20,
    title,
    imgurl: seeded.pageData[0]?.imgurl,
    classId: dict.find((g) => g.key === 'taskClass')?.list[0]?.id,
    free: 1,
    price: '9.9',
    city: dict.find((g) => g.key === 'cityTag')?.list[0]?.title ?? '深圳',
    tag: '',
    postName: '王经理',
    tel,
    addressx: '南山区科技园1号',
    content: `<p>${title}：招聘种植助理</p>`,
  })
  const own = await call<{ pageData: { id: number; title: string }[] }>(
    request,
    headers,
    '/api/Article/GetArticlePage?status=20&isCreate=1&pageIndex=0&pageSize=5',
  )
  const id = own.pageData.find((a) => a.title === title)?.id
  if (!id) throw new Error('the published task is not among its author’s')
  return { id, title, tel }
}

test('a paid task keeps its contacts for its buyer; 违规下架并退款 refunds the buyer once, told in /message', async ({
  page,
  request,
}) => {
  test.setTimeout(210_000)
  const task = await publishPaidTask(request)
  // The built page is a visitor's: the prompt to buy, and not the phone anywhere in its HTML.
  await builtStatus(request, `/detail/${task.id}/`).toBe(200)
  const html = await (await request.get(`/detail/${task.id}/`)).text()
  expect(html).toContain('购买后可查看联系方式')
  expect(html).not.toContain(task.tel)
  const card = await call<unknown>(request, signed(), `/api/Article/GetArticle?id=${task.id}`)
  expect(JSON.stringify(card)).not.toContain(task.tel)

  // A buyer (signed in on the page) pays for it; the page then shows them the contacts.
  const { headers } = await freshUser(page, request)
  // Before buying, the signed-in customer has the prompt and no phone (here at phone width).
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto(`/detail/${task.id}/`)
  await expect(page.getByText('购买后可查看联系方式')).toBeVisible()
  await expect(page.getByText(task.tel)).toHaveCount(0)
  await page.screenshot({ path: '/tmp/h-task-contact-locked-390.png' })
  await page.setViewportSize({ width: 1280, height: 720 })
  const orderId = await apiPost<number>(
    request,
    '/api/Orders/PostOrdersAppend',
    { list: [{ articleId: task.id }] },
    headers,
  )
  await payFromBalance(request, headers, orderId)
  const balance = async () =>
    (await apiGet<{ balance: number }>(request, '/api/Users/GetUsersInfo', headers)).balance
  const before = await balance()
  await page.goto(`/detail/${task.id}/`)
  await expect(page.getByRole('link', { name: task.tel })).toBeVisible()
  await page.screenshot({ path: '/tmp/h-task-contact-bought.png' })
  await expect(page.getByText('购买后可查看联系方式')).toHaveCount(0)

  // The operator takes it down with a refund: the dialog says whom and how much.
  await signIn(page)
  await page.goto(`/admin/moderation/content/?q=${task.id}`)
  await page
    .getByRole('row', { name: new RegExp(task.title) })
    .getByRole('button', { name: '下架', exact: true })
    .click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByRole('radio', { name: '下架，已购用户仍可查看' })).toBeChecked()
  await expect(dialog.locator('[data-takedown-info]')).toContainText('共 1 位购买者（1 笔订单）')
  await expect(dialog.locator('[data-takedown-info]')).toContainText('9.90 元')
  await expectAccessible(page)
  await page.screenshot({ path: '/tmp/h-task-takedown.png' })
  await page.setViewportSize({ width: 390, height: 844 })
  await page.screenshot({ path: '/tmp/h-task-takedown-390.png' })
  await page.setViewportSize({ width: 1280, height: 720 })
  await dialog.getByRole('radio', { name: '违规下架并退款' }).check()
  await page.getByLabel('原因（作者可见）').fill('虚假招聘')
  await page.getByRole('button', { name: '确认下架' }).click()
  await expect(page.getByText('已下架', { exact: true })).toBeVisible()

  // Once: a second takedown is refused and the balance went up by what was paid, one time.
  const staff = await call<{ token: string }>(request, signed(), '/api/admin/session', {
    username: 'operator',
    password: 'demo1234',
  })
  const again = await request.post(`/api/admin/articles/${task.id}/unlist`, {
    headers: { ...signed(), Authorization: `Bearer ${staff.token}` },
    data: { reason: '虚假招聘', refund: true },
  })
  expect(again.status()).toBe(409)
  expect(Math.round((await balance()) * 100) - Math.round(before * 100)).toBe(990)

  await page.goto('/message')
  await expect(page.getByText('内容下架退款').first()).toBeVisible()
  await expect(
    page.getByText(new RegExp(`「${task.title}」已被平台违规下架.*9\\.90 元已退回您的余额`)),
  ).toBeVisible()
})
