/**
 * QR codes as SVG markup, drawn once per distinct text and size. Every page's footer carries the
 * same two codes: drawing them per page was the largest single cost of the site build (about a
 * fifth of its CPU at 20,000 pages), for identical output.
 */
import QRCode from 'qrcode'

const drawn = new Map<string, Promise<string>>()

/** The SVG of `text`, memoised for the process: await qrSvg('https://example.cn/?from=app', 96) → '<svg …' */
export function qrSvg(text: string, size: number): Promise<string> {
  const key = `${size} ${text}`
  let svg = drawn.get(key)
  if (!svg) {
    svg = QRCode.toString(text, {
      type: 'svg',
      margin: 1,
      width: size,
      color: { dark: '#0c3b3d', light: '#ffffff' },
    })
    // A failure is not kept: the next page draws again and reports its own error.
    svg.catch(() => drawn.delete(key))
    drawn.set(key, svg)
  }
  return svg
}
