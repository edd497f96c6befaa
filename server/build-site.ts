import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { copyFile, mkdir, readdir, readFile, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { compressFile, compressTree } from '../src/lib/build/compress.ts'
import { patchPolicies, readPolicies, writePolicies } from '../src/lib/build/headers.ts'
import { buildScratch, buildTag } from '../src/lib/build/scratch.ts'
import type { SignSecret } from '../src/lib/sign.ts'
import {
  partFile,
  SITEMAP_INDEX,
  SITEMAP_MAX_URLS,
  sitemapIndex,
  urlEntry,
  urlset,
} from '../src/lib/sitemap.ts'
import type { ChangeTag } from './changes.ts'
import { childEnv } from './config.ts'
import {
  type BuildPlan,
  type BuildResult,
  isItemPath,
  pageFile,
  planPaths,
  RECORD_FILE,
  tagForPath,
} from './site-builder.ts'

export interface SiteBuildOptions {
  apiBase: string
  distDir: string
  /** Canonical links, sitemap and QR codes point here (SITE_URL). */
  siteUrl: string
  /** The API's sign secret, for the build's own calls. */
  sign: SignSecret
  /** The secret compiled into the browser bundle: the API's own unless PUBLIC_SIGN_* says otherwise. */
  bundleSign: SignSecret
  /** Where browsers read public uploads when they lie in a bucket (src/lib/asset.ts); '' or unset: at the API's /uploads/. */
  filesBase?: string
}

/** Old fingerprinted assets stay this long after a build: a page open in a browser may still load them. */
const ASSET_GRACE_MS = 24 * 3600_000

/**
 * Files moved at once. The moves run on libuv's threads, never blocking this process, which is
 * also the one serving the site: 55,000 files moved synchronously would stall every visitor.
 */
const MOVES_IN_FLIGHT = 16

/**
 * Where Astro builds before the swap: beside DIST_DIR (`dist-next`, `dist-partial`), on its volume,
 * so each file is then renamed into place. Except where Astro would take that folder for one of
 * the project's: it renders from chunks it writes into an outDir "inside" the project (.prerender),
 * and decides that by the paths' text, so /srv/portal-data/dist-next counts as inside /srv/portal.
 * Those chunks import the project's packages and find none there: the first build of a portal
 * whose DIST_DIR was such a sibling never went live. Then the project's own .site-build/ is used,
 * a folder per DIST_DIR, since two portals may build from one checkout at once.
 * sideDir('/srv/portal-data/dist', 'next') → '/srv/portal/.site-build/<tag>/next' (cwd /srv/portal)
 */
export function sideDir(distDir: string, kind: 'next' | 'partial', root = process.cwd()): string {
  const beside = `${resolve(distDir)}-${kind}`
  const outside = relative(root, beside).startsWith('..')
  return outside && beside.startsWith(root)
    ? join(root, '.site-build', buildTag(distDir, root), kind)
    : beside
}

/**
 * Builds the site from the running API and brings DIST_DIR up to date without a visitor ever
 * meeting a half-written page or a missing one: Astro builds into a side directory, then each
 * file is renamed into place (atomic on one file system), the new assets before the pages that
 * use them, the home page last. A full plan replaces every page and removes the pages of items
 * that are gone; a partial plan (BUILD_ONLY) replaces only its pages. Throws, saying why, when
 * the build fails; DIST_DIR is then untouched.
 */
export async function buildSite(
  opts: SiteBuildOptions,
  plan: BuildPlan | null = null,
  signal?: AbortSignal,
): Promise<BuildResult & { seconds: number }> {
  const started = performance.now()
  const partial = plan?.kind === 'partial'
  const next = sideDir(opts.distDir, partial ? 'partial' : 'next')
  await rm(next, { recursive: true, force: true })
  try {
    await runAstro(
      next,
      {
        API_BASE: opts.apiBase,
        OUT_DIR: next,
        SITE_URL: opts.siteUrl,
        SIGN_KEY: opts.sign.key,
        SIGN_IV: opts.sign.iv,
        PUBLIC_SIGN_KEY: opts.bundleSign.key,
        PUBLIC_SIGN_IV: opts.bundleSign.iv,
        PUBLIC_FILES_BASE: opts.filesBase ?? '',
        // Our own API, built from by ourselves: no contract check (src/lib/build/conformance.ts).
        CONFORMANCE: 'off',
        // The item pages of a partial build (src/lib/build/env.ts); empty: the whole site.
        BUILD_ONLY: partial ? JSON.stringify(plan.only) : '',
        // …and the other pages it replaces: the rest are not rendered (src/middleware.ts).
        BUILD_PAGES: partial ? JSON.stringify(plan.pages) : '',
        // Compressed here, not by the build: a partial build its moved files (below), a full one
        // in place once it is live (after the swap).
        PRECOMPRESS: 'off',
      },
      signal,
    )
    if (!existsSync(join(next, 'index.html')))
      throw new Error(`astro build 未生成 ${join(next, 'index.html')}`)
    const result = await swapIn(next, opts.distDir, plan)
    if (partial) return { ...result, seconds: (performance.now() - started) / 1000 }
    // A full build goes live first and is compressed in place after (issue 12): on this 2-core
    // machine, shared with the API the build reads, compressing 20,000 pages took 23 s of a 61 s
    // build whether during the render or after it. Until a page has its siblings it goes out
    // whole; a sibling is used only when at least as new as its file, and the builder runs one
    // build at a time, so none is ever stale.
    const liveAfter = (performance.now() - started) / 1000
    await compressTree(opts.distDir, { skipFresh: true })
    return { ...result, liveAfter, seconds: (performance.now() - started) / 1000 }
  } finally {
    await rm(next, { recursive: true, force: true })
  }
}

/**
 * Moves a finished build from `next` into the live `dist`: everything (full, or no plan) or the
 * plan's pages (partial). Answers how many pages were written or removed, and what it held back.
 * await swapIn('dist-partial', 'dist', planFor(['article:12'])) → { pages: 1 }
 */
export async function swapIn(next: string, dist: string, plan: BuildPlan | null): Promise<BuildResult> {
  await mkdir(dist, { recursive: true })
  return plan?.kind === 'partial' ? applyPartial(next, dist, plan) : mergeAll(next, dist, plan?.defer ?? true)
}

const ITEM_LINK = /href="\/(detail|productdetail|teacher)\/(\d+)\/"/g
const ITEM_TAG = { detail: 'article', productdetail: 'product', teacher: 'teacher' } as const

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  )

