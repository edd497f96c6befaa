/**
 * Course files in resumable parts (issue 22): an author picks a ~12 MB mp4 for a section, sees
 * the progress reach 100% in MB of MB, and the course saves with a video that plays; a reload in
 * the middle of an upload goes on from the parts already stored when the same file is picked again.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import type { Page, Route } from '@playwright/test'
import { expectAccessible } from './a11y.ts'
import { startPaidCourse } from './course-form.ts'
import { pngFile } from './files.ts'
import { signed, signInAs } from './session.ts'
import { expect, test } from './test.ts'

/** The seeded certified institution (level 20): it may publish courses. */
const INSTITUTION = '13800000003'
const MB = 1024 * 1024

/**
 * The seed's 4-second mp4 grown to about `mb` MB by a `free` box at its end (players skip it):
 * still a playable video, made unique by `tag` so no earlier upload has its bytes.
 */
function bigVideo(path: string, mb: number, tag: string) {
  const seed = readFileSync('server/seed/media/course-video.mp4')
  const size = mb * MB - seed.length
  const box = Buffer.alloc(size, 0x20)
  box.writeUInt32BE(size, 0)
  box.write('free', 4, 'latin1')
  box.write(tag, 8, 'latin1')
  writeFileSync(path, Buffer.concat([seed, box]))
  return path
}

const _png = pngFile('cover.png')
const section = (page: Page) => page.getByRole('group', { name: '第1节', exact: true })
const bar = (page: Page) => page.getByRole('progressbar', { name: '第1节课程内容上传进度' })

/** The form of a paid course with one section named, up to its file. */
async function courseForm(page: Page, title: string) {
  await startPaidCourse(page, title, '99')
  await page.locator('#pub-content').click()
  await page.keyboard.type('整节课程视频。')
  await section(page).getByRole('textbox', { name: '名称', exact: true }).fill('第1讲')
  await section(page).getByRole('textbox', { name: '价格（元）', exact: true }).fill('19.9')
}

test('an author uploads a 12 MB lecture in parts, sees 100%, and the course saves and plays', async ({
  page,
  request,
}, info) => {
  test.setTimeout(120_000)
  const { token } = await signInAs(page, request, INSTITUTION, 'demo1234')
  const title = `分片上传${String(Date.now()).slice(-6)}`
  await courseForm(page, title)
  const file = bigVideo(info.outputPath('lecture.mp4'), 12, title)

  // Completion waits until the bar has been seen full.
  let release = () => {}
  const held = new Promise<void>((r) => {
    release = r
  })
  await page.route('**/api/Upload/PostResumableComplete', async (route: Route) => {
    await held
    await route.continue()
  })
  await page.getByLabel('上传第1节课程内容').setInputFiles(file)
  await expect(bar(page)).toHaveAttribute('aria-valuenow', '100', { timeout: 60_000 })
  await expect(bar(page)).toHaveAttribute('aria-valuetext', '100%，已上传12.0MB，共12.0MB')
  await expectAccessible(page)
  release()
  await expect(section(page).locator('[data-upload-item="0"]')).toBeVisible({ timeout: 30_000 })
  await expect(section(page).getByRole('textbox', { name: '时长（秒）', exact: true })).toHaveValue('4')

  await page.getByRole('button', { name: '发布课程' }).click()
  await expect(page.locator('#toasts')).toContainText('发布成功')
  await page.waitForURL('**/courseedit', { timeout: 10_000 })

  // The saved section's video loads and plays in the owner's view.
  const res = await request.get('/api/Article/GetArticlePage?status=30&isCreate=1&pageSize=50', {
    headers: { ...signed(), authorization: `Bearer ${token}` },
  })
  const id = ((await res.json()).data.pageData as { id: number; title: string }[]).find(
    (r) => r.title === title,
  )?.id
  expect(id).toBeDefined()
  await page.goto(`/postcourse?id=${id}&type=1`)
  const video = page.locator('video[aria-label="第1节课程内容"]')
  await expect(video).toBeAttached({ timeout: 30_000 })
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => Math.round(v.duration || 0)), { timeout: 30_000 })
    .toBe(4)
})

test('a reload in the middle of an upload goes on from the parts stored', async ({ page, request }, info) => {
  test.setTimeout(120_000)
  await signInAs(page, request, INSTITUTION, 'demo1234')
  const title = `续传${String(Date.now()).slice(-6)}`
  await courseForm(page, title)
  const file = bigVideo(info.outputPath('resume.mp4'), 20, title)

  // Part 1 goes through; the others' connections drop (and their retries', for now).
  const sent: string[] = []
  await page.route('**/api/Upload/PutResumablePart**', async (route: Route) => {
    const part = new URL(route.request().url()).searchParams.get('part') as string
    if (part !== '1') return route.abort('connectionreset')
    sent.push(part)
    await route.continue()
  })
  await page.getByLabel('上传第1节课程内容').setInputFiles(file)
  await expect.poll(() => sent, { timeout: 30_000 }).toEqual(['1'])
  await expect(bar(page)).toBeVisible()
  // Let part 1's answer arrive before the page goes.
  await page.waitForTimeout(1000)

  // The page goes while parts are retried; the link is back after the reload.
  await page.reload()
  await page.unroute('**/api/Upload/PutResumablePart**')
  const after: string[] = []
  page.on('request', (r) => {
    if (r.url().includes('/api/Upload/PutResumablePart'))
      after.push(new URL(r.url()).searchParams.get('part') as string)
  })
  await courseForm(page, title)
  await page.getByLabel('上传第1节课程内容').setInputFiles(file)
  await expect(section(page).locator('[data-upload-item="0"]')).toBeVisible({ timeout: 60_000 })
  // Only the parts not stored went again: 20 MB is parts 1–3 of 8 MB.
  expect(after.sort()).toEqual(['2', '3'])
})
