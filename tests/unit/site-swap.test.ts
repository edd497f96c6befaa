import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { followSitemap, sideDir, swapIn } from '../../server/build-site.ts'
import { planFor, RECORD_FILE } from '../../server/site-builder.ts'
import { buildScratch, buildTag } from '../../src/lib/build/scratch.ts'
import { sitemapIndex, sitemapParts, urlEntry, urlset } from '../../src/lib/sitemap.ts'

let root = ''
const put = (dir: string, files: Record<string, string>) => {
  for (const [f, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, dir, f)), { recursive: true })
    writeFileSync(join(root, dir, f), text)
  }
}
const read = (f: string) => readFileSync(join(root, 'dist', f), 'utf8')
const has = (f: string) => existsSync(join(root, 'dist', f))
/** Big enough to be worth compressing (src/lib/build/compress.ts). */
const page = (s: string) => `<html>${s}${' '.repeat(2000)}</html>`

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'site-swap-'))
  put('dist', {
    'index.html': page('old home'),
    'task/index.html': page('old tasks'),
    'detail/1/index.html': page('old 1'),
    'detail/1/index.html.br': 'stale',
    'detail/2/index.html': page('old 2'),
    'detail/3/index.html': page('old 3'),
    '_astro/a.111.js': 'old asset',
    [RECORD_FILE]: '{}',
  })
})
afterEach(() => rmSync(root, { recursive: true, force: true }))

