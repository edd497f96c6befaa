import { Validator } from '@seriousme/openapi-schema-validator'
import { describe, expect, it } from 'vitest'
import { createApi, DOC_PATH } from '../../server/app.ts'
import { defaultConfig } from '../../server/config.ts'

/** The API without a database: enough to list its routes and make its document. */
const app = createApi({ db: {} as never, config: defaultConfig(), now: () => new Date() })

async function doc() {
  const res = await app.request(DOC_PATH)
  expect(res.status).toBe(200)
  return (await res.json()) as { openapi: string; paths: Record<string, Record<string, unknown>> }
}

describe('the contract (/api/doc)', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const d = await doc()
    expect(d.openapi).toBe('3.1.0')
    const result = await new Validator().validate(d as never)
    expect(result.errors ?? []).toEqual([])
    expect(result.valid).toBe(true)
  })

  it('declares every call the API answers, with an answer schema', async () => {
    const d = await doc()
    const routes = app.routes
      .filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/') && !r.path.endsWith('*'))
      .filter((r) => r.path !== DOC_PATH && !r.path.startsWith('/api/reference'))
      // A route handler of a call registers once; middleware registrations repeat the path.
      // Hono's :param is OpenAPI's {param} (the admin calls have path parameters).
      .map((r) => `${r.method} ${r.path.replace(/:(\w+)/g, '{$1}')}`)
    const calls = [...new Set(routes)]
    expect(calls.length).toBeGreaterThan(3)
    const undeclared = calls.filter((call) => {
      const [method, path] = call.split(' ') as [string, string]
      const op = d.paths[path]?.[method.toLowerCase()] as
        | { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> }
        | undefined
      // JSON, or a file answer (Upload/GetPrivateFile) declared as binary.
      return !Object.values(op?.responses?.['200']?.content ?? {}).some((c) => c.schema)
    })
    expect(undeclared).toEqual([])
  })
})
