/**
 * What the conformance run calls, with which parameters, and what it expects beyond the schema
 * (README "Contract conformance"). Parameters are realistic: ids, tags, cities and times are
 * taken from the backend's own listings, so every filter is asked for something it holds.
 *
 * Phases: the site's dictionaries and the sign-in; then every read, in concurrent groups; then
 * the write round trips, which leave the account as they found it; then the sign-out.
 */
import type { z } from 'zod'
import type * as favourites from '../../server/modules/favourites/favourites.routes.ts'
import type {
  Address,
  ArticleCard,
  ArticleDetail,
  ArticleIndex,
  Invoice,
  LoginAnswer,
  OrderCard,
  Paged,
  Profile,
  SpuCard,
  SpuDetail,
  Street,
  Transaction,
  WeChatQr,
} from '../../src/lib/api/types.ts'
import {
  ArticleStatus,
  LISTED_KINDS,
  NOTIFICATION_QUERY_STATUS,
  OrderStatus,
  PRODUCT_LIKE_STATUS,
  RechargeTag,
} from '../../src/lib/constants.ts'
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../../src/lib/rules/paging.ts'
import { makeSign } from '../../src/lib/sign.ts'
import { type Call, contract, type Finding, type Group, queryText, type Run, show } from './runner.ts'

type Favourite = z.infer<typeof favourites.Favourite>
type Query = Record<string, string | number>

const API = {
  banners: 'GET /api/Adinfo/GetAdinfoAll',
  classify: 'GET /api/Classify/GetClassifyQuerys',
  configs: 'GET /api/Users/GetUsersConfigs',
  streets: 'GET /api/Region/GetRegionQueryTitle',
  smsCode: 'GET /api/Account/GetAccountCodes',
  qr: 'GET /api/WeChat/GetWeChatQrcode',
  qrResult: 'GET /api/WeChat/GetWeChatQrcodeResultpc',
  products: 'GET /api/ProductSpu/GetProductSpuPage',
  product: 'GET /api/ProductSpu/GetProductSpu',
  articles: 'GET /api/Article/GetArticlePage',
  article: 'GET /api/Article/GetArticle',
  index: 'GET /api/Article/GetArticleIndex',
  articleQuery: 'GET /api/Article/GetArticleQuery',
  user: 'GET /api/Users/GetUsers',
  comments: 'GET /api/Comment/GetCommentQuery',
  reviews: 'GET /api/Reviews/GetReviewsPage',
  reviewSummary: 'GET /api/Reviews/GetReviewsSummary',
  orderReviews: 'GET /api/Reviews/GetReviewsOrder',
  stockAlerts: 'GET /api/ProductSpu/GetStockAlerts',
  replies: 'GET /api/Comment/GetCommentReplyPage',
  login: 'POST /api/Users/PostUsersPsw',
  logout: 'POST /api/Users/PostUsersLogout',
  me: 'GET /api/Users/GetUsersInfo',
  unread: 'GET /api/Users/GetUsersUnread',
  customers: 'GET /api/Users/GetUsersIntroducer',
  orders: 'GET /api/Orders/GetOrdersPage',
  order: 'GET /api/Orders/GetOrders',
  orderStatus: 'GET /api/Orders/GetOrdersStatus',
  waybills: 'GET /api/Express/GetWay',
  orderPay: 'GET /api/Orders/GetOrdersPay',
  rechargePay: 'GET /api/Recharge/GetRechargePay',
  recharge: 'GET /api/Recharge/GetRecharge',
  wallet: 'GET /api/Recharge/GetRechargePage',
  likes: 'GET /api/UserLike/GetUserLikeQuery',
  unlike: 'GET /api/UserLike/GetUserLikeDeleteWhere',
  like: 'POST /api/UserLike/PostUserLikeAppend',
  addresses: 'GET /api/UserAddress/GetUserAddressQuery',
  address: 'GET /api/UserAddress/GetUserAddress',
  addAddress: 'POST /api/UserAddress/PostUserAddressAppend',
  updateAddress: 'POST /api/UserAddress/PostUserAddressUpdate',
  deleteAddress: 'POST /api/UserAddress/PostUserAddressDelete',
  invoices: 'GET /api/UserInvoice/GetUserInvoiceQuery',
  invoice: 'GET /api/UserInvoice/GetUserInvoice',
  privateFile: 'GET /api/Upload/GetPrivateFile',
  resumable: 'GET /api/Upload/GetResumable',
  privateFileLink: 'GET /api/Upload/GetPrivateFileLink',
  coupons: 'GET /api/Coupons/GetCouponsList',
  myCoupons: 'GET /api/Coupons/GetMyCouponsPage',
  promotions: 'GET /api/Promotions/GetPromotionsList',
  shipping: 'GET /api/Shipping/GetShippingTemplates',
} as const satisfies Record<string, Call>

