/**
 * The back office's typed caller (src/lib/api/admin-call.ts): its list of route modules names
 * every server file that declares an admin call, so no admin call is left untyped, and a path's
 * braces are filled from `param`, encoded.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { adminUrl } from '../../src/lib/api/admin-call.ts'

const root = join(import.meta.dirname, '../..')
const caller = readFileSync(join(root, 'src/lib/api/admin-call.ts'), 'utf8')

describe('adminCall', () => {
  it('knows every module that declares admin calls', () => {
    const modules = join(root, 'server/modules')
    const declaring = (readdirSync(modules, { recursive: true }) as string[])
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .filter((f) => /=\s*adminRoute\(/.test(readFileSync(join(modules, f), 'utf8')))
      .map((f) => relative(root, join(modules, f)))
    expect(declaring.length).toBeGreaterThan(10)
    const missing = declaring.filter((f) => !caller.includes(`'../../../${f}'`))
    expect(missing).toEqual([])
  })

  it('fills the braces of a path from param, encoded, under /api', () => {
    expect(adminUrl('/admin/orders/{code}/ship', { code: 'A 1/2' })).toBe('/api/admin/orders/A%201%2F2/ship')
    expect(adminUrl('/admin/staff/{id}/roles', { id: 3 })).toBe('/api/admin/staff/3/roles')
    expect(adminUrl('/admin/audit')).toBe('/api/admin/audit')
  })
})
