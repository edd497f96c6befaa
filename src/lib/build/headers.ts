/**
 * The pages' policies as response headers for a static host (issue 19, ASVS V3.4): while the
 * build renders, src/middleware.ts hands each page's <meta> policy here; once it is done the
 * output gets
 * - `_headers` (the Netlify / Cloudflare Pages format): the site's headers for every path, and
 *   each page's Content-Security-Policy as our server sends it (src/lib/csp.ts);
 * - POLICY_RECORD, each page's policy by file, so that a build that replaces only some pages
 *   (server/build-site.ts) can bring `_headers` up to date without reading every page again.
 * Our own server does not read either: it takes a page's header from the page it serves.
 */
import { readFile, rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { AstroIntegration } from 'astro'
import { HEADER_POLICY, HSTS, pagePolicyHeader, SITE_HEADERS } from '../csp.ts'
import { setPolicyRecorder } from './page-sink.ts'

/** Each built page's header policy by its file ('detail/12/index.html'); a dotfile, never served. */
export type Policies = Map<string, string>

export const POLICY_RECORD = '.csp-pages'
export const HEADERS_FILE = '_headers'

/**
 * The file a page's URL path is built to (build.format 'directory').
 * pageFileOf('/detail/12/') → 'detail/12/index.html'; pageFileOf('/') → 'index.html'; pageFileOf('/404') → '404.html'
 */
export function pageFileOf(pathname: string): string {
  let p = pathname.replace(/^\/+|\/+$/g, '')
  try {
    p = decodeURI(p)
  } catch {}
  if (p.endsWith('.html')) return p
  if (p === '404' || p === '500') return `${p}.html`
  return p ? `${p}/index.html` : 'index.html'
}

/** The URL path a built page answers at: urlPathOf('detail/12/index.html') → '/detail/12/'. */
const urlPathOf = (file: string) => `/${file.replace(/(?:^|(?<=\/))index\.html$/, '')}`

/** An item's page: detail/12/index.html. */
const ITEM_PAGE = /^[a-z]+\/\d+\/index\.html$/

/** The folder a path of two segments is in: '/detail/12/' → 'detail'; '/detail/', '/a/b/c/' → undefined. */
function folderOf(path: string) {
  const segments = path.split('/').filter(Boolean)
  return segments.length === 2 ? segments[0] : undefined
}

/**
 * The `_headers` file for `policies`. Every matching rule applies on these hosts and a header
 * given twice is joined by a comma, which for CSP means two policies a resource must both pass:
 * so no page may match two rules with different page policies. The item pages of a kind share
 * one rule, `/detail/:id/`, when every page it matches (any path of two segments under
 * `/detail/`, never `/detail/` itself: a placeholder matches one whole segment) has one policy;
 * otherwise each page has its own. So the file has about one rule per page template, whatever
 * the catalogue's size (at 100,000 items it was one per page, 95 MB, rewritten by every partial
 * build).
 */
export function headersFile(policies: Policies): string {
  const lines = [
    '# Written by the site build (src/lib/build/headers.ts): the same headers as the portal server sends.',
    '/*',
    `  Content-Security-Policy: ${HEADER_POLICY}`,
    ...[...SITE_HEADERS, HSTS].map(([name, value]) => `  ${name}: ${value}`),
  ]
  // Every page's path and the folder it is an item of (if it is two segments deep), once: at
  // 100,000 pages this runs in every partial build.
  const pages = [...policies].map(([file, policy]) => {
    const path = urlPathOf(file)
    return { path, policy, folder: folderOf(path), item: ITEM_PAGE.test(file) }
  })
  const kinds = new Set(pages.flatMap((p) => (p.item && p.folder ? [p.folder] : [])))
  // Each kind's placeholder rule: the policies of all the pages it would match.
  const matched = new Map<string, Set<string>>()
  for (const { folder, policy } of pages)
    if (folder && kinds.has(folder)) matched.set(folder, (matched.get(folder) ?? new Set()).add(policy))
  const rules = new Map<string, string>()
  for (const { path, policy, folder } of pages)
    rules.set(folder && matched.get(folder)?.size === 1 ? `/${folder}/:id/` : path, policy)
  for (const [path, policy] of [...rules].sort(([a], [b]) => (a < b ? -1 : 1)))
    lines.push(encodeURI(path), `  Content-Security-Policy: ${policy}`)
  return `${lines.join('\n')}\n`
}

/** The policies recorded in a site folder; undefined when it has no record (not built by this build). */
export async function readPolicies(dir: string): Promise<Policies | undefined> {
  try {
    const r = JSON.parse(await readFile(join(dir, POLICY_RECORD), 'utf8')) as {
      policies: string[]
      pages: Record<string, number>
    }
    const out: Policies = new Map()
    for (const f in r.pages) {
      const policy = r.policies[r.pages[f] as number]
      if (policy) out.set(f, policy)
    }
    return out
  } catch {
    return undefined
  }
}

/** Writes the record and `_headers` into a site folder, each swapped in whole. */
export async function writePolicies(dir: string, policies: Policies) {
  const distinct = [...new Set(policies.values())]
  const index = new Map(distinct.map((p, i) => [p, i]))
  const pages: Record<string, number | undefined> = {}
  for (const [f, p] of policies) pages[f] = index.get(p)
  for (const [name, text] of [
    [POLICY_RECORD, JSON.stringify({ policies: distinct, pages })],
    [HEADERS_FILE, headersFile(policies)],
  ] as const) {
    const tmp = join(dir, `${name}.${process.pid}.tmp`)
    await writeFile(tmp, text)
    await rename(tmp, join(dir, name))
  }
}

/**
 * `base` with the entries of `files` as `from` has them (absent there: removed). After a partial
 * build: the live record, its replaced and removed pages taken from the build's.
 * patchPolicies(live, built, ['detail/12/index.html']) → live, with detail 12's policy as built
 */
export function patchPolicies(base: Policies, from: Policies, files: Iterable<string>): Policies {
  const out = new Map(base)
  for (const f of files) {
    const p = from.get(f)
    if (p === undefined) out.delete(f)
    else out.set(f, p)
  }
  return out
}

/** The Astro integration: records each page's policy while the build renders, writes both files once it is done. */
export function pagePolicies(): AstroIntegration {
  const policies: Policies = new Map()
  // Pages share a handful of policies: one copy of each, and a copy of its own. A policy is cut
  // out of its page's HTML, and V8 keeps a cut-out string's whole page alive: every page's HTML
  // was held to the end of the build (out of memory at 100,000 items, issue 23).
  const distinct = new Map<string, string>()
  const own = (policy: string) => {
    let kept = distinct.get(policy)
    if (kept === undefined) {
      kept = Buffer.from(policy, 'utf8').toString('utf8')
      distinct.set(kept, kept)
    }
    return kept
  }
  return {
    name: 'page-policies',
    hooks: {
      'astro:build:start': () => {
        policies.clear()
        distinct.clear()
        setPolicyRecorder((pathname, meta) => policies.set(pageFileOf(pathname), own(pagePolicyHeader(meta))))
      },
      'astro:build:done': async ({ dir }) => {
        setPolicyRecorder(undefined)
        await writePolicies(fileURLToPath(dir), policies)
      },
    },
  }
}
