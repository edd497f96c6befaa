/**
 * The rich-text sanitiser of Node (src/lib/html/sanitize.server.ts) against the XSS corpus and
 * the editor's legit output, and the browser sanitiser's style filter against it. DOMPurify
 * itself needs a DOM: tests/e2e/xss.spec.ts holds the two sanitisers against each other in
 * Chromium.
 */
import { describe, expect, it } from 'vitest'
import { sanitizeRichText as viaImports } from '#sanitize'
import {
  isAllowedHref,
  isAllowedImageSrc,
  RICH_TEXT_ATTRIBUTES,
  RICH_TEXT_STYLES,
  RICH_TEXT_TAGS,
} from '../../src/lib/html/policy.ts'
import { sanitizeRichText } from '../../src/lib/html/sanitize.server.ts'
import { filterStyle, LINK_REL, LINK_TARGET } from '../../src/lib/html/sanitize.shared.ts'
import { LEGIT_SAMPLES, XSS_CORPUS } from '../xss-corpus.ts'

const decode = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&amp;/g, '&')

/**
 * Every way sanitised HTML could break the policy. sanitize-html escapes `<` in text and
 * `<`, `>`, `"` in attribute values, so each `<…>` of its output is exactly one tag.
 */
function breaches(html: string): string[] {
  const found: string[] = []
  for (const [tag] of html.matchAll(/<[^>]*>/g)) {
    const markup = tag.toLowerCase()
    for (const bad of ['<script', '<svg', '<iframe', '<style', '<math', 'javascript:', 'data:', 'vbscript:'])
      if (markup.includes(bad)) found.push(`${bad} in ${tag}`)
    if (/\son\w+\s*=/.test(markup)) found.push(`event handler in ${tag}`)
    const close = /^<\/([a-z0-9]+)>$/.exec(tag)
    if (close) {
      if (!(RICH_TEXT_TAGS as readonly string[]).includes(close[1] ?? '')) found.push(`closing ${tag}`)
      continue
    }
    const open = /^<([a-z0-9]+)((?:\s[^\s=/>]+(?:="[^"]*")?)*)\s*\/?>$/.exec(tag)
    const name = open?.[1] ?? ''
    if (!open || !(RICH_TEXT_TAGS as readonly string[]).includes(name)) {
      found.push(`tag ${tag}`)
      continue
    }
    const attrs = new Map(
      [...(open[2] ?? '').matchAll(/\s([^\s=/>]+)(?:="([^"]*)")?/g)].map((m) => [
        m[1] ?? '',
        decode(m[2] ?? ''),
      ]),
    )
    for (const [attr, value] of attrs) {
      if (!RICH_TEXT_ATTRIBUTES[name]?.includes(attr)) found.push(`attribute ${attr} on ${name}`)
      if (attr === 'href' && !isAllowedHref(value)) found.push(`href ${value}`)
      if (attr === 'src' && !isAllowedImageSrc(value)) found.push(`src ${value}`)
      if (attr === 'style')
        for (const d of value.split(';')) {
          const [prop = '', v = ''] = d.split(/:(.*)/s).map((x) => x.trim())
          const rule = Object.hasOwn(RICH_TEXT_STYLES, prop) ? RICH_TEXT_STYLES[prop] : undefined
          if (!rule?.test(v.replace(/\s*!important$/, ''))) found.push(`style ${d}`)
        }
    }
    if (name === 'a' && (attrs.get('rel') !== LINK_REL || attrs.get('target') !== LINK_TARGET))
      found.push(`link without rel/target: ${tag}`)
    if (name === 'img' && !attrs.has('src')) found.push(`img without src: ${tag}`)
  }
  return found
}

/** Equal up to what the sanitiser normalises: void-element slashes and spaces in style. */
const normalised = (html: string) =>
  html
    .replace(/\s*\/>/g, '>')
    .replace(/style="([^"]*)"/g, (_, s: string) => `style="${s.replace(/\s*([:;])\s*/g, '$1')}"`)

