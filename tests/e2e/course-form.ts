/** The course publishing form (/postcourse) as the e2e specs fill it. */
import type { Locator, Page } from '@playwright/test'
import { pngFile } from './files.ts'
import { expect } from './test.ts'

/** A text box of the form (or of one section's group) by its exact label. */
export const box = (scope: Page | Locator, name: string) => scope.getByRole('textbox', { name, exact: true })

/**
 * Opens /postcourse and fills what every paid course has: the title, a cover (seen uploaded),
 * the first category, 收费 and the price in yuan.
 */
export async function startPaidCourse(page: Page, title: string, price: string) {
  await page.goto('/postcourse')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('发布课程')
  await box(page, '课程标题').fill(title)
  await page.getByLabel('上传课程封面').setInputFiles(pngFile('cover.png'))
  await expect(page.getByRole('img', { name: '课程封面 1' })).toBeVisible()
  await page.getByRole('group', { name: '所属分类' }).getByRole('radio').first().check()
  await page.getByRole('group', { name: '收费方式' }).first().getByRole('radio', { name: '收费' }).check()
  await box(page, '课程价格（元）').fill(price)
}
