// Screenshots for looking at pages: npx node scripts/shot.ts <url> <out.png> [width] [fullPage 0/1]
import { chromium } from '@playwright/test'
import { chromiumLaunch } from './chromium.ts'

const [url = 'http://localhost:4321/', out = '/tmp/shot.png', width = '1280', full = '1'] =
  process.argv.slice(2)
const browser = await chromium.launch(chromiumLaunch)
const page = await browser.newPage({ viewport: { width: Number(width), height: 900 } })
page.on('console', (m) => m.type() === 'error' && console.log('console error:', m.text()))
page.on('pageerror', (e) => console.log('page error:', e.message))
await page.goto(url, { waitUntil: 'networkidle' })
await page.screenshot({ path: out, fullPage: full === '1' })
await browser.close()
