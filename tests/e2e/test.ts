/**
 * Playwright's `test` with one guard every e2e test runs under: the page's Content-Security-Policy
 * must never be broken (issue 13). Each test's browser context reports every
 * `securitypolicyviolation` event; a test that saw one fails, naming the directive and what it
 * blocked. So every page kind the suite visits — signed in and out, every form, the editor, the
 * uploader, the payment flow — is checked, not only a list of URLs. Specs import test and expect
 * from here, never from @playwright/test.
 */
import { test as base, expect } from '@playwright/test'

export const test = base.extend<{ cspGuard: undefined; cspBlocksExpected: string[] }>({
  /**
   * Directives a test expects the policy to enforce against content it feeds in on purpose (the
   * XSS corpus's inline handlers): blocks of those are the policy working, not a page breaking it.
   */
  cspBlocksExpected: [[], { option: true }],
  cspGuard: [
    async ({ context, javaScriptEnabled, cspBlocksExpected }, use) => {
      const violations: string[] = []
      await context.exposeBinding('__cspViolation', ({ page }, v: string) => {
        if (!cspBlocksExpected.some((d) => v.startsWith(`${d} `))) violations.push(`${page.url()}: ${v}`)
      })
      await context.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (e) => {
          const report = (window as unknown as { __cspViolation?: (v: string) => void }).__cspViolation
          report?.(
            `${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`,
          )
        })
      })
      await use(undefined)
      // A JavaScript-free context cannot report; nothing to check there.
      if (javaScriptEnabled) expect(violations, 'CSP violations').toEqual([])
    },
    { auto: true },
  ],
})

export { expect }
