/** /sitemap-1.xml …: the pages of the site, at most 50,000 per file, named by the index /sitemap.xml. */
import type { APIRoute, GetStaticPaths } from 'astro'
import { buildEnv } from '../lib/build/env.ts'
import { sitemapPaths } from '../lib/build/sitemap-pages.ts'
import { sitemapParts, urlEntry, urlset } from '../lib/sitemap.ts'

export const getStaticPaths = (async () => {
  // A partial build makes none: the builder edits the live parts (server/build-site.ts).
  if (buildEnv.only) return []
  return sitemapParts(await sitemapPaths()).map((paths, i) => ({
    params: { part: String(i + 1) },
    props: { paths },
  }))
}) satisfies GetStaticPaths

export const GET: APIRoute = ({ site, props }) => {
  const origin = site?.origin ?? 'http://localhost:4321'
  return new Response(urlset((props.paths as string[]).map((p) => urlEntry(origin, p))), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8' },
  })
}
