/**
 * CSV cells as the back office's exports write them (orders, transfers, the catalogue): UTF-8
 * with a BOM so Excel opens Chinese text as such, CRLF lines.
 */

/** The byte-order mark Excel looks for to read a CSV as UTF-8. */
export const CSV_BOM = '\uFEFF'

/**
 * One CSV cell: quoted when it holds a comma, quote or line break; a cell that a spreadsheet
 * would run as a formula (=, +, -, @ first) is prefixed with ' so it stays text.
 * csvCell('=1+1') → "'=1+1"; csvCell('a,"b"') → '"a,""b"""'
 */
export function csvCell(v: string | number): string {
  let s = String(v)
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s
}

export const csvLine = (cells: (string | number)[]) => `${cells.map(csvCell).join(',')}\r\n`
