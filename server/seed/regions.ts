/** The region tree (province, city, area, street) and real addresses that match it. */
import { readFileSync } from 'node:fs'
import { at, must, type RowOf } from './common.ts'

interface PcaNode {
  c: string
  n: string
  ch?: PcaNode[]
}

/** The region levels, from province to street. */
const Level = { province: 1, city: 2, area: 3, street: 4 } as const

const readJson = <T>(rel: string): T => JSON.parse(readFileSync(new URL(rel, import.meta.url), 'utf8')) as T

export interface Place {
  province: string
  city: string
  area: string
  street: string
}

export interface SeedRegions {
  rows: RowOf<'regions'>[]
  /** place('江苏省', '苏州市', '姑苏区', 0) → the names with the area's first street. */
  place(province: string, city: string, area: string, streetIndex: number): Place
}

/** Every region of src/lib/regions/pca.json plus the streets of ./streets.json. */
export function seedRegions(): SeedRegions {
  const pca = readJson<PcaNode[]>('../../src/lib/regions/pca.json')
  const streets = readJson<Record<string, string[]>>('./streets.json')
  const rows: RowOf<'regions'>[] = []
  for (const p of pca) {
    rows.push({ code: p.c, name: p.n, parent_code: null, level: Level.province })
    for (const c of p.ch ?? []) {
      rows.push({ code: c.c, name: c.n, parent_code: p.c, level: Level.city })
      for (const a of c.ch ?? []) rows.push({ code: a.c, name: a.n, parent_code: c.c, level: Level.area })
    }
  }
  for (const [area, names] of Object.entries(streets)) {
    names.forEach((name, i) => {
      rows.push({
        code: `${area}${String(i + 1).padStart(3, '0')}`,
        name,
        parent_code: area,
        level: Level.street,
      })
    })
  }
  /** A real address: the names must match the regions table so the picker can show it. */
  const place = (province: string, city: string, area: string, streetIndex: number): Place => {
    const p = must(
      pca.find((x) => x.n === province),
      province,
    )
    const c = must(
      p.ch?.find((x) => x.n === city),
      city,
    )
    const a = must(
      c.ch?.find((x) => x.n === area),
      area,
    )
    const list = must(streets[a.c], `${area} streets`)
    return { province, city, area, street: at(list, streetIndex % list.length) }
  }
  return { rows, place }
}