describe('swapping a build into the live site', () => {
  it("partial: replaces the plan's pages (compressed beside them), removes the page of an item gone, leaves the rest", async () => {
    // The build made /detail/1/ and the listings; item 2 was deleted, so it made no page for it.
    put('next', {
      'index.html': page('new home'),
      'task/index.html': page('new tasks'),
      'course/index.html': page('not in the plan'),
      'detail/1/index.html': page('new 1'),
      'sitemap.xml': 'sitemap',
      '_astro/a.111.js': 'same asset',
      '_astro/b.222.js': 'new asset',
    })
    const n = await swapIn(
      join(root, 'next'),
      join(root, 'dist'),
      planFor(['article:1', 'article:2', 'list:20', 'home']),
    )
    expect(n).toEqual({ pages: 4 }) // detail/1, detail/2 (removed), /, /task/
    expect(read('detail/1/index.html')).toContain('new 1')
    expect(has('detail/1/index.html.br') && has('detail/1/index.html.gz')).toBe(true)
    expect(read('detail/1/index.html.br')).not.toBe('stale')
    expect(has('detail/2')).toBe(false)
    expect(read('detail/3/index.html')).toContain('old 3')
    expect(read('index.html')).toContain('new home')
    expect(read('task/index.html')).toContain('new tasks')
    expect(has('course/index.html')).toBe(false)
    expect(has('sitemap.xml')).toBe(false) // not in the plan (and no live one to follow)
    expect(read('_astro/a.111.js')).toBe('old asset') // a fingerprinted name never changes content
    expect(read('_astro/b.222.js')).toBe('new asset')
    expect(read(RECORD_FILE)).toBe('{}')
  })

  it('partial: the live sitemap lists the item pages made and drops those removed, nothing else touched', async () => {
    const origin = 'https://dental.example'
    const part = (paths: string[]) => urlset(paths.map((p) => urlEntry(origin, p)))
    put('dist', {
      'sitemap.xml': sitemapIndex(origin, 1),
      'sitemap-1.xml': part(['/', '/task/', '/detail/1/', '/detail/2/', '/detail/3/']),
    })
    // Task 4 published, task 2 unlisted, task 1 edited; the build's own sitemap is the empty one.
    put('next', {
      'detail/1/index.html': page('new 1'),
      'detail/4/index.html': page('new 4'),
      'sitemap.xml': '',
    })
    const indexBefore = statSync(join(root, 'dist/sitemap.xml')).mtimeMs
    await swapIn(
      join(root, 'next'),
      join(root, 'dist'),
      planFor(['article:1', 'article:2', 'article:4', 'list:20']),
    )
    expect(read('sitemap-1.xml')).toBe(part(['/', '/task/', '/detail/1/', '/detail/3/', '/detail/4/']))
    // The index names the same single part: not rewritten.
    expect(statSync(join(root, 'dist/sitemap.xml')).mtimeMs).toBe(indexBefore)

    // A price change: the same pages, the sitemap left as it is (not even rewritten).
    const before = statSync(join(root, 'dist/sitemap-1.xml')).mtimeMs
    put('next', { 'detail/1/index.html': page('newer 1'), 'sitemap.xml': '' })
    await swapIn(join(root, 'next'), join(root, 'dist'), planFor(['article:1', 'list:20']))
    expect(statSync(join(root, 'dist/sitemap-1.xml')).mtimeMs).toBe(before)
    expect(read('sitemap-1.xml')).toContain('/detail/4/')
  })

  it('partial: a full last part rolls new pages over into a new part the index then names', async () => {
    const origin = 'https://dental.example'
    const part = (paths: string[]) => urlset(paths.map((p) => urlEntry(origin, p)))
    put('dist', {
      'sitemap.xml': sitemapIndex(origin, 2),
      'sitemap-1.xml': part(['/', '/detail/1/', '/detail/2/']),
      'sitemap-2.xml': part(['/detail/3/', '/detail/5/', '/detail/6/']),
    })
    mkdirSync(join(root, 'next'), { recursive: true })
    // At most 3 pages a file: /detail/7/ and /detail/8/ open part 3; /detail/2/ leaves part 1.
    await followSitemap(
      join(root, 'next'),
      join(root, 'dist'),
      { added: ['/detail/7/', '/detail/8/', '/detail/1/'], removed: ['/detail/2/'] },
      3,
    )
    expect(read('sitemap-1.xml')).toBe(part(['/', '/detail/1/']))
    expect(read('sitemap-2.xml')).toBe(part(['/detail/3/', '/detail/5/', '/detail/6/']))
    expect(read('sitemap-3.xml')).toBe(part(['/detail/7/', '/detail/8/']))
    expect(read('sitemap.xml')).toBe(sitemapIndex(origin, 3))
    expect(read('sitemap.xml')).toContain('<loc>https://dental.example/sitemap-3.xml</loc>')
  })

  it('splits a site into sitemap files of at most 50,000 pages', () => {
    const pages = Array.from({ length: 100_001 }, (_, i) => `/detail/${i + 1}/`)
    expect(sitemapParts(pages).map((p) => p.length)).toEqual([50_000, 50_000, 1])
    expect(sitemapParts([])).toEqual([[]])
  })

  it('full: every file replaced, pages of items gone removed, recent old assets kept a while', async () => {
    const old = Date.now() / 1000 - 2 * 86_400
    put('dist', { '_astro/ancient.000.js': 'x' })
    utimesSync(join(root, 'dist/_astro/ancient.000.js'), old, old)
    put('next', {
      'index.html': page('new home'),
      'task/index.html': page('new tasks'),
      'detail/1/index.html': page('new 1'),
      'detail/3/index.html': page('new 3'),
      '_astro/c.333.js': 'newer asset',
    })
    expect(await swapIn(join(root, 'next'), join(root, 'dist'), null)).toEqual({ pages: 4 + 1 })
    expect(read('index.html')).toContain('new home')
    expect(read('detail/3/index.html')).toContain('new 3')
    expect(has('detail/1/index.html.br')).toBe(false) // a sibling the build did not make
    expect(has('detail/2')).toBe(false)
    expect(read('_astro/a.111.js')).toBe('old asset') // an open page may still load it
    expect(has('_astro/ancient.000.js')).toBe(false)
    expect(read('_astro/c.333.js')).toBe('newer asset')
    expect(read(RECORD_FILE)).toBe('{}')
    expect(existsSync(join(root, 'next/index.html'))).toBe(false)
  })

  it('holds back a listing that links to an item page not there yet (published while the build read the API), once', async () => {
    // The build listed its item pages before task 7 was published, then read the listing with it.
    put('next', {
      'task/index.html': page('<a href="/detail/1/">1</a> <a href="/detail/7/">7</a>'),
      'task/index.html.br': 'br',
      'detail/1/index.html': page('new 1'),
    })
    const plan = planFor(['article:1', 'list:20'])
    expect(await swapIn(join(root, 'next'), join(root, 'dist'), plan)).toEqual({
      pages: 1,
      deferred: ['list:20', 'article:7'],
    })
    expect(read('task/index.html')).toContain('old tasks') // the old listing stands meanwhile
    expect(read('detail/1/index.html')).toContain('new 1')

    // The next build (defer: false) moves what it makes, whatever it links to.
    put('next', { 'task/index.html': page('<a href="/detail/7/">7</a> <a href="/detail/8/">8</a>') })
    expect(
      await swapIn(join(root, 'next'), join(root, 'dist'), { ...planFor(['list:20']), defer: false }),
    ).toEqual({
      pages: 1,
    })
    expect(read('task/index.html')).toContain('/detail/8/')
  })

  it('a full build keeps the old listing too, and moves a new page with nothing to keep', async () => {
    put('next', {
      'index.html': page('<a href="/detail/9/">9</a>'),
      'task/index.html': page('<a href="/detail/9/">9</a>'),
      'task/index.html.gz': 'gz',
      'course/index.html': page('<a href="/detail/9/">9</a>'),
      'detail/1/index.html': page('new 1'),
    })
    const r = await swapIn(join(root, 'next'), join(root, 'dist'), null)
    expect(r.deferred).toEqual(['list:20', 'article:9', 'home'])
    expect(read('task/index.html')).toContain('old tasks')
    expect(has('task/index.html.gz')).toBe(false)
    expect(read('index.html')).toContain('old home')
    expect(read('course/index.html')).toContain('/detail/9/') // no old one to keep
  })
})