/**
 * The item pages a built page links to that `dist` does not have: an item published while the
 * build read the API is on the listing it read last but not among the pages it listed first.
 * await missingItems('<a href="/detail/12/">', 'dist') → ['article:12'] when dist/detail/12/index.html is absent
 */
export async function missingItems(html: string, dist: string): Promise<ChangeTag[]> {
  const out = new Set<ChangeTag>()
  for (const m of html.matchAll(ITEM_LINK)) {
    const [, route, id] = m as unknown as [string, keyof typeof ITEM_TAG, string]
    if (!(await exists(join(dist, route, id, 'index.html')))) out.add(`${ITEM_TAG[route]}:${Number(id)}`)
  }
  return [...out]
}

/**
 * Whether a page may replace its old self now: not while it links to item pages that are not in
 * `dist` yet and an old version can stand meanwhile; then its marks and theirs go to `deferred`.
 */
async function mayMove(next: string, dist: string, file: string, deferred: Set<ChangeTag>): Promise<boolean> {
  if (!file.endsWith('.html') || !(await exists(join(dist, file)))) return true
  const missing = await missingItems(await readFile(join(next, file), 'utf8'), dist)
  if (!missing.length) return true
  deferred.add(tagForPath(`/${file.replace(/index\.html$/, '')}`))
  for (const t of missing) deferred.add(t)
  return false
}

/**
 * Runs `astro build` into `outDir` as its own process; rejects with the exit code and the end of
 * its output. It runs in a working directory of its own (src/lib/build/scratch.ts): Astro renders
 * an outDir outside the working directory from `.astro/.prerender` there, and removes it when done.
 */
async function runAstro(outDir: string, env: Record<string, string>, signal?: AbortSignal): Promise<void> {
  const root = process.cwd()
  const { cwd } = buildScratch(outDir, root)
  await mkdir(cwd, { recursive: true })
  return new Promise((resolve, reject) => {
    let tail = ''
    const keep = (chunk: Buffer, to: NodeJS.WriteStream) => {
      to.write(chunk)
      tail = (tail + chunk.toString()).slice(-2000)
    }
    // The build has its own configuration (astro.config.mjs, src/lib/build/env.ts).
    const astro = join(root, 'node_modules/astro/bin/astro.mjs')
    const child = spawn(process.execPath, [astro, 'build', '--root', root, '--silent'], {
      cwd,
      env: childEnv(env),
      stdio: ['ignore', 'pipe', 'pipe'],
      signal,
    })
    child.stdout.on('data', (c: Buffer) => keep(c, process.stdout))
    child.stderr.on('data', (c: Buffer) => keep(c, process.stderr))
    child.on('error', (e) => reject(new Error(`astro build 无法运行：${e.message}`)))
    child.on('exit', (code, sig) => {
      if (code === 0) resolve()
      else
        reject(
          new Error(
            `astro build 失败 (${sig ?? `退出码 ${code}`})：${tail.trim().split('\n').slice(-6).join(' | ')}`,
          ),
        )
    })
  })
}

