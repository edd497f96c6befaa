/**
 * The shell of the few plain HTML pages the server answers itself, outside the built site and
 * /api: the WeChat login confirmation, the payment sandbox's page, the page before the first
 * build. Each is small and self-contained (its own style, no script), and none is for search
 * engines. hono's html escapes every interpolated value; the style is the caller's constant.
 */
import { html, raw } from 'hono/html'
import { site } from '../src/lib/site.ts'

/**
 * The look the two "phone" pages share (the WeChat confirmation, the payment sandbox): the
 * heading, the green confirm button, the error and done messages. Each adds its own body rule.
 */
export const PHONE_PAGE_STYLE = `
      h1 { font-size: 1.25rem; }
      button { width: 100%; padding: 0.6rem; font-size: 1rem; background: #07c160; color: #fff; border: 0; border-radius: 4px; }
      .error { color: #b91c1c; }
      .done { color: #047857; font-size: 1.1rem; }`

type Markup = ReturnType<typeof html> | string

/** plainPage({ title: '支付确认（沙箱）', style: PAGE_STYLE, body }): a whole page titled `title - site name`. */
export function plainPage(p: { title: string; style: string; body: Markup; head?: Markup }) {
  return html`<!doctype html>
<html lang="zh-CN">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    ${p.head ?? ''}
    <title>${p.title} - ${site.name}</title>
    <style>${raw(p.style)}
    </style>
  </head>
  <body>
    ${p.body}
  </body>
</html>`
}
