import { describe, expect, it } from 'vitest'
import { courseCatalogue, type SectionRow } from '../../server/modules/content/course-sections.ts'
import { isFreeSection, SectionStatus } from '../../src/lib/rules/course.ts'

const section = (
  id: number,
  status: number,
  price_fen: number,
  imgurl = `/uploads/s${id}.mp4`,
): SectionRow => ({
  id,
  title: `第${id}节`,
  imgurl,
  status,
  price_fen,
  params: 60,
})

describe('isFreeSection', () => {
  it('is free when marked free, or marked paid but priced 0', () => {
    expect(isFreeSection({ status: SectionStatus.free, price: 0 })).toBe(true)
    expect(isFreeSection({ status: SectionStatus.free, price: 9.9 })).toBe(true)
    expect(isFreeSection({ status: SectionStatus.paid, price: 0 })).toBe(true)
    expect(isFreeSection({ status: SectionStatus.paid, price: 9.9 })).toBe(false)
  })
})

describe('courseCatalogue', () => {
  const rows = [section(1, 2, 0), section(2, 1, 0, '/uploads/h.PDF'), section(3, 1, 990), section(4, 1, 1990)]

  it('gives free sections (a paid one priced 0 included) with their files, and withholds the rest', () => {
    const list = courseCatalogue(rows, { whole: false, bought: [] })
    expect(list.map((s) => [s.id, s.unlock, s.imgurl])).toEqual([
      [1, 1, '/uploads/s1.mp4'],
      [2, 1, '/uploads/h.PDF'],
      [3, 0, ''],
      [4, 0, ''],
    ])
    // The server's unlock and the client's 免费 label read the same rule.
    for (const s of list) expect(s.unlock === 1).toBe(isFreeSection(s))
  })

  it('opens a bought section, and every section when the whole item is open', () => {
    expect(courseCatalogue(rows, { whole: false, bought: [4] }).map((s) => s.unlock)).toEqual([1, 1, 0, 1])
    expect(courseCatalogue(rows, { whole: true, bought: [] }).every((s) => s.unlock === 1 && s.imgurl)).toBe(
      true,
    )
  })

  it('answers yuan and the kind of file', () => {
    const [, pdf, paid] = courseCatalogue(rows, { whole: false, bought: [] })
    expect(pdf!.kind).toBe('pdf')
    expect(paid!.kind).toBe('mp4')
    expect(paid!.price).toBe(9.9)
  })
})
