/** Course sections (accounts §3 "Course section"): who may open one without buying it. */

/** A section's status: 1 paid, 2 free. */
export const SectionStatus = { paid: 1, free: 2 } as const

/**
 * Whether a section is free to open. The one rule behind the server's unlock (whether the file
 * path is given) and the catalogue's 免费 label, so the two cannot disagree.
 *
 * A section marked paid (1) with price 0 counts as free: publishing requires a price for a
 * paid section (请填写课程价格), so such a row is an incomplete one, and ¥0 cannot be charged
 * for, so locking it would leave the section unopenable forever. The whole course follows the
 * same reading (a course priced 0 is open to everyone). `price` may be yuan or fen: only
 * whether it is zero matters.
 */
export const isFreeSection = (s: { status: number; price: number }): boolean =>
  s.status === SectionStatus.free || s.price === 0

/**
 * Whether a visitor can open every section of a course already: each one free or bought on its
 * own. The whole course then sells them nothing more (it opens as bought, and is not sold again).
 * allSectionsOpen([{ id: 1, status: 1, price: 990 }], [1]) → true; no sections → false.
 */
export const allSectionsOpen = (
  sections: readonly { id: number; status: number; price: number }[],
  bought: readonly (number | null)[],
): boolean => sections.length > 0 && sections.every((s) => isFreeSection(s) || bought.includes(s.id))

/** The refusal of a course save that removes a section someone bought; the server adds the sections' titles. */
export const SOLD_SECTION = '已有学员购买的节不能删除'
