// Save to live on a running portal (npm start), as the back office does it: signed in as
// marketing, changes one SKU's price and one home banner's title through the admin calls, and
// times (polling every 250 ms) until each public surface shows the change: the product's static
// page, the static product listing (/product/, its first page), the search (the search page's own
// call, GetProductSpuPage?title=, as an anonymous visitor gets it through the read cache), the home
// page (its recommended products and its banner). Then the same for a stock adjustment (the product
// page), an FAQ title (/question/) and the user agreement (GetUsersConfigs, read by the browser).
// Checks first that the price and banner calls as operator answer 403. Each save is timed from an
// idle builder. Puts everything back at the end.
//
//   npm run live -- [--base http://127.0.0.1:4321] [--timeout 120]
//
// Prints a table of seconds per surface; exits 1 when one took over 30 s or a 403 check failed.
// The portal's site builder and read cache do the work (server/site-builder.ts, read-cache.ts).
import { parseArgs } from 'node:util'
import type { AdminProduct } from '../server/modules/catalog/catalog.admin-routes.ts'
import type { AdminBanner } from '../server/modules/site/banners.service.ts'
import type { AdminFaq } from '../server/modules/site/content.service.ts'
import { priceLabel } from '../src/components/detail/text.ts'
import { DEFAULT_STATE, productQuery } from '../src/islands/listing/query.ts'
import type { BuildStatus } from '../src/lib/api/admin-content.ts'
import { ApiRequestError, createApi, createHttp, type Http } from '../src/lib/api/index.ts'
import { BannerPosition } from '../src/lib/constants.ts'
import { productPath } from '../src/lib/routes.ts'
import { DEV_SIGN_IV, DEV_SIGN_KEY } from '../src/lib/sign.ts'

const { values } = parseArgs({
  options: {
    base: { type: 'string', default: 'http://127.0.0.1:4321' },
    password: { type: 'string', default: 'demo1234' },
    /** How long to wait for a surface before calling it a failure, seconds. */
    timeout: { type: 'string', default: '120' },
  },
})
const base = values.base.replace(/\/+$/, '')
const LIMIT_S = 30
const timeoutMs = Number(values.timeout) * 1000
const signSecret = { key: process.env.SIGN_KEY ?? DEV_SIGN_KEY, iv: process.env.SIGN_IV ?? DEV_SIGN_IV }

/** The site's own HTTP client (sign, headers, answer rules), with a fixed token or none. */
const client = (token: string | null): Http =>
  createHttp({
    baseURL: base,
    signSecret,
    storage: { getItem: (k) => (k === 'tokens' ? token : null), removeItem: () => {} },
    notify: () => {},
    onUnauthorized: () => {},
  })
const visitor = createApi(client(null))

async function signIn(username: string): Promise<Http> {
  try {
    const { data } = await client(null).post<{ token: string }>('/api/admin/session', {
      username,
      password: values.password,
    })
    return client(data.token)
  } catch (e) {
    // Demo staff have no second factor; a portal whose staff do cannot be measured unattended.
    throw new Error(`后台登录失败（${username}）：${e instanceof Error ? e.message : e}`)
  }
}
const send = async <T>(http: Http, method: 'PATCH' | 'PUT', path: string, body: object) =>
  (await http.fetch<{ data: T }>(path, { method, body })).data

