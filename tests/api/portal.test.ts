import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { defaultConfig } from '../../server/config.ts'
import { createPortal } from '../../server/server.ts'

const dist = mkdtempSync(join(tmpdir(), 'portal-dist-'))
mkdirSync(join(dist, 'detail', '15'), { recursive: true })
writeFileSync(join(dist, 'detail', '15', 'index.html'), '<p>detail 15</p>')
mkdirSync(join(dist, 'orderdetail'), { recursive: true })
writeFileSync(join(dist, 'orderdetail', 'index.html'), '<p>order detail</p>')
afterAll(() => rmSync(dist, { recursive: true, force: true }))

const portal = createPortal(
  { db: {} as never, config: defaultConfig(), now: () => new Date() },
  { distDir: dist },
)

describe('the specs query routes (server.ts)', () => {
  it('sends /detail?id=15 to its static page', async () => {
    const r = await portal.request('/detail?id=15')
    expect(r.status).toBe(301)
    expect(r.headers.get('location')).toBe('/detail/15/')
  })

  it('leaves /orderdetail?id=15 alone: a route that only ends like one is not one', async () => {
    const r = await portal.request('/orderdetail/?id=15')
    expect(r.status).toBe(200)
    expect(await r.text()).toContain('order detail')
    const bare = await portal.request('/orderdetail?id=15')
    expect(bare.headers.get('location') ?? '').not.toContain('/detail/15')
  })
})
