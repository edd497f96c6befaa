import type { ArticleCard, ArticleDetail, Paged, SpuCard, SpuDetail } from '../../../src/lib/api/types.ts'
import { ArticleStatus, type LISTED_KINDS } from '../../../src/lib/constants.ts'
import { PAGE_SIZE_DEFAULT } from '../../../src/lib/rules/paging.ts'
import { type Call, type Group, queryText } from '../runner.ts'
import { API, type Facts, type Query, UNKNOWN_ID } from './calls.ts'
import { catalogFilters, listing, pageFindings, wireTime } from './checks.ts'

export async function products(g: Group, facts: Facts) {
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
export async function productReviews(g: Group, spuId: number | undefined) {
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
export async function unknownAndBadId(g: Group, call: Call, base: Query = {}, token?: string) {
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

export async function articles(g: Group, facts: Facts, kind: (typeof LISTED_KINDS)[number]) {
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