describe('sanitizeRichText (sanitize-html)', () => {
  it('is what #sanitize resolves to outside the browser', () => {
    expect(viaImports).toBe(sanitizeRichText)
  })

  it('has a checker that sees what it checks for', () => {
    for (const bad of [
      '<img src=x onerror=alert(1)>',
      '<a href="javascript:x" rel="noopener noreferrer nofollow" target="_blank">a</a>',
      '<a href="https://a.cn">no rel</a>',
      '<p style="position:fixed">x</p>',
      '<p class="x">x</p>',
      '<svg></svg>',
    ])
      expect(breaches(bad), bad).not.toEqual([])
  })

  it('has a corpus of at least 35 payloads', () => {
    expect(XSS_CORPUS.length).toBeGreaterThanOrEqual(35)
    expect(new Set(XSS_CORPUS.map((p) => p.name)).size).toBe(XSS_CORPUS.length)
  })

  it.each(XSS_CORPUS)('leaves nothing outside the policy: $name', ({ html }) => {
    const clean = sanitizeRichText(html)
    expect(breaches(clean)).toEqual([])
    // Stored output is sanitised again where it is shown: that must change nothing.
    expect(sanitizeRichText(clean)).toBe(clean)
  })

  it('keeps the text of dropped wrappers but not of scripts, styles or foreign content', () => {
    expect(sanitizeRichText('<div><font color=red>留下</font></div>')).toBe('留下')
    expect(sanitizeRichText('<p>a<script>b</script><style>c</style><svg><text>d</text></svg>e</p>')).toBe(
      '<p>ae</p>',
    )
    expect(sanitizeRichText('<img src="https://cdn.example/x.png" alt="外链">后')).toBe('后')
    expect(sanitizeRichText('&lt;img src=x onerror=alert(1)&gt;')).toBe('&lt;img src=x onerror=alert(1)&gt;')
  })

  it('forces rel and target on links and drops a href off the list', () => {
    expect(sanitizeRichText('<a href="https://a.cn" target="_self" rel="opener">a</a>')).toBe(
      `<a href="https://a.cn" target="${LINK_TARGET}" rel="${LINK_REL}">a</a>`,
    )
    expect(sanitizeRichText('<a href="/detail?id=1">站内</a>')).toBe(
      `<a rel="${LINK_REL}" target="${LINK_TARGET}">站内</a>`,
    )
  })

  it.each(LEGIT_SAMPLES)('keeps the editor output: $name', ({ html }) => {
    const clean = sanitizeRichText(html)
    expect(breaches(clean)).toEqual([])
    expect(normalised(clean)).toBe(normalised(html))
  })

  it('is empty for empty input', () => {
    expect(sanitizeRichText('')).toBe('')
  })
})

describe('filterStyle (the browser sanitiser) agrees with sanitize-html', () => {
  const styles = [
    ...[...XSS_CORPUS, ...LEGIT_SAMPLES].flatMap(({ html }) =>
      [...html.matchAll(/style="([^"]*)"/g)].map((m) => decode(m[1] ?? '')),
    ),
    'color: #f00 !important; font-size: 1.5em',
    'COLOR: #f00',
    'color: red',
    'color:/* c */#0f0',
    'padding-left: 18em; padding-left: 16em',
    'font-family: "x;color:#f00"; text-align: center',
    'text-align: center;;',
    'background-color: rgba(1, 2, 3, .5)',
  ]
  it.each(styles)('%s', (style) => {
    const filtered = filterStyle(style)
    const escaped = style.replace(/&/g, '&amp;').replace(/"/g, '&quot;')
    const server = sanitizeRichText(`<p style="${escaped}">x</p>`)
    expect(filtered ? `<p style="${filtered}">x</p>` : '<p>x</p>').toBe(server)
  })
})
