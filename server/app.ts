import { OpenAPIHono } from '@hono/zod-openapi'
import { bodyLimit } from 'hono/body-limit'
import { cors } from 'hono/cors'
import { HTTPException } from 'hono/http-exception'
import { admission } from './admission.ts'
import { BAD_INPUT } from './contract/index.ts'
import { reference } from './contract/reference.ts'
import { compressAnswers } from './delivery.ts'
import { ApiError, type Deps, type Env } from './http.ts'
import { accounts } from './modules/accounts/accounts.index.ts'
import { customersAdmin } from './modules/accounts/customers.admin.ts'
import { userFromHeader } from './modules/accounts/sessions.ts'
import { catalogAdmin } from './modules/catalog/catalog.admin.ts'
import { catalogBulkAdmin } from './modules/catalog/catalog.bulk.admin.ts'
import { catalog } from './modules/catalog/catalog.index.ts'
import { catalogueAdmin } from './modules/catalog/catalogue.admin.ts'
import { stockAlerts } from './modules/catalog/stock-alerts.index.ts'
import { commentsAdmin } from './modules/comments/comments.admin.ts'
import { comments } from './modules/comments/comments.index.ts'
import { content } from './modules/content/content.index.ts'
import { dashboardAdmin } from './modules/dashboard/dashboard.admin.ts'
import { favourites } from './modules/favourites/favourites.index.ts'
import { fulfilment } from './modules/fulfilment/fulfilment.index.ts'
import { groupsAdmin } from './modules/groups/groups.admin.ts'
import { groupPricesApi } from './modules/groups/groups.index.ts'
import { draftOrdersAdmin } from './modules/order-desk/draft-orders.admin.ts'
import { ordersAdmin } from './modules/order-desk/orders.admin.ts'
import { afterSales } from './modules/orders/after-sales.index.ts'
import { customerOrdersAdmin } from './modules/orders/customer-orders.admin.ts'
import { orders } from './modules/orders/orders.index.ts'
import { ownedAdmin } from './modules/owned/owned.admin.ts'
import { owned } from './modules/owned/owned.index.ts'
import { payments } from './modules/payments/payments.index.ts'
import { promotionsAdmin } from './modules/promotions/promotions.admin.ts'
import { promotions } from './modules/promotions/promotions.index.ts'
import { publishingAdmin } from './modules/publishing/publishing.admin.ts'
import { publishing } from './modules/publishing/publishing.index.ts'
import { reviewsAdmin } from './modules/reviews/reviews.admin.ts'
import { reviews } from './modules/reviews/reviews.index.ts'
import { siteAdmin } from './modules/site/site.admin.ts'
import { site } from './modules/site/site.index.ts'
import { staffAdmin, staffSession } from './modules/staff/staff.admin.ts'
import { RESUMABLE_PART_PATH, resumable } from './modules/uploads/resumable.index.ts'
import { UPLOAD_PATH, uploads } from './modules/uploads/uploads.index.ts'
import { walletAdmin } from './modules/wallet/wallet.admin.ts'
import { wallet } from './modules/wallet/wallet.index.ts'
import { readCache } from './read-cache.ts'
import { signJudge } from './sign-check.ts'

const SIGN_REFUSALS = {
  missing: '请求缺少签名，请刷新页面后重试',
  invalid: '请求签名无效，请刷新页面后重试',
  expired: '请求签名已过期，请校准本机时间后重试',
} as const

/** Every domain's calls, in one list: the API and its OpenAPI document are made from it. */
export const modules = [
  site,
  accounts,
  orders,
  afterSales,
  fulfilment,
  payments,
  wallet,
  catalog,
  stockAlerts,
  content,
  comments,
  reviews,
  favourites,
  owned,
  uploads,
  resumable,
  publishing,
  promotions,
  groupPricesApi,
  // The back office: calls under /api/admin/, tagged admin (server/admin/admin-route.ts).
  staffAdmin,
  dashboardAdmin,
  siteAdmin,
  customersAdmin,
  customerOrdersAdmin,
  walletAdmin,
  ownedAdmin,
  ordersAdmin,
  draftOrdersAdmin,
  publishingAdmin,
  commentsAdmin,
  reviewsAdmin,
  catalogAdmin,
  catalogBulkAdmin,
  catalogueAdmin,
  promotionsAdmin,
  groupsAdmin,
] as const

export const DOC_PATH = '/api/doc'
const REFERENCE_PATH = '/api/reference'
const isPublicDoc = (path: string) => path === DOC_PATH || path.startsWith(REFERENCE_PATH)

