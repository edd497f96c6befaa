import { chromium } from 'playwright-core'
import { makeSign, DEV_SIGN_KEY, DEV_SIGN_IV } from '/work/wt20-orders/src/lib/sign.ts'
const base = 'http://127.0.0.1:4561'
const user = process.argv[2] ?? 'operator'
const paths = process.argv.slice(3)
const sign = () => makeSign({ key: DEV_SIGN_KEY, iv: DEV_SIGN_IV })
const r = await fetch(`${base}/api/admin/session`, { method: 'POST', headers: { 'content-type': 'application/json', sign: sign() }, body: JSON.stringify({ username: user, password: 'demo1234' }) })
const token = (await r.json()).data.token
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'] })
for (const [w, tag] of [[1280, 'wide'], [800, 'tablet']]) {
  const ctx = await browser.newContext({ viewport: { width: w, height: 900 } })
  await ctx.addInitScript((t) => localStorage.setItem('staff-token', t), token)
  const page = await ctx.newPage()
  page.on('console', (m) => m.type() === 'error' && console.log('console:', m.text()))
  for (const p of paths) {
    await page.goto(base + p)
    await page.waitForTimeout(1500)
    const name = `/tmp/orders20/shots/${user}-${tag}-${p.replace(/[^a-z0-9]+/gi, '_')}.png`
    await page.screenshot({ path: name, fullPage: true })
    console.log(name)
  }
  await ctx.close()
}
await browser.close()