describe('sideDir: where Astro builds before the swap', () => {
  it('beside DIST_DIR, unless Astro would read that path as inside the project (a sibling whose name begins with the project’s)', () => {
    expect(sideDir('/srv/portal/dist', 'next', '/srv/portal')).toBe('/srv/portal/dist-next')
    expect(sideDir('/var/www/site', 'partial', '/srv/portal')).toBe('/var/www/site-partial')
    // /srv/portal-data/dist-next "starts with" /srv/portal: Astro's prerender chunks would land
    // there and find no packages, so the build goes into the project's own folder.
    const data = buildTag('/srv/portal-data/dist', '/srv/portal')
    const two = buildTag('/srv/portal2/dist', '/srv/portal')
    expect(sideDir('/srv/portal-data/dist', 'next', '/srv/portal')).toBe(
      `/srv/portal/.site-build/${data}/next`,
    )
    expect(sideDir('/srv/portal2/dist', 'partial', '/srv/portal')).toBe(
      `/srv/portal/.site-build/${two}/partial`,
    )
    // Two portals of one checkout never share that folder.
    expect(data).not.toBe(two)
  })
})

describe('buildScratch: each build its own Astro and Vite scratch places', () => {
  it('apart for two output directories, the same for one (a cache stays warm), all inside the project', () => {
    const a = buildScratch('/srv/a/dist-next', '/srv/portal')
    const b = buildScratch('/srv/b/dist-next', '/srv/portal')
    for (const k of ['cwd', 'cacheDir', 'viteCacheDir'] as const) {
      expect(a[k]).not.toBe(b[k])
      expect(a[k].startsWith('/srv/portal/')).toBe(true)
    }
    expect(buildScratch('/srv/a/dist-next', '/srv/portal')).toEqual(a)
    // A relative outDir (astro.config.mjs's default 'dist') is read from the project's root.
    expect(buildScratch('dist', '/srv/portal')).toEqual(buildScratch('/srv/portal/dist', '/srv/portal'))
    expect(a.cacheDir).toMatch(/^\/srv\/portal\/node_modules\/\.astro\/[0-9a-f]{12}$/)
  })
})