/** Runs `fn` over `items`, `limit` at a time. */
async function eachLimit<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>) {
  let next = 0
  const worker = async () => {
    while (next < items.length) await fn(items[next++] as T)
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
}

/** Every file under `dir`, as paths relative to it with '/' separators ([] when there is no `dir`). */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => [])
  return entries
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)).split(sep).join('/'))
}

/**
 * Puts `from` at `to` in one step: a rename, or on another file system a copy to a temporary
 * name beside `to` and then a rename, so `to` is never half-written.
 */
async function moveInto(from: string, to: string) {
  await mkdir(dirname(to), { recursive: true })
  try {
    await rename(from, to)
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EXDEV') throw e
    const tmp = `${to}.${process.pid}.tmp`
    await copyFile(from, tmp)
    await rename(tmp, to)
  }
}

/** Moves a file of the site and its .br and .gz (after it, so they are never older); removes siblings it lacks. */
async function moveWithSiblings(next: string, dist: string, file: string) {
  await moveInto(join(next, file), join(dist, file))
  for (const ext of ['.br', '.gz']) {
    if (await exists(join(next, file + ext))) await moveInto(join(next, file + ext), join(dist, file + ext))
    else await rm(join(dist, file + ext), { force: true })
  }
}

/** Removes a file and then its directories up to `root` while they are empty. */
async function removeFile(root: string, rel: string) {
  await rm(join(root, rel), { force: true })
  let dir = dirname(join(root, rel))
  while (dir.startsWith(root) && dir !== root) {
    try {
      await rmdir(dir)
    } catch {
      return
    }
    dir = dirname(dir)
  }
}

/**
 * The files of a build in the order they go live, in groups moved one after the other: the
 * assets, the item pages, the pages that link to them, the home page last. Each entry is a file
 * without its .br/.gz siblings, which go with it.
 */
function moveGroups(files: string[]): string[][] {
  const groups: string[][] = [[], [], [], []]
  const all = new Set(files)
  for (const f of files) {
    if (/\.(?:br|gz)$/.test(f) && all.has(f.replace(/\.(?:br|gz)$/, ''))) continue
    const rank = f.startsWith('_astro/')
      ? 0
      : /^(?:detail|productdetail|teacher)\/\d+\//.test(f)
        ? 1
        : /^index\.html/.test(f)
          ? 3
          : 2
    groups[rank]?.push(f)
  }
  return groups.map((g) => g.sort())
}

/**
 * A full build: every file replaces its old self (a page linking to an item page not there yet
 * keeps its old self, when `defer`); files the build no longer makes are removed.
 */
async function mergeAll(next: string, dist: string, defer: boolean): Promise<BuildResult> {
  const files = await filesUnder(next)
  const built = new Set(files)
  const deferred = new Set<ChangeTag>()
  // The pages' policies (src/lib/build/headers.ts) of the pages that stay: those held back.
  const livePolicies = defer ? await readPolicies(dist) : undefined
  const heldPages: string[] = []
  const [assets = [], items = [], linking = [], home = []] = moveGroups(files)
  for (const group of [assets, items, [...linking, ...home]]) {
    if (group === assets || group === items) {
      await eachLimit(group, MOVES_IN_FLIGHT, (f) => moveWithSiblings(next, dist, f))
      continue
    }
    // The home page after every other page: one at a time is quick for these few dozen.
    for (const f of group) {
      if (defer && !(await mayMove(next, dist, f, deferred))) {
        heldPages.push(f)
        for (const g of [f, `${f}.br`, `${f}.gz`]) built.add(g) // the old ones stand: keep them
        continue
      }
      await moveWithSiblings(next, dist, f)
    }
  }
  const now = Date.now()
  let removed = 0
  const stale = (await filesUnder(dist)).filter((f) => !built.has(f) && !f.startsWith(RECORD_FILE))
  await eachLimit(stale, MOVES_IN_FLIGHT, async (f) => {
    if (f.startsWith('_astro/') && now - (await stat(join(dist, f))).mtimeMs < ASSET_GRACE_MS) return
    await removeFile(dist, f)
    if (f.endsWith('.html')) removed++
  })
  const builtPolicies = heldPages.length ? await readPolicies(dist) : undefined
  if (livePolicies && builtPolicies)
    await writePolicies(dist, patchPolicies(builtPolicies, livePolicies, heldPages))
  const pages =
    files.filter((f) => f.endsWith('.html') || f.endsWith('.xml')).length - heldPages.length + removed
  return deferred.size ? { pages, deferred: [...deferred] } : { pages }
}

