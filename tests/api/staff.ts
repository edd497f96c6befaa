/**
 * Signing staff in from API tests (issue 20). The demo staff admin, operator, finance and
 * marketing (password demo1234, no second factor) exist in every test database.
 *   const op = await staffSignIn(h, 'operator')
 *   const r = await h.post(`/api/admin/orders/${code}/ship`, {}, op.auth)
 */
import { randomInt } from 'node:crypto'
import { expect } from 'vitest'
import { OPS_ACTOR } from '../../server/admin/audit.ts'
import type { AuditRow, StaffSession } from '../../server/modules/staff/staff.routes.ts'
import { addStaff } from '../../server/modules/staff/staff.service.ts'
import type { Role } from '../../src/lib/permissions.ts'
import type { Harness } from './harness.ts'
import { bearer, someIp } from './session.ts'

export const STAFF_PASSWORD = 'demo1234'

/** Signs a staff member in (from an IP of its own, so no test shares a limit): their token and headers. */
export async function staffSignIn(h: Harness, username: string, password = STAFF_PASSWORD, totp?: string) {
  const r = await h.post<StaffSession>(
    '/api/admin/session',
    { username, password, ...(totp ? { totp } : {}) },
    { 'x-forwarded-for': someIp() },
  )
  expect([r.http, r.data]).toMatchObject([200, { staff: { username } }])
  return { ...r.data.staff, token: r.data.token, auth: bearer(r.data.token) }
}

/** A username no other test uses: test files share one database per run. */
export const uniqueUsername = (prefix = 'staff') => `${prefix}${randomInt(0, 1_000_000_000)}`

/** A new staff account with `roles` and a password already chosen (no first-login change). */
export async function newStaff(h: Harness, roles: Role[], password = 'secret123') {
  const username = uniqueUsername(roles[0])
  await addStaff(h.db, OPS_ACTOR, { username, roles, password }, h.now())
  return { password, ...(await staffSignIn(h, username, password)) }
}

/** The audit rows of a target, newest first, as an admin reads them. */
export async function auditOf(h: Harness, target: string): Promise<AuditRow[]> {
  const admin = await staffSignIn(h, 'admin')
  const r = await h.get<{ pageData: AuditRow[] }>('/api/admin/audit', { target, pageSize: 100 }, admin.auth)
  expect(r.http).toBe(200)
  return r.data.pageData
}