/** The API as a Hono app; `deps` carries the database, clock and configuration. */
export function createApi(deps: Deps) {
  const app = new OpenAPIHono<Env>()

  app.onError((err, c) => {
    if (err instanceof ApiError) return c.json({ status: err.status, data: err.message }, err.status as 400)
    // Malformed JSON bodies and the like are the client's fault, not a server failure.
    if (err instanceof SyntaxError || (err instanceof HTTPException && err.status < 500))
      return c.json({ status: 400, data: BAD_INPUT }, 400)
    console.error(`[api] ${c.req.method} ${c.req.path}`, err)
    return c.json({ status: 500, data: '服务器处理异常' }, 500)
  })
  app.notFound((c) => c.json({ status: 404, data: '接口不存在' }, 404))

  // Outermost, so it sees every answer as sent: JSON of 1 KB or more goes out br/gzip (server/delivery.ts).
  app.use('/api/*', compressAnswers(1024))

  // The site may be served from another origin (a CDN) than the API (accounts §7).
  // Only the site's own origin and those configured (CORS_ORIGINS) may read answers across sites;
  // echoing any Origin would let every web page use a visitor's session (issue 13).
  // Read on the first request, like the sign secret below: the contract is made without deps.
  let origins: Set<string> | undefined
  const allowed = (o: string) => {
    origins ??= new Set(deps.config.corsOrigins)
    return origins.has(o)
  }
  const preflight = cors({
    origin: (o) => (allowed(o) ? o : null),
    allowHeaders: ['Authorization', 'Content-Type', 'sign', 'pcv', 'origins', 'platform'],
    maxAge: 600,
  })
  app.use('/api/*', (c, next) => {
    if (c.req.method === 'OPTIONS') return preflight(c, next)
    // The same headers hono's cors gives, set before the answer: its Vary, added after, makes
    // Hono rebuild every answer as a stream (a fifth of a small read's time, issue 12).
    const origin = c.req.header('origin')
    if (origin && allowed(origin)) c.header('Access-Control-Allow-Origin', origin)
    c.header('Vary', 'Origin')
    return next()
  })

  // Forms are small; only the upload call (with its own 20 MB limit) and the resumable part call
  // (each part at most its part size, resumable.ts) take more, streamed.
  const formLimit = bodyLimit({
    maxSize: 1024 * 1024,
    onError: (c) => c.json({ status: 413, data: '请求内容过大' }, 413),
  })
  // A GET has no body to limit, and asking for one makes the node adapter build a full Request.
  app.use('/api/*', (c, next) =>
    c.req.path === UPLOAD_PATH ||
    c.req.path === RESUMABLE_PART_PATH ||
    c.req.method === 'GET' ||
    c.req.method === 'HEAD'
      ? next()
      : formLimit(c, next),
  )

  // The contract is public: readable without a sign, like the pages that document it.
  app.doc31(DOC_PATH, {
    openapi: '3.1.0',
    info: {
      title: '口腔医疗器械门户 API',
      version: '1.0.0',
      description:
        '每个调用回答 {status, data}；拒绝时 data 是中文提示。除本文档外的每个请求都需要 sign 请求头（见 README 的 API 一节）。',
    },
    servers: [{ url: '/' }],
  })
  app.route('/', reference(REFERENCE_PATH, DOC_PATH))

  // Made on the first request: the contract is read from createApi({}) without any deps.
  let judge: ReturnType<typeof signJudge> | undefined
  app.use('/api/*', async (c, next) => {
    c.set('deps', deps)
    if (deps.config.signCheck && !isPublicDoc(c.req.path)) {
      judge ??= signJudge({ key: deps.config.signKey, iv: deps.config.signIv })
      const verdict = judge(c.req.header('sign'), deps.now().getTime())
      // Not 401: that status means "log out" to the client, and a clock problem is not a session problem.
      if (verdict !== 'ok') return c.json({ status: 403, data: SIGN_REFUSALS[verdict] }, 403)
    }
    await next()
  })
  // After the sign check, before the session: it serves only callers without one (server/read-cache.ts).
  let cache: ReturnType<typeof readCache> | undefined
  app.use('/api/*', (c, next) => {
    if (!deps.config.readCacheSeconds) return next()
    // compressAbove: compressAnswers' threshold above, so a kept answer goes out as a fresh one would.
    cache ??= readCache({ db: deps.db, ttlMs: deps.config.readCacheSeconds * 1000, compressAbove: 1024 })
    return cache(c, next)
  })
  // What the read cache did not answer waits its turn (server/admission.ts): a burst of calls
  // never holds up the site's pages and cached answers served by this process meanwhile.
  let gate: ReturnType<typeof admission> | undefined
  app.use('/api/*', (c, next) => {
    gate ??= admission(deps.config.apiConcurrency)
    return gate(c, next)
  })
  app.use('/api/*', async (c, next) => {
    c.set('user', await userFromHeader(deps.db, c.req.header('Authorization'), deps.now()))
    await next()
  })
  app.use('/api/admin/*', staffSession)

  for (const m of modules) app.route('/api', m)
  // Answer unknown API paths here, so a site mounted beside the API never shadows them with HTML.
  app.all('/api/*', (c) => c.json({ status: 404, data: '接口不存在' }, 404))
  return app
}
