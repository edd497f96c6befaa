/**
 * The permission matrix (issue 20): every admin call the API registers × every role, held against
 * the one table (permissions.ts). The calls are read from the app itself — the `x-permission`
 * each adminRoute writes into /api/doc — so a call another module adds later is walked too.
 */
import { describe, expect, it } from 'vitest'
import { can, PERMISSIONS, type Permission, ROLES } from '../../src/lib/permissions.ts'
import { startServer } from '../../tests/api/harness.ts'
import { demoUser } from '../../tests/api/session.ts'
import { staffSignIn } from '../../tests/api/staff.ts'
import { createApi, DOC_PATH } from '../app.ts'
import { defaultConfig } from '../config.ts'

const h = startServer()
const app = createApi({ db: {} as never, config: defaultConfig(), now: () => new Date() })

interface AdminCall {
  method: string
  path: string
  permission: Permission | 'public'
}

/** Every admin call of /api/doc with its declared permission. */
async function adminCalls(): Promise<AdminCall[]> {
  const doc = (await (await app.request(DOC_PATH)).json()) as {
    paths: Record<string, Record<string, { tags?: string[]; 'x-permission'?: Permission | 'public' }>>
  }
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops)
      .filter(([, op]) => op.tags?.includes('admin'))
      .map(([method, op]) => ({
        method: method.toUpperCase(),
        path,
        permission: op['x-permission'] as AdminCall['permission'],
      })),
  )
}

/** A concrete URL of a call: every {param} an id nobody has (999999999), so no allowed write finds its target. */
const urlOf = (path: string) => path.replace(/\{[^}]+\}/g, '999999999')

describe('the permission matrix', () => {
  it('knows every route under /api/admin/, each declared with adminRoute and a permission of the table', async () => {
    const calls = await adminCalls()
    const declared = new Set(calls.map((c) => `${c.method} ${c.path}`))
    const registered = new Set(
      app.routes
        .filter((r) => r.path.startsWith('/api/admin/') && r.method !== 'ALL')
        .map((r) => `${r.method} ${r.path.replace(/:(\w+)/g, '{$1}')}`),
    )
    expect([...registered].filter((r) => !declared.has(r))).toEqual([])
    expect(calls.every((c) => c.path.startsWith('/api/admin/'))).toBe(true)
    for (const c of calls)
      expect(c.permission === 'public' || c.permission in PERMISSIONS, `${c.method} ${c.path}`).toBe(true)
    // Only signing in is open to anyone.
    expect(calls.filter((c) => c.permission === 'public').map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /api/admin/session',
    ])
  })

  it('answers 403 没有权限 wherever the table says no, for every call and role, and lets each role read what it holds', async () => {
    const calls = (await adminCalls()).filter((c) => c.permission !== 'public')
    const staff = Object.fromEntries(
      await Promise.all(ROLES.map(async (r) => [r, await staffSignIn(h, r)] as const)),
    )
    const wrong: string[] = []
    for (const c of calls)
      for (const role of ROLES) {
        const allowed = can([role], c.permission as Permission)
        // Writes only where refused (nothing happens); an allowed read must not be refused.
        if (allowed && c.method !== 'GET') continue
        const r = await h.send(
          c.method,
          urlOf(c.path),
          c.method === 'GET' ? undefined : {},
          staff[role]?.auth,
        )
        const refused = r.http === 403 && r.data === '没有权限'
        if (refused === allowed || r.http === 401)
          wrong.push(`${role} ${c.method} ${c.path}: ${r.http} ${String(r.data)}`)
      }
    expect(wrong).toEqual([])
  })

  it('answers 401 请先登录后台 to every call without a staff session, a customer token included', async () => {
    const calls = (await adminCalls()).filter((c) => c.permission !== 'public')
    const customer = await demoUser(h, '13800000001')
    const wrong: string[] = []
    for (const c of calls)
      for (const headers of [{}, customer.auth, { Authorization: 'Bearer not-a-token' }]) {
        const r = await h.send(c.method, urlOf(c.path), c.method === 'GET' ? undefined : {}, headers)
        if (r.http !== 401 || r.data !== '请先登录后台')
          wrong.push(`${c.method} ${c.path}: ${r.http} ${String(r.data)}`)
      }
    expect(wrong).toEqual([])
  })

  it('has no call that edits or deletes the audit log', async () => {
    const calls = await adminCalls()
    expect(calls.filter((c) => c.path.startsWith('/api/admin/audit') && c.method !== 'GET')).toEqual([])
  })
})