/** The reads that need a session, each with parameters it would otherwise accept. */
const SIGNED_IN_READS: [Call, Query][] = [
  [API.me, {}],
  [API.unread, {}],
  [API.customers, {}],
  [API.orders, {}],
  [API.order, { id: 1 }],
  [API.orderStatus, { id: 1 }],
  [API.orderReviews, { orderId: 1 }],
  [API.stockAlerts, { spuId: 1 }],
  [API.waybills, { id: 1 }],
  [API.orderPay, { id: 1, way: 'alipay' }],
  [API.rechargePay, { id: 1, way: 'alipay' }],
  [API.recharge, { id: 1 }],
  [API.wallet, {}],
  [API.replies, {}],
  [API.likes, {}],
  [API.unlike, { id: 1, status: PRODUCT_LIKE_STATUS }],
  [API.addresses, {}],
  [API.address, { id: 1 }],
  [API.invoices, {}],
  [API.invoice, { id: 1 }],
  // A file answer, not an envelope: only its refusal without a session is checked.
  [API.privateFile, { path: '/private/u/00/00000000000000000000000000000000.png' }],
  // A resumable upload of a course file (issue 22): one nobody started.
  [API.resumable, { id: '00000000000000000000000000000000' }],
  [API.privateFileLink, { path: '/private/u/00/00000000000000000000000000000000.mp4' }],
  [API.myCoupons, { status: 0 }],
]

/** An id no backend has handed out: the largest the contract accepts. */
const UNKNOWN_ID = 2_147_483_647
/** A district that exists in every copy of the national division, and one of its cities. */
const DISTRICT = { province: '江苏省', city: '苏州市', area: '姑苏区', code: '320508' }
/** A sign made with a key no backend uses. */
const FOREIGN_SECRET = { key: 'conformance-0000', iv: 'conformance-1111' }
const STALE_MS = 10 * 60_000

const NO_ACCOUNT = 'no test account (give --phone and --password, or --token)'
const NOT_UNDOABLE = 'a write that cannot be undone'

/** What earlier cases learnt and later ones use. */
interface Facts {
  token?: string
  /** Signed in by this run (and signed out at the end), rather than given a token. */
  ownSession?: boolean
  me?: Profile
  streets?: Street[]
  product?: SpuCard
  loginFailed?: string
}

// --- checks beyond the schema -----------------------------------------------------------------

/** Paging (README, API): pageIndex 0-based and echoed, pageSize echoed, pageTotal counts items. */
function pageFindings(p: Paged<unknown>, index: number, size: number): Finding[] {
  const out: Finding[] = []
  if (p.pageIndex !== index)
    out.push({
      field: 'data.pageIndex',
      value: p.pageIndex,
      message: `expected ${index}: pageIndex is 0-based and answers the page asked for`,
    })
  if (p.pageSize !== size)
    out.push({
      field: 'data.pageSize',
      value: p.pageSize,
      message: `expected ${size}, the page size asked for`,
    })
  const expected = Math.max(0, Math.min(size, p.pageTotal - index * size))
  if (p.pageData.length !== expected)
    out.push({
      field: 'data.pageData',
      value: `${p.pageData.length} items`,
      message: `expected ${expected} on page ${index} of size ${size} when pageTotal (the number of items) is ${p.pageTotal}`,
    })
  return out
}

/** The first item that breaks `holds`, named by its field. */
function everyFinding<T>(
  items: T[],
  field: keyof T & string,
  holds: (item: T) => boolean,
  what: string,
): Finding[] {
  const i = items.findIndex((item) => !holds(item))
  return i < 0 ? [] : [{ field: `data.pageData.${i}.${field}`, value: items[i]?.[field], message: what }]
}

/** Sorted by `field` in `dir`: the first item out of order. */
function sortFindings<T>(items: T[], field: keyof T & string, dir: 'asc' | 'desc'): Finding[] {
  for (let i = 1; i < items.length; i++) {
    const [a, b] = [Number(items[i - 1]?.[field]), Number(items[i]?.[field])]
    if (dir === 'asc' ? b < a : b > a)
      return [
        {
          field: `data.pageData.${i}.${field}`,
          value: b,
          message: `${dir === 'asc' ? 'ascending' : 'descending'} order broken: ${b} after ${a}`,
        },
      ]
  }
  return []
}

const nonEmpty = (p: Paged<unknown>, what: string): Finding[] =>
  p.pageTotal > 0
    ? []
    : [{ field: 'data.pageTotal', value: p.pageTotal, message: `expected at least ${what}` }]

/** '2024-05-01 08:00:00' → '20240501080000', the wire form of the time filters. */
const wireTime = (t: string) => t.replace(/\D/g, '').slice(0, 14)

// --- listings: paging, each sort, each filter, bad input -------------------------------------

interface Filter<T> {
  param: string
  value: string | number
  field: keyof T & string
  holds: (item: T) => boolean
}

interface Listing<T extends { id: number; createId: number | null; extMore: number }> {
  call: Call
  /** Parameters every request carries: { status: 10 } for posts. */
  base: Query
  /** The field the price sorts order by. */
  price: keyof T & string
  /** The filters worth asking, with values taken from the first page of 100. */
  filters: (sample: T[]) => Filter<T>[]
}

/** The filters both listings share: category, tag, title and creator. */
function catalogFilters<
  T extends { classId: number | null; tag: string; title: string; createId: number | null },
>(sample: T[]): Filter<T>[] {
  const out: Filter<T>[] = []
  const withClass = sample.find((s) => s.classId !== null)
  if (withClass?.classId != null) {
    const v = withClass.classId
    out.push({ param: 'classId', value: v, field: 'classId', holds: (i) => i.classId === v })
  }
  const tag = sample.map((s) => s.tag.split(',')[0]?.trim()).find(Boolean)
  if (tag) out.push({ param: 'tag', value: tag, field: 'tag', holds: (i) => i.tag.split(',').includes(tag) })
  const title = sample.map((s) => s.title.trim().slice(0, 2)).find((t) => t.length === 2)
  if (title)
    out.push({
      param: 'title',
      value: title,
      field: 'title',
      holds: (i) => i.title.toLowerCase().includes(title.toLowerCase()),
    })
  const creator = sample.find((s) => s.createId !== null)?.createId
  if (creator != null)
    out.push({ param: 'createId', value: creator, field: 'createId', holds: (i) => i.createId === creator })
  return out
}

