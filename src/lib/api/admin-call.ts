/**
 * The back office's calls, typed from the server's own declarations (DESIGN: the contract is the
 * one source of the wire types). A call is named by its method and path exactly as its route
 * declares them, adminCall('post', '/admin/orders/{code}/ship'); from that route come the path
 * parameters, the query, the JSON body and the answer (the `data` of its 200 envelope). A path,
 * field or answer the server does not declare fails tsc. The imports are type-only: no schema,
 * zod or hono reaches the browser. Every call goes through adminHttp() (sign, staff session,
 * error toasts).
 */
import type { z } from 'zod'
import type * as customers from '../../../server/modules/accounts/customers.routes.ts'
import type * as catalog from '../../../server/modules/catalog/catalog.admin-routes.ts'
import type * as bulkListing from '../../../server/modules/catalog/catalog.bulk.admin-routes.ts'
import type * as catalogue from '../../../server/modules/catalog/catalogue.admin-routes.ts'
import type * as comments from '../../../server/modules/comments/comments.routes.ts'
import type * as dashboard from '../../../server/modules/dashboard/dashboard.routes.ts'
import type * as groups from '../../../server/modules/groups/groups.admin-routes.ts'
import type * as drafts from '../../../server/modules/order-desk/draft-orders.admin-routes.ts'
import type * as orders from '../../../server/modules/order-desk/orders.admin-routes.ts'
import type * as customerOrders from '../../../server/modules/orders/customer-orders.admin.ts'
import type * as owned from '../../../server/modules/owned/owned.admin.ts'
import type * as promotions from '../../../server/modules/promotions/promotions.admin-routes.ts'
import type * as shipping from '../../../server/modules/promotions/promotions.routes.ts'
import type * as publishing from '../../../server/modules/publishing/publishing.routes.ts'
import type * as reviews from '../../../server/modules/reviews/reviews.routes.ts'
import type * as banners from '../../../server/modules/site/banners.admin-routes.ts'
import type * as content from '../../../server/modules/site/content.admin-routes.ts'
import type * as site from '../../../server/modules/site/site.routes.ts'
import type * as staff from '../../../server/modules/staff/staff.routes.ts'
import type * as wallet from '../../../server/modules/wallet/wallet.admin.ts'
import { adminHttp, renewingSession } from './admin-http.ts'
import type { CallOptions, QueryParams } from './http.ts'

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete'
/** The routes a module exports (it exports schemas and helpers too). */
type RouteLike = { method: Method; path: string }
/** Those exported one level down too: a group of calls made by one factory (draftRoutes, offerCalls). */
type Grouped<M> = {
  [K in keyof M]: M[K] extends RouteLike ? never : M[K] extends object ? M[K][keyof M[K]] : never
}[keyof M]
type RoutesOf<M> = M extends unknown ? Extract<M[keyof M] | Grouped<M>, RouteLike> : never

/**
 * Every route the back office calls: the admin calls of each module (adminRoute), and the public
 * dictionaries its forms offer (site, shipping templates).
 */
type Route = RoutesOf<
  | typeof customers
  | typeof catalog
  | typeof bulkListing
  | typeof catalogue
  | typeof comments
  | typeof dashboard
  | typeof customerOrders
  | typeof groups
  | typeof orders
  | typeof drafts
  | typeof owned
  | typeof promotions
  | typeof shipping
  | typeof publishing
  | typeof reviews
  | typeof banners
  | typeof content
  | typeof site
  | typeof staff
  | typeof wallet
>

/** The route declared with this method and path. */
export type RouteAt<M extends Method, P extends string> = Extract<Route, { method: M; path: P }>
/** The paths declared for a method. */
export type PathOf<M extends Method> = Extract<Route, { method: M }>['path']

/** The names in a path's braces: '/admin/orders/{code}/ship' → 'code'. */
type ParamNames<P> = P extends `${string}{${infer N}}${infer Rest}` ? N | ParamNames<Rest> : never
type PathParams<R> = R extends { path: infer P } ? ParamNames<P> : never

type JsonSchema<R> = R extends {
  request: { body: { content: { 'application/json': { schema: infer S extends z.ZodType } } } }
}
  ? S
  : never
type QuerySchema<R> = R extends { request: { query: infer S extends z.ZodType } } ? S : never

/** A body object with no field beyond those of Shape (a field the route does not read is a mistake). */
type Exact<J, Shape> = J & { [K in Exclude<keyof J, keyof Shape>]: never }

