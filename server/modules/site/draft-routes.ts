/**
 * The draft calls of one kind of drafted content (issue 21: banners, FAQ entries, rich texts),
 * declared once: the item with its draft (the preview's call), a new item that starts as a draft,
 * saving, publishing and discarding the draft. Every kind answers the same way under its own path
 * (`/admin/banners/{id}/draft`…), so the back office's one draft editor and the preview page
 * work with all of them; drafts.ts holds what their services share.
 */
import type { z } from '@hono/zod-openapi'
import { actorOf, adminRoute } from '../../admin/admin-route.ts'
import type { Actor } from '../../admin/audit.ts'
import { answers, jsonBody, ok, router } from '../../contract/index.ts'
import type { Ctx, Deps } from '../../http.ts'

type Params = z.ZodObject
type Base = `/admin/${string}`

/** What differs between the kinds: where they live, what they are called, what they take and answer. */
export interface DraftKind<
  B extends Base,
  Q extends '{id}' | '{key}',
  P extends Params,
  DP extends Params,
  A extends z.ZodType,
  E extends z.ZodType,
  N extends z.ZodType | undefined,
> {
  /** '/admin/banners' */
  base: B
  /** The path's parameter: '{id}' or '{key}'. */
  param: Q
  /** The item's name in the summaries: 广告图. */
  noun: string
  /** Its preview's summary starts with one of it: 一张广告图. */
  one: string
  /** The parameters of the preview's call, and of the draft writes (the texts allow fewer keys). */
  params: P
  draftParams?: DP
  answer: A
  edit: E
  /** The body of a new item that starts as a draft; none: every item exists already (the texts). */
  create?: N
  /** Whether an unknown item is a 404 (a banner, an FAQ entry) or just empty (a text). */
  notFound: boolean
  /** Summaries that say more than the common ones. */
  summaries?: Partial<Record<'save' | 'publish' | 'discard', string>>
}

/**
 * draftRoutes({ base: '/admin/faq', param: '{id}', noun: '常见问题', … }) → { get, create, save,
 * publish, discard }: the five calls of one kind, each with permission content.write.
 */
export function draftRoutes<
  // The literal base and parameter keep each call's path literal, so the admin client is typed from it.
  const B extends Base,
  const Q extends '{id}' | '{key}',
  P extends Params,
  DP extends Params = P,
  A extends z.ZodType = z.ZodType,
  E extends z.ZodType = z.ZodType,
  N extends z.ZodType | undefined = undefined,
>(k: DraftKind<B, Q, P, DP, A, E, N>) {
  const one = `${k.base}/${k.param}` as `${B}/${Q}` & Base
  const drafts = (k.draftParams ?? k.params) as DP
  const missing = k.notFound ? [404] : []
  const s = k.summaries ?? {}
  return {
    get: adminRoute('get', one, 'content.write', {
      summary: `${k.one}及其草稿（草稿预览页用）`,
      request: { params: k.params },
      responses: answers(k.answer, [401, ...missing]),
    }),
    create: k.create
      ? adminRoute('post', `${k.base}/drafts` as `${B}/drafts` & Base, 'content.write', {
          summary: `新增${k.noun}的草稿：发布前不展示，站点不变`,
          request: { body: jsonBody(k.create) },
          responses: answers(k.answer, [401]),
        })
      : undefined,
    save: adminRoute('put', `${one}/draft` as `${B}/${Q}/draft` & Base, 'content.write', {
      summary: s.save ?? `保存${k.noun}草稿（给出的字段覆盖现有草稿或线上内容）；站点不变`,
      request: { params: drafts, body: jsonBody(k.edit) },
      responses: answers(k.answer, [401, ...missing]),
    }),
    publish: adminRoute('post', `${one}/publish` as `${B}/${Q}/publish` & Base, 'content.write', {
      summary: s.publish ?? `发布${k.noun}草稿：草稿成为线上内容并清除；站点随后重建。没有草稿时 409`,
      request: { params: drafts },
      responses: answers(k.answer, [401, ...missing, 409]),
    }),
    discard: adminRoute('delete', `${one}/draft` as `${B}/${Q}/draft` & Base, 'content.write', {
      summary: s.discard ?? `放弃${k.noun}草稿；线上内容不变。没有草稿时 409`,
      request: { params: drafts },
      responses: answers(k.answer, [401, ...missing, 409]),
    }),
  }
}

type Key = number | string
/** The service functions behind one kind's draft calls; `key` is the item's id or a text's key. */
export interface DraftService<K extends Key, Body, New = never> {
  get(deps: Deps, key: K): Promise<unknown>
  create?(deps: Deps, actor: Actor, body: New, now: Date): Promise<unknown>
  save(deps: Deps, actor: Actor, key: K, body: Body, now: Date): Promise<unknown>
  publish(deps: Deps, actor: Actor, key: K, now: Date): Promise<unknown>
  discard(deps: Deps, actor: Actor, key: K, now: Date): Promise<unknown>
}

/**
 * The handlers of one kind's draft calls, as a router to mount beside the kind's other calls.
 * The routes' schemas have checked the request; the handlers only pass it on.
 */
export function draftHandlers<K extends Key, Body, New>(
  routes: ReturnType<typeof draftRoutes>,
  svc: DraftService<K, Body, New>,
) {
  // The routes come from a generic factory, so the typed c.req.valid() of a single route is not
  // available here: the key is the one path parameter, the body the validated JSON.
  const keyOf = (c: Ctx) => Object.values((c.req as Validated).valid('param'))[0] as K
  const bodyOf = <T>(c: Ctx) => (c.req as Validated).valid('json') as T
  const write = (c: Ctx) => ({ deps: c.get('deps'), actor: actorOf(c), now: c.get('deps').now() })
  const app = router()
  app.openapi(routes.get, (async (c: Ctx) => ok(c, await svc.get(c.get('deps'), keyOf(c)))) as never)
  if (routes.create && svc.create) {
    const create = svc.create
    app.openapi(routes.create, (async (c: Ctx) => {
      const { deps, actor, now } = write(c)
      return ok(c, await create(deps, actor, bodyOf<New>(c), now))
    }) as never)
  }
  app.openapi(routes.save, (async (c: Ctx) => {
    const { deps, actor, now } = write(c)
    return ok(c, await svc.save(deps, actor, keyOf(c), bodyOf<Body>(c), now))
  }) as never)
  app.openapi(routes.publish, (async (c: Ctx) => {
    const { deps, actor, now } = write(c)
    return ok(c, await svc.publish(deps, actor, keyOf(c), now))
  }) as never)
  app.openapi(routes.discard, (async (c: Ctx) => {
    const { deps, actor, now } = write(c)
    return ok(c, await svc.discard(deps, actor, keyOf(c), now))
  }) as never)
  return app
}

type Validated = { valid(target: 'param'): Record<string, unknown>; valid(target: 'json'): unknown }