/** The cases of one listing; answers its first 100 items (the newest), or undefined. */
async function listing<T extends { id: number; createId: number | null; extMore: number }>(
  g: Group,
  spec: Listing<T>,
  facts: Facts,
): Promise<T[] | undefined> {
  const { call, base } = spec
  const read = (query: Query, check: (p: Paged<T>) => Finding[] | Promise<Finding[]>, note = '') =>
    g.read<Paged<T>>(call, `${queryText(query) || '(no parameters)'}${note}`, { query }, check)
  // Checks that compare two answers ask the reference again before they blame the backend: a
  // live one may take a write between the two.
  const again = (query: Query) => g.run.data<Paged<T>>(call, { query })

  const first = await read(base, (p) => pageFindings(p, 0, PAGE_SIZE_DEFAULT), ' (the paging defaults)')
  const sameTotal = async (p: Paged<T>): Promise<Finding[]> =>
    first === undefined || p.pageTotal === first.pageTotal || p.pageTotal === (await again(base))?.pageTotal
      ? []
      : [
          {
            field: 'data.pageTotal',
            value: p.pageTotal,
            message: `expected ${first.pageTotal} as with the default page size: pageTotal counts items, not pages`,
          },
        ]
  await read({ ...base, pageSize: 1 }, async (p) => [...pageFindings(p, 0, 1), ...(await sameTotal(p))])
  const page0 = await read({ ...base, pageIndex: 0, pageSize: 5 }, (p) => pageFindings(p, 0, 5))
  const overlap = (p: Paged<T>, earlier: Paged<T> | undefined) => {
    const seen = new Set(earlier?.pageData.map((i) => i.id))
    return p.pageData.findIndex((item) => seen.has(item.id))
  }
  await read({ ...base, pageIndex: 1, pageSize: 5 }, async (p) => {
    let i = overlap(p, page0)
    if (i >= 0) i = overlap(p, await again({ ...base, pageIndex: 0, pageSize: 5 }))
    const overlapping =
      i < 0
        ? []
        : [
            {
              field: `data.pageData.${i}.id`,
              value: p.pageData[i]?.id,
              message: 'also on page 0: pages overlap',
            },
          ]
    return [...pageFindings(p, 1, 5), ...overlapping]
  })
  const sample = (await read({ ...base, pageSize: PAGE_SIZE_MAX }, (p) => pageFindings(p, 0, PAGE_SIZE_MAX)))
    ?.pageData
  if (first !== undefined) {
    const past = Math.floor(first.pageTotal / 5) + 1
    await read(
      { ...base, pageIndex: past, pageSize: 5 },
      async (p) => [...pageFindings(p, past, 5), ...(await sameTotal(p))],
      ' (past the end)',
    )
  }

  // Each sort, both ways; no pageSort means descending.
  for (const order of ['price', 'priceMin', 'extMore'] as const) {
    const field = order === 'extMore' ? 'extMore' : spec.price
    for (const dir of ['asc', 'desc'] as const)
      await read({ ...base, pageOrder: order, pageSort: dir, pageSize: PAGE_SIZE_MAX }, (p) =>
        sortFindings(p.pageData, field as keyof T & string, dir),
      )
  }
  await read(
    { ...base, pageOrder: 'price', pageSize: PAGE_SIZE_MAX },
    (p) => sortFindings(p.pageData, spec.price, 'desc'),
    ' (descending by default)',
  )

  // Each filter, with a value one of the items holds.
  if (!sample) g.skip(call, 'filters', 'needs the first page of 100, which failed')
  for (const f of sample ? spec.filters(sample) : [])
    await read({ ...base, [f.param]: f.value, pageSize: PAGE_SIZE_MAX }, (p) => [
      ...nonEmpty(p, 'the item the value was taken from'),
      ...everyFinding(p.pageData, f.field, f.holds, `does not match the filter ${f.param}=${f.value}`),
    ])

  // Bad input: refused with 400 and a message, never a server failure.
  for (const [param, value] of [
    ['pageIndex', -1],
    ['pageIndex', 'x'],
    ['pageSize', 0],
    ['pageOrder', 'bogus'],
    ['pageSort', 'up'],
    ['classId', 'abc'],
  ] as const)
    await g.badInput(call, base, param, value)
  // Over the cap: refused, or capped; never more than PAGE_SIZE_MAX items.
  const over = { ...base, pageSize: PAGE_SIZE_MAX + 1 }
  await g.probe(call, `${queryText(over)} → 400 or at most ${PAGE_SIZE_MAX} items`, { query: over }, (r) => {
    if (r.http === 400) return []
    const p = (r.body as { data?: Paged<T> } | undefined)?.data
    if (r.http === 200 && p && p.pageData.length <= PAGE_SIZE_MAX && p.pageSize <= PAGE_SIZE_MAX) return []
    return [
      {
        field: 'query.pageSize',
        value: PAGE_SIZE_MAX + 1,
        message: `HTTP ${r.http}${p ? ` with ${p.pageData?.length} items` : ''}; the page size is capped at ${PAGE_SIZE_MAX}`,
      },
    ]
  })

  // Own items need a session.
  const own = { ...base, isCreate: 1 }
  await g.refused(call, `${queryText(own)} without a session → 401`, { query: own }, 401, {
    field: 'header.Authorization',
    value: '(none)',
    why: 'own items need a session',
  })
  if (!facts.token) g.skip(call, `${queryText(own)} (own items)`, facts.loginFailed ?? NO_ACCOUNT)
  else {
    const me = facts.me?.id
    await g.read<Paged<T>>(call, `${queryText(own)} (own items)`, { query: own, token: facts.token }, (p) =>
      me === undefined
        ? []
        : everyFinding(p.pageData, 'createId', (i) => i.createId === me, `not the account's own (${me})`),
    )
  }
  return sample
}

