/**
 * Where one build keeps its scratch files. Astro and Vite keep theirs once per checkout
 * (node_modules/.astro, node_modules/.vite, and `.astro/.prerender` under the working directory
 * for a build whose outDir lies outside it, deleted when that build ends), so two portals built
 * at once from one checkout, each with its own DIST_DIR, deleted each other's chunks. Each
 * output directory gets its own place instead, the same one build after build so a cache stays
 * warm: server/build-site.ts runs Astro in `cwd`, astro.config.mjs sets the two cache dirs.
 */
import { createHash } from 'node:crypto'
import { join, resolve } from 'node:path'

/** A short name for a directory: buildTag('/srv/a/dist') → '5d41402abc4b' (12 hex digits). */
export function buildTag(dir: string, root: string): string {
  return createHash('sha256').update(resolve(root, dir)).digest('hex').slice(0, 12)
}

/**
 * buildScratch('/srv/a/dist-next', '/srv/portal') → { cwd: '/srv/portal/.site-build/<tag>',
 * cacheDir: '/srv/portal/node_modules/.astro/<tag>', viteCacheDir: '/srv/portal/node_modules/.vite/<tag>' }.
 * `cwd` lies inside the project so the chunks Astro renders from find its packages.
 */
export function buildScratch(outDir: string, root: string) {
  const tag = buildTag(outDir, root)
  return {
    cwd: join(root, '.site-build', tag),
    cacheDir: join(root, 'node_modules', '.astro', tag),
    viteCacheDir: join(root, 'node_modules', '.vite', tag),
  }
}
