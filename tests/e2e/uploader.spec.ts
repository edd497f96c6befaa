/**
 * The generic uploader (accounts §2, §5) on /suggest, whose uploader takes 2 files (images and
 * PDFs): progress while uploading, move with wrap-around, preview, delete after
 * 您确认要删除此图片吗, a wrong type refused before sending. Screenshots at 390 and 1280 go to
 * $UPLOADER_SHOTS (default: <tmp>/uploader-shots).
 */
import { mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { crc32, deflateSync } from 'node:zlib'
import type { Locator, Page } from '@playwright/test'
import { tinyPdf } from '../../server/seed/images.ts'
import { expectAccessible } from './a11y.ts'
import { registerUser, signInAs } from './session.ts'
import { expect, test } from './test.ts'

const shots = process.env.UPLOADER_SHOTS ?? join(tmpdir(), 'uploader-shots')

/** A solid-colour PNG of 96×96, built here rather than kept as a fixture, so thumbnails differ. */
function png(name: string, [r, g, b]: [number, number, number]) {
  const size = 96
  const row = Buffer.alloc(1 + size * 3)
  for (let x = 0; x < size; x++) row.set([r, g, b], 1 + x * 3)
  const raw = Buffer.concat(Array.from({ length: size }, () => row))
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
    const len = Buffer.alloc(4)
    len.writeUInt32BE(data.length)
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(body))
    return Buffer.concat([len, body, crc])
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(size, 0)
  ihdr.writeUInt32BE(size, 4)
  ihdr.set([8, 2, 0, 0, 0], 8)
  const buffer = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ])
  return { name, mimeType: 'image/png', buffer }
}

/** A one-page PDF of course notes, as the seed writes them. */
const pdf = (name: string) => ({ name, mimeType: 'application/pdf', buffer: tinyPdf('Course notes') })

/** The src of each thumbnail, in the order shown. */
const order = (group: Locator) =>
  group
    .getByRole('list')
    .getByRole('img')
    .evaluateAll((imgs) => imgs.map((i) => i.getAttribute('src')))

async function shoot(page: Page, group: Locator, name: string) {
  mkdirSync(shots, { recursive: true })
  await group.scrollIntoViewIfNeeded()
  await group.screenshot({ path: join(shots, `${name}.png`) })
  await page.screenshot({ path: join(shots, `${name}-page.png`) })
}

