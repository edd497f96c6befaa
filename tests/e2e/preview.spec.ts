import type { APIRequestContext, Page } from '@playwright/test'
import { expectAccessible } from './a11y.ts'
import { signed } from './session.ts'
import { expect, test } from './test.ts'

type Section = { id: number; title: string; imgurl: string; kind: 'mp4' | 'pdf'; unlock: number }
type Course = { id: number; title: string; list: Section[] }

async function apiGet<T>(request: APIRequestContext, path: string): Promise<T> {
  const body = await (await request.get(path, { headers: signed() })).json()
  if (body.status !== 200) throw new Error(`${path}: ${JSON.stringify(body)}`)
  return body.data as T
}

/** The first listed course (isPrice 0 free, 1 paid) whose catalogue has a section `pick` accepts. */
async function findCourse(
  request: APIRequestContext,
  isPrice: 0 | 1,
  pick: (c: Course) => boolean,
): Promise<Course> {
  const page = await apiGet<{ pageData: { id: number }[] }>(
    request,
    `/api/Article/GetArticlePage?status=30&isPrice=${isPrice}&pageIndex=0&pageSize=50`,
  )
  for (const { id } of page.pageData) {
    const c = await apiGet<Course>(request, `/api/Article/GetArticle?id=${id}`)
    if (pick(c)) return c
  }
  throw new Error(`no ${isPrice ? 'paid' : 'free'} course with the wanted section in the demo data`)
}

/** The file a preview points at answers 200 with the content type of its kind. */
async function expectServed(request: APIRequestContext, page: Page, src: string | null, type: string) {
  expect(src).toBeTruthy()
  const url = new URL(src as string, page.url())
  const res = await request.get(url.href)
  expect(res.status()).toBe(200)
  expect(res.headers()['content-type']).toContain(type)
  return url
}

test('a free mp4 section plays in the preview dialog; a locked one says how to unlock it', async ({
  page,
  request,
}) => {
  const course = await findCourse(
    request,
    1,
    (c) => c.list.some((s) => s.unlock === 1 && s.kind === 'mp4') && c.list.some((s) => s.unlock !== 1),
  )
  const free = course.list.find((s) => s.unlock === 1 && s.kind === 'mp4') as Section
  const locked = course.list.find((s) => s.unlock !== 1) as Section

  await page.goto(`/detail/${course.id}/`)
  const lockedRow = page.locator(`[data-section-id="${locked.id}"]`)
  await expect(lockedRow).toContainText('整套课程')
  await expect(lockedRow).toContainText(locked.kind === 'pdf' ? '后可查看' : '后可观看')
  await expect(lockedRow.getByRole('button', { name: /预览/ })).toHaveCount(0)

  const { open, dialog } = await openPreview(page, free)
  await expect(dialog.getByRole('heading', { name: free.title })).toBeVisible()
  const video = dialog.locator('video')
  await expect(video).toHaveAttribute('controls', '')
  await expect(video).toHaveAttribute('playsinline', '')
  await expect(video).toHaveAttribute('preload', 'metadata')
  const url = await expectServed(request, page, await video.getAttribute('src'), 'video/mp4')
  expect(url.pathname).toBe(free.imgurl)
  await expectAccessible(page)
  // The seeded clip is a real 4-second video: the browser reads its length and plays it
  // (muted, so autoplay rules allow it), and closing pauses it.
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => Math.round(v.duration || 0))).toBe(4)
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true
    return v.play()
  })
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(0)

  const playing = await video.elementHandle()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(open).toBeFocused()
  // Closed, the dialog no longer holds the video, and the video no longer plays.
  await expect(page.locator('dialog[data-preview-dialog] video')).toHaveCount(0)
  expect(await playing?.evaluate((v: HTMLVideoElement) => v.paused && !v.isConnected)).toBe(true)
})

/** Clicks a section's 预览 on its course page, open: the button and the dialog, once shown. */
async function openPreview(page: Page, section: Section) {
  const open = page
    .locator(`[data-section-id="${section.id}"]`)
    .getByRole('button', { name: `预览：${section.title}` })
  await open.click()
  const dialog = page.getByRole('dialog', { name: section.title })
  await expect(dialog).toBeVisible()
  return { open, dialog }
}

/** A free pdf section's 预览 clicked on its course page: the section, the button and the open dialog. */
async function openPdfPreview(page: Page, request: APIRequestContext) {
  const course = await findCourse(request, 0, (c) => c.list.some((s) => s.unlock === 1 && s.kind === 'pdf'))
  const pdf = course.list.find((s) => s.unlock === 1 && s.kind === 'pdf') as Section
  await page.goto(`/detail/${course.id}/`)
  return { pdf, ...(await openPreview(page, pdf)) }
}

test('a free pdf section shows in the preview dialog with a download link', async ({ page, request }) => {
  const { pdf, open, dialog } = await openPdfPreview(page, request)
  const frame = dialog.locator(`iframe[title="讲义：${pdf.title}"]`)
  await expect(frame).toBeAttached()
  const url = await expectServed(request, page, await frame.getAttribute('src'), 'application/pdf')
  expect(url.pathname).toBe(pdf.imgurl)
  await expect(dialog.getByRole('link', { name: '下载讲义' })).toHaveAttribute(
    'href',
    (await frame.getAttribute('src')) ?? '',
  )
  await expectAccessible(page)

  await dialog.getByRole('button', { name: '关闭' }).click()
  await expect(dialog).toBeHidden()
  await expect(open).toBeFocused()
  await expect(page.locator('dialog[data-preview-dialog] iframe')).toHaveCount(0)
})

test('focus goes back to 预览 though the page’s live answer comes while the preview is open', async ({
  page,
  request,
}) => {
  // The page reads its item again once loaded (current.ts); here that answer waits for the dialog.
  let release = () => {}
  const held = new Promise<void>((go) => {
    release = go
  })
  await page.route('**/api/Article/GetArticle?*', async (route) => {
    await held
    await route.continue()
  })
  const { open, dialog } = await openPdfPreview(page, request)
  const answered = page.waitForResponse((r) => r.url().includes('/api/Article/GetArticle?'))
  release()
  await answered
  // The answer is taken in the page (its counts and sections follow it) before the dialog closes.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 50))))
  await dialog.getByRole('button', { name: '关闭' }).click()
  await expect(dialog).toBeHidden()
  await expect(open).toBeFocused()
})
