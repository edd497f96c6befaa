import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { Hono } from 'hono'
import { DOC_PAGE_POLICY } from '../../src/lib/csp.ts'

/**
 * /api/reference: the OpenAPI document as a readable, browsable reference (Swagger UI). Its
 * files are served from the installed swagger-ui-dist, so the page needs nothing from outside
 * the portal.
 */
export function reference(base: string, docUrl: string) {
  const dist = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'))
  const files: Record<string, string> = {
    'swagger-ui.css': 'text/css; charset=utf-8',
    'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  }
  const app = new Hono()
  app.get(base, (c) => {
    c.header('Content-Security-Policy', DOC_PAGE_POLICY)
    return c.html(`<!doctype html>
<html lang="zh-CN">
<head>
  <meta charset="utf-8" />
  <meta name="viewport" content="width=device-width, initial-scale=1" />
  <title>API 参考 · 口腔医疗器械门户</title>
  <link rel="stylesheet" href="${base}/swagger-ui.css" />
</head>
<body>
  <div id="ui"></div>
  <script src="${base}/swagger-ui-bundle.js"></script>
  <script src="${base}/init.js"></script>
</body>
</html>`)
  })
  app.get(`${base}/init.js`, (c) =>
    c.body(`SwaggerUIBundle({ url: ${JSON.stringify(docUrl)}, dom_id: '#ui', deepLinking: true })`, 200, {
      'Content-Type': 'text/javascript; charset=utf-8',
    }),
  )
  app.get(`${base}/:file`, async (c) => {
    const file = c.req.param('file')
    const type = files[file]
    if (!type) return c.notFound()
    return c.body(await readFile(join(dist, file)), 200, {
      'Content-Type': type,
      'Cache-Control': 'public, max-age=86400',
    })
  })
  return app
}
