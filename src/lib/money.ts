/** Money is integer fen in storage and yuan on the wire; these are the only conversions. */

/** fenToYuan(1250) → 12.5 */
export function fenToYuan(fen: number): number {
  return Math.round(fen) / 100
}

/** yuanToFen('12.5') → 1250; null when it is not a price of at most two decimals. */
export function yuanToFen(yuan: string | number): number | null {
  const s = String(yuan).trim()
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(s)) return null
  const [int, dec = ''] = s.split('.')
  return Number(int) * 100 + Number(dec.padEnd(2, '0'))
}
