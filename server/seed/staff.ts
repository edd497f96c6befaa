/** The demo staff of the back office (issue 20): one account per role, DEMO_PASSWORD, no second factor. */

import type { Role } from '../../src/lib/permissions.ts'
import { OPS_ACTOR } from '../admin/audit.ts'
import type { Db } from '../db/index.ts'
import { addStaff } from '../modules/staff/staff.service.ts'
import { DEMO_PASSWORD } from './users.ts'

export const DEMO_STAFF: readonly {
  username: Role
  role: string
  password: string
  name: string
  phone: string
}[] = [
  { username: 'admin', role: '管理员', password: DEMO_PASSWORD, name: '张敏', phone: '13900000001' },
  { username: 'operator', role: '运营', password: DEMO_PASSWORD, name: '李强', phone: '13900000002' },
  { username: 'finance', role: '财务', password: DEMO_PASSWORD, name: '王芳', phone: '13900000003' },
  { username: 'marketing', role: '市场', password: DEMO_PASSWORD, name: '陈静', phone: '13900000004' },
]

/** Adds the demo staff through the same service as `ops staff add` (so the audit log shows them). */
export async function seedStaff(db: Db, now: Date): Promise<number> {
  for (const s of DEMO_STAFF)
    await addStaff(
      db,
      OPS_ACTOR,
      { username: s.username, roles: [s.username], password: s.password, name: s.name, phone: s.phone },
      now,
    )
  return DEMO_STAFF.length
}

/** Whether the demo staff exist (to list them at start). */
export async function hasDemoStaff(db: Db): Promise<boolean> {
  return (
    (await db.selectFrom('staff').select('id').where('username', '=', 'admin').executeTakeFirst()) !==
    undefined
  )
}
