import { type Input, text } from './fields.ts'

export interface Region {
  province: string
  city: string
  area: string
  street: string
}

/** A region name is a place name; a longer one is not from the picker. */
const PART_MAX = 30

/**
 * The region of a form: its own fields, or else the picker's comma-joined value in `address`
 * (accounts §2: the first four parts fill province, city, area, street).
 * region({ address: '江苏省,苏州市,姑苏区,平江街道' }).area → '姑苏区'
 */
export function region(input: Input): Region {
  const parts = text(input, 'address').split(',')
  const part = (key: keyof Region, i: number) => text(input, key) || (parts[i] ?? '').trim()
  return {
    province: part('province', 0),
    city: part('city', 1),
    area: part('area', 2),
    street: part('street', 3),
  }
}

/** Fewer than 3 levels chosen: the picker stopped before the district. */
export const regionIncomplete = (r: Region) => !r.province || !r.city || !r.area

export const regionTooLong = (r: Region) => Object.values(r).some((p) => [...p].length > PART_MAX)

/** joinRegion(r) → '江苏省,苏州市,姑苏区,平江街道', the `address` field of answers. */
export const joinRegion = (r: Region) => [r.province, r.city, r.area, r.street].filter(Boolean).join(',')
