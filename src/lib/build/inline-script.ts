/**
 * A script written into the page itself (it must run before first paint), allowed by the page's
 * Content-Security-Policy through its hash: call in a component's frontmatter — which runs before
 * the page's <head>, where Astro writes the policy — and render the answer unchanged:
 *   const boot = inlineScript(Astro, "document.documentElement.dataset.x='1'")
 *   <script is:inline set:html={boot} />
 * Scripts Astro bundles are hashed by Astro itself; only these hand-written ones need this.
 */
import { createHash } from 'node:crypto'

interface WithCsp {
  csp?: { insertScriptHash: (hash: `sha256-${string}`) => void } | undefined
}

export function inlineScript(astro: WithCsp, code: string): string {
  astro.csp?.insertScriptHash(`sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}`)
  return code
}
