import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { defineConfig } from '@playwright/test'
import { chromiumLaunch } from './scripts/chromium.ts'

const PORT = Number(process.env.E2E_PORT ?? 4410)
// One fresh database, upload folder and site build per run; workers inherit the same folder.
process.env.E2E_DIR ??= mkdtempSync(join(tmpdir(), 'portal-e2e-'))
const dir = process.env.E2E_DIR

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? 'line' : 'list',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'zh-CN',
    launchOptions: chromiumLaunch,
  },
  // The real thing: `npm start` migrates, seeds, builds the site from its API and serves both.
  webServer: {
    command: 'node server/main.ts',
    url: `http://127.0.0.1:${PORT}/`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      // Always the embedded database: the e2e helpers read its SMS outbox, and CI's DATABASE_URL
      // is for the API suite.
      DATABASE_URL: '',
      SQLITE_FILE: join(dir, 'portal.db'),
      UPLOAD_DIR: join(dir, 'uploads'),
      DIST_DIR: join(dir, 'dist'),
      // The site's address (canonical links, the WeChat QR link) is the one the tests browse.
      SITE_URL: `http://127.0.0.1:${PORT}`,
      // Every test signs up from 127.0.0.1.
      SMS_IP_DAILY_CAP: '10000',
      // The specs share a few demo accounts and leave orders unpaid; holds.test.ts tests the cap.
      UNPAID_ORDERS_CAP: '1000',
      // Specs order a SKU's whole stock (stock-alert: sold out since the build); holds.test.ts
      // tests the per-SKU cap, buying.spec.ts the buy box either way.
      UNPAID_SKU_HOLD_CAP: '1000',
    },
  },
})
