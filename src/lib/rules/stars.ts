/**
 * Membership stars from cumulative spending in yuan (storefront §6): up to 2000 one star, up to
 * 50000 two, up to 100000 three, up to 200000 four, above five; nothing spent, no star.
 * The thresholds come from the 'levels' configuration, so the operator can switch readings.
 */
export const DEFAULT_STAR_THRESHOLDS = [2000, 50000, 100000, 200000] as const

/** stars(3500) → 2; stars(0) → 0 */
export function stars(integralYuan: number, thresholds: readonly number[] = DEFAULT_STAR_THRESHOLDS): number {
  if (!(integralYuan > 0)) return 0
  const below = thresholds.findIndex((t) => integralYuan <= t)
  return below === -1 ? thresholds.length + 1 : below + 1
}

/**
 * The star thresholds of a 'levels' configuration ({ stars: [2000, 50000, …] }), or the spec's
 * defaults when it has none or they are not ascending positive numbers. Server and island both
 * read the configuration through this one check.
 */
export function parseStarThresholds(levels: unknown): readonly number[] {
  const list = (levels as { stars?: unknown } | null)?.stars
  const good =
    Array.isArray(list) &&
    list.length > 0 &&
    list.every((n, i) => typeof n === 'number' && Number.isFinite(n) && n > 0 && (i === 0 || n > list[i - 1]))
  return good ? (list as number[]) : DEFAULT_STAR_THRESHOLDS
}

/**
 * The upgrade prompts of storefront §6 (2000, 5000, 10000, 20000 yuan: what the prompts for the
 * second to fifth star quote), from the 'levels' configuration's upgradeTexts; null without one.
 * upgradePrompt(levels, 2) → 2000
 */
export function upgradePrompt(levels: unknown, nextStars: number): number | null {
  const list = (levels as { upgradeTexts?: unknown } | null)?.upgradeTexts
  const n = Array.isArray(list) ? list[nextStars - 2] : undefined
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : null
}
