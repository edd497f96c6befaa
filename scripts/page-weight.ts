// npm run weight -- <url>: what a page loads, by kind, raw and gzip, and whether any script
// blocks rendering. Drives the same Chromium as the e2e tests; the measure is page-weight-measure.ts.
import { chromium } from '@playwright/test'
import { chromiumLaunch } from './chromium.ts'
import { pageWeight, WEIGHT_VIEWPORT } from './page-weight-measure.ts'

const url = process.argv[2] ?? 'http://localhost:4321/'
const browser = await chromium.launch(chromiumLaunch)
const page = await browser.newPage({ viewport: WEIGHT_VIEWPORT })
const { kinds, blocking } = await pageWeight(page, url)
await browser.close()
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`
console.log(url)
for (const [kind, t] of [...kinds].sort())
  console.log(
    `  ${kind.padEnd(10)} ${String(t.n).padStart(3)} files  ${kb(t.raw).padStart(10)} raw  ${kb(t.gz).padStart(10)} gzip`,
  )
console.log(`  render-blocking scripts: ${blocking}`)
