import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import { Hono } from 'hono'
import { API_POLICY, FORM_PAGE_POLICY, HEADER_POLICY, HSTS, SITE_HEADERS } from '../src/lib/csp.ts'
import { createApi } from './app.ts'
import type { Config } from './config.ts'
import { serveSite, sitePage } from './delivery.ts'
import type { Deps } from './http.ts'
import { wechatConfirmPage } from './modules/accounts/wechat.ts'
import { wechatOauthPages } from './modules/accounts/wechat-inapp.ts'
import { paymentPages } from './modules/payments/payments.pages.ts'
import { privateFileLinks } from './modules/uploads/private-files.ts'
import { SANDBOX_PAGE } from './providers/payment.ts'
import { contentNamed, FILE_POLICY, IMMUTABLE, publicFileUrl } from './providers/storage.ts'
import type { BuilderView } from './site-builder.ts'
import { buildStatus, siteHooks } from './site-hooks.ts'
import { PENDING_RETRY_SECONDS, sitePendingPage } from './site-pending.ts'

type HeaderList = readonly (readonly [string, string])[]

/**
 * What every answer carries (OWASP ASVS V3.4). Only headers that still do something in today's
 * browsers: each costs (hono's full secureHeaders set took a tenth of a cached read's rate, issue
 * 12). The site's answers: the CSP's header part (a page's own policy replaces it, server/
 * delivery.ts); the API's: no framing at all, by CSP and by X-Frame-Options for older browsers.
 * HSTS on every answer whatever SITE_URL says (HSTS=off drops it): a browser ignores it over plain
 * HTTP (RFC 6797 §8.1) and heeds it over HTTPS, whether TLS ends here or at a proxy.
 */
function securityHeaders(config: Pick<Config, 'hsts'>): { site: HeaderList; api: HeaderList } {
  const common: HeaderList = [...SITE_HEADERS, ...(config.hsts ? [HSTS] : [])]
  return {
    site: [['Content-Security-Policy', HEADER_POLICY], ...common],
    api: [['Content-Security-Policy', API_POLICY], ['X-Frame-Options', 'DENY'], ...common],
  }
}

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
export function createPortal(deps: Deps, opts: { distDir?: string; builder?: BuilderView } = {}) {
  const app = new Hono()
  // On every answer, set before the handler runs so the answer is made with them. An answer that
  // sets its own policy (uploads, the form pages, below) replaces this one.
  const headers = securityHeaders(deps.config)
  app.use('*', async (c, next) => {
    for (const [name, value] of c.req.path.startsWith('/api/') ? headers.api : headers.site)
      c.header(name, value)
    await next()
  })
  const builder = opts.builder
  app.route(
    '/',
    createApi({
      ...deps,
      siteStatus: () => buildStatus(deps.db, opts),
      ...(builder ? { siteRetry: () => builder.retryNow() } : {}),
    }),
  )
  for (const path of ['/wechat/*', `${SANDBOX_PAGE}/*`]) {
    app.use(path, async (c, next) => {
      await next()
      c.header('Content-Security-Policy', FORM_PAGE_POLICY)
    })
  }
  // The page a phone opens from the WeChat login QR code (a page, so outside /api and its sign).
  app.route('/', wechatConfirmPage(deps))
  // Sign-in inside WeChat's browser: to WeChat's 网页授权 and back (accounts/wechat-inapp.ts).
  app.route('/', wechatOauthPages(deps))
  // The sandbox payment page the pay QR code opens, and the providers' notifications (no sign).
  app.route('/', paymentPages(deps))
  // The site builder's signed rebuild webhook and its status (server/site-hooks.ts).
  app.route('/', siteHooks(deps, { builder: opts.builder, distDir: opts.distDir }))

  // In a bucket (STORAGE=s3) public files are read there: every /uploads/ address that pages,
  // rich text or old links hold still works, one redirect away (the built pages link the bucket
  // directly: PUBLIC_FILES_BASE, server/build-site.ts). Kept a day: a redirect outlives no object.
  if (deps.config.s3)
    app.get('/uploads/*', (c) => {
      const url = publicFileUrl(deps.config, c.req.path)
      if (!url) return c.text('404 文件不存在', 404)
      c.header('Cache-Control', 'public, max-age=86400')
      return c.redirect(url, 302)
    })
  // Uploads are user files: never let one run as a page (an SVG with a script, say).
  app.use('/uploads/*', async (c, next) => {
    await next()
    c.header('Content-Security-Policy', FILE_POLICY)
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
      // The home page goes live last (server/build-site.ts): without it there is no site yet.
      const live = existsSync(join(dist, 'index.html'))
      const page = live && (await sitePage(join(dist, '404.html')))
      if (page) {
        c.header('Content-Security-Policy', page.policy)
        return c.html(page.html, 404)
      }
      if (live) return c.text('404 页面不存在', 404)
      // Before the first build is live: a page that says so and asks again (a builder is at it),
      // not a bare 404 a visitor or a crawler would take for the answer.
      c.header('Content-Security-Policy', FORM_PAGE_POLICY)
      c.header('Cache-Control', 'no-store')
      if (!opts.builder) return c.html(sitePendingPage(false), 404)
      c.header('Retry-After', String(PENDING_RETRY_SECONDS))
      return c.html(sitePendingPage(true), 503)
    })
  }
  return app
}