/**
 * The live sitemap after a partial build: the item pages it made are listed, those it removed are
 * not (a full build writes the index and its parts whole, from the lists). A removed page leaves
 * the part that lists it; a new one joins the last part, or a new part named in the index once
 * the last holds `max` pages. Each file changed is written through `next` and moved in like any
 * page, compressed beside it, the parts before the index. Nothing to do without a live sitemap or
 * a change.
 * followSitemap('dist-partial', 'dist', { added: ['/detail/12/'], removed: [] })
 */
export async function followSitemap(
  next: string,
  dist: string,
  items: { added: readonly string[]; removed: readonly string[] },
  max = SITEMAP_MAX_URLS,
): Promise<void> {
  const index = await readFile(join(dist, SITEMAP_INDEX), 'utf8').catch(() => '')
  // The site's origin as the full build wrote it, and the parts the index names.
  const origin = /<loc>(https?:\/\/[^/<]+)\//.exec(index)?.[1]
  const names = [...index.matchAll(/<loc>[^<]*\/(sitemap-\d+\.xml)<\/loc>/g)].map((m) => m[1] as string)
  if (!origin || !index.includes('</sitemapindex>') || !names.length) return
  const gone = new Set(items.removed.map((p) => urlEntry(origin, p)))
  const fresh = new Set(items.added.map((p) => urlEntry(origin, p)))
  const parts: { name: string; lines: string[]; changed: boolean }[] = []
  for (const name of names) {
    const lines = (await readFile(join(dist, name), 'utf8').catch(() => urlset([]))).split('\n')
    const kept = lines.filter((l) => !gone.has(l))
    for (const l of kept) fresh.delete(l)
    parts.push({ name, lines: kept, changed: kept.length !== lines.length })
  }
  const pagesIn = (lines: string[]) => lines.filter((l) => l.startsWith('<url>')).length
  for (const entry of fresh) {
    let last = parts[parts.length - 1] as (typeof parts)[number]
    if (pagesIn(last.lines) >= max) {
      last = { name: partFile(parts.length + 1), lines: urlset([]).split('\n'), changed: true }
      parts.push(last)
    }
    last.lines.splice(last.lines.indexOf('</urlset>'), 0, entry)
    last.changed = true
  }
  const files = parts.filter((p) => p.changed)
  for (const p of files) await writeFile(join(next, p.name), p.lines.join('\n'))
  if (parts.length > names.length) {
    await writeFile(join(next, SITEMAP_INDEX), sitemapIndex(origin, parts.length))
    files.push({ name: SITEMAP_INDEX, lines: [], changed: true })
  }
  for (const { name } of files) {
    await compressFile(join(next, name))
    await moveWithSiblings(next, dist, name)
  }
}

/**
 * A partial build: new assets, then the plan's pages, each compressed beside it first; the page
 * of an item the build did not make (deleted, unlisted) is removed, so it answers 404.
 */
async function applyPartial(next: string, dist: string, plan: BuildPlan): Promise<BuildResult> {
  const fresh: string[] = []
  for (const f of await filesUnder(join(next, '_astro')))
    if (!(await exists(join(dist, '_astro', f)))) fresh.push(`_astro/${f}`)
  const pages = planPaths(plan).map((path) => ({ path, file: pageFile(path) }))
  const made: typeof pages = []
  for (const p of pages) if (await exists(join(next, p.file))) made.push(p)
  await eachLimit([...fresh, ...made.map((p) => p.file)], 4, async (f) => {
    await compressFile(join(next, f))
  })
  for (const f of fresh) await moveWithSiblings(next, dist, f)
  const changed: string[] = []
  const deferred = new Set<ChangeTag>()
  for (const p of pages) {
    if (made.includes(p)) {
      // Item pages come first in the plan, so a listing's new items are in place by now.
      if (plan.defer && !isItemPath(p.path) && !(await mayMove(next, dist, p.file, deferred))) continue
      await moveWithSiblings(next, dist, p.file)
      changed.push(p.file)
    } else if (isItemPath(p.path) && (await exists(join(dist, p.file)))) {
      for (const ext of ['.br', '.gz']) await rm(join(dist, p.file + ext), { force: true })
      await removeFile(dist, p.file)
      changed.push(p.file)
    }
  }
  await followSitemap(next, dist, {
    added: made.filter((p) => isItemPath(p.path)).map((p) => p.path),
    removed: pages.filter((p) => isItemPath(p.path) && !made.includes(p)).map((p) => p.path),
  })
  // The static host's record of the pages' policies follows the pages replaced and removed.
  const [livePolicies, builtPolicies] = [await readPolicies(dist), await readPolicies(next)]
  if (changed.length && builtPolicies)
    await writePolicies(dist, patchPolicies(livePolicies ?? new Map(), builtPolicies, changed))
  const count = changed.length
  return deferred.size ? { pages: count, deferred: [...deferred] } : { pages: count }
}
