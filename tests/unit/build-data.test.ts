import { describe, expect, it } from 'vitest'
import { qrSvg } from '../../src/components/qr.ts'
import { fetchAhead } from '../../src/lib/build/data.ts'

/** A fetchOne that records what was asked and answers when told to. */
function fakeApi() {
  const asked: number[] = []
  const open = new Map<number, { resolve: (v: string) => void; reject: (e: Error) => void }>()
  const fetchOne = (id: number) => {
    asked.push(id)
    return new Promise<string>((resolve, reject) => open.set(id, { resolve, reject }))
  }
  const answer = (id: number) => open.get(id)?.resolve(`item ${id}`)
  return { asked, fetchOne, answer }
}

const ids = Array.from({ length: 20 }, (_, i) => i + 1)

describe('fetchAhead: the item pages take their details in page order', () => {
  it('asks ahead in order, never more than `ahead` untaken, and refills a batch at a time', async () => {
    const api = fakeApi()
    const take = fetchAhead(ids, api.fetchOne, { ahead: 8, batch: 4 })
    expect(api.asked).toEqual([1, 2, 3, 4, 5, 6, 7, 8])
    for (const id of [1, 2, 3]) {
      api.answer(id)
      await expect(take(id)).resolves.toBe(`item ${id}`)
    }
    // Three taken: fewer than a batch free, nothing asked yet.
    expect(api.asked).toHaveLength(8)
    api.answer(4)
    await take(4)
    expect(api.asked).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])
  })

  it('hands each answer out once; an id taken out of order is fetched then, and not again later', async () => {
    const api = fakeApi()
    const take = fetchAhead(ids, api.fetchOne, { ahead: 4, batch: 1 })
    const late = take(15)
    expect(api.asked).toEqual([1, 2, 3, 4, 15])
    api.answer(15)
    await expect(late).resolves.toBe('item 15')
    for (const id of ids.filter((i) => i !== 15)) {
      api.answer(id)
      await expect(take(id)).resolves.toBe(`item ${id}`)
      api.answer(id + 4)
    }
    expect([...api.asked].sort((a, b) => a - b)).toEqual(ids)
  })

  it('a failure reaches the page that takes it, and is not an unhandled rejection before that', async () => {
    const asked: number[] = []
    const take = fetchAhead(ids.slice(0, 3), (id) => {
      asked.push(id)
      return id === 2 ? Promise.reject(new Error('当前内容已经下架')) : Promise.resolve(id)
    })
    await new Promise((r) => setTimeout(r, 10))
    await expect(take(1)).resolves.toBe(1)
    await expect(take(2)).rejects.toThrow('当前内容已经下架')
    await expect(take(3)).resolves.toBe(3)
    expect(asked).toEqual([1, 2, 3])
  })
})

describe('qrSvg: the footer codes are drawn once per build', () => {
  it('answers the same SVG for the same text and size, a different one otherwise', async () => {
    const a = qrSvg('http://localhost:4321/?from=app', 96)
    expect(qrSvg('http://localhost:4321/?from=app', 96)).toBe(a)
    const svg = await a
    expect(svg).toMatch(/^<svg[^>]*width="96"/)
    expect(await qrSvg('http://localhost:4321/?from=mp', 96)).not.toBe(svg)
  })
})
