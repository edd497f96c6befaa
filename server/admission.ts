/**
 * Admission of API calls (issue 23): every call past the read cache waits for a later turn of the
 * event loop (setImmediate), and one turn starts at most `perTurn` of them, in arrival order.
 *
 * Why: on SQLite every statement is synchronous, so a call runs from its first byte to its answer
 * without giving the loop back (1-2 ms for an order). When two hundred buyers of a flash sale
 * have a call ready, one turn of the loop runs all of them, and a page of the site asked for
 * meanwhile (a file read, at least one turn) waits behind hundreds of milliseconds of orders per
 * turn (npm run load:flash). A limit on calls in flight cannot help there: none is ever in flight
 * beside another. Started `perTurn` per turn, the orders queue here at the cost of a parsed
 * request each, and the pages, cached answers and file reads between them are served within a
 * turn of a few calls. On PostgreSQL calls overlap while they wait for the database; the limit
 * per turn only spreads their starts, and 4 did as well as 10 there (npm run load:orders,
 * load:flash: fewer orders queue on the same SKU rows at once).
 *
 *   app.use('/api/*', admission(4))
 */
import type { MiddlewareHandler } from 'hono'

export function admission(perTurn: number): MiddlewareHandler {
  const waiting: (() => void)[] = []
  let scheduled = false
  const turn = () => {
    for (const start of waiting.splice(0, perTurn)) start()
    scheduled = waiting.length > 0
    if (scheduled) setImmediate(turn)
  }
  return async (_c, next) => {
    await new Promise<void>((resolve) => {
      waiting.push(resolve)
      if (!scheduled) {
        scheduled = true
        setImmediate(turn)
      }
    })
    await next()
  }
}
