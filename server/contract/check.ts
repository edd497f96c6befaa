import type { OpenAPIHono } from '@hono/zod-openapi'
import type { z } from 'zod'
import type { Env } from '../http.ts'

type Schemas = Map<string, Record<number, z.ZodType>>

/**
 * "GET /api/Users/GetUsers" → the answer schema of each status the call declares; calls with a
 * tag of `withoutTags` are left out (the conformance runner leaves out the back office's 'admin').
 */
export function answerSchemas(app: OpenAPIHono<Env>, withoutTags: readonly string[] = []): Schemas {
  const out: Schemas = new Map()
  for (const d of app.openAPIRegistry.definitions) {
    if (d.type !== 'route') continue
    if (d.route.tags?.some((t) => withoutTags.includes(t))) continue
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

/** One way an answer breaks its schema: the field's path ('data.pageData.0.price'), why, and what was there. */
export interface SchemaIssue {
  path: string
  message: string
  value: unknown
}

type ZodIssue = z.core.$ZodIssue

const valueAt = (body: unknown, path: readonly PropertyKey[]) =>
  path.reduce<unknown>(
    (v, k) => (v !== null && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[k] : undefined),
    body,
  )

/**
 * A union's issue names only the union; the branch the answer came closest to (fewest issues)
 * names the field that broke, which is what a person fixing the answer needs.
 */
function flatten(
  issue: ZodIssue,
  prefix: readonly PropertyKey[],
): { path: PropertyKey[]; message: string }[] {
  const path = [...prefix, ...issue.path]
  if (issue.code === 'invalid_union' && issue.errors.length) {
    const closest = issue.errors.reduce((a, b) => (b.length < a.length ? b : a))
    if (closest.length) return closest.flatMap((i) => flatten(i, path))
  }
  return [{ path, message: issue.message }]
}

/** schemaIssues(Refusal, { status: 400 }) → [{ path: 'data', message: 'Invalid input: …', value: undefined }] */
export function schemaIssues(schema: z.ZodType, body: unknown): SchemaIssue[] {
  const r = schema.safeParse(body)
  if (r.success) return []
  return r.error.issues
    .flatMap((i) => flatten(i, []))
    .map(({ path, message }) => ({ path: path.join('.'), message, value: valueAt(body, path) }))
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
  const issues = schemaIssues(schema, body)
  return issues.length
    ? `${method} ${path}: ${issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`
    : null
}
