/**
 * The one allowlist of rich text (DESIGN "User-written HTML"): exactly what the editor's toolbar
 * can produce (accounts §2), plus the headings and lists of the operator's own pages. The
 * server's sanitiser (sanitize.server.ts, on write and at build) and the browser's
 * (sanitize.browser.ts, at render) are both configured from this file, so the editor, what is
 * stored and what is shown cannot drift apart.
 */

/** What the editor emits at most, in characters of HTML (accounts §5, §9). */
export const RICH_TEXT_MAX = 2000

export const RICH_TEXT_TAGS = [
  'p',
  'br',
  'strong',
  'em',
  'u',
  's',
  'blockquote',
  'pre',
  'code',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'sub',
  'sup',
  'span',
  'a',
  'img',
] as const

/** The attributes each tag keeps; `style` is then narrowed to RICH_TEXT_STYLES. */
export const RICH_TEXT_ATTRIBUTES: Record<string, readonly string[]> = {
  a: ['href', 'target', 'rel'],
  img: ['src', 'alt'],
  p: ['style'],
  h1: ['style'],
  h2: ['style'],
  h3: ['style'],
  h4: ['style'],
  h5: ['style'],
  h6: ['style'],
  li: ['style'],
  span: ['style'],
}

/** The toolbar's sizes (accounts §2: small, normal, large, huge); normal is no style at all. */
export const FONT_SIZES = [
  { label: '小', value: '0.75em' },
  { label: '正常', value: '' },
  { label: '大', value: '1.5em' },
  { label: '超大', value: '2.5em' },
] as const

/** The toolbar's fonts; the default is no style at all. */
export const FONT_FAMILIES = [
  { label: '默认字体', value: '' },
  { label: '宋体', value: 'SimSun, serif' },
  { label: '黑体', value: 'SimHei, sans-serif' },
  { label: '楷体', value: 'KaiTi, serif' },
  { label: '等宽', value: 'monospace' },
] as const

/** One indent step, as a left padding in em; at most INDENT_MAX steps. */
export const INDENT_STEP_EM = 2
export const INDENT_MAX = 8

/** The text-align values of the toolbar's align menu. */
export const ALIGNMENTS = ['left', 'center', 'right', 'justify'] as const

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const oneOf = (values: readonly string[]) =>
  new RegExp(`^(?:${values.filter(Boolean).map(escapeRegExp).join('|')})$`)
const COLOUR =
  /^(?:#[0-9a-f]{3,8}|rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(?:,\s*(?:0|1|0?\.\d+)\s*)?\))$/i

/** The style properties kept, each with the values it may take (anything else is dropped). */
export const RICH_TEXT_STYLES: Record<string, RegExp> = {
  color: COLOUR,
  'background-color': COLOUR,
  'font-size': oneOf(FONT_SIZES.map((s) => s.value)),
  'font-family': oneOf(FONT_FAMILIES.map((f) => f.value)),
  'text-align': oneOf(ALIGNMENTS),
  'padding-left': oneOf(Array.from({ length: INDENT_MAX }, (_, i) => `${(i + 1) * INDENT_STEP_EM}em`)),
}

/** Link targets: the web and mail only (no javascript:, data:, vbscript: …). */
export const LINK_SCHEMES = ['http', 'https', 'mailto'] as const

/** isAllowedHref('https://a.cn') → true; isAllowedHref('javascript:x') → false */
export function isAllowedHref(href: string): boolean {
  const h = href.trim()
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(h)?.[1]?.toLowerCase()
  return scheme !== undefined && (LINK_SCHEMES as readonly string[]).includes(scheme)
}

/**
 * Images come only from our own uploads (the editor inserts through Upload/PostUpload):
 * isAllowedImageSrc('/uploads/u/202611/ab.png') → true; an off-site or data: URL → false.
 */
export function isAllowedImageSrc(src: string): boolean {
  return /^\/uploads\/[\w./-]+$/.test(src) && !src.split('/').includes('..')
}
