import { isIP } from 'node:net'
import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { Role } from '../src/lib/permissions.ts'
import type { Config } from './config.ts'
import type { Db } from './db/index.ts'
import type { SmsProvider } from './providers/sms.ts'
import { ApiError } from './refusal.ts'
import type { BuildStatus } from './site-builder.ts'

/** What every handler may use; passed in, so tests choose the database, clock and providers. */
export interface Deps {
  db: Db
  config: Config
  now: () => Date
  /** Where SMS codes go; the local outbox provider when absent. */
  sms?: SmsProvider
  /** The site builder's status, for the back office (set by createPortal; absent: from the marks alone). */
  siteStatus?: () => Promise<BuildStatus>
  /** After a failed build, retry now (set by createPortal when this process runs the builder). */
  siteRetry?: () => boolean
}

export interface AuthUser {
  id: number
  tokenId: number
}

/** The staff member of an admin call, set by its route's gate (server/admin/admin-route.ts). */
export interface StaffContext {
  id: number
  username: string
  /** The display name (张敏), '' when none was given. */
  name: string
  roles: Role[]
  sessionId: number
  /** The one-time password is still to be changed. */
  mustChangePassword: boolean
  hasTotp: boolean
}

export type Env = {
  Variables: { deps: Deps; user: AuthUser | null; staff?: StaffContext; staffRefusal?: () => Promise<string> }
}
export type Ctx = Context<Env>

export { ApiError, refuse } from './refusal.ts'

/** The signed-in user, or a 401 that makes the client clear its session (accounts §8). */
export function requireUser(c: Ctx): AuthUser {
  const u = c.get('user')
  if (!u) throw new ApiError(401, '请登录')
  return u
}

/**
 * Route middleware of the signed-in calls: a 401 before the request is even read, so an
 * anonymous caller never learns what a bad body would have been told (accounts §8).
 */
export const signedIn = createMiddleware<Env>(async (c, next) => {
  requireUser(c)
  await next()
})

/**
 * The caller's IP for rate limits and the audit log: the socket's address, or behind a proxy that
 * appends the address it saw to X-Forwarded-For (TRUST_PROXY=1) that proxy's entry, the last one.
 * Not the first: a client may send the header itself, and the proxy keeps what it was sent in
 * front of its own, so the first entry is anyone's to write (to dodge a limit, or to spend
 * another address's). An entry that is no IP address is not believed either.
 */
export function clientIp(c: Ctx): string {
  return requestIp(c, c.get('deps').config.trustProxy)
}

/** clientIp for a handler outside the API (the /wechat/confirm page), told whether to trust the proxy. */
export function requestIp(c: Context, trustProxy: boolean): string {
  const forwarded = trustProxy ? c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim() : ''
  if (forwarded && isIP(forwarded)) return forwarded
  try {
    return getConnInfo(c).remote.address ?? ''
  } catch {
    // Not served by @hono/node-server (app.request in a test): there is no socket.
    return ''
  }
}
