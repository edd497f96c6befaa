/** Screenshots for the eye: new screens are looked at on desktop and at 390 px wide. */
import type { Page } from '@playwright/test'

/** A screenshot of the whole page at 1440 and at 390 px wide, when E2E_SHOTS names a folder. */
export async function shots(page: Page, name: string) {
  const dir = process.env.E2E_SHOTS
  if (!dir) return
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 })
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true })
  }
  await page.setViewportSize({ width: 1280, height: 900 })
}
