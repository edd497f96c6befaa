/** /robots.txt: everything public may be crawled; account and transaction screens may not. */
import type { APIRoute } from 'astro'

/** Signed-in screens (storefront §2, accounts §2): nothing there for a search engine. */
const PRIVATE = [
  '/wo',
  '/message',
  '/shopcar',
  '/createorder',
  '/buyorder',
  '/pay',
  '/orderlist',
  '/orderdetail',
  '/coupon',
  '/account',
  '/fav',
  '/address',
  '/invoice',
  '/safety',
  '/suggest',
  '/cinfo',
  '/corder',
  '/courseedit',
  '/taskadmin',
  '/associationadmin',
  '/postcourse',
  '/posttask',
  '/postassociation',
  '/seach',
  // The back office (issue 20): staff screens, noindex besides.
  '/admin/',
]

export const GET: APIRoute = ({ site }) => {
  const origin = site?.origin ?? 'http://localhost:4321'
  const body = [
    'User-agent: *',
    'Allow: /',
    ...PRIVATE.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${new URL('/sitemap.xml', origin).href}`,
    '',
  ].join('\n')
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
}
