/**
 * The rich-text sanitiser of the browser (package.json "imports" `#sanitize`, condition
 * "browser"): DOMPurify configured from policy.ts, with hooks for what DOMPurify has no option
 * for (attributes per tag, style values, href and src rules, forced rel/target), so it keeps
 * exactly what sanitize.server.ts keeps and the islands need no 200 kB HTML/CSS parser.
 */
import DOMPurify, {
  type Config,
  type DOMPurify as Purifier,
  type UponSanitizeAttributeHookEvent,
} from 'dompurify'
import { isAllowedHref, isAllowedImageSrc, RICH_TEXT_ATTRIBUTES, RICH_TEXT_TAGS } from './policy.ts'
import {
  DISCARD_WITH_CONTENT,
  filterStyle,
  keepsAttribute,
  LINK_REL,
  LINK_TARGET,
} from './sanitize.shared.ts'

const CONFIG: Config = {
  ALLOWED_TAGS: [...RICH_TEXT_TAGS],
  // DOMPurify's list is one for all tags; the hook below narrows it per tag.
  ALLOWED_ATTR: [...new Set(Object.values(RICH_TEXT_ATTRIBUTES).flat())],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  // The hooks decide exactly (isAllowedHref, isAllowedImageSrc); this only keeps DOMPurify's
  // own URI check from being looser than them.
  ALLOWED_URI_REGEXP: /^(?:(?:https?|mailto):|\/uploads\/)/i,
  FORBID_CONTENTS: [...DISCARD_WITH_CONTENT],
  KEEP_CONTENT: true,
  WHOLE_DOCUMENT: false,
  // Parse as the content of an element in <body>, where it will be shown and where the server's
  // parser reads it too; otherwise leading <noscript>, <meta> … would be read in <head> mode.
  FORCE_BODY: true,
  RETURN_TRUSTED_TYPE: false,
}

/** Our own instance, so the hooks never touch another DOMPurify user on the page. */
let purify: Purifier | undefined

function instance(): Purifier {
  if (purify) return purify
  const p = DOMPurify(window)
  p.addHook('uponSanitizeAttribute', (node: Element, data: UponSanitizeAttributeHookEvent) => {
    const tag = node.nodeName.toLowerCase()
    if (!keepsAttribute(tag, data.attrName)) {
      data.keepAttr = false
      return
    }
    if (data.attrName === 'style') {
      data.attrValue = filterStyle(data.attrValue)
      if (!data.attrValue) data.keepAttr = false
    } else if (data.attrName === 'href' && !isAllowedHref(data.attrValue)) {
      data.keepAttr = false
    }
  })
  p.addHook('afterSanitizeAttributes', (node: Element) => {
    if (node.nodeName === 'A') {
      node.setAttribute('rel', LINK_REL)
      node.setAttribute('target', LINK_TARGET)
    } else if (node.nodeName === 'IMG' && !isAllowedImageSrc(node.getAttribute('src') ?? '')) {
      // An image from anywhere but our uploads goes whole, as on the server.
      node.remove()
    }
  })
  purify = p
  return p
}

/**
 * Narrows HTML to the rich-text allowlist of policy.ts:
 * sanitizeRichText('<p onclick="x()">Hi<script>alert(1)</script></p>') → '<p>Hi</p>'
 */
export function sanitizeRichText(html: string): string {
  return html ? instance().sanitize(html, CONFIG) : ''
}
