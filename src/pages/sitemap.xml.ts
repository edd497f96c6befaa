/**
 * /sitemap.xml: the sitemap index, naming /sitemap-1.xml … (src/pages/sitemap-[part].xml.ts), each
 * of at most 50,000 pages (src/lib/sitemap.ts).
 */
import type { APIRoute } from 'astro'
import { buildEnv } from '../lib/build/env.ts'
import { sitemapPaths } from '../lib/build/sitemap-pages.ts'
import { sitemapIndex, sitemapParts } from '../lib/sitemap.ts'

export const GET: APIRoute = async ({ site }) => {
  // A partial build does not render it (its lists are the 20,000 items it need not read): the
  // builder adds and removes the item pages it made in the live parts (server/build-site.ts).
  if (buildEnv.only) return new Response('', { headers: { 'Content-Type': 'application/xml' } })
  const parts = sitemapParts(await sitemapPaths()).length
  return new Response(sitemapIndex(site?.origin ?? 'http://localhost:4321', parts), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8' },
  })
}
