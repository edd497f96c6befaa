import { describe, expect, it } from 'vitest'
import { apiToDbTime, chinaDayStart, dbTime, fromDbTime } from '../../server/time.ts'

// These hold in any host zone; `npm test` runs them (and the API suite) with TZ=UTC.
describe('China time, whatever the host zone', () => {
  it('stores an instant as Beijing wall-clock text', () => {
    expect(dbTime(new Date('2026-01-01T19:04:05Z'))).toBe('2026-01-02 03:04:05')
    expect(dbTime(new Date('2026-06-30T16:00:00Z'))).toBe('2026-07-01 00:00:00')
    // And back: the stored text names that instant.
    expect(fromDbTime('2026-01-02 03:04:05').toISOString()).toBe('2026-01-01T19:04:05.000Z')
  })

  it('starts the day at Beijing midnight (16:00 UTC the day before)', () => {
    expect(new Date(chinaDayStart(new Date('2026-01-01T17:00:00Z'))).toISOString()).toBe(
      '2026-01-01T16:00:00.000Z',
    )
    expect(new Date(chinaDayStart(new Date('2026-01-01T15:59:59Z'))).toISOString()).toBe(
      '2025-12-31T16:00:00.000Z',
    )
  })

  it('reads the wire date as the same wall-clock text and refuses impossible dates', () => {
    expect(apiToDbTime('20260102030405')).toBe('2026-01-02 03:04:05')
    expect(apiToDbTime('20260230000000')).toBeNull()
    expect(apiToDbTime('20260101240000')).toBeNull()
    expect(apiToDbTime('2026010203040')).toBeNull()
  })
})
