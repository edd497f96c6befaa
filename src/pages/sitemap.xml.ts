/**
 * /sitemap.xml: every pre-rendered public page, as absolute URLs on `site` (astro.config.mjs).
 * Built from the same cached build data as the detail pages, so it lists exactly what was built.
 * A sitemap holds at most 50,000 URLs; beyond that it would have to become a sitemap index.
 */
import type { APIRoute } from 'astro'
import { allArticles, allProducts, allTeachers } from '../lib/build/data.ts'
import { buildEnv } from '../lib/build/env.ts'
import { LISTED_KINDS } from '../lib/constants.ts'
import { articlePath, productPath, teacherPath } from '../lib/routes.ts'

/** Static pages that are not generated from data, spelled as their canonical URLs (directory format). */
const FIXED = ['/', '/product/', '/course/', '/association/', '/task/', '/about/', '/link/', '/question/']

const escapeXml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  )

export const GET: APIRoute = async ({ site }) => {
  // A partial build does not render it (its lists are the 20,000 items it need not read): the
  // builder adds and removes the item pages it made in the live one (server/build-site.ts).
  if (buildEnv.only) return new Response('', { headers: { 'Content-Type': 'application/xml' } })
  const origin = site?.origin ?? 'http://localhost:4321'
  const [products, teachers, ...articles] = await Promise.all([
    allProducts(),
    allTeachers(),
    ...LISTED_KINDS.map((s) => allArticles(s)),
  ])
  const paths = [
    ...FIXED,
    ...products.map((p) => productPath(p.id)),
    ...articles.flat().map((a) => articlePath(a.id)),
    ...teachers.map((t) => teacherPath(t.id)),
  ]
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...[...new Set(paths)].map((p) => `<url><loc>${escapeXml(new URL(p, origin).href)}</loc></url>`),
    '</urlset>',
    '',
  ].join('\n')
  return new Response(body, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } })
}
