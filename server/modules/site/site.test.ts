import { describe, expect, it } from 'vitest'
import { BannerPosition, ClassifyKey } from '../../../src/lib/constants.ts'
import { startServer } from '../../../tests/api/harness.ts'

const h = startServer()

describe('public reference data', () => {
  it('has banners for every position', async () => {
    const r = await h.get<{ position: string; imgurl: string }[]>('/api/Adinfo/GetAdinfoAll')
    for (const p of Object.values(BannerPosition)) expect(r.data.some((b) => b.position === p)).toBe(true)
    expect(r.data.length).toBeGreaterThan(0)
    expect(r.data.every((b) => b.imgurl.startsWith('/uploads/'))).toBe(true)
  })

  it('serves the banner images themselves, locked down as user files', async () => {
    const r = await h.get<{ imgurl: string }[]>('/api/Adinfo/GetAdinfoAll')
    const res = await fetch(`${h.base}${r.data[0]!.imgurl}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'")
  })

  it('has every classification key with entries', async () => {
    const r = await h.get<{ key: string; list: unknown[] }[]>('/api/Classify/GetClassifyQuerys')
    for (const k of Object.keys(ClassifyKey))
      expect(r.data.find((g) => g.key === k)?.list.length).toBeGreaterThan(0)
  })

  it('serves the agreement, privacy policy, level explanation and thresholds', async () => {
    const r = await h.get<{
      agreement: string
      content: string
      imgurl: string
      levels: { stars: number[] }
    }>('/api/Users/GetUsersConfigs')
    expect(r.data.agreement).toContain('<')
    expect(r.data.content).toContain('<')
    expect(r.data.imgurl).toContain('<')
    expect(r.data.levels.stars).toEqual([2000, 50000, 100000, 200000])
  })

  it('lists the streets of a district, by name and city', async () => {
    const r = await h.get<{ id: string; title: string }[]>('/api/Region/GetRegionQueryTitle', {
      title: '姑苏区',
      city: '苏州市',
    })
    expect(r.data.length).toBeGreaterThan(3)
    expect(r.data.every((s) => s.id.startsWith('320508'))).toBe(true)
    const gulou = await h.get<{ id: string }[]>('/api/Region/GetRegionQueryTitle', {
      title: '鼓楼区',
      city: '南京市',
    })
    expect(gulou.data.length).toBeGreaterThan(0)
    expect(gulou.data.every((s) => s.id.startsWith('320106'))).toBe(true)
    const none = await h.get<unknown[]>('/api/Region/GetRegionQueryTitle', { title: '不存在区' })
    expect(none.data).toEqual([])
    const refused = await h.get('/api/Region/GetRegionQueryTitle')
    expect(refused.http).toBe(400)
  })
})
