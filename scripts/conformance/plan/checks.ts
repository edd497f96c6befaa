import type { Paged } from '../../../src/lib/api/types.ts'
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../../../src/lib/rules/paging.ts'
import { type Call, type Finding, type Group, queryText } from '../runner.ts'
import { type Facts, NO_ACCOUNT, type Query } from './calls.ts'

/** Paging (README, API): pageIndex 0-based and echoed, pageSize echoed, pageTotal counts items. */
export function pageFindings(p: Paged<unknown>, index: number, size: number): Finding[] {
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
export function everyFinding<T>(
  items: T[],
  field: keyof T & string,
  holds: (item: T) => boolean,
  what: string,
): Finding[] {
  const i = items.findIndex((item) => !holds(item))
  return i < 0 ? [] : [{ field: `data.pageData.${i}.${field}`, value: items[i]?.[field], message: what }]
}

/** Sorted by `field` in `dir`: the first item out of order. */
export function sortFindings<T>(items: T[], field: keyof T & string, dir: 'asc' | 'desc'): Finding[] {
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

export const nonEmpty = (p: Paged<unknown>, what: string): Finding[] =>
  p.pageTotal > 0
    ? []
    : [{ field: 'data.pageTotal', value: p.pageTotal, message: `expected at least ${what}` }]

/** '2024-05-01 08:00:00' → '20240501080000', the wire form of the time filters. */
export const wireTime = (t: string) => t.replace(/\D/g, '').slice(0, 14)

// --- listings: paging, each sort, each filter, bad input -------------------------------------

export interface Filter<T> {
  param: string
  value: string | number
  field: keyof T & string
  holds: (item: T) => boolean
}

export interface Listing<T extends { id: number; createId: number | null; extMore: number }> {
  call: Call
  /** Parameters every request carries: { status: 10 } for posts. */
  base: Query
  /** The field the price sorts order by. */
  price: keyof T & string
  /** The filters worth asking, with values taken from the first page of 100. */
  filters: (sample: T[]) => Filter<T>[]
}

/** The filters both listings share: category, tag, title and creator. */
export function catalogFilters<
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
export async function listing<T extends { id: number; createId: number | null; extMore: number }>(
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