// --- the groups ---------------------------------------------------------------------------------

async function site(g: Group, facts: Facts) {
  await g.read(API.banners, '(no parameters)', {})
  await g.read(API.classify, '(no parameters)', {})
  await g.read(API.configs, '(no parameters)', {})
  // Issue 24's offers: the same for every visitor.
  await g.read(API.coupons, '(no parameters)', {})
  await g.read(API.promotions, '(no parameters)', {})
  await g.read(API.shipping, '(no parameters)', {})
  const district = { title: DISTRICT.area, city: DISTRICT.city }
  facts.streets = await g.read<Street[]>(API.streets, queryText(district), { query: district }, (s) =>
    s.length
      ? []
      : [{ field: 'data', value: s, message: `expected the streets of ${DISTRICT.city}${DISTRICT.area}` }],
  )
  const byCode = { title: DISTRICT.area, code: DISTRICT.code }
  await g.read<Street[]>(API.streets, queryText(byCode), { query: byCode })
  await g.badInput(API.streets, {}, 'title', '区'.repeat(31))

  // A real phone would get an SMS: only what is refused.
  await g.refused(API.smsCode, '(no tel) → 400', {}, 400, { field: 'query.tel', why: 'a phone is required' })
  await g.badInput(API.smsCode, {}, 'tel', '12345')
  g.skip(API.smsCode, 'tel=<a phone>', 'sends an SMS')

  const qr = await g.read<WeChatQr>(API.qr, '(no parameters)', {})
  if (qr)
    await g.read<unknown>(
      API.qrResult,
      'str=<the new QR> (not yet confirmed)',
      { query: { str: qr.str } },
      (d) =>
        d === null ? [] : [{ field: 'data', value: d, message: 'null while nobody has confirmed the QR' }],
    )
  else g.skip(API.qrResult, 'str=<the new QR>', 'needs a QR, which failed')
  await g.refused(API.qrResult, 'str=unknown → 400', { query: { str: 'conformance-unknown' } }, 400, {
    field: 'query.str',
    value: 'conformance-unknown',
    why: 'an unknown or expired QR is refused with 400',
  })
}

/** The test account's session: the token given, or a sign-in with its phone and password; then its profile. */
async function signIn(g: Group, facts: Facts) {
  const { token, phone, password } = g.run.opts
  if (token) facts.token = token
  else if (phone && password) {
    const login = await g.read<LoginAnswer>(API.login, `tel=${phone} (the test account)`, {
      body: { tel: phone, password },
    })
    if (login) {
      facts.token = login.owinToken.access_token
      facts.ownSession = true
    } else facts.loginFailed = 'the test account could not sign in (see POST /api/Users/PostUsersPsw)'
  }
  if (!facts.token) return
  facts.me = await g.read<Profile>(API.me, '(no parameters)', { token: facts.token }, (d) =>
    phone && d.tel !== phone
      ? [{ field: 'data.tel', value: d.tel, message: `expected ${phone}, the account signed in` }]
      : [],
  )
  if (!facts.me) facts.loginFailed = "the test account's profile could not be read"
}

async function products(g: Group, facts: Facts) {
  const sample = await listing<SpuCard>(
    g,
    { call: API.products, base: {}, price: 'priceMin', filters: catalogFilters },
    facts,
  )
  const item = sample?.[0]
  facts.product = item
  if (item) {
    await g.read<SpuDetail>(API.product, `id=${item.id}`, { query: { id: item.id } }, (d) =>
      d.id === item.id
        ? []
        : [{ field: 'data.id', value: d.id, message: `expected ${item.id}, the id asked for` }],
    )
    // The coupons its page offers (issue 24).
    await g.read(API.coupons, `spuId=${item.id}`, { query: { spuId: item.id } })
  } else
    g.skip(API.product, 'id=<a listed product>', 'needs a product from the listing, which failed or is empty')
  await unknownAndBadId(g, API.product)
  await productReviews(g, item?.id)
}

/** A product's reviews (issue 24): paging, the 有图 filter, the summary, an unknown product. */
async function productReviews(g: Group, spuId: number | undefined) {
  if (spuId === undefined)
    for (const call of [API.reviews, API.reviewSummary])
      g.skip(call, 'spuId=<a listed product>', 'needs a product from the listing')
  else {
    const read = (x: Query) =>
      g.read<Paged<unknown>>(API.reviews, queryText({ spuId, ...x }), { query: { spuId, ...x } }, (p) =>
        pageFindings(p, Number(x.pageIndex ?? 0), Number(x.pageSize ?? PAGE_SIZE_DEFAULT)),
      )
    await read({})
    await read({ pageIndex: 1, pageSize: 2 })
    await read({ hasImg: 1 })
    await g.badInput(API.reviews, { spuId }, 'hasImg', 2)
    await g.read(API.reviewSummary, `spuId=${spuId}`, { query: { spuId } })
  }
  for (const call of [API.reviews, API.reviewSummary])
    await g.refused(call, `spuId=${UNKNOWN_ID} → 404`, { query: { spuId: UNKNOWN_ID } }, 404, {
      field: 'query.spuId',
      value: UNKNOWN_ID,
      why: 'the reviews of an unknown product are 404',
    })
}

