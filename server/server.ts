import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import { Hono } from 'hono'
import { FORM_PAGE_POLICY, HEADER_POLICY } from '../src/lib/csp.ts'
import { createApi } from './app.ts'
import { serveSite } from './delivery.ts'
import type { Deps } from './http.ts'
import { wechatConfirmPage } from './modules/accounts/wechat.ts'
import { paymentPages } from './modules/payments/payments.pages.ts'
import { privateFileLinks } from './modules/uploads/private-files.ts'
import { SANDBOX_PAGE } from './providers/payment.ts'
import type { SiteBuilder } from './site-builder.ts'
import { siteHooks } from './site-hooks.ts'

const IMMUTABLE = 'public, max-age=31536000, immutable'

/**
 * What every answer carries. Only the headers that still do something in today's browsers: the
 * CSP's header part (frame-ancestors supersedes X-Frame-Options), no MIME sniffing, no referrer
 * to other sites. HSTS belongs to whatever terminates TLS. Each header costs: hono's full
 * secureHeaders set took a tenth of a cached read's rate (issue 12).
 */
const SECURITY_HEADERS: readonly (readonly [string, string])[] = [
  ['Content-Security-Policy', HEADER_POLICY],
  ['X-Content-Type-Options', 'nosniff'],
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
]

/** Whether a file's name says its content: an upload (/uploads/u/…) or a seed file with its hash. */
const contentNamed = (path: string) =>
  path.startsWith('/uploads/u/') || /^\/uploads\/seed\/[^/]+\.[0-9a-f]{10}\.\w+$/.test(path)

/**
 * How long a browser keeps a file of the built site: Astro fingerprints /_astro/ names, so those
 * never change under the same URL; pages (and the sitemap, robots.txt …) change with the content,
 * so they are revalidated by ETag on every visit; the rest (public/ images) keeps a day.
 */
const siteCacheControl = (urlPath: string, file: string) =>
  urlPath.startsWith('/_astro/')
    ? IMMUTABLE
    : /\.(?:html|xml|txt|json|webmanifest)$/.test(file)
      ? 'no-cache'
      : 'public, max-age=86400'

/**
 * The whole portal on one port: the API, uploaded files and (once built) the static site.
 * In production the site goes to a static host instead, and only the API runs here.
 */
export function createPortal(deps: Deps, opts: { distDir?: string; builder?: SiteBuilder } = {}) {
  const app = new Hono()
  // On every answer, set before the handler runs so the answer is made with them. An answer that
  // sets its own policy (uploads, the form pages, below) replaces this one.
  app.use('*', async (c, next) => {
    for (const [name, value] of SECURITY_HEADERS) c.header(name, value)
    await next()
  })
  app.route('/', createApi(deps))
  for (const path of ['/wechat/*', `${SANDBOX_PAGE}/*`]) {
    app.use(path, async (c, next) => {
      await next()
      c.header('Content-Security-Policy', FORM_PAGE_POLICY)
    })
  }
  // The page a phone opens from the WeChat login QR code (a page, so outside /api and its sign).
  app.route('/', wechatConfirmPage(deps))
  // The sandbox payment page the pay QR code opens, and the providers' notifications (no sign).
  app.route('/', paymentPages(deps))
  // The site builder's signed rebuild webhook and its status (server/site-hooks.ts).
  app.route('/', siteHooks(deps, { builder: opts.builder, distDir: opts.distDir }))

  // Uploads are user files: never let one run as a page (an SVG with a script, say).
  app.use('/uploads/*', async (c, next) => {
    await next()
    c.header(
      'Content-Security-Policy',
      "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox; frame-ancestors 'self'",
    )
    // Uploads are named by their bytes (uploads.service.ts), and the seed's files carry a hash of
    // theirs (server/seed/images.ts), so a name never changes content; a missing file may yet appear.
    if (c.res.status === 200 || c.res.status === 206 || c.res.status === 304)
      c.header('Cache-Control', contentNamed(c.req.path) ? IMMUTABLE : 'public, max-age=86400')
  })
  app.use(
    '/uploads/*',
    serveStatic({ root: deps.config.uploadDir, rewriteRequestPath: (p) => p.replace(/^\/uploads/, '') }),
  )
  // Private files (certification scans, paid course files) only by a short-lived signed link.
  app.route('/', privateFileLinks(deps))

  const dist = opts.distDir
  if (dist) {
    // The specs' query routes (/productdetail?id=3) go to the static page when the build made one;
    // otherwise the query page renders the item from the API in the browser.
    app.get('/:route{(?:productdetail|detail|teacher)}', async (c, next) => {
      const id = c.req.query('id')
      if (id && /^\d{1,10}$/.test(id) && existsSync(join(dist, c.req.param('route'), id, 'index.html'))) {
        return c.redirect(`/${c.req.param('route')}/${id}/`, 301)
      }
      await next()
    })
    app.use('*', serveSite(dist, siteCacheControl))
    app.notFound(async (c) => {
      const page = join(dist, '404.html')
      if (existsSync(page)) return c.html(await readFile(page, 'utf8'), 404)
      return c.text('404 页面不存在（站点尚未生成）', 404)
    })
  }
  return app
}
