import { describe, expect, it } from 'vitest'
import { nextStar } from '../../src/islands/account/LevelCard.tsx'
import { DEFAULT_STAR_THRESHOLDS, parseStarThresholds, stars } from '../../src/lib/rules/stars.ts'

describe('parseStarThresholds', () => {
  it('falls back to the spec defaults on missing or bad input', () => {
    for (const bad of [
      undefined,
      null,
      5,
      'stars',
      {},
      { stars: null },
      { stars: [] },
      { stars: '2000,50000' },
      { stars: [2000, '50000', 100000] },
      { stars: [0, 1, 2, 3] },
      { stars: [-1, 1, 2, 3] },
      { stars: [1, Number.NaN, 3] },
      { stars: [1, Number.POSITIVE_INFINITY] },
    ]) {
      expect(parseStarThresholds(bad)).toBe(DEFAULT_STAR_THRESHOLDS)
    }
  })

  it('refuses thresholds that are not strictly ascending', () => {
    expect(parseStarThresholds({ stars: [50000, 2000, 100000, 200000] })).toBe(DEFAULT_STAR_THRESHOLDS)
    expect(parseStarThresholds({ stars: [2000, 2000, 100000, 200000] })).toBe(DEFAULT_STAR_THRESHOLDS)
  })

  it('takes ascending positive custom thresholds as they are', () => {
    expect(parseStarThresholds({ stars: [1, 2, 3, 4] })).toEqual([1, 2, 3, 4])
    const custom = parseStarThresholds({ stars: [50000, 100000, 200000, 400000], other: 'kept out' })
    expect(custom).toEqual([50000, 100000, 200000, 400000])
    expect(stars(60000, custom)).toBe(2)
  })
})

describe('nextStar (LevelCard)', () => {
  it('tells what the next star takes, with the parsed thresholds', () => {
    const t = parseStarThresholds({ stars: [2000, 50000, 100000, 200000] })
    expect(nextStar(0, 0, t)).toEqual({ stars: 1, above: 0, progress: 0 })
    expect(nextStar(1, 800, t)).toEqual({ stars: 2, above: 2000, progress: 0.4 })
    expect(nextStar(5, 300000, t)).toBeNull()
    expect(nextStar(2, 75000, parseStarThresholds({ stars: 'bad' }))?.above).toBe(50000)
  })
})
