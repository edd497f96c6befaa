// Screenshots for looking at pages: npx node scripts/shot.ts <url> <out.png> [width] [fullPage 0/1]
import { chromium } from '@playwright/test'

const [url = 'http://localhost:4321/', out = '/tmp/shot.png', width = '1280', full = '1'] =
  process.argv.slice(2)
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
})
const page = await browser.newPage({ viewport: { width: Number(width), height: 900 } })
page.on('console', (m) => m.type() === 'error' && console.log('console error:', m.text()))
page.on('pageerror', (e) => console.log('page error:', e.message))
await page.goto(url, { waitUntil: 'networkidle' })
await page.screenshot({ path: out, fullPage: full === '1' })
await browser.close()
