/**
 * What a page loads before anyone touches it: every response by kind, raw and gzip, and the
 * scripts in <head> that block rendering. The one measure of `npm run weight` and of the e2e
 * budget of the detail pages (tests/e2e/weight.spec.ts, issue 23).
 * const w = await pageWeight(page, url); w.kinds.get('script')?.gz
 */
import { gzipSync } from 'node:zlib'
import type { Page } from '@playwright/test'

/** The window the measure loads pages in (a laptop's). */
export const WEIGHT_VIEWPORT = { width: 1280, height: 900 }

export interface KindTotal {
  n: number
  raw: number
  gz: number
}

export interface PageWeight {
  kinds: Map<string, KindTotal>
  /** Scripts in <head> without defer, async or type=module. */
  blocking: number
}

/**
 * Loads `url` in `page` until the network is quiet and adds up what came, without any input. Give
 * it a page of a fresh context: what the browser has cached does not arrive again.
 */
export async function pageWeight(page: Page, url: string): Promise<PageWeight> {
  const kinds = new Map<string, KindTotal>()
  const pending: Promise<void>[] = []
  const count = (res: import('@playwright/test').Response) => {
    pending.push(
      res.body().then(
        (body) => {
          const kind = res.request().resourceType()
          const t = kinds.get(kind) ?? { n: 0, raw: 0, gz: 0 }
          t.n++
          t.raw += body.length
          t.gz += gzipSync(body).length
          kinds.set(kind, t)
        },
        () => {},
      ),
    )
  }
  page.on('response', count)
  try {
    await page.goto(url, { waitUntil: 'networkidle' })
    const blocking = await page.evaluate(
      () =>
        [...document.head.querySelectorAll('script[src]')].filter(
          (s) =>
            !(s as HTMLScriptElement).defer &&
            !(s as HTMLScriptElement).async &&
            (s as HTMLScriptElement).type !== 'module',
        ).length,
    )
    await Promise.all(pending)
    return { kinds, blocking }
  } finally {
    page.off('response', count)
  }
}
