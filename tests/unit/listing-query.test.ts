import { describe, expect, it } from 'vitest'
import {
  articleQuery,
  DEFAULT_STATE,
  filterLists,
  isFiltered,
  type ListState,
  productQuery,
  readState,
  sameState,
  withoutState,
  writeState,
} from '../../src/islands/listing/query.ts'
import type { ClassifyGroup } from '../../src/lib/api/types.ts'
import { PAGE_INDEX_MAX, PAGE_SIZE_DEFAULT } from '../../src/lib/rules/paging.ts'

const item = (id: number, title: string) => ({ id, title }) as ClassifyGroup['list'][number]
const groups = [
  { key: 'taskClass', list: [item(3, '种植'), item(4, '正畸')] },
  { key: 'taskTag', list: [item(7, '入门')] },
  { key: 'cityTag', list: [item(9, '苏州')] },
] as ClassifyGroup[]
const lists = filterLists(groups, 20)

describe('listing URL state', () => {
  it('reads an empty query string as the defaults, and writes the defaults as nothing', () => {
    expect(readState('', 30)).toEqual(DEFAULT_STATE)
    expect(writeState('', DEFAULT_STATE)).toBe('')
    expect(isFiltered(DEFAULT_STATE)).toBe(false)
  })

  it('round-trips every field through the query string', () => {
    const states: ListState[] = [
      { classId: 3, tag: '入门', city: '苏州', sort: 'price', dir: 'desc', isPrice: 1, page: 4 },
      { ...DEFAULT_STATE, sort: 'price', dir: 'asc' },
      { ...DEFAULT_STATE, sort: 'sales', isPrice: 0, page: 2 },
      { ...DEFAULT_STATE, tag: '入门' },
    ]
    for (const s of states) {
      const back = readState(writeState('', s), 20, lists)
      expect(back).toEqual(s)
      expect(sameState(back, s)).toBe(true)
    }
  })

  it('keeps the page’s own keys and drops only the listing’s', () => {
    const search = writeState('?q=牙&tab=task', { ...DEFAULT_STATE, page: 2 })
    expect(search).toBe('?q=%E7%89%99&tab=task&page=2')
    expect(withoutState('?q=a&page=3&tag=x&classId=2')).toBe('?q=a')
  })

  it('falls back to the default for each bad value instead of failing', () => {
    const s = readState(
      `?classId=abc&tag=${'x'.repeat(21)}&city=北京&sort=random&dir=down&price=5&page=0`,
      20,
      lists,
    )
    expect(s).toEqual(DEFAULT_STATE)
    expect(readState('?page=-2', 30).page).toBe(1)
    expect(readState('?page=2.5', 30).page).toBe(1)
    expect(readState(`?page=${PAGE_INDEX_MAX + 1}`, 30).page).toBe(1)
    expect(readState(`?page=${PAGE_INDEX_MAX}`, 30).page).toBe(PAGE_INDEX_MAX)
    // A category or tag the dictionary does not have is ignored; unknown dictionaries accept any.
    expect(readState('?classId=99&tag=高级', 20, lists)).toMatchObject({ classId: null, tag: null })
    expect(readState('?classId=99&tag=高级', 20)).toMatchObject({ classId: 99, tag: '高级' })
  })

  it('reads only what the kind has: dir for a price sort, city for tasks, price for articles', () => {
    expect(readState('?dir=desc', 30).dir).toBe('asc')
    expect(readState('?sort=price&dir=desc', 30).dir).toBe('desc')
    expect(readState('?city=苏州', 30).city).toBeNull()
    expect(readState('?city=苏州', 20, lists).city).toBe('苏州')
    expect(readState('?price=0', 'product').isPrice).toBe(2)
    expect(readState('?price=0', 10).isPrice).toBe(0)
  })

  it('turns a state into the API query, one shared page size, 0-based pages', () => {
    const s: ListState = { ...DEFAULT_STATE, classId: 3, sort: 'price', dir: 'desc', page: 3 }
    expect(articleQuery(30, s, { createId: 5, title: '' })).toMatchObject({
      status: 30,
      classId: 3,
      pageOrder: 'price',
      pageSort: 'desc',
      pageIndex: 2,
      pageSize: PAGE_SIZE_DEFAULT,
      createId: 5,
      title: undefined,
    })
    expect(productQuery({ ...s, sort: 'sales' })).toMatchObject({
      pageOrder: 'extMore',
      pageSort: 'desc',
      pageSize: PAGE_SIZE_DEFAULT,
    })
  })
})