test('upload two images with progress, move with wrap-around, preview, delete; a wrong type is refused', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000)
  const tel = await registerUser(request)
  await signInAs(page, request, tel, 'test1234')
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto('/suggest')
  const group = page.locator('#suggest-files-group')

  // Hold each upload a moment, so the overlay and the bar can be seen.
  let uploads = 0
  await page.route('**/api/Upload/PostUpload', async (route) => {
    uploads++
    await new Promise((r) => setTimeout(r, 700))
    await route.continue()
  })

  await page
    .getByLabel('上传材料')
    .setInputFiles([png('red.png', [220, 38, 38]), png('blue.png', [37, 99, 235])])
  await expect(group.getByText('正在处理数据中...')).toBeVisible()
  const bar = group.getByRole('progressbar', { name: '材料上传进度' })
  await expect(bar).toBeVisible()
  await expect(bar).toHaveAttribute('aria-valuenow', /^\d{1,3}$/)
  await expect(bar).toHaveAttribute('aria-valuetext', /第[12]个，共2个，\d{1,3}%/)
  await expect(group.getByText(/^\d{1,3}% · [12]\/2$/)).toBeVisible()
  await shoot(page, group, 'uploading-1280')

  await expect(group.getByRole('img', { name: '材料 2' })).toBeVisible()
  await expect(group.getByText('正在处理数据中...')).toBeHidden()
  await expect(group.getByRole('status')).toHaveText('上传完成，已上传2个文件')
  expect(uploads).toBe(2)
  const [first, second] = await order(group)
  expect(first).toMatch(/^\/uploads\/.+\.png$/)
  expect(second).toMatch(/^\/uploads\/.+\.png$/)
  // Both taken: no room for a third.
  await expect(page.getByLabel('上传材料')).toHaveCount(0)
  await shoot(page, group, 'files-1280')

  // Down from the first: the order changes and focus follows the item.
  await group.getByRole('button', { name: '下移第1个材料' }).click()
  await expect.poll(() => order(group)).toEqual([second, first])
  await expect(group.getByRole('button', { name: '下移第2个材料' })).toBeFocused()
  await expect(group.getByRole('status')).toHaveText('已移到第2个')

  // Down from the last wraps it to the top (by keyboard this time).
  await page.keyboard.press('Enter')
  await expect.poll(() => order(group)).toEqual([first, second])
  await expect(group.getByRole('button', { name: '下移第1个材料' })).toBeFocused()

  // Preview: the image in the lightbox.
  await group.getByRole('button', { name: '预览第2个材料' }).click()
  const lightbox = page.getByRole('dialog', { name: '预览' })
  await expect(lightbox.getByRole('img', { name: '材料预览' })).toBeVisible()
  await expect(lightbox.getByRole('img', { name: '材料预览' })).toHaveAttribute('src', second ?? '')
  await page.keyboard.press('Escape')
  await expect(lightbox).toBeHidden()

  // Download links carry the file itself.
  await expect(group.getByRole('link', { name: '下载第1个材料' })).toHaveAttribute('href', first ?? '')

  await expectAccessible(page)

  // 390 wide: the same uploader, wrapped to the narrow column.
  await page.setViewportSize({ width: 390, height: 844 })
  await shoot(page, group, 'files-390')

  // Delete asks first; cancelling keeps the file.
  await group.getByRole('button', { name: '删除第1个材料' }).click()
  const ask = page.getByRole('dialog', { name: '操作提示' })
  await expect(ask.getByText('您确认要删除此图片吗')).toBeVisible()
  await ask.getByRole('button', { name: '关 闭' }).click()
  await expect.poll(() => order(group)).toEqual([first, second])

  await group.getByRole('button', { name: '删除第1个材料' }).click()
  await ask.getByRole('button', { name: '确 定' }).click()
  await expect(ask).toBeHidden()
  await expect.poll(() => order(group)).toEqual([second])
  await expect(group.getByRole('status')).toHaveText('已删除第1个材料')
  // Focus goes to the item that took its place.
  await expect(group.getByRole('button', { name: '预览第1个材料' })).toBeFocused()

  // A wrong type is refused before anything is sent, with the message of the accepted types.
  const before = uploads
  await page.getByLabel('上传材料').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('不是图片'),
  })
  const refusal = '仅支持上传png、jpeg、jpg、gif或pdf文件'
  await expect(page.locator('#toasts')).toContainText(refusal)
  await expect(group.getByText(refusal)).toBeVisible()
  await expect(page.getByLabel('上传材料')).toHaveAccessibleDescription(
    `文件须小于2MB，支持图片和PDF，最多2个 ${refusal}`,
  )
  expect(uploads).toBe(before)
  await expect.poll(() => order(group)).toEqual([second])
  await shoot(page, group, 'refused-390')

  // A PDF is taken, shown as a document and previewed in a frame.
  await page.getByLabel('上传材料').setInputFiles(pdf('notes.pdf'))
  await expect(group.getByText(refusal)).toBeHidden()
  await expect(group.getByText(/[0-9a-f]{32}\.pdf/)).toBeVisible()
  await shoot(page, group, 'pdf-390')
  await group.getByRole('button', { name: '预览第2个材料' }).click()
  const frame = page.getByRole('dialog', { name: '预览' }).locator('iframe[title="材料预览"]')
  await expect(frame).toHaveAttribute('src', /^\/uploads\/.+\.pdf$/)
  await page.setViewportSize({ width: 1280, height: 900 })
  // Only for the picture: the browser's PDF viewer draws a moment after the frame has loaded.
  await page.waitForTimeout(1500)
  await page.screenshot({ path: join(shots, 'pdf-preview-1280.png') })
})
