import { describe, expect, it } from 'vitest'
import { startServer } from '../../../tests/api/harness.ts'
import { demoUser } from '../../../tests/api/session.ts'
import type { Paged } from '../../db/sql.ts'

const h = startServer()

interface Tx {
  id: number
  price: number
  ext: string
  tag: number
  title: string
  createTime: string
}

describe('wallet (Recharge/GetRechargePage)', () => {
  it('pages own wallet transactions by tag and time', async () => {
    const me = await demoUser(h, '13800000001')
    const page = async (q: Record<string, string | number>) =>
      (await h.get<Paged<Tx>>('/api/Recharge/GetRechargePage', { pageSize: 100, ...q }, me.auth)).data
    const all = await page({})
    const expense = await page({ tag: 1 })
    const income = await page({ tag: 2 })
    expect(all.pageTotal).toBeGreaterThan(0)
    expect(expense.pageData.every((t) => t.tag === 1)).toBe(true)
    expect(income.pageData.every((t) => t.tag === 2 && t.price > 0)).toBe(true)
    expect(expense.pageTotal + income.pageTotal).toBe(all.pageTotal)
    expect(all.pageData[0]!.ext).toMatch(/^R\d+/)
    const times = all.pageData.map((t) => t.createTime)
    expect(times).toEqual([...times].sort().reverse())
    expect((await page({ etime: '20000101000000' })).pageTotal).toBe(0)
    expect((await h.get('/api/Recharge/GetRechargePage', { tag: 3 }, me.auth)).http).toBe(400)
    expect((await h.get('/api/Recharge/GetRechargePage')).http).toBe(401)
  })
})
