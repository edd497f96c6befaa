/**
 * The publish journeys of issue 11 (accounts §2, §4, §5): a certified institution publishes a
 * task, a post and a course with two sections (a video and a PDF) through the forms — editor
 * typing, uploads, radios, tags — sees 发布成功 and the admin list, and finds each on its
 * /detail?id page; the task is then edited, viewed read-only, taken off the shelf and deleted on
 * the admin list; a plain new user is told 请先进行账号认证 for a course.
 */
import type { APIRequestContext, Page } from '@playwright/test'
import { tinyPdf } from '../../server/seed/images.ts'
import { expectAccessible } from './a11y.ts'
import { box, startPaidCourse } from './course-form.ts'
import { pngFile } from './files.ts'
import { registerUser, signed, signInAs } from './session.ts'
import { shots } from './shots.ts'
import { expect, test } from './test.ts'

/** The seeded certified institution (level 20): it may publish courses. */
const INSTITUTION = '13800000003'

/** A real 1×1 PNG, as a file chooser would hand it over. */
const png = pngFile('cover.png')
const video = 'server/seed/media/course-video.mp4'
const handout = { name: 'handout.pdf', mimeType: 'application/pdf', buffer: tinyPdf('Section 2 handout') }

const toasts = (page: Page) => page.locator('#toasts')
/** A title no other run or test has: the kind and 6 digits. */
const unique = (noun: string) => `${noun}${String(Date.now()).slice(-6)}${Math.floor(Math.random() * 10)}`

/** The id of the caller's own item with this title, from their list (isCreate=1). */
async function ownId(request: APIRequestContext, token: string, status: number, title: string) {
  const res = await request.get(`/api/Article/GetArticlePage?status=${status}&isCreate=1&pageSize=50`, {
    headers: { ...signed(), authorization: `Bearer ${token}` },
  })
  const rows = (await res.json()).data.pageData as { id: number; title: string }[]
  const row = rows.find((r) => r.title === title)
  if (!row) throw new Error(`${title} is not in the own list`)
  return row.id
}