/** What a call of route R takes: `param` for the path's braces, `query`, and the JSON body J as `json`. */
export type CallInput<R, J = Body<R>> = ([PathParams<R>] extends [never]
  ? { param?: never }
  : { param: Record<PathParams<R>, string | number> }) &
  ([QuerySchema<R>] extends [never]
    ? { query?: never }
    : { query?: { [K in keyof z.input<QuerySchema<R>>]?: QueryParams[string] } }) &
  ([JsonSchema<R>] extends [never] ? { json?: never } : { json: Exact<J, Body<R>> })

/**
 * The JSON body route R reads, as the client sends it (before the server's transforms). A body a
 * rule of src/lib/rules checks (ruleBody: a loose object piped into the rule) names its fields
 * and leaves their values to the rule.
 */
export type Body<R> =
  JsonSchema<R> extends z.ZodPipe<z.ZodObject<infer Shape>, z.ZodType>
    ? { [K in keyof Shape]?: unknown }
    : z.input<JsonSchema<R>>

/** The answer of route R: the `data` of its 200 envelope. */
export type Answer<R> = R extends {
  responses: { 200: { content: { 'application/json': { schema: infer S extends z.ZodType } } } }
}
  ? z.output<S> extends { data: infer D }
    ? D
    : never
  : never

/** The answer of the route at this method and path: AdminAnswer<'get', '/admin/site/build-status'>. */
export type AdminAnswer<M extends Method, P extends PathOf<M>> = Answer<RouteAt<M, P>>
/** The JSON body of the route at this method and path. */
export type AdminBody<M extends Method, P extends PathOf<M>> = Body<RouteAt<M, P>>

/** The input is optional when nothing in it is required. */
type Args<R, J> =
  Partial<CallInput<R>> extends CallInput<R>
    ? [input?: CallInput<R, J>, opts?: CallOptions]
    : [input: CallInput<R, J>, opts?: CallOptions]

/** The URL of a route's path with its braces filled: adminUrl('/admin/orders/{code}', { code }). */
export const adminUrl = (path: string, param: Record<string, string | number> = {}) =>
  `/api${path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(param[name])))}`

/**
 * The caller of one route: adminCall('post', '/admin/orders/{code}/ship')({ param: { code },
 * json: { courier } }) resolves to the order the route answers.
 */
export function adminCall<const M extends Method, const P extends PathOf<M>>(method: M, path: P) {
  return async <J extends Body<RouteAt<M, P>>>(
    ...[input, opts]: Args<RouteAt<M, P>, J>
  ): Promise<Answer<RouteAt<M, P>>> => {
    const { param, query, json } = (input ?? {}) as {
      param?: Record<string, string | number>
      query?: object
      json?: unknown
    }
    const url = adminUrl(path, param)
    const send = async (): Promise<Answer<RouteAt<M, P>>> => {
      if (method === 'get') return adminHttp().get(url, query as QueryParams, opts)
      // A route without a body is sent none; `silent` is read by http.ts's hooks (hence the cast).
      const answer = await adminHttp().fetch<{ data: Answer<RouteAt<M, P>> }>(url, {
        method: method.toUpperCase(),
        ...(json === undefined ? {} : { body: json as Record<string, unknown> }),
        ...opts,
      } as object)
      // A GET answers the envelope's data already (http.ts); any other method the whole envelope.
      return answer.data
    }
    // The sign-in's own 401 is a wrong password, not an expired session.
    return path === '/admin/session' ? send() : renewingSession(send)
  }
}

/** The routes that take a file (multipart under `file`) and answer where it was stored. */
type UploadPath = Extract<
  Route,
  { method: 'post'; request: { body: { content: { 'multipart/form-data': unknown } } } }
>['path']

/** An upload to route `path`: the file under the field `file`; resolves to its stored path. */
export const adminUpload =
  (path: UploadPath) =>
  async (file: Blob, name: string, signal?: AbortSignal): Promise<string> => {
    const form = new FormData()
    form.append('file', file, name)
    const r = await renewingSession(() =>
      adminHttp().fetch<{ data: { path: string } }>(adminUrl(path), { method: 'POST', body: form, signal }),
    )
    return r.data.path
  }

/** A GET route that answers a file (the CSV export, a scan): the file as a Blob, on the staff session. */
export const adminDownload =
  <const P extends PathOf<'get'>>(path: P) =>
  (input: CallInput<RouteAt<'get', P>>, opts?: CallOptions): Promise<Blob> =>
    renewingSession(() => adminHttp().download(adminUrl(path, input.param), input.query as QueryParams, opts))
