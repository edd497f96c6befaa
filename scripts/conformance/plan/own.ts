import type { Address, Invoice, OrderCard, Paged, Transaction } from '../../../src/lib/api/types.ts'
import {
  ArticleStatus,
  LISTED_KINDS,
  NOTIFICATION_QUERY_STATUS,
  OrderStatus,
  PRODUCT_LIKE_STATUS,
  RechargeTag,
} from '../../../src/lib/constants.ts'
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../../../src/lib/rules/paging.ts'
import { type Call, type Finding, type Group, queryText } from '../runner.ts'
import {
  API,
  type Facts,
  type Favourite,
  NO_ACCOUNT,
  NOT_UNDOABLE,
  type Query,
  SIGNED_IN_READS,
  UNKNOWN_ID,
} from './calls.ts'
import { unknownAndBadId } from './catalog.ts'
import { everyFinding, pageFindings, wireTime } from './checks.ts'

export async function own(g: Group, facts: Facts) {
  const token = facts.token
  if (!token) {
    for (const [call] of SIGNED_IN_READS)
      g.skip(call, "the test account's reads", facts.loginFailed ?? NO_ACCOUNT)
    g.skip(API.articleQuery, "the test account's notifications", facts.loginFailed ?? NO_ACCOUNT)
    g.skip(API.articleSales, "the test account's sales", facts.loginFailed ?? NO_ACCOUNT)
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
  // The buyer's own unit prices of a product's SKUs (issue 40: 会员价 / 协议价).
  await read(API.myPrices, { id: 1 })
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
  // What the account's own items sold, by month (issue 39): every kind, then one.
  await read(API.articleSales, {})
  await read(API.articleSales, { status: ArticleStatus.course })
}

/** An address added and deleted, a favourite toggled twice: the account ends as it began. */
