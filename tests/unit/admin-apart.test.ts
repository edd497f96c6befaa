/**
 * What lets a partial build bundle the back office's islands as empty components
 * (adminLeftOut, src/lib/build/admin-apart.ts): only admin pages and admin islands import an
 * admin island, and an admin page imports its island's default export only. And what keeps the
 * two graphs apart (adminApart): admin copies of code, never of JSON data.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { adminApart } from '../../src/lib/build/admin-apart.ts'

const src = join(import.meta.dirname, '../../src')
const files = (readdirSync(src, { recursive: true }) as string[])
  .filter((f) => /\.(astro|ts|tsx)$/.test(f))
  .map((f) => ({ f, text: readFileSync(join(src, f), 'utf8') }))
/** The import statements of a file that name an admin island. */
const adminImports = (text: string) =>
  [...text.matchAll(/import\s+([^'"]*?)\s*from\s*['"]([^'"]*islands\/admin\/[^'"]*)['"]/g)].map((m) => ({
    what: m[1] ?? '',
    from: m[2] ?? '',
  }))

describe('the back office islands, seen from the rest of the site', () => {
  it('are imported by admin pages and admin islands only', () => {
    const others = files
      .filter(({ f }) => !f.startsWith('islands/admin/') && !f.startsWith('pages/admin/'))
      .filter(
        ({ text }) => adminImports(text).length > 0 || /import\(\s*['"][^'"]*islands\/admin\//.test(text),
      )
      .map(({ f }) => f)
    expect(others).toEqual([])
  })

  it('are imported by an admin page as its default export, nothing else', () => {
    const imports = files
      .filter(({ f }) => f.startsWith('pages/admin/'))
      .flatMap(({ f, text }) => adminImports(text).map((i) => ({ ...i, f })))
    expect(imports.length).toBeGreaterThan(10)
    for (const i of imports) expect(i.what, `${i.f}: ${i.from}`).toMatch(/^[A-Z]\w*$/)
  })
})

describe('adminApart, the copies an admin island gets of what it imports', () => {
  const resolveFrom = async (target: string) => {
    const plugin = adminApart()
    const hook = plugin.resolveId as (
      this: unknown,
      source: string,
      importer: string,
      options: object,
    ) => Promise<{ id: string } | null>
    const ctx = { environment: { name: 'client' }, resolve: async () => ({ id: target }) }
    return (await hook.call(ctx, 'x', '/repo/src/islands/admin/selling/parts.tsx', {}))?.id
  }

  it('copies code, so the public chunks stay as they were', async () => {
    expect(await resolveFrom('/repo/src/lib/toast.ts')).toBe('/repo/src/lib/toast.ts?admin')
  })

  it('leaves JSON data alone: a copy named pca.json?admin was bundled as script, an empty chunk', async () => {
    expect(await resolveFrom('/repo/src/lib/regions/pca.json')).toBe('/repo/src/lib/regions/pca.json')
  })
})