/** Opens the detail page of one's own item of `status` named `title` (seen by its heading): its id. */
async function openOwnItem(
  page: Page,
  request: APIRequestContext,
  token: string,
  status: number,
  title: string,
) {
  const id = await ownId(request, token, status, title)
  await page.goto(`/detail?id=${id}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
  return id
}

/** A course's sections in their order, as the API answers them: [id, title]. */
async function sectionsOf(request: APIRequestContext, id: number) {
  const res = await request.get(`/api/Article/GetArticle?id=${id}`, { headers: signed() })
  const body = (await res.json()) as { data: { list: { id: number; title: string }[] } }
  return body.data.list.map((s) => [s.id, s.title])
}

/** Clicks the form's submit button (发布任务 / 保存修改) and waits for 发布成功 and the admin list. */
async function submitAndLand(page: Page, admin: string) {
  await page.getByRole('button', { name: /^(发布|保存修改)/ }).click()
  await expect(toasts(page)).toContainText('发布成功')
  // The list follows 2 s later (accounts §4).
  await page.waitForURL(`**${admin}`, { timeout: 10_000 })
}

/** Types into the rich-text area: a plain line, then a bold one with the keyboard shortcut. */
async function typeContent(page: Page, plain: string, bold: string) {
  const area = page.locator('#pub-content')
  await area.click()
  await page.keyboard.type(plain)
  await page.keyboard.press('Enter')
  await page.keyboard.press('ControlOrMeta+b')
  await page.keyboard.type(bold)
}

test('a task is published, shown, edited, viewed, taken off the shelf and deleted', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000)
  const { token } = await signInAs(page, request, INSTITUTION, 'demo1234')
  await page.goto('/posttask')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('发布任务')
  await expect(page.getByRole('navigation', { name: '面包屑' })).toContainText('任务管理/发布任务')
  await expectAccessible(page)

  // The rule runs first, in the spec's order, each message by its field with focus on it.
  const publish = page.getByRole('button', { name: '发布任务' })
  await publish.click()
  await expect(page.locator('#pub-title-error')).toHaveText('请填写任务标题')
  await expect(box(page, '任务标题')).toBeFocused()
  await expect(box(page, '任务标题')).toHaveAttribute('aria-invalid', 'true')
  await expectAccessible(page)

  const title = unique('跟台助手')
  await box(page, '任务标题').fill(title)
  await expect(page.getByText(`${[...title].length}/20`, { exact: true })).toBeVisible()
  await publish.click()
  await expect(page.locator('#pub-imgurl-error')).toHaveText('请上传任务封面')
  await page.getByLabel('上传任务封面').setInputFiles(png)
  await expect(page.getByRole('img', { name: '任务封面 1' })).toBeVisible()
  await publish.click()
  await expect(page.locator('#pub-classId-error')).toHaveText('请选择所属分类')
  await page.getByRole('group', { name: '所属分类' }).getByRole('radio').first().check()

  // 收费 asks for a price; what is typed stays as typed and a malformed one is refused with a
  // message (issue 19: -1 is not turned into 1, nor 300.509 into 300.50).
  await page.getByRole('radio', { name: '收费' }).check()
  await publish.click()
  await expect(page.locator('#pub-price-error')).toHaveText('请填写任务价格')
  await box(page, '任务价格（元）').fill('-1')
  await publish.click()
  await expect(page.locator('#pub-price-error')).toHaveText('价格不能为负数')
  await expect(box(page, '任务价格（元）')).toHaveValue('-1')
  await box(page, '任务价格（元）').fill('0300.509')
  await publish.click()
  await expect(page.locator('#pub-price-error')).toHaveText('价格最多两位小数')
  await box(page, '任务价格（元）').fill('0300.50')
  await publish.click()
  await expect(page.locator('#pub-city-error')).toHaveText('请选择城市')
  await page.getByRole('combobox', { name: '城市' }).selectOption({ index: 1 })

  // At most three tags: the fourth is refused with the spec's message.
  const tags = page.getByRole('group', { name: '任务标签' }).getByRole('checkbox')
  for (const i of [0, 1, 2]) await tags.nth(i).check()
  await tags.nth(3).click()
  await expect(tags.nth(3)).not.toBeChecked()
  await expect(page.locator('#pub-tag-error')).toHaveText('任务标签不得超过三个')

  await publish.click()
  await expect(page.locator('#pub-postName-error')).toHaveText('请填写联系人名称')
  await box(page, '联系人名称').fill('王医生')
  await box(page, '联系人电话').fill('13900001111')
  await box(page, '联系人地址').fill('苏州市工业园区星湖街328号')
  await publish.click()
  await expect(page.locator('#pub-content-error')).toHaveText('请填写任务内容')
  await typeContent(page, '需要一名种植手术助手。', '周六全天')
  // Nothing typed was lost on the way.
  await expect(box(page, '任务标题')).toHaveValue(title)
  await expect(box(page, '任务价格（元）')).toHaveValue('0300.50')
  await submitAndLand(page, '/taskadmin')

  const id = await openOwnItem(page, request, token, 20, title)
  await expect(page.locator('main')).toContainText('需要一名种植手术助手。')
  await expect(page.locator('main strong', { hasText: '周六全天' })).toBeVisible()

  // Edit: the stored item fills the form; the new title is saved and shown.
  await page.goto(`/posttask?id=${id}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('编辑任务')
  await expect(page.getByRole('navigation', { name: '面包屑' })).toContainText('编辑任务')
  await expect(box(page, '任务标题')).toHaveValue(title)
  await expect(box(page, '任务价格（元）')).toHaveValue('300.5')
  await expect(
    page.getByRole('group', { name: '任务标签' }).getByRole('checkbox', { checked: true }),
  ).toHaveCount(3)
  await expect(page.locator('#pub-content')).toContainText('需要一名种植手术助手。')
  const edited = unique('跟台助手改')
  await box(page, '任务标题').fill(edited)
  await submitAndLand(page, '/taskadmin')
  await page.goto(`/detail?id=${id}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(edited)

  // View: every control read-only, no publish button, a way to edit.
  await page.goto(`/posttask?id=${id}&type=1`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('查看任务')
  await expect(box(page, '任务标题')).toHaveValue(edited)
  await expect(box(page, '任务标题')).toBeDisabled()
  await expect(page.getByRole('radio', { name: '收费' })).toBeDisabled()
  await expect(page.locator('#pub-content')).toHaveAttribute('contenteditable', 'false')
  await expect(page.getByRole('button', { name: /^(发布|保存修改)/ })).toHaveCount(0)
  await expect(page.getByRole('link', { name: '编辑任务' })).toHaveAttribute('href', `/posttask?id=${id}`)
  await expectAccessible(page)

  // The admin list: off the shelf, then deleted after the confirm dialog.
  await page.goto('/taskadmin')
  const row = page.locator(`[data-own-item="${id}"]`)
  await expect(row).toContainText(edited)
  await expect(row).toHaveAttribute('data-listed', '1')
  await row.getByRole('button', { name: `下架：${edited}` }).click()
  await expect(toasts(page)).toContainText('已下架')
  await expect(row).toHaveAttribute('data-listed', '0')
  await row.getByRole('button', { name: `删除：${edited}` }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog).toContainText('确定要删除吗？')
  await dialog.getByRole('button', { name: '确 定' }).click()
  await expect(toasts(page)).toContainText('删除成功')
  await expect(row).toHaveCount(0)
  const gone = await request.get(`/api/Article/GetArticle?id=${id}`, {
    headers: { ...signed(), authorization: `Bearer ${token}` },
  })
  expect((await gone.json()).status).toBe(404)
})

test('a free community post is published and shown', async ({ page, request }) => {
  test.setTimeout(90_000)
  const { token } = await signInAs(page, request, INSTITUTION, 'demo1234')
  await page.goto('/postassociation')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('发布帖子')
  const title = unique('前牙美学病例')
  await box(page, '帖子标题').fill(title)
  // A PDF named like a picture passes the picker; the server names it by its bytes (.pdf), and
  // the uploader refuses it with the picker's own message instead of the save refusing it later.
  await page
    .getByLabel('上传帖子封面')
    .setInputFiles({ ...handout, name: 'cover.png', mimeType: 'image/png' })
  await expect(toasts(page)).toContainText('仅支持上传png、jpeg、jpg或gif图片')
  await expect(page.getByRole('img', { name: '帖子封面 1' })).toHaveCount(0)
  await page.getByLabel('上传帖子封面').setInputFiles(png)
  await expect(page.getByRole('img', { name: '帖子封面 1' })).toBeVisible()
  await page.getByRole('group', { name: '所属分类' }).getByRole('radio').nth(1).check()
  // 免费 is the default and its price is 0: no price box.
  await expect(page.getByRole('radio', { name: '免费' })).toBeChecked()
  await expect(box(page, '帖子价格（元）')).toHaveCount(0)
  await page.getByRole('group', { name: '帖子标签' }).getByRole('checkbox').first().check()
  await page.getByRole('button', { name: '发布帖子' }).click()
  await expect(page.locator('#pub-content-error')).toHaveText('请填写帖子介绍')
  await expect(page.locator('#pub-content')).toBeFocused()
  await typeContent(page, '一例前牙贴面修复的全过程。', '术后一年随访')
  await expectAccessible(page)
  await submitAndLand(page, '/associationadmin')

  const _id = await openOwnItem(page, request, token, 10, title)
  await expect(page.locator('main')).toContainText('一例前牙贴面修复的全过程。')
  await expect(page.locator('main strong', { hasText: '术后一年随访' })).toBeVisible()
})

test('a paid course with a video section and a PDF section is published and shown', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000)
  const { token } = await signInAs(page, request, INSTITUTION, 'demo1234')
  const title = unique('根管治疗入门')
  await startPaidCourse(page, title, '199.9')
  const tags = page.getByRole('group', { name: '课程标签' }).getByRole('checkbox')
  await tags.nth(0).check()
  await tags.nth(2).check()
  await typeContent(page, '从开髓到充填的完整流程。', '含实操视频')

  // Section 1: a video; its length comes from the file.
  const first = page.getByRole('group', { name: '第1节', exact: true })
  await box(first, '名称').fill('第1节 开髓')
  await page.getByLabel('上传第1节课程内容').setInputFiles(video)
  await expect(box(first, '时长（秒）')).toHaveValue('4')
  await page.getByRole('button', { name: '发布课程' }).click()
  await expect(page.locator('#pub-list-0-price-error')).toHaveText('请填写课程价格')
  await expect(box(first, '价格（元）')).toBeFocused()
  await box(first, '价格（元）').fill('19.9')

  // Section 2: a PDF, free.
  await page.getByRole('button', { name: '新增课程' }).click()
  const second = page.getByRole('group', { name: '第2节', exact: true })
  await expect(box(second, '名称')).toBeFocused()
  await page.getByRole('button', { name: '发布课程' }).click()
  await expect(page.locator('#pub-list-1-title-error')).toHaveText('请填写节的名称')
  await box(second, '名称').fill('第2节 讲义')
  await page.getByRole('button', { name: '发布课程' }).click()
  await expect(page.locator('#pub-list-1-imgurl-error')).toHaveText('请上传课程内容')
  await page.getByLabel('上传第2节课程内容').setInputFiles(handout)
  await expect(second.locator('[data-upload-item="0"]')).toBeVisible()
  await second.getByRole('radio', { name: '免费' }).check()
  await expect(box(second, '价格（元）')).toHaveCount(0)
  await expectAccessible(page)
  await submitAndLand(page, '/courseedit')

  const id = await openOwnItem(page, request, token, 30, title)
  const main = page.locator('main')
  await expect(main).toContainText('第1节 开髓')
  await expect(main).toContainText('第2节 讲义')

  // The owner's edit form has both sections with their files.
  await page.goto(`/postcourse?id=${id}&type=1`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('查看课程')
  await expect(box(page.getByRole('group', { name: '第1节', exact: true }), '名称')).toHaveValue('第1节 开髓')
  await expect(box(page.getByRole('group', { name: '第2节', exact: true }), '名称')).toHaveValue('第2节 讲义')
  await expect(page.locator('video[aria-label="第1节课程内容"]')).toBeAttached()
  await expect(page.getByRole('link', { name: /第2节课程内容/ })).toBeVisible()
  await expectAccessible(page)

  // Issue 39: the edit form moves the handout up; each section keeps its id, only its place changes.
  const before = await sectionsOf(request, id)
  await page.goto(`/postcourse?id=${id}`)
  await expect(page.getByRole('button', { name: '上移第1节' })).toBeDisabled()
  await expect(page.getByRole('button', { name: '下移第2节' })).toBeDisabled()
  await page.getByRole('button', { name: '下移第1节' }).click()
  await expect(box(page.getByRole('group', { name: '第1节', exact: true }), '名称')).toHaveValue('第2节 讲义')
  await expect(box(page.getByRole('group', { name: '第2节', exact: true }), '名称')).toHaveValue('第1节 开髓')
  // Focus follows the moved section to the end of the list, on the button that can still move it.
  await expect(page.getByRole('button', { name: '上移第2节' })).toBeFocused()
  await shots(page, 'h-course-sections')
  await submitAndLand(page, '/courseedit')
  expect(await sectionsOf(request, id)).toEqual([before[1], before[0]])
})

test('a plain new user is told 请先进行账号认证 when publishing a course', async ({ page, request }) => {
  const tel = await registerUser(request)
  const { token } = await signInAs(page, request, tel, 'test1234')
  await page.goto('/postcourse')
  await box(page, '课程标题').fill('我的第一门课')
  await page.getByRole('button', { name: '发布课程' }).click()
  await expect(toasts(page)).toContainText('请先进行账号认证')
  const notice = page.getByRole('alert').filter({ hasText: '请先进行账号认证' })
  await expect(notice).toBeVisible()
  await expect(notice.getByRole('link', { name: '去认证' })).toHaveAttribute('href', '/account')
  await expect(notice.getByRole('link', { name: '去认证' })).toBeFocused()
  // Nothing typed is lost, and the server says the same.
  await expect(box(page, '课程标题')).toHaveValue('我的第一门课')
  const res = await request.post('/api/Article/PostArticleAppend', {
    headers: { ...signed(), authorization: `Bearer ${token}` },
    data: { status: 30, title: '我的第一门课' },
  })
  expect(await res.json()).toMatchObject({ status: 400, data: '请先进行账号认证' })
  await expectAccessible(page)
})

test('leaving a publish form that was typed into asks first; an untouched one lets go', async ({
  page,
  request,
}) => {
  await signInAs(page, request, INSTITUTION, 'demo1234')
  const asked: string[] = []
  page.on('dialog', (d) => {
    asked.push(d.type())
    void d.accept()
  })
  await page.goto('/postassociation')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('发布帖子')
  // Untouched: a reload goes without a question.
  await page.reload()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('发布帖子')
  expect(asked).toEqual([])
  // Typed into: leaving asks (the browser's own question, answered here by accepting).
  await box(page, '帖子标题').fill('写了一半的帖子')
  await page.close({ runBeforeUnload: true })
  await expect.poll(() => asked).toEqual(['beforeunload'])
})
