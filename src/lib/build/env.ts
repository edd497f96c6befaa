/**
 * The build's configuration, read once: the one place on the site's side that reads the
 * environment (the server has server/config.ts; astro.config.mjs reads SITE_URL and OUT_DIR).
 */
import { DEV_SIGN_IV, DEV_SIGN_KEY } from '../sign.ts'

const env = process.env

/** The items of each kind a partial build renders pages for (the rest of the site is kept as is). */
export interface BuildOnly {
  article: number[]
  product: number[]
  teacher: number[]
}

/** A partial build: its items, and the other pages it replaces ('/', '/sitemap.xml' …; null: not said, any). */
export interface PartialBuild extends BuildOnly {
  pages: string[] | null
}

/**
 * BUILD_ONLY='{"article":[12],"product":[],"teacher":[3],"pages":["/"]}' (set by
 * server/build-site.ts) → those ids and pages; unset → null, a full build. A malformed value
 * stops the build rather than build everything.
 */
export function parseBuildOnly(raw: string | undefined): PartialBuild | null {
  if (!raw) return null
  const v = JSON.parse(raw) as Record<string, unknown> | null
  const list = <T>(k: string, ok: (x: unknown) => boolean, absent: T[] | null) => {
    const got = v?.[k] ?? absent
    if (got !== null && (!Array.isArray(got) || !got.every(ok))) throw new Error(`BUILD_ONLY.${k}: ${raw}`)
    return got as T[] | null
  }
  const ids = (k: string) => list<number>(k, Number.isInteger, []) ?? []
  return {
    article: ids('article'),
    product: ids('product'),
    teacher: ids('teacher'),
    pages: list<string>('pages', (x) => typeof x === 'string', null),
  }
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
  /** A partial build's items (BUILD_ONLY), or null for the whole site. */
  only: parseBuildOnly(env.BUILD_ONLY),
  /** Check the API against the contract before building (CONFORMANCE; see parseConformance). */
  conformance: parseConformance(env.CONFORMANCE, Boolean(env.API_BASE || env.PUBLIC_API_BASE)),
} as const
