import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { ChangeTag } from '../../server/changes.ts'
import { formatBuildStatus } from '../../server/ops.ts'
import {
  type BuildRecord,
  decideStart,
  isChangeTag,
  median,
  PARTIAL_MAX_ITEMS,
  pageFile,
  planFor,
  planPaths,
  statusOf,
  TAG_PAGES,
  tagForPath,
} from '../../server/site-builder.ts'
import { parseBuildPages, rendersPage } from '../../src/lib/build/env.ts'

describe('a partial build renders its plan’s pages only (src/middleware.ts)', () => {
  it('renders exactly the paths applyPartial takes from it; a full build renders everything', () => {
    const plan = planFor(['article:12', 'list:20', 'home', 'teacher:7', 'product:3'])
    const pages = parseBuildPages(JSON.stringify(plan.pages))
    for (const path of planPaths(plan)) expect(rendersPage(path, plan.only, pages), path).toBe(true)
    // Astro may hand the path without its trailing slash.
    expect(rendersPage('/detail/12', plan.only, pages)).toBe(true)
    for (const path of ['/detail/13/', '/about/', '/course/', '/productdetail/12/', '/admin/'])
      expect(rendersPage(path, plan.only, pages), path).toBe(false)
    expect(rendersPage('/about/', null, [])).toBe(true)
  })

  it('BUILD_PAGES is a JSON list of paths, or nothing; anything else stops the build', () => {
    expect(parseBuildPages(undefined)).toEqual([])
    expect(parseBuildPages('')).toEqual([])
    expect(parseBuildPages('["/","/task/"]')).toEqual(['/', '/task/'])
    expect(() => parseBuildPages('["task"]')).toThrow('BUILD_PAGES')
    expect(() => parseBuildPages('{"pages":[]}')).toThrow('BUILD_PAGES')
  })
})

