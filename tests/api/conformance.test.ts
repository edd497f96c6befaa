import { execFile } from 'node:child_process'
import type { AddressInfo } from 'node:net'
import { promisify } from 'node:util'
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Report, runConformance, textReport } from '../../scripts/conformance/index.ts'
import { contract } from '../../scripts/conformance/runner.ts'
import { DEV_SIGN_IV, DEV_SIGN_KEY, makeSign, readSign, SIGN_MAX_AGE_MS } from '../../src/lib/sign.ts'
import { startServer } from './harness.ts'

const h = startServer()
const sign = { key: DEV_SIGN_KEY, iv: DEV_SIGN_IV }
const account = { phone: '13800000001', password: 'demo1234' }

/** "GET /api/Users/GetUsers data.nickName" for every failed finding, once each. */
const failures = (r: Report) =>
  [
    ...new Set(
      r.calls.flatMap((c) =>
        c.cases.flatMap((x) => (x.outcome === 'failed' ? x.findings.map((f) => `${c.call} ${f.field}`) : [])),
      ),
    ),
  ].sort()

describe('npm run conformance against our own server', () => {
  it('passes every case, the test account and its round trips included', async () => {
    const r = await runConformance({ base: h.base, sign, ...account })
    expect(failures(r)).toEqual([])
    expect(r.ok).toBe(true)
    // Every read of the contract was called and passed at least once.
    const passed = new Set(r.calls.filter((c) => c.passed > 0).map((c) => c.call))
    const reads = [...contract.keys()].filter((k) => k.startsWith('GET '))
    expect(reads.filter((k) => !passed.has(k))).toEqual([])
    // The round trips ran, and only what cannot be undone (or sends an SMS) was skipped.
    for (const write of [
      'POST /api/UserAddress/PostUserAddressAppend',
      'POST /api/UserAddress/PostUserAddressUpdate',
      'POST /api/UserAddress/PostUserAddressDelete',
      'POST /api/UserLike/PostUserLikeAppend',
      'POST /api/Users/PostUsersLogout',
    ])
      expect(r.calls.find((c) => c.call === write)?.passed, write).toBeGreaterThan(0)
    const skipped = r.calls.flatMap((c) => c.cases.filter((x) => x.outcome === 'skipped').map(() => c.call))
    expect(skipped.sort()).toEqual([
      'GET /api/Account/GetAccountCodes',
      'GET /api/Orders/GetOrdersPay',
      'GET /api/Recharge/GetRecharge',
      'GET /api/Recharge/GetRechargePay',
    ])
    // The account ends as it began: no address of the run is left.
    const login = await h.post<{ owinToken: { access_token: string } }>('/api/Users/PostUsersPsw', {
      tel: account.phone,
      password: 'demo1234',
    })
    const auth = { Authorization: `Bearer ${login.data.owinToken.access_token}` }
    const left = await h.get<{ name: string }[]>('/api/UserAddress/GetUserAddressQuery', {}, auth)
    expect(left.data.filter((a) => a.name === '一致性检查')).toEqual([])
  })

  it('without an account, runs the public part and skips the per-user reads with the reason', async () => {
    const r = await runConformance({ base: h.base, sign })
    expect(r.ok).toBe(true)
    const me = r.calls.find((c) => c.call === 'GET /api/Users/GetUsersInfo')!
    expect(me.cases.find((x) => x.outcome === 'skipped')?.reason).toMatch(/no test account/)
    // The 401 without a session is checked all the same.
    expect(me.passed).toBeGreaterThan(0)
  })
})

/**
 * A backend that breaks the contract in five known ways: a proxy in front of the real server
 * that accepts a stale sign on the banners, answers 500 to a malformed product id, drops a
 * teacher's nickName, sends wallet amounts as text and numbers comment pages from 1.
 */
function brokenBackend(target: () => string) {
  const app = new Hono()
  app.all('*', async (c) => {
    const url = new URL(c.req.url)
    const path = url.pathname
    const headers = new Headers(c.req.raw.headers)
    for (const h of ['host', 'content-length', 'connection']) headers.delete(h)
    const given = headers.get('sign')
    const at = given ? readSign(sign, given) : null
    if (path === '/api/Adinfo/GetAdinfoAll' && at !== null && Date.now() - at > SIGN_MAX_AGE_MS)
      headers.set('sign', makeSign(sign))
    if (path === '/api/ProductSpu/GetProductSpu' && url.searchParams.get('id') === 'abc')
      return c.json({ status: 500, data: '服务器处理异常' }, 500)
    const res = await fetch(`${target()}${path}${url.search}`, {
      method: c.req.method,
      headers,
      body: c.req.method === 'POST' ? await c.req.text() : undefined,
    })
    const body = (await res.json()) as { status: number; data: Record<string, unknown> }
    if (res.status === 200) {
      const data = body.data as { nickName?: string; pageIndex: number; pageData: { price: unknown }[] }
      if (path === '/api/Users/GetUsers') delete data.nickName
      if (path === '/api/Recharge/GetRechargePage')
        for (const t of data.pageData) t.price = Number(t.price).toFixed(2)
      if (path === '/api/Comment/GetCommentQuery') data.pageIndex += 1
    }
    return c.json(body, res.status as 200)
  })
  return app
}

describe('npm run conformance against a backend that breaks the contract', () => {
  let base = ''
  let close = () => {}
  beforeAll(async () => {
    const server = serve({ fetch: brokenBackend(() => h.base).fetch, port: 0, hostname: '127.0.0.1' })
    await new Promise((r) => server.once('listening', r))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    close = () => server.close()
  })
  afterAll(() => close())

  const expected = [
    'GET /api/Adinfo/GetAdinfoAll header.sign',
    'GET /api/Comment/GetCommentQuery data.pageIndex',
    'GET /api/ProductSpu/GetProductSpu query.id',
    'GET /api/Recharge/GetRechargePage data.pageData.0.price',
    'GET /api/Users/GetUsers data.nickName',
  ]

  it('fails with exactly those findings, each naming the call, the field and the value', async () => {
    const r = await runConformance({ base, sign, ...account })
    expect(r.ok).toBe(false)
    expect(failures(r)).toEqual(expected)
    const text = textReport(r)
    expect(text).toMatch(
      /FAILED +a sign 10 minutes old → 403 +header\.sign = "\(10 minutes old\)": HTTP 200; expected 403/,
    )
    expect(text).toMatch(/FAILED +id=abc → 400 +query\.id = "abc": HTTP 500 \(a server failure\)/)
    expect(text).toMatch(/FAILED +id=\d+ \(a teacher of the home page\) +data\.nickName = \(missing\)/)
    expect(text).toMatch(
      /FAILED +\(no parameters\) +data\.pageData\.0\.price = "\d+\.\d\d": .*expected number/,
    )
    expect(text).toMatch(/FAILED +id=\d+ +data\.pageIndex = 1: expected 0: pageIndex is 0-based/)
    expect(text).toMatch(/^FAILED: \d+ calls/m)
  })

  it('exits 1 from the command line, with the report as JSON under --json', async () => {
    const run = promisify(execFile)
    const out = await run(process.execPath, ['scripts/conformance/cli.ts', '--base', base, '--json']).then(
      () => {
        throw new Error('expected exit status 1')
      },
      (e: { code: number; stdout: string; stderr: string }) => e,
    )
    expect(out.code).toBe(1)
    const r = JSON.parse(out.stdout) as Report
    // Without the account the wallet is not read: the other four findings remain.
    expect(failures(r)).toEqual(expected.filter((f) => !f.includes('Recharge')))
    expect(out.stderr).toMatch(/^FAILED: /m)
  })
})