/** An unknown id is 404; a malformed or missing one 400. */
async function unknownAndBadId(g: Group, call: Call, base: Query = {}, token?: string) {
  const unknown = { ...base, id: UNKNOWN_ID }
  await g.refused(call, `${queryText(unknown)} → 404`, { query: unknown, token }, 404, {
    field: 'query.id',
    value: UNKNOWN_ID,
    why: 'an unknown id is 404',
  })
  await g.badInput(call, base, 'id', 'abc', token)
  await g.refused(
    call,
    `${queryText(base)}${base.way ? ' ' : ''}(no id) → 400`,
    { query: base, token },
    400,
    {
      field: 'query.id',
      value: '(missing)',
      why: 'a missing id is refused with 400',
    },
  )
}

async function articles(g: Group, facts: Facts, kind: (typeof LISTED_KINDS)[number]) {
  const base = { status: kind }
  const sample = await listing<ArticleCard>(
    g,
    {
      call: API.articles,
      base,
      price: 'price',
      filters: (s) => {
        const out = catalogFilters(s)
        const city = s.find((a) => a.city)?.city
        if (city) out.push({ param: 'city', value: city, field: 'city', holds: (a) => a.city === city })
        out.push({ param: 'isPrice', value: 0, field: 'price', holds: (a) => a.price === 0 })
        out.push({ param: 'isPrice', value: 1, field: 'price', holds: (a) => a.price > 0 })
        const mid = s[Math.floor(s.length / 2)]?.createTime
        if (mid) {
          const t = wireTime(mid)
          out.push({
            param: 'stime',
            value: t,
            field: 'createTime',
            holds: (a) => wireTime(a.createTime) >= t,
          })
          out.push({
            param: 'etime',
            value: t,
            field: 'createTime',
            holds: (a) => wireTime(a.createTime) <= t,
          })
        }
        return out.filter((f) => f.param !== 'isPrice' || s.some((a) => f.holds(a)))
      },
    },
    facts,
  )
  await g.badInput(API.articles, base, 'isPrice', 3)
  await g.badInput(API.articles, base, 'stime', '2024')
  if (kind === ArticleStatus.post) {
    await g.refused(API.articles, '(no status) → 400', { query: {} }, 400, {
      field: 'query.status',
      value: '(missing)',
      why: 'the kind is required',
    })
    await g.badInput(API.articles, {}, 'status', 15)
  }

  const item = sample?.[0]
  if (!item)
    g.skip(API.article, `id=<a listed ${kind}>`, 'needs an item from the listing, which failed or is empty')
  else
    await g.read<ArticleDetail>(
      API.article,
      `id=${item.id} (status ${kind})`,
      { query: { id: item.id } },
      (d) => [
        ...(d.id === item.id
          ? []
          : [{ field: 'data.id', value: d.id, message: `expected ${item.id}, the id asked for` }]),
        ...(d.status === kind
          ? []
          : [{ field: 'data.status', value: d.status, message: `expected ${kind}` }]),
      ],
    )
  // A paid course seen by a visitor: locked sections give no file.
  const paid = kind === ArticleStatus.course ? sample?.find((a) => a.price > 0) : undefined
  if (paid)
    await g.read<ArticleDetail>(
      API.article,
      `id=${paid.id} (a paid course, no session)`,
      { query: { id: paid.id } },
      (d) => {
        const i = d.list.findIndex((s) => s.unlock === 0 && s.imgurl !== '')
        return [
          ...(d.unlock === 0
            ? []
            : [{ field: 'data.unlock', value: d.unlock, message: 'a paid course is locked for a visitor' }]),
          ...(i < 0
            ? []
            : [
                {
                  field: `data.list.${i}.imgurl`,
                  value: d.list[i]?.imgurl,
                  message: 'a locked section gives no file',
                },
              ]),
        ]
      },
    )
  if (kind !== ArticleStatus.post) return
  await unknownAndBadId(g, API.article)

  // Comments of a post: paging and the unknown post.
  if (!item) g.skip(API.comments, 'id=<a listed post>', 'needs a post from the listing')
  else {
    const id = item.id
    const read = (x: Query) =>
      g.read<Paged<unknown>>(API.comments, queryText({ id, ...x }), { query: { id, ...x } }, (p) =>
        pageFindings(p, Number(x.pageIndex ?? 0), Number(x.pageSize ?? PAGE_SIZE_DEFAULT)),
      )
    await read({})
    await read({ pageIndex: 0, pageSize: 2 })
    await read({ pageIndex: 1, pageSize: 2 })
    await g.badInput(API.comments, { id }, 'pageIndex', -1)
  }
  await g.refused(API.comments, `id=${UNKNOWN_ID} → 404`, { query: { id: UNKNOWN_ID } }, 404, {
    field: 'query.id',
    value: UNKNOWN_ID,
    why: 'the comments of an unknown item are 404',
  })
}