describe('change marks → the pages a build replaces', () => {
  it('a published task: its page, its listing, the home page and the author (the sitemap follows the item pages)', () => {
    const plan = planFor(['article:12', 'list:20', 'home', 'teacher:7'])
    expect(plan.kind).toBe('partial')
    expect(plan.only).toEqual({ article: [12], product: [], teacher: [7] })
    expect(planPaths(plan)).toEqual(['/detail/12/', '/teacher/7/', '/', '/task/'])
  })

  it('each listing tag names its own listing page', () => {
    expect(planPaths(planFor(['list:10']))).toEqual(['/association/'])
    expect(planPaths(planFor(['list:30']))).toEqual(['/course/'])
    expect(planPaths(planFor(['list:product', 'product:3', 'product:3']))).toEqual([
      '/productdetail/3/',
      '/product/',
    ])
  })

  it('site-wide tags (the company facts, the dictionary, all) mean a full build', () => {
    for (const tag of ['company', 'dictionary', 'all'] as ChangeTag[]) {
      expect(planFor(['article:1', tag]).kind, tag).toBe('full')
    }
    // A tag this builder does not know: everything, to be safe.
    expect(planFor(['whatever' as ChangeTag]).kind).toBe('full')
    expect(planFor(['article:1'], true).kind).toBe('full')
  })

  it('banners, the FAQ and the texts: only the pages that show them', () => {
    expect(planPaths(planFor(['banner']))).toEqual(['/', '/course/', '/product/'])
    expect(planPaths(planFor(['faq', 'product:3']))).toEqual(['/productdetail/3/', '/question/'])
    // The texts are read in the browser: nothing to build.
    expect(planFor(['config'])).toMatchObject({ kind: 'partial', pages: [] })
    expect(planPaths(planFor(['config']))).toEqual([])
  })

  it('the pages of banners and FAQ are the pages whose code reads them at build time', () => {
    const pages = join(import.meta.dirname, '../../src/pages')
    const read = (f: string) => readFileSync(join(pages, f), 'utf8')
    const pathOf = (f: string) => (f === 'index.astro' ? '/' : `/${f.replace(/\.astro$/, '')}/`)
    const files = readdirSync(pages).filter((f) => f.endsWith('.astro'))
    // ListingPage reads the banners when given a position; the home page reads them itself.
    const banners = files.filter((f) => /getAdinfoAll|banner=\{/.test(read(f))).map(pathOf)
    expect(banners.sort()).toEqual([...(TAG_PAGES.banner ?? [])].sort())
    const faq = files.filter((f) => /ArticleStatus\.faq/.test(read(f))).map(pathOf)
    expect(faq).toEqual(TAG_PAGES.faq)
    // No page, component or layout reads banners, FAQ or texts at build time any other way.
    const src = join(import.meta.dirname, '../../src')
    const code = (readdirSync(src, { recursive: true }) as string[])
      .filter((f) => /\.(astro|ts|tsx)$/.test(f))
      .map((f) => ({ f, text: readFileSync(join(src, f), 'utf8') }))
    const users = (call: RegExp) => code.filter(({ text }) => call.test(text)).map(({ f }) => f)
    expect(users(/buildApi\.(getAdinfoAll|getArticleQuery)/).sort()).toEqual([
      'components/ListingPage.astro',
      'pages/index.astro',
      'pages/question.astro',
    ])
    // GetUsersConfigs only for the company facts, which have a mark of their own (`company`).
    expect(users(/buildApi\.getUsersConfigs/)).toEqual(['lib/build/data.ts'])
    expect(code.find(({ f }) => f === 'lib/build/data.ts')?.text).toContain(
      '(await buildApi.getUsersConfigs()).company',
    )
  })

  it('too many items for a partial build: a full one', () => {
    const many = Array.from({ length: PARTIAL_MAX_ITEMS + 1 }, (_, i) => `article:${i + 1}` as ChangeTag)
    expect(planFor(many).kind).toBe('full')
    expect(planFor(many.slice(1)).kind).toBe('partial')
  })

  it('page files in the directory format', () => {
    expect(pageFile('/detail/12/')).toBe('detail/12/index.html')
    expect(pageFile('/')).toBe('index.html')
    expect(pageFile('/sitemap.xml')).toBe('sitemap.xml')
  })

  it("the webhook's paths → tags, the specs' query routes included", () => {
    expect(tagForPath('/detail/12/')).toBe('article:12')
    expect(tagForPath('/detail/12')).toBe('article:12')
    expect(tagForPath('/detail/12/index.html')).toBe('article:12')
    expect(tagForPath('/detail?id=12')).toBe('article:12')
    expect(tagForPath('/productdetail/3/')).toBe('product:3')
    expect(tagForPath('/productdetail?id=3')).toBe('product:3')
    expect(tagForPath('/teacher/9/')).toBe('teacher:9')
    expect(tagForPath('/')).toBe('home')
    expect(tagForPath('/course')).toBe('list:30')
    expect(tagForPath('/task/')).toBe('list:20')
    expect(tagForPath('/association/')).toBe('list:10')
    expect(tagForPath('/product/')).toBe('list:product')
    // The sitemap whole: a full build (partial ones only add and remove their item pages).
    expect(tagForPath('/sitemap.xml')).toBe('all')
    // Anything else (/about/ shows the configuration): the whole site.
    expect(tagForPath('/about/')).toBe('all')
    expect(tagForPath('/detail/abc/')).toBe('all')
  })

  it('accepts only the tags of server/changes.ts', () => {
    for (const t of ['article:1', 'product:20', 'teacher:3', 'list:10', 'list:product', 'home', 'faq', 'all'])
      expect(isChangeTag(t), t).toBe(true)
    for (const t of [
      'article:',
      'article:0',
      'article:x',
      'list:40',
      'Home',
      'article:1;drop',
      '',
      'toString',
    ])
      expect(isChangeTag(t), t).toBe(false)
  })
})

describe('at start: serve the built site, or build', () => {
  const record: BuildRecord = {
    changeId: 40,
    builtAt: '2026-11-22T10:00:00.000Z',
    seconds: 80,
    kind: 'full',
    codeHash: 'abc',
    db: 'db1',
    recent: [],
  }
  const now = { codeHash: 'abc', db: 'db1', latestId: 40 }

  it('skips the build on an unchanged catalogue with unchanged code', () => {
    expect(decideStart(record, now).build).toBe(false)
  })
  it('builds when nothing was built, the code changed, or the database is another (re-seeded)', () => {
    expect(decideStart(null, now).build).toBe(true)
    expect(decideStart(record, { ...now, codeHash: 'def' }).build).toBe(true)
    expect(decideStart(record, { ...now, db: 'db2' }).build).toBe(true)
    expect(decideStart(record, { ...now, latestId: 3 }).build).toBe(true)
  })
  it('marks after the record are ordinary work for the builder, not a full build', () => {
    expect(decideStart(record, { ...now, latestId: 45 })).toEqual({
      build: false,
      why: '有 5 条新变更，按变更更新',
    })
  })
})

describe('the status', () => {
  it('times by kind: last and median of the recent builds', () => {
    expect(median([3, 1, 2])).toBe(2)
    expect(median([4, 1, 2, 3])).toBe(2.5)
    expect(median([])).toBeNull()
    const s = statusOf(
      {
        changeId: 9,
        builtAt: 'b',
        seconds: 4,
        kind: 'partial',
        codeHash: 'h',
        db: 'd',
        recent: [
          { kind: 'partial', seconds: 4, at: 'b', pages: 3 },
          { kind: 'full', seconds: 90, at: 'a', pages: 18000 },
          { kind: 'partial', seconds: 6, at: 'a', pages: 3 },
          { kind: 'partial', seconds: 5, at: 'a', pages: 3 },
        ],
      },
      { tags: ['home'], upTo: 10 },
    )
    expect(s.timings).toEqual({
      partial: { last: 4, median: 5, count: 3 },
      full: { last: 90, median: 90, count: 1 },
    })
    expect(s.queued).toEqual({ tags: ['home'], count: 1, upTo: 10 })
    expect(s.last?.changeId).toBe(9)
  })

  it('prints for the operator (npm run ops -- build-status)', () => {
    const s = statusOf(
      {
        changeId: 9,
        builtAt: '2026-11-22T10:00:00.000Z',
        seconds: 4.2,
        kind: 'partial',
        codeHash: 'h',
        db: 'd',
        recent: [{ kind: 'partial', seconds: 4.2, at: 'b', pages: 3 }],
      },
      { tags: ['article:3', 'home'], upTo: 11 },
      { building: null, failures: 2, lastError: 'API 无响应', nextRetryAt: '2026-11-22T10:01:00.000Z' },
    )
    expect(formatBuildStatus(s, 'test').split('\n')).toEqual([
      '上次生成：2026-11-22T10:00:00.000Z，局部，4.2s（包含变更至 #9）',
      '排队：2 个变更标记（至 #11）：home, article:3',
      '正在生成：否',
      '失败：连续 2 次，下次重试 2026-11-22T10:01:00.000Z：API 无响应',
      '局部生成耗时：上次 4.2s，中位 4.2s（最近 1 次）',
      '完整生成耗时：上次 —，中位 —（最近 0 次）',
      '（来源：test）',
    ])
  })
})
