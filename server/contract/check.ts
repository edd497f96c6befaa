import type { OpenAPIHono } from '@hono/zod-openapi'
import type { z } from 'zod'
import type { Env } from '../http.ts'

type Schemas = Map<string, Record<number, z.ZodType>>

/** "GET /api/Users/GetUsers" → the answer schema of each status the call declares. */
export function answerSchemas(app: OpenAPIHono<Env>): Schemas {
  const out: Schemas = new Map()
  for (const d of app.openAPIRegistry.definitions) {
    if (d.type !== 'route') continue
    const byStatus: Record<number, z.ZodType> = {}
    for (const [status, r] of Object.entries(d.route.responses)) {
      const schema = (r as { content?: Record<string, { schema?: unknown }> }).content?.['application/json']
        ?.schema
      if (schema) byStatus[Number(status)] = schema as z.ZodType
    }
    out.set(`${d.route.method.toUpperCase()} ${d.route.path}`, byStatus)
  }
  return out
}

/**
 * Holds an answer against the contract: null when it conforms, else what broke, with the
 * field's path. An undeclared status of a declared call is a breach too.
 */
export function breach(schemas: Schemas, method: string, path: string, http: number, body: unknown) {
  const call = schemas.get(`${method.toUpperCase()} ${path}`)
  if (!call) return null
  const schema = call[http]
  if (!schema) return `${method} ${path}: HTTP ${http} is not a declared answer`
  const r = schema.safeParse(body)
  if (r.success) return null
  return `${method} ${path}: ${r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`
}
