// npm run weight -- <url>: what a page loads, by kind, raw and gzip, and whether any script
// blocks rendering. Drives the same Chromium as the e2e tests.
import { gzipSync } from 'node:zlib'
import { chromium } from '@playwright/test'
import { chromiumLaunch } from './chromium.ts'

const url = process.argv[2] ?? 'http://localhost:4321/'
const browser = await chromium.launch(chromiumLaunch)
const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
const totals = new Map<string, { n: number; raw: number; gz: number }>()
const pending: Promise<void>[] = []
page.on('response', (res) => {
  pending.push(
    res.body().then(
      (body) => {
        const kind = res.request().resourceType()
        const t = totals.get(kind) ?? { n: 0, raw: 0, gz: 0 }
        t.n++
        t.raw += body.length
        t.gz += gzipSync(body).length
        totals.set(kind, t)
      },
      () => {},
    ),
  )
})
await page.goto(url, { waitUntil: 'networkidle' })
// Scripts in <head> without defer/async/module would block rendering.
const blocking = await page.evaluate(
  () =>
    [...document.head.querySelectorAll('script[src]')].filter(
      (s) =>
        !(s as HTMLScriptElement).defer &&
        !(s as HTMLScriptElement).async &&
        (s as HTMLScriptElement).type !== 'module',
    ).length,
)
await Promise.all(pending)
await browser.close()
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`
console.log(url)
for (const [kind, t] of [...totals].sort())
  console.log(
    `  ${kind.padEnd(10)} ${String(t.n).padStart(3)} files  ${kb(t.raw).padStart(10)} raw  ${kb(t.gz).padStart(10)} gzip`,
  )
console.log(`  render-blocking scripts: ${blocking}`)