async function home(g: Group) {
  const index = await g.read<ArticleIndex>(API.index, '(no parameters)', {})
  const teacher = index?.user[0]
  if (teacher)
    await g.read<Record<string, unknown>>(
      API.user,
      `id=${teacher.id} (a teacher of the home page)`,
      { query: { id: teacher.id } },
      (d) => [
        ...(d.id === teacher.id
          ? []
          : [{ field: 'data.id', value: d.id, message: `expected ${teacher.id}` }]),
        ...['tel', 'balance', 'password', 'passwordHash', 'ownerImg', 'codeImg']
          .filter((k) => k in d)
          .map((k) => ({ field: `data.${k}`, value: d[k], message: 'a private field in a public answer' })),
      ],
    )
  else g.skip(API.user, 'id=<a teacher>', 'needs a teacher of the home page')
  await unknownAndBadId(g, API.user)

  await g.read(API.articleQuery, 'status=40 (the FAQ)', { query: { status: ArticleStatus.faq } })
  const needSession: Query[] = [
    { status: NOTIFICATION_QUERY_STATUS },
    { status: ArticleStatus.course, isMapping: 1 },
  ]
  for (const query of needSession)
    await g.refused(API.articleQuery, `${queryText(query)} without a session → 401`, { query }, 401, {
      field: 'header.Authorization',
      value: '(none)',
      why: 'notifications and own items need a session',
    })
  await g.badInput(API.articleQuery, {}, 'status', 'x')
}

/** The sign rules: missing, foreign, stale and future signs are refused with 403 before anything else. */
async function signs(g: Group) {
  if (g.run.opts.signChecks === false) {
    g.skip(API.banners, 'sign checks', 'turned off (--no-sign-checks)')
    return
  }
  const now = Date.now()
  const cases: [string, string | null, string][] = [
    ['no sign header', null, '(none)'],
    ['sign=not-a-sign', 'not-a-sign', 'not-a-sign'],
    ['a sign made with another key', makeSign(FOREIGN_SECRET, now), '(another key)'],
    ['a sign 10 minutes old', g.run.sign(now - STALE_MS), '(10 minutes old)'],
    ['a sign 10 minutes ahead', g.run.sign(now + STALE_MS), '(10 minutes ahead)'],
  ]
  for (const [call, query] of [
    [API.banners, {}],
    [API.articles, { status: ArticleStatus.post, pageSize: 1 }],
  ] as const)
    for (const [name, sign, value] of cases)
      await g.refused(call, `${name} → 403`, { query, sign }, 403, {
        field: 'header.sign',
        value,
        why: 'a missing, foreign or stale sign is refused with 403',
      })
}

/** Without a session every per-user read answers 401 (before it reads its parameters). */
async function sessions(g: Group) {
  for (const [call, query] of SIGNED_IN_READS)
    await g.refused(
      call,
      `${queryText(query) || '(no parameters)'} without a session → 401`,
      { query },
      401,
      {
        field: 'header.Authorization',
        value: '(none)',
        why: 'a per-user read needs a session',
      },
    )
  await g.refused(
    API.me,
    'a made-up token → 401',
    { headers: { Authorization: 'Bearer conformance-made-up' } },
    401,
    {
      field: 'header.Authorization',
      value: 'Bearer conformance-made-up',
      why: 'an unknown token is no session',
    },
  )
}

