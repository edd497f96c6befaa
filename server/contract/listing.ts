/**
 * What the article and product listings share on the wire: the filter and sort parameters
 * (storefront §7) and the 0/1 flags of their answers.
 */
import type { MiddlewareHandler } from 'hono'
import { SEARCH_TITLE_MAX } from '../../src/lib/rules/search.ts'
import { type Env, requireUser } from '../http.ts'
import { z } from './index.ts'
import { flag, int, oneOf, str } from './params.ts'

/** 0/1 flags the server sends as numbers. */
export const Flag = z.union([z.literal(0), z.literal(1)])

/** pageOrder names the field, pageSort the direction; no pageOrder is newest first. */
const PAGE_ORDERS = ['price', 'priceMin', 'extMore'] as const
const PAGE_SORTS = ['asc', 'desc'] as const
export const PageOrder = z.enum(PAGE_ORDERS)
export const PageSort = z.enum(PAGE_SORTS)

/**
 * isCreate, createId, classId, tag and title, in the order they are checked (the first bad one
 * is the refusal). Read by catalogWhere (server/db/catalog.ts).
 */
export const catalogQuery = {
  isCreate: flag('1：只看自己发布的（含未上架），需登录'),
  createId: int('发布者编号', { min: 1 }),
  classId: int('分类编号', { min: 1 }),
  tag: str('标签', 20),
  title: str('搜索内容', SEARCH_TITLE_MAX),
}

export const sortQuery = {
  pageOrder: oneOf('排序字段', PAGE_ORDERS),
  pageSort: oneOf('排序方向', PAGE_SORTS),
}

/**
 * isCreate=1 needs a session: refused with 401 before any parameter after it is checked, as the
 * API always answered. `before` holds the parameters checked ahead of isCreate; while one of
 * them is bad, its own refusal comes first.
 */
export const ownItemsNeedLogin = (before?: z.ZodType): MiddlewareHandler<Env> =>
  async function ownItemsNeedLogin(c, next) {
    const wantsOwn = c.req.query('isCreate')?.trim() === '1'
    if (wantsOwn && !c.get('user') && (!before || before.safeParse(c.req.query()).success)) requireUser(c)
    await next()
  }
