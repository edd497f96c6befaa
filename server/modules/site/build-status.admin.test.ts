/**
 * A failed site build in the back office (issue 21): GET /api/admin/site/build-status says it
 * failed, why and when it retries by itself; POST /api/admin/site/build-retry retries at once;
 * the next good build clears the failure. The portal runs a real builder over the test database,
 * with a build that fails until told otherwise (the real one is `astro build`).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { startServer } from '../../../tests/api/harness.ts'
import { staffSignIn } from '../../../tests/api/staff.ts'
import { latestChange, markChanged } from '../../changes.ts'
import { defaultConfig } from '../../config.ts'
import { createPortal } from '../../server.ts'
import { type BuildPlan, type BuildStatus, createSiteBuilder, siteBuilderDeps } from '../../site-builder.ts'
import { dbTime } from '../../time.ts'

const h = startServer()
const distDir = mkdtempSync(join(tmpdir(), 'portal-build-status-'))
afterAll(() => rmSync(distDir, { recursive: true, force: true }))

describe('a failed build on the back office', () => {
  it('is shown with its error and its retry time, retried at once on request, and cleared by the next good build', async () => {
    let failWith: string | null = 'astro build 失败 (退出码 1)：页面 /productdetail/3/ 渲染出错'
    const built: BuildPlan[] = []
    const builder = createSiteBuilder(
      await siteBuilderDeps({
        db: h.db,
        distDir,
        build: async (plan) => {
          built.push(plan)
          if (failWith) throw new Error(failWith)
          return { pages: 1 }
        },
        log: () => {},
      }),
      // Rounds are run by hand (tick), at once, and a failure waits a minute before its retry.
      { quietMs: 0, maxWaitMs: 0, retryMs: 60_000 },
    )
    const portal = createPortal(
      { db: h.db, config: defaultConfig({ uploadDir: inject('uploadDir') }), now: () => new Date() },
      { distDir, builder },
    )
    const mk = await staffSignIn(h, 'marketing')
    const call = async (method: 'GET' | 'POST', path: string) => {
      const res = await portal.request(path, { method, headers: { sign: h.sign(), ...mk.auth } })
      return { http: res.status, ...((await res.json()) as { data: BuildStatus }) }
    }

    await markChanged(h.db, ['banner'], dbTime(new Date()))
    const saved = await latestChange(h.db)
    await builder.tick()
    expect(built).toHaveLength(1)
    let s = await call('GET', '/api/admin/site/build-status')
    expect(s.http).toBe(200)
    expect(s.data.failures).toBe(1)
    expect(s.data.lastError).toBe(failWith)
    expect(s.data.queued.tags).toContain('banner')
    const retryAt = Date.parse(s.data.nextRetryAt ?? '')
    expect(retryAt - Date.now()).toBeGreaterThan(50_000)
    // The automatic retry waits its turn.
    await builder.tick()
    expect(built).toHaveLength(1)

    // 重试: the next round builds at once; it fails again, and the wait doubles.
    s = await call('POST', '/api/admin/site/build-retry')
    expect([s.http, s.data.failures]).toEqual([200, 1])
    await builder.tick()
    expect(built).toHaveLength(2)
    s = await call('GET', '/api/admin/site/build-status')
    expect(s.data.failures).toBe(2)
    expect(Date.parse(s.data.nextRetryAt ?? '') - Date.now()).toBeGreaterThan(110_000)

    failWith = null
    await call('POST', '/api/admin/site/build-retry')
    await builder.tick()
    s = await call('GET', '/api/admin/site/build-status')
    expect([s.data.failures, s.data.lastError, s.data.nextRetryAt]).toEqual([0, null, null])
    // Live: the site includes the save (other test files may have marked more meanwhile).
    expect(s.data.last?.changeId).toBeGreaterThanOrEqual(saved)
    await builder.stop()
  })

  it('a process without a builder cannot retry (409); operator may not ask (403)', async () => {
    const mk = await staffSignIn(h, 'marketing')
    const r = await h.post('/api/admin/site/build-retry', {}, mk.auth)
    expect([r.http, r.data]).toEqual([409, '本进程不生成站点，无法重试'])
    const op = await staffSignIn(h, 'operator')
    const refused = await h.post('/api/admin/site/build-retry', {}, op.auth)
    expect([refused.http, refused.data]).toEqual([403, '没有权限'])
  })
})
