/**
 * The build's configuration, read once: the one place on the site's side that reads the
 * environment (the server has server/config.ts; astro.config.mjs reads SITE_URL and OUT_DIR).
 */
import { ALIPAY_GATEWAY } from '../csp.ts'
import { bucketOfEnv, fileOrigins } from '../files-base.ts'
import { articlePath, productPath, teacherPath } from '../routes.ts'
import { DEV_SIGN_IV, DEV_SIGN_KEY } from '../sign.ts'

const env = process.env

/** The items of each kind a partial build renders pages for (the rest of the site is kept as is). */
export interface BuildOnly {
  article: number[]
  product: number[]
  teacher: number[]
}

/**
 * BUILD_ONLY='{"article":[12],"product":[],"teacher":[3]}' (set by server/site-builder.ts) → those
 * ids; unset → null, a full build. A malformed value stops the build rather than build everything.
 */
export function parseBuildOnly(raw: string | undefined): BuildOnly | null {
  if (!raw) return null
  const v: unknown = JSON.parse(raw)
  const ids = (k: string) => {
    const list = (v as Record<string, unknown> | null)?.[k] ?? []
    if (!Array.isArray(list) || !list.every((n) => Number.isInteger(n)))
      throw new Error(`BUILD_ONLY.${k}: ${raw}`)
    return list as number[]
  }
  return { article: ids('article'), product: ids('product'), teacher: ids('teacher') }
}

/**
 * BUILD_PAGES='["/","/task/"]' (set with BUILD_ONLY by server/build-site.ts): the other pages a
 * partial build replaces; unset or empty, none. A malformed value stops the build.
 */
export function parseBuildPages(raw: string | undefined): string[] {
  if (!raw) return []
  const v: unknown = JSON.parse(raw)
  if (!Array.isArray(v) || !v.every((p) => typeof p === 'string' && p.startsWith('/')))
    throw new Error(`BUILD_PAGES: ${raw}`)
  return v as string[]
}

/**
 * Whether the build renders the page at `path`: in a full build every page; in a partial one the
 * named items' pages and the plan's other pages only. The rest of a partial build is thrown away
 * (applyPartial in server/build-site.ts), and rendering the ~70 fixed pages took about a third of
 * it. rendersPage('/detail/12') with BUILD_ONLY='{"article":[12],…}' → true; rendersPage('/about/') → false.
 */
export function rendersPage(path: string, only = buildEnv.only, pages = buildEnv.pages): boolean {
  if (!only) return true
  const p = path.endsWith('/') ? path : `${path}/`
  return (
    pages.includes(p) ||
    only.article.some((id) => articlePath(id) === p) ||
    only.product.some((id) => productPath(id) === p) ||
    only.teacher.some((id) => teacherPath(id) === p)
  )
}

/**
 * Whether the build first holds its API against the contract (npm run conformance, README
 * "Contract conformance"): CONFORMANCE=on or off says so; unset, it runs exactly when API_BASE
 * or PUBLIC_API_BASE names the API, that is a backend other than the local `npm start` (whose
 * own builds, server/build-site.ts, set off).
 */
export function parseConformance(raw: string | undefined, apiNamed: boolean): boolean {
  if (raw === 'on') return true
  if (raw === 'off') return false
  if (raw) throw new Error(`CONFORMANCE 须为 on 或 off：${raw}`)
  return apiNamed
}

export const buildEnv = {
  /** The API the build reads: API_BASE, else the site's public API base, else a local `npm start`. */
  apiBase: env.API_BASE || env.PUBLIC_API_BASE || 'http://127.0.0.1:4321',
  /** The sign secret of that API: the server's, else the one compiled into the browser bundle. */
  sign: {
    key: env.SIGN_KEY || env.PUBLIC_SIGN_KEY || DEV_SIGN_KEY,
    iv: env.SIGN_IV || env.PUBLIC_SIGN_IV || DEV_SIGN_IV,
  },
  /** The secret compiled into the browser bundle (src/lib/api/browser.ts reads the same variables). */
  bundleSign: { key: env.PUBLIC_SIGN_KEY || DEV_SIGN_KEY, iv: env.PUBLIC_SIGN_IV || DEV_SIGN_IV },
  /**
   * The payment gateway the pay page submits its form to (csp.ts payFormTargets): Alipay's when
   * ALIPAY=live, the same variables the server reads (server/config.ts); none for the sandbox.
   */
  payGateway: env.ALIPAY === 'live' ? env.ALIPAY_GATEWAY || ALIPAY_GATEWAY : undefined,
  /**
   * Where the pages load stored files from besides this site (csp.ts pageDirectives): the bucket
   * and its CDN when STORAGE=s3, the same variables the server reads; none for local disk.
   */
  fileOrigins: fileOrigins(bucketOfEnv(env)),
  /** A partial build's items (BUILD_ONLY), or null for the whole site. */
  only: parseBuildOnly(env.BUILD_ONLY),
  /** A partial build's other pages (BUILD_PAGES). */
  pages: parseBuildPages(env.BUILD_PAGES),
  /** Check the API against the contract before building (CONFORMANCE; see parseConformance). */
  conformance: parseConformance(env.CONFORMANCE, Boolean(env.API_BASE || env.PUBLIC_API_BASE)),
} as const
