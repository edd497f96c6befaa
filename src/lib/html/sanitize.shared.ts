/**
 * What the two sanitisers (sanitize.server.ts with sanitize-html, sanitize.browser.ts with
 * DOMPurify) share beyond the allowlist of policy.ts, so both drop the same things the same way.
 * Nothing here may import a sanitiser library: the browser bundle includes this file.
 */
import { RICH_TEXT_ATTRIBUTES, RICH_TEXT_STYLES } from './policy.ts'

/**
 * Elements dropped together with everything inside them. Other disallowed elements (div, font,
 * table …) are dropped but keep their text, as an editor paste would. Raw-text elements and
 * foreign content (svg, math) go whole: their text is code or markup, never prose, and parsers
 * disagree on it (the mutation-XSS family).
 */
export const DISCARD_WITH_CONTENT = [
  'script',
  'style',
  'textarea',
  'select',
  'option',
  'xmp',
  'plaintext',
  'listing',
  'template',
  'noscript',
  'noembed',
  'noframes',
  'iframe',
  'frame',
  'frameset',
  'object',
  'applet',
  'svg',
  'math',
  'title',
  'head',
  'audio',
  'video',
  'canvas',
] as const

/** The rel and target every link gets, whatever it had (it opens off-site, passes nothing on). */
export const LINK_REL = 'noopener noreferrer nofollow'
export const LINK_TARGET = '_blank'

/** Tags that may carry `style`, from RICH_TEXT_ATTRIBUTES: styledTags() → ['p', 'h1', … 'span'] */
export function styledTags(): string[] {
  return Object.entries(RICH_TEXT_ATTRIBUTES)
    .filter(([, attrs]) => attrs.includes('style'))
    .map(([tag]) => tag)
}

/** Whether a tag keeps an attribute: keepsAttribute('a', 'href') → true; ('p', 'class') → false */
export function keepsAttribute(tag: string, attr: string): boolean {
  return RICH_TEXT_ATTRIBUTES[tag]?.includes(attr) ?? false
}

/**
 * Splits a style attribute into declarations at the semicolons outside quotes and brackets,
 * the way a CSS parser would for the flat values we accept.
 */
function declarations(style: string): string[] {
  const out: string[] = []
  let quote = ''
  let depth = 0
  let start = 0
  for (let i = 0; i < style.length; i++) {
    const c = style[i]
    if (quote) {
      if (c === '\\') i++
      else if (c === quote) quote = ''
    } else if (c === '"' || c === "'") quote = c
    else if (c === '(') depth++
    else if (c === ')') depth = Math.max(0, depth - 1)
    else if (c === ';' && depth === 0) {
      out.push(style.slice(start, i))
      start = i + 1
    }
  }
  out.push(style.slice(start))
  return out
}

/**
 * The style attribute narrowed to RICH_TEXT_STYLES, written as sanitize-html writes it
 * (`prop:value` joined by `;`), so both sanitisers give the same string:
 * filterStyle('color: #f00; position: fixed') → 'color:#f00'; nothing allowed → ''.
 * Only the browser uses it; the server lets sanitize-html's CSS parser do the same.
 */
export function filterStyle(style: string): string {
  const kept: string[] = []
  for (const d of declarations(style.replace(/\/\*[\s\S]*?\*\//g, ''))) {
    const colon = d.indexOf(':')
    if (colon < 0) continue
    const prop = d.slice(0, colon).trim()
    let value = d.slice(colon + 1).trim()
    const important = /\s*!\s*important$/i.exec(value)
    if (important) value = value.slice(0, important.index).trim()
    const rule = Object.hasOwn(RICH_TEXT_STYLES, prop) ? RICH_TEXT_STYLES[prop] : undefined
    if (rule?.test(value)) kept.push(`${prop}:${value}${important ? ' !important' : ''}`)
  }
  return kept.join(';')
}
