/**
 * The admission of API calls (server/admission.ts): calls that run without giving the event loop
 * back (SQLite's synchronous statements) are started a few per turn, so whatever else the loop has
 * to do — a page of the site, a file read — is done between them, not after all of them.
 */
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { admission } from '../../server/admission.ts'

/** An app whose every call busies the thread, as an order on SQLite does, and logs itself. */
function busyApp(perTurn: number, log: string[]) {
  const app = new Hono()
  if (perTurn > 0) app.use('*', admission(perTurn))
  app.get('/order/:n', (c) => {
    const until = performance.now() + 2
    while (performance.now() < until) {}
    log.push(`order ${c.req.param('n')}`)
    return c.text('ok')
  })
  return app
}

describe('admission', () => {
  it('starts at most perTurn calls per turn of the event loop, and the loop does other work between', async () => {
    const log: string[] = []
    const app = busyApp(2, log)
    const calls = Array.from({ length: 6 }, (_, n) => app.request(`/order/${n}`))
    // What arrived meanwhile: a page read, say, answered on the loop's next turn.
    setImmediate(() => log.push('page'))
    const answers = await Promise.all(calls)
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200])
    // Two orders, the page, then the rest in the order they came.
    expect(log).toEqual(['order 0', 'order 1', 'page', 'order 2', 'order 3', 'order 4', 'order 5'])
  })

  it('without it the page waits for every call', async () => {
    const log: string[] = []
    const app = busyApp(0, log)
    const calls = Array.from({ length: 6 }, (_, n) => app.request(`/order/${n}`))
    setImmediate(() => log.push('page'))
    await Promise.all(calls)
    await new Promise((r) => setImmediate(r))
    expect(log.indexOf('page')).toBe(6)
  })

  it('lets a call through that arrives when nothing waits, and a failing call frees its turn', async () => {
    const app = new Hono()
    app.use('*', admission(1))
    app.get('/fail', () => {
      throw new Error('boom')
    })
    app.get('/ok', (c) => c.text('ok'))
    app.onError((_e, c) => c.text('failed', 500))
    const [a, b, c] = await Promise.all([app.request('/fail'), app.request('/ok'), app.request('/ok')])
    expect([a.status, b.status, c.status]).toEqual([500, 200, 200])
    expect((await app.request('/ok')).status).toBe(200)
  })
})
