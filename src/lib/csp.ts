/**
 * The Content-Security-Policy of the site, in one place (issue 13). Two parts:
 * - in each page's <meta> (astro.config.mjs `security.csp`): Astro adds script-src and style-src
 *   with the hashes of every script and style it emits, so no 'unsafe-inline' for scripts; these
 *   directives go beside them;
 * - as an HTTP header on every page and answer (server/delivery.ts, server/app.ts): what a <meta>
 *   cannot carry (frame-ancestors) and what must hold even for a page without the meta.
 * A browser enforces both policies; a resource must pass each.
 */

/** The origin of another API the pages call (PUBLIC_API_BASE), if any: apiOrigin('https://api.x.cn/v1') → 'https://api.x.cn'. */
const apiOrigin = (base: string | undefined) => (base ? (URL.parse(base)?.origin ?? '') : '')

/**
 * Directives of the pages' <meta> besides script-src and style-src.
 * img: uploads and seed files, QR codes (data:), local previews before upload (blob:);
 * media/frame: course videos and the PDF viewer (same origin, blob: previews).
 */
export function pageDirectives(publicApiBase?: string): string[] {
  const api = apiOrigin(publicApiBase)
  return [
    "default-src 'self'",
    `connect-src 'self'${api ? ` ${api}` : ''}`,
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    "frame-src 'self' blob:",
    "font-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ]
}

/**
 * style-src besides Astro's hashes: its own files; style attributes (rich text carries colour,
 * size and indent as style attributes, and React renders style props as attributes); and <style>
 * elements that libraries insert at run time (radix's scroll lock, the editor). A hash in a
 * directive makes the browser ignore 'unsafe-inline' in it, so these go to style-src-attr and
 * style-src-elem. Styles cannot run code: scripts stay hash-only.
 */
export const STYLE_RESOURCES = [
  "'self'",
  { resource: "'unsafe-inline'", kind: 'attribute' as const },
  { resource: "'self'", kind: 'element' as const },
  { resource: "'unsafe-inline'", kind: 'element' as const },
]

/**
 * The header every answer carries (server/server.ts): no framing by other sites (our own PDF
 * viewer frames our files), no plugins, no <base> hijack.
 */
export const HEADER_POLICY = "frame-ancestors 'self'; object-src 'none'; base-uri 'self'"

/**
 * The server's own small pages (the WeChat confirmation, the payment sandbox): a form and a
 * <style>, no script at all, so none is allowed.
 */
export const FORM_PAGE_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"
