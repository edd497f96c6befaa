import { spawn } from 'node:child_process'
import { existsSync, renameSync, rmSync } from 'node:fs'
import { childEnv } from './config.ts'

/**
 * Builds the static site from the running API into a fresh directory, then swaps it in, so
 * the old site keeps being served until the new one is complete.
 */
export async function buildSite(opts: {
  apiBase: string
  distDir: string
  /** Canonical links, sitemap and QR codes point here (SITE_URL). */
  siteUrl: string
}): Promise<{ ok: boolean; seconds: number }> {
  const started = performance.now()
  const next = `${opts.distDir}-next`
  rmSync(next, { recursive: true, force: true })
  const code = await new Promise<number>((resolve) => {
    const child = spawn(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build', '--silent'], {
      // The build is its own process with its own configuration (astro.config.mjs, src/lib/build/env.ts).
      env: childEnv({ API_BASE: opts.apiBase, OUT_DIR: next, SITE_URL: opts.siteUrl }),
      stdio: ['ignore', 'inherit', 'inherit'],
    })
    child.on('exit', (c) => resolve(c ?? 1))
    child.on('error', () => resolve(1))
  })
  const seconds = (performance.now() - started) / 1000
  if (code !== 0 || !existsSync(next)) return { ok: false, seconds }
  const old = `${opts.distDir}-old`
  rmSync(old, { recursive: true, force: true })
  if (existsSync(opts.distDir)) renameSync(opts.distDir, old)
  renameSync(next, opts.distDir)
  rmSync(old, { recursive: true, force: true })
  return { ok: true, seconds }
}
