/**
 * The page the server answers for the site before it has one: on the very first `npm start` the
 * site builder is still making it (503, Retry-After, the page reloads itself), or with --no-build
 * there is none to serve (404). Small and self-contained like the payment sandbox's page: the
 * site's logo and brand colours (src/styles/global.css), no script (FORM_PAGE_POLICY), so it needs
 * nothing from the site that does not exist yet.
 */
import { readFileSync } from 'node:fs'
import { html, raw } from 'hono/html'
import { site } from '../src/lib/site.ts'
import { plainPage } from './plain-page.ts'

/** Seconds until a visitor's browser asks again: a first build takes about ten. */
export const PENDING_RETRY_SECONDS = 5

/** The site's logo, inline: /favicon.svg is itself part of the site not built yet. */
const LOGO = (() => {
  try {
    return readFileSync(new URL('../public/favicon.svg', import.meta.url), 'utf8')
  } catch {
    return ''
  }
})()

const PAGE_STYLE = `
      html { background: #f8fafc; color: #1e293b; }
      body { font-family: "Noto Sans CJK SC", "PingFang SC", "Microsoft YaHei", system-ui, sans-serif; margin: 0; }
      header { background: #fff; border-bottom: 1px solid #e2e8f0; }
      .brand { display: flex; align-items: center; gap: 0.5rem; max-width: 72rem; margin: 0 auto; padding: 0.75rem 1rem; font-weight: 600; color: #0c3b3d; }
      .brand svg { width: 2rem; height: 2rem; }
      main { max-width: 32rem; margin: 4rem auto; padding: 2rem 1.5rem; background: #fff; border: 1px solid #e2e8f0; border-radius: 0.75rem; text-align: center; }
      h1 { font-size: 1.25rem; color: #0b6a6b; margin: 1rem 0 0.5rem; }
      p { color: #475569; line-height: 1.7; margin: 0.5rem 0; }
      a { color: #0b6a6b; }
      .spinner { width: 2.5rem; height: 2.5rem; margin: 0 auto; border: 4px solid #cff7f2; border-top-color: #0fa3a0; border-radius: 50%; animation: spin 1s linear infinite; }
      @keyframes spin { to { transform: rotate(360deg); } }
      @media (prefers-reduced-motion: reduce) { .spinner { animation: none; } }`

/** The page while the first build runs (`building`), or when nothing will build one. */
export function sitePendingPage(building: boolean) {
  const title = building ? '站点正在生成' : '站点尚未生成'
  return plainPage({
    title,
    head: building ? html`<meta http-equiv="refresh" content="${PENDING_RETRY_SECONDS}" />` : '',
    style: PAGE_STYLE,
    body: html`<header><div class="brand"><span aria-hidden="true">${raw(LOGO)}</span>${site.name}</div></header>
    <main>
      ${building ? html`<div class="spinner" aria-hidden="true"></div>` : ''}
      <h1>${title}</h1>
      ${
        building
          ? html`<p>门户刚刚启动，正在生成站点页面，通常不到一分钟。</p>
              <p>本页每 ${PENDING_RETRY_SECONDS} 秒自动刷新，也可以<a href="">立即刷新</a>。</p>`
          : html`<p>尚未生成站点页面：运行 npm start（自动生成）或 npm run build 后再访问。</p>`
      }
    </main>`,
  })
}