const page = async (path: string) => {
  const res = await fetch(`${base}${path}`)
  return res.status === 200 ? res.text() : ''
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const unique = () => Date.now().toString(36).slice(-6)

type Check = { surface: string; shows: () => Promise<boolean> }

/** Seconds from `started` until each check holds (null: not within the timeout), polled together. */
async function timeUntil(started: number, checks: Check[]): Promise<Map<string, number | null>> {
  const done = new Map<string, number | null>()
  while (done.size < checks.length && performance.now() - started < timeoutMs) {
    await Promise.all(
      checks
        .filter((c) => !done.has(c.surface))
        .map(async (c) => {
          if (await c.shows().catch(() => false)) done.set(c.surface, (performance.now() - started) / 1000)
        }),
    )
    await sleep(250)
  }
  return new Map(checks.map((c) => [c.surface, done.get(c.surface) ?? null]))
}

/** Waits until the builder has nothing queued or running (say, the restore of a previous run). */
async function builderIdle(http: Http) {
  const since = performance.now()
  for (;;) {
    const s = await http.get<BuildStatus>('/api/admin/site/build-status')
    if (!s.queued.count && !s.building) return
    if (performance.now() - since > timeoutMs) throw new Error('站点生成一直未空闲，无法计时')
    await sleep(500)
  }
}

// --- what to change ---------------------------------------------------------------------------

const marketing = await signIn('marketing')
const operator = await signIn('operator')

// A product on the home page and on the listing's first page, so every surface can show it.
const [index, listing] = await Promise.all([
  visitor.getArticleIndex(),
  visitor.getProductSpuPage(productQuery(DEFAULT_STATE)),
])
const onHome = new Set(index.list40.map((p) => p.id))
const candidates = listing.pageData.filter((p) => p.priceMin > 10)
const card = candidates.find((p) => onHome.has(p.id)) ?? candidates[0]
if (!card) throw new Error('商品列表第一页没有起价高于 10 元的商品')
const product = await marketing.get<AdminProduct>(`/api/admin/products/${card.id}`)
const sku = product.skus[0]
if (!sku) throw new Error(`商品 ${card.id} 没有规格`)
const productPage = productPath(card.id)
const homeShowsProduct = onHome.has(card.id)

// A new price under the 起 price (so listings show it too) that no page shows yet.
const before = await Promise.all([page(productPage), page('/product/'), page('/')])
let price = ''
for (let i = 0; i < 50 && !price; i++) {
  const p = (1 + Math.floor(Math.random() * 900) / 100).toFixed(2)
  if (!before.some((html) => html.includes(priceLabel(Number(p))))) price = p
}
if (!price) throw new Error('找不到一个页面上尚未出现的新价格')
const label = priceLabel(Number(price))

// A home banner visitors see now (enabled, inside its time window).
const shown = new Set((await visitor.getAdinfoAll()).map((b) => b.id))
const homeBanner = (
  await marketing.get<AdminBanner[]>('/api/admin/banners', { position: BannerPosition.home })
).find((b) => shown.has(b.id))
if (!homeBanner) throw new Error('首页没有正在展示的广告图')
const title = `实时${unique()}`

// The FAQ entry /question/ shows first, and the stock of the SKU whose price changes.
const faq = (await marketing.get<AdminFaq[]>('/api/admin/faq')).find((f) => f.enabled)
if (!faq) throw new Error('没有展示中的常见问题')
const agreement = (await marketing.get<{ key: string; value: string }[]>('/api/admin/texts')).find(
  (t) => t.key === 'agreement',
)
if (!agreement) throw new Error('没有用户协议文本')
const skuStock = (html: string) =>
  Number(new RegExp(`data-stock="(\\d+)"[^>]*value="${sku.id}"`).exec(html)?.[1] ?? Number.NaN)
const stockBefore = skuStock(await page(productPage))
const faqTitle = `实时问题${unique()}`
const text = `<p>实时协议${unique()}</p>`

/** A save, the public surfaces that must show it, and the write that puts things back. */
interface Change {
  save: () => Promise<unknown>
  checks: Check[]
  restore: () => Promise<unknown>
}
const changes: Change[] = [
  {
    save: () => send(marketing, 'PATCH', `/api/admin/skus/${sku.id}`, { price }),
    checks: [
      {
        surface: `价格 ${label} 商品页 ${productPage}`,
        shows: async () => (await page(productPage)).includes(label),
      },
      {
        surface: `价格 ${label} 列表 /product/`,
        shows: async () => (await page('/product/')).includes(label),
      },
      {
        surface: `价格 ${label} 搜索「${card.title}」`,
        shows: async () =>
          (await visitor.getProductSpuPage(productQuery(DEFAULT_STATE, { title: card.title }))).pageData.some(
            (p) => p.id === card.id && p.priceMin === Number(price),
          ),
      },
      ...(homeShowsProduct
        ? [{ surface: `价格 ${label} 首页 /`, shows: async () => (await page('/')).includes(label) }]
        : []),
    ],
    restore: () => send(marketing, 'PATCH', `/api/admin/skus/${sku.id}`, { price: String(sku.price) }),
  },
  {
    save: () => send(marketing, 'PUT', `/api/admin/banners/${homeBanner.id}`, { title }),
    checks: [
      {
        surface: `广告图「${title}」首页 /`,
        shows: async () => (await page('/')).includes(`alt="${title}"`),
      },
    ],
    restore: () => send(marketing, 'PUT', `/api/admin/banners/${homeBanner.id}`, { title: homeBanner.title }),
  },
  {
    save: () => marketing.post(`/api/admin/skus/${sku.id}/stock`, { delta: '1', reason: '上线计时' }),
    checks: [
      {
        surface: `库存 ${stockBefore} → ${stockBefore + 1} 商品页 ${productPage}`,
        shows: async () => skuStock(await page(productPage)) === stockBefore + 1,
      },
    ],
    restore: () => marketing.post(`/api/admin/skus/${sku.id}/stock`, { delta: '-1', reason: '上线计时复原' }),
  },
  {
    save: () => send(marketing, 'PUT', `/api/admin/faq/${faq.id}`, { title: faqTitle }),
    checks: [
      {
        surface: `常见问题「${faqTitle}」/question/`,
        shows: async () => (await page('/question/')).includes(faqTitle),
      },
    ],
    restore: () => send(marketing, 'PUT', `/api/admin/faq/${faq.id}`, { title: faq.title }),
  },
  {
    save: () => send(marketing, 'PUT', '/api/admin/texts/agreement', { value: text }),
    checks: [
      // The texts are read in the browser (the login dialog's 用户协议), through the read cache.
      {
        surface: '用户协议 GetUsersConfigs',
        shows: async () => (await visitor.getUsersConfigs()).agreement === text,
      },
    ],
    restore: () => send(marketing, 'PUT', '/api/admin/texts/agreement', { value: agreement.value }),
  },
]

// --- the measurements -------------------------------------------------------------------------

const rows: { what: string; seconds: number | null | 'ok' | 'FAILED' }[] = []
const saved: Change[] = []
try {
  // The same two calls as operator: refused before anything is read, so nothing changes.
  for (const [what, call] of [
    [
      `operator PATCH /api/admin/skus/${sku.id}`,
      () => send(operator, 'PATCH', `/api/admin/skus/${sku.id}`, { price }),
    ],
    [
      `operator PUT /api/admin/banners/${homeBanner.id}`,
      () => send(operator, 'PUT', `/api/admin/banners/${homeBanner.id}`, { title }),
    ],
  ] as const) {
    const refused = await call().then(
      () => 0,
      (e: unknown) => (e instanceof ApiRequestError ? e.status : -1),
    )
    rows.push({ what: `${what} → 403`, seconds: refused === 403 ? 'ok' : 'FAILED' })
  }

  for (const change of changes) {
    // Timed from an idle builder, so a build already under way does not count.
    await builderIdle(marketing)
    const started = performance.now()
    await change.save()
    saved.push(change)
    for (const [what, seconds] of await timeUntil(started, change.checks)) rows.push({ what, seconds })
  }
} finally {
  // Back as it was (the builder publishes this too, after the script has gone).
  for (const change of saved.reverse()) await change.restore()
}

const failed = rows.filter(
  (r) =>
    r.seconds === null || r.seconds === 'FAILED' || (typeof r.seconds === 'number' && r.seconds > LIMIT_S),
)
console.log(
  `\n${base}：商品 ${card.id}「${card.title}」规格 ${sku.id} ${sku.price} → ${price} 元；广告图 ${homeBanner.id}`,
)
if (!homeShowsProduct) console.log('（该商品不在首页推荐中，首页只量广告图）')
console.table(
  rows.map((r) => ({
    surface: r.what,
    seconds:
      typeof r.seconds === 'number' ? Number(r.seconds.toFixed(1)) : (r.seconds ?? `>${values.timeout}`),
  })),
)
console.log(failed.length ? `未通过：${failed.length} 项（上限 ${LIMIT_S} 秒）` : `全部在 ${LIMIT_S} 秒内`)
process.exitCode = failed.length ? 1 : 0
