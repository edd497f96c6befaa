/**
 * The contract: every call of /api is declared once with zod schemas for its request and its
 * answer (a module's `*.routes.ts`). From the same declarations the server validates input,
 * /api/doc serves OpenAPI 3.1, the API tests check every answer, and src/lib/api derives the
 * client's wire types with z.infer.
 */
import { createRoute, OpenAPIHono, type RouteConfig, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import type { Env } from '../http.ts'

export { createRoute, z } from '@hono/zod-openapi'

/** What a call declares besides where it answers: summary, middleware, request, responses. */
export type CallConfig = Omit<RouteConfig, 'method' | 'path' | 'tags'>

/**
 * A call of the API, its method and path first as the specs' tables list them:
 * apiRoute('get', '/Article/GetArticles', ['内容'], { summary, request, responses }).
 * The literal method and path stay in the type, so src/lib/api derives each call's client from it.
 */
export const apiRoute = <
  const M extends RouteConfig['method'],
  const P extends string,
  const C extends CallConfig,
>(
  method: M,
  path: P,
  tags: string[],
  config: C,
) => createRoute({ ...config, method, path, tags })

/** The envelope of a refusal: the HTTP status again and the Chinese message (README, API). */
export const Refusal = z
  .object({ status: z.number().int(), data: z.string() })
  .openapi('Refusal', { description: '拒绝：data 是给用户看的中文提示' })

/** The envelope of a success: { status: 200, data }. */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ status: z.literal(200), data })

const REFUSAL_TEXT: Record<number, string> = {
  400: '输入不正确',
  401: '未登录或登录已过期',
  403: '签名缺失、无效或过期',
  404: '不存在',
  413: '内容过大',
  429: '过于频繁',
}

/**
 * The responses of a call: 200 with `data` in the envelope, and the refusals it may answer.
 * answers(User, [401, 404]) → { 200: …, 400: …, 401: …, 403: …, 404: … }; 400 and 403 always.
 */
export function answers<T extends z.ZodType>(data: T, refusals: readonly number[] = []) {
  const json = <S extends z.ZodType>(schema: S) => ({ 'application/json': { schema } })
  const refused = Object.fromEntries(
    [...new Set([400, 403, ...refusals])].map((s) => [
      s,
      { description: REFUSAL_TEXT[s] ?? '拒绝', content: json(Refusal) },
    ]),
  )
  return { 200: { description: '成功', content: json(envelope(data)) }, ...refused } as {
    200: { description: string; content: { 'application/json': { schema: ReturnType<typeof envelope<T>> } } }
  }
}

/** A JSON request body for createRoute's `request.body`. */
export const jsonBody = <S extends z.ZodType>(schema: S) => ({
  required: true,
  content: { 'application/json': { schema } },
})

/**
 * A multipart body of one file under the field `file`, as the staff upload calls take it (the
 * handler streams it, so zod never reads it): fileBody('图片').
 */
export const fileBody = (description: string) => ({
  required: true,
  content: {
    'multipart/form-data': {
      schema: {
        type: 'object' as const,
        properties: { file: { type: 'string' as const, format: 'binary', description } },
        required: ['file'],
      },
    },
  },
})

/** A paged answer (README, API: paging): pageTotal is the number of items, pageIndex 0-based. */
export const pagedOf = <T extends z.ZodType>(item: T) =>
  z.object({
    pageData: z.array(item),
    pageSize: z.number().int(),
    pageIndex: z.number().int(),
    pageTotal: z.number().int().openapi({ description: '条目总数（不是页数）' }),
  })

/** A router of one domain. A request that fails its schema is refused with the first message. */
export const router = () =>
  new OpenAPIHono<Env>({
    defaultHook: (result, c) => {
      if (!result.success) {
        const issue = result.error.issues[0]
        const message =
          issue?.code === 'custom' || /[\u4e00-\u9fff]/.test(issue?.message ?? '')
            ? (issue?.message ?? BAD_INPUT)
            : BAD_INPUT
        return c.json({ status: 400, data: message }, 400)
      }
    },
  })

export const BAD_INPUT = '请求内容格式不正确'

/** The answer of a successful call: ok(c, data) → { status: 200, data }. */
export const ok = <C extends Context, const T>(c: C, data: T) => c.json({ status: 200 as const, data }, 200)
