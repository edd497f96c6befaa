/**
 * The real server as its own process (`npm run serve`: npm start without the site build) on a
 * given database, for tests and load runs that must not share an event loop with their clients:
 * the crash test kills it, the flash sale measures it.
 *
 *   const child = await serverProcess({ port, dir, pg: { url, schema } })   // resolves once it answers
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { DEV_SIGN_IV, DEV_SIGN_KEY, makeSign } from '../../src/lib/sign.ts'

/** A free loopback port. */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number }
      s.close(() => resolve(port))
    })
  })

/** DATABASE_URL of `url` whose every connection works in `schema`. */
export const pgUrlIn = (url: string, schema: string) =>
  `${url}${url.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`

/**
 * Starts server/main.ts --no-build on 127.0.0.1:`port` over PostgreSQL (`pg`) or the SQLite file
 * `dir`/portal.db, its uploads and site under `dir`; resolves once it answers an API call, throws
 * after 30 s. `env` adds settings (READ_CACHE is off unless given).
 */
export async function serverProcess(o: {
  port: number
  dir: string
  pg?: { url: string; schema: string }
  env?: Record<string, string>
}): Promise<ChildProcess> {
  const dbEnv = o.pg
    ? { DATABASE_URL: pgUrlIn(o.pg.url, o.pg.schema) }
    : { DATABASE_URL: '', SQLITE_FILE: join(o.dir, 'portal.db') }
  const child = spawn(process.execPath, ['server/main.ts', '--no-build'], {
    env: {
      ...process.env,
      ...dbEnv,
      PORT: String(o.port),
      HOST: '127.0.0.1',
      UPLOAD_DIR: join(o.dir, 'uploads'),
      DIST_DIR: join(o.dir, 'dist'),
      READ_CACHE: '0',
      // A storm's few buyers leave many orders unpaid: it measures throughput, not the hold cap.
      UNPAID_ORDERS_CAP: '1000',
      ...o.env,
    },
    stdio: 'ignore',
  })
  const until = Date.now() + 30_000
  while (Date.now() < until) {
    const ok = await fetch(`http://127.0.0.1:${o.port}/api/Classify/GetClassifyQuerys`, {
      headers: { sign: makeSign({ key: DEV_SIGN_KEY, iv: DEV_SIGN_IV }) },
    })
      .then((r) => r.ok)
      .catch(() => false)
    if (ok) return child
    await new Promise((r) => setTimeout(r, 100))
  }
  child.kill('SIGKILL')
  throw new Error('server did not start')
}