/** The test account's own reads. */
async function own(g: Group, facts: Facts) {
  const token = facts.token
  if (!token) {
    for (const [call] of SIGNED_IN_READS)
      g.skip(call, "the test account's reads", facts.loginFailed ?? NO_ACCOUNT)
    g.skip(API.articleQuery, "the test account's notifications", facts.loginFailed ?? NO_ACCOUNT)
    return
  }
  const read = <T>(call: Call, query: Query, check?: (d: T) => Finding[], note = '') =>
    g.read<T>(call, `${queryText(query) || '(no parameters)'}${note}`, { query, token }, check)
  const paged = <T>(call: Call, query: Query, check?: (p: Paged<T>) => Finding[]) =>
    read<Paged<T>>(call, query, (p) => [
      ...pageFindings(p, Number(query.pageIndex ?? 0), Number(query.pageSize ?? PAGE_SIZE_DEFAULT)),
      ...(check?.(p) ?? []),
    ])

  await read(API.stockAlerts, { spuId: 1 })
  // 我的优惠券: each tab holds only its own status.
  for (const s of [0, 1, 2] as const)
    await paged<{ status: number }>(API.myCoupons, { status: s }, (p) =>
      everyFinding(p.pageData, 'status', (c) => c.status === s, `does not match the filter status=${s}`),
    )

  await read(API.customers, {})
  await read(API.customers, { stime: '20200101000000', etime: wireTime(new Date().toISOString()) })

  // Orders: paging, each status, the introducer's view.
  await paged<OrderCard>(API.orders, {})
  await paged<OrderCard>(API.orders, { pageIndex: 0, pageSize: 5 })
  await paged<OrderCard>(API.orders, { pageIndex: 1, pageSize: 5 })
  const all = await paged<OrderCard>(API.orders, { pageSize: PAGE_SIZE_MAX })
  for (const s of [
    OrderStatus.unpaid,
    OrderStatus.unshipped,
    OrderStatus.unreceived,
    OrderStatus.completed,
    OrderStatus.cancelled,
  ])
    await paged<OrderCard>(API.orders, { status: s, pageSize: PAGE_SIZE_MAX }, (p) =>
      everyFinding(p.pageData, 'status', (o) => o.status === s, `does not match the filter status=${s}`),
    )
  await paged<OrderCard>(API.orders, { status: OrderStatus.afterSales, pageSize: PAGE_SIZE_MAX }, (p) =>
    everyFinding(
      p.pageData,
      'types',
      (o) => o.types === 10,
      'status=-1 lists the after-sales orders (types 10)',
    ),
  )
  await read(API.orders, { introducer: 1 })
  await g.badInput(API.orders, {}, 'status', 7, token)
  await g.badInput(API.orders, {}, 'pageIndex', -1, token)

  const order = all?.pageData[0]
  if (order) {
    await read<{ id: number }>(API.order, { id: order.id }, (d) =>
      d.id === order.id ? [] : [{ field: 'data.id', value: d.id, message: `expected ${order.id}` }],
    )
    await read<number>(API.orderStatus, { id: order.id }, (d) =>
      d === order.status
        ? []
        : [{ field: 'data', value: d, message: `expected ${order.status}, the order's status in the list` }],
    )
  } else
    for (const call of [API.order, API.orderStatus])
      g.skip(call, 'id=<an order>', 'the account has no orders')
  const shipped = all?.pageData.find((o) => o.wayTime !== '')
  if (shipped) await read(API.waybills, { id: shipped.id }, undefined, ' (a shipped order)')
  else g.skip(API.waybills, 'id=<a shipped order>', 'the account has no shipped order')
  for (const call of [API.order, API.orderStatus, API.waybills]) await unknownAndBadId(g, call, {}, token)
  if (order) await read(API.orderReviews, { orderId: order.id })
  else g.skip(API.orderReviews, 'orderId=<an order>', 'the account has no orders')
  await g.refused(
    API.orderReviews,
    `orderId=${UNKNOWN_ID} → 404`,
    { query: { orderId: UNKNOWN_ID }, token },
    404,
    { field: 'query.orderId', value: UNKNOWN_ID, why: "an order not the caller's is 404" },
  )
  g.skip(API.orderPay, 'id=<an unpaid order>', `pays the order: ${NOT_UNDOABLE}`)
  await unknownAndBadId(g, API.orderPay, { way: 'alipay' }, token)
  await g.badInput(API.orderPay, { id: order?.id ?? 1 }, 'way', 'bitcoin', token)
  g.skip(API.rechargePay, 'id=<a top-up>', `needs a top-up: ${NOT_UNDOABLE}`)
  await unknownAndBadId(g, API.rechargePay, { way: 'alipay' }, token)
  g.skip(API.recharge, 'id=<a top-up>', `needs a top-up: ${NOT_UNDOABLE}`)
  await unknownAndBadId(g, API.recharge, {}, token)

  // Wallet, replies, favourites.
  await paged<Transaction>(API.wallet, {})
  await paged<Transaction>(API.wallet, { pageIndex: 0, pageSize: 5 })
  await paged<Transaction>(API.wallet, { pageIndex: 1, pageSize: 5 })
  for (const tag of [RechargeTag.expense, RechargeTag.income])
    await paged<Transaction>(API.wallet, { tag, pageSize: PAGE_SIZE_MAX }, (p) =>
      everyFinding(p.pageData, 'tag', (t) => t.tag === tag, `does not match the filter tag=${tag}`),
    )
  await g.badInput(API.wallet, {}, 'tag', 3, token)
  await paged(API.replies, {})
  await paged(API.replies, { pageIndex: 0, pageSize: 5 })
  await read<Favourite[]>(API.likes, {})
  for (const status of [PRODUCT_LIKE_STATUS, ArticleStatus.course])
    await read<Favourite[]>(API.likes, { status }, (list) => {
      const i = list.findIndex((f) => f.status !== status)
      return i < 0
        ? []
        : [
            {
              field: `data.${i}.status`,
              value: list[i]?.status,
              message: `does not match the filter status=${status}`,
            },
          ]
    })

  // Addresses and invoices: the list, one of them, an unknown one.
  for (const [list, one] of [
    [API.addresses, API.address],
    [API.invoices, API.invoice],
  ] as const) {
    const items = await read<(Address | Invoice)[]>(list, {})
    const first = items?.[0]
    if (first)
      await read<Address | Invoice>(one, { id: first.id }, (d) =>
        d.id === first.id ? [] : [{ field: 'data.id', value: d.id, message: `expected ${first.id}` }],
      )
    else g.skip(one, 'id=<one of the list>', 'the account has none')
    await unknownAndBadId(g, one, {}, token)
  }

  // Notifications and the items taken part in.
  await read(API.articleQuery, { status: NOTIFICATION_QUERY_STATUS })
  for (const kind of LISTED_KINDS) await read(API.articleQuery, { status: kind, isMapping: 1 })
}

/** An address added and deleted, a favourite toggled twice: the account ends as it began. */
async function roundTrips(g: Group, facts: Facts) {
  const token = facts.token
  const why = !token
    ? (facts.loginFailed ?? NO_ACCOUNT)
    : g.run.opts.writes === false
      ? 'turned off (--no-writes)'
      : ''
  if (why) {
    for (const call of [API.addAddress, API.updateAddress, API.deleteAddress, API.like, API.unlike])
      g.skip(call, 'round trip', why)
    return
  }
  await addressTrip(g, token!, facts)
  await favouriteTrip(g, token!, facts)
}

