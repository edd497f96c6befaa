/**
 * The rich-text sanitiser of Node: the API on write and on answer, the site build, vitest.
 * The browser gets sanitize.browser.ts instead (package.json "imports" `#sanitize`), which
 * does the same with DOMPurify, so sanitize-html (htmlparser2 + postcss) never ships to it.
 */
import sanitizeHtml from 'sanitize-html'
import {
  isAllowedHref,
  isAllowedImageSrc,
  LINK_SCHEMES,
  RICH_TEXT_ATTRIBUTES,
  RICH_TEXT_STYLES,
  RICH_TEXT_TAGS,
} from './policy.ts'
import { DISCARD_WITH_CONTENT, LINK_REL, LINK_TARGET, styledTags } from './sanitize.shared.ts'

const styles = Object.fromEntries(Object.entries(RICH_TEXT_STYLES).map(([prop, rule]) => [prop, [rule]]))

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: Object.fromEntries(
    Object.entries(RICH_TEXT_ATTRIBUTES).map(([tag, attrs]) => [tag, [...attrs]]),
  ),
  allowedStyles: Object.fromEntries(styledTags().map((tag) => [tag, styles])),
  allowedClasses: {},
  // isAllowedHref decides for links below; these are the belt to its braces (and cover img src,
  // which must be a relative /uploads/ path anyway).
  allowedSchemes: [...LINK_SCHEMES],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite', 'action', 'formaction', 'xlink:href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: [...DISCARD_WITH_CONTENT],
  enforceHtmlBoundary: false,
  transformTags: {
    // Every link opens off-site without handing over the opener; a href off the list goes.
    a: (tagName, attribs) => {
      const kept = Object.entries(attribs).filter(([name, value]) => name !== 'href' || isAllowedHref(value))
      return { tagName, attribs: { ...Object.fromEntries(kept), rel: LINK_REL, target: LINK_TARGET } }
    },
  },
  // An image from anywhere but our uploads goes whole, not as an <img> without src.
  exclusiveFilter: (frame) => frame.tag === 'img' && !isAllowedImageSrc(frame.attribs.src ?? ''),
}

/**
 * Narrows HTML to the rich-text allowlist of policy.ts:
 * sanitizeRichText('<p onclick="x()">Hi<script>alert(1)</script></p>') → '<p>Hi</p>'
 */
export function sanitizeRichText(html: string): string {
  return html ? sanitizeHtml(html, OPTIONS) : ''
}
