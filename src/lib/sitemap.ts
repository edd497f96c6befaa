/**
 * The sitemap protocol's shapes, shared by the build (src/pages/sitemap*.xml.ts) and the builder
 * that keeps them up to date after a partial build (server/build-site.ts followSitemap):
 * /sitemap.xml is always a sitemap index naming /sitemap-1.xml … /sitemap-N.xml, each a urlset
 * of at most SITEMAP_MAX_URLS pages (the protocol's limit is 50,000 URLs per file). One entry per
 * line, so the builder can add and drop entries without parsing XML.
 */

/** The protocol's limit of URLs in one sitemap file. */
export const SITEMAP_MAX_URLS = 50_000
/** The file robots.txt names: the index. */
export const SITEMAP_INDEX = 'sitemap.xml'
/** The n-th part (from 1): partFile(2) → 'sitemap-2.xml' */
export const partFile = (n: number) => `sitemap-${n}.xml`

const XMLNS = 'http://www.sitemaps.org/schemas/sitemap/0.9'

export const escapeXml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  )

/** One page's line: urlEntry('https://x.cn', '/detail/1/') → '<url><loc>https://x.cn/detail/1/</loc></url>' */
export const urlEntry = (origin: string, path: string) =>
  `<url><loc>${escapeXml(new URL(path, origin).href)}</loc></url>`

/** A sitemap file of these entry lines (urlEntry). */
export const urlset = (entries: readonly string[]) =>
  ['<?xml version="1.0" encoding="UTF-8"?>', `<urlset xmlns="${XMLNS}">`, ...entries, '</urlset>', ''].join(
    '\n',
  )

/** The index of `parts` sitemap files: sitemapIndex('https://x.cn', 2) names sitemap-1.xml and sitemap-2.xml. */
export const sitemapIndex = (origin: string, parts: number) =>
  [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<sitemapindex xmlns="${XMLNS}">`,
    ...Array.from(
      { length: parts },
      (_, i) => `<sitemap><loc>${escapeXml(new URL(`/${partFile(i + 1)}`, origin).href)}</loc></sitemap>`,
    ),
    '</sitemapindex>',
    '',
  ].join('\n')

/** The pages split into files of at most `max`, at least one (an empty site still has its index and a part). */
export function sitemapParts<T>(pages: readonly T[], max = SITEMAP_MAX_URLS): T[][] {
  const parts: T[][] = []
  for (let i = 0; i < pages.length; i += max) parts.push(pages.slice(i, i + max))
  return parts.length ? parts : [[]]
}