async function addressTrip(g: Group, token: string, facts: Facts) {
  const street = facts.streets?.[0]?.title
  if (!street) {
    g.skip(
      API.addAddress,
      'round trip',
      `needs a street of ${DISTRICT.area} (Region/GetRegionQueryTitle failed)`,
    )
    return
  }
  const detail = `一致性检查的临时地址 ${Date.now()}`
  const form = {
    name: '一致性检查',
    tel: '13900000000',
    province: DISTRICT.province,
    city: DISTRICT.city,
    area: DISTRICT.area,
    street,
    addressDetail: detail,
    status: 0,
  }
  const added = await g.read(API.addAddress, 'round trip: a new address', { body: form, token })
  if (added === undefined) return
  let id: number | undefined
  await g.read<Address[]>(API.addresses, '(no parameters) (after adding)', { token }, (l) => {
    id = l.find((a) => a.addressDetail === detail)?.id
    return id
      ? []
      : [{ field: 'data', value: `${l.length} addresses`, message: 'the address just added is not listed' }]
  })
  if (id === undefined) return
  await g.read<Address>(API.address, `id=${id} (the address just added)`, { query: { id }, token }, (a) =>
    (Object.keys(form) as (keyof typeof form)[])
      .filter((k) => a[k] !== form[k])
      .map((k) => ({ field: `data.${k}`, value: a[k], message: `expected ${show(form[k])}, as added` })),
  )
  const changed = { ...form, id, addressDetail: `${detail}（已修改）` }
  await g.read(API.updateAddress, `round trip: change ${id}`, { body: changed, token })
  await g.read<Address>(API.address, `id=${id} (the address just changed)`, { query: { id }, token }, (a) =>
    a.addressDetail === changed.addressDetail
      ? []
      : [
          {
            field: 'data.addressDetail',
            value: a.addressDetail,
            message: `expected ${show(changed.addressDetail)}, as changed`,
          },
        ],
  )
  await g.read(API.deleteAddress, `round trip: delete ${id}`, { body: String(id), token })
  await g.read<Address[]>(API.addresses, '(no parameters) (after deleting)', { token }, (l) => {
    const i = l.findIndex((a) => a.id === id)
    return i < 0 ? [] : [{ field: `data.${i}.id`, value: id, message: 'the deleted address is still listed' }]
  })
  await g.refused(API.address, `id=${id} (deleted) → 404`, { query: { id }, token }, 404, {
    field: 'query.id',
    value: id,
    why: 'a deleted address is gone',
  })
}

async function favouriteTrip(g: Group, token: string, facts: Facts) {
  const product = facts.product
  if (!product) {
    g.skip(API.like, 'round trip', 'needs a listed product')
    return
  }
  const id = product.id
  const state = async (liked: 0 | 1, step: string) => {
    await g.read<SpuDetail>(API.product, `id=${id} (${step})`, { query: { id }, token }, (d) =>
      d.isLike === liked
        ? []
        : [{ field: 'data.isLike', value: d.isLike, message: `expected ${liked} ${step}` }],
    )
    await g.read<Favourite[]>(
      API.likes,
      `status=${PRODUCT_LIKE_STATUS} (${step})`,
      { query: { status: PRODUCT_LIKE_STATUS }, token },
      (l) =>
        l.some((f) => f.tagId === id) === (liked === 1)
          ? []
          : [
              {
                field: 'data',
                value: `${l.length} favourites`,
                message: `product ${id} ${liked ? 'missing' : 'still there'} ${step}`,
              },
            ],
    )
  }
  const before = await g.read<SpuDetail>(API.product, `id=${id} (before the round trip)`, {
    query: { id },
    token,
  })
  if (!before) return
  const like = () =>
    g.read(API.like, `round trip: favourite product ${id}`, {
      body: { tagId: id, status: PRODUCT_LIKE_STATUS },
      token,
    })
  const unlike = () =>
    g.read(API.unlike, `id=${id}&status=${PRODUCT_LIKE_STATUS} (round trip)`, {
      query: { id, status: PRODUCT_LIKE_STATUS },
      token,
    })
  // Twice, so it ends as it began: liked → unliked → liked, or the other way.
  const steps = before.isLike === 1 ? [unlike, like] : [like, unlike]
  let liked = before.isLike
  for (const step of steps) {
    if ((await step()) === undefined) return
    liked = liked === 1 ? 0 : 1
    await state(liked, liked ? 'after adding' : 'after removing')
  }
}

async function signOut(g: Group, facts: Facts) {
  if (!facts.ownSession || !facts.token) return
  await g.read(API.logout, 'the session of this run', { token: facts.token, body: {} })
  await g.refused(API.me, 'the token after logout → 401', { token: facts.token }, 401, {
    field: 'header.Authorization',
    value: '(the revoked token)',
    why: 'a token ends with its logout',
  })
}

/** Every phase of the plan; then every GET of the contract that no case called is reported. */
export async function runPlan(run: Run) {
  const facts: Facts = {}
  await Promise.all([site(run.group(), facts), signIn(run.group(), facts)])
  await Promise.all([
    own(run.group(), facts),
    products(run.group(), facts),
    ...LISTED_KINDS.map((k) => articles(run.group(), facts, k)),
    home(run.group()),
    signs(run.group()),
    sessions(run.group()),
  ])
  await roundTrips(run.group(), facts)
  await signOut(run.group(), facts)
  const called = new Set(run.results.map((r) => r.call))
  const g = run.group()
  for (const call of contract.keys())
    if (call.startsWith('GET ') && !called.has(call))
      g.skip(call, '(every case)', 'the runner has no case for this call yet')
}
