/** A course's catalogue as a visitor sees it (storefront §3). Pure: section rows and access in. */
import { fenToYuan } from '../../../src/lib/money.ts'
import { isFreeSection } from '../../../src/lib/rules/course.ts'

export interface SectionRow {
  id: number
  title: string
  imgurl: string
  status: number
  price_fen: number
  params: number
}

/**
 * Each section with `unlock` and, only when unlocked, its file (`imgurl`, the stored path) and the
 * URL to open it by (`url`): open when the whole item is
 * (`whole`: owner, free course or bought whole), when the section is free (isFreeSection, the
 * rule the client's 免费 label uses too) or when the visitor bought that section.
 */
export function courseCatalogue(
  rows: readonly SectionRow[],
  access: { whole: boolean; bought: readonly number[] },
  /** The URL a browser opens a section's stored file by: the path, or a signed link to a private one. */
  fileUrl: (path: string) => string = (p) => p,
) {
  return rows.map((s) => {
    const unlock =
      access.whole || isFreeSection({ status: s.status, price: s.price_fen }) || access.bought.includes(s.id)
    // A locked section's file is the thing being sold: its path is not given away.
    return {
      id: s.id,
      title: s.title,
      imgurl: unlock ? s.imgurl : '',
      url: unlock ? fileUrl(s.imgurl) : '',
      kind: s.imgurl.toLowerCase().endsWith('.pdf') ? ('pdf' as const) : ('mp4' as const),
      status: s.status,
      price: fenToYuan(s.price_fen),
      params: s.params,
      unlock: unlock ? (1 as const) : (0 as const),
    }
  })
}
