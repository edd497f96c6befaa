import { spawn } from 'node:child_process'
import { existsSync, renameSync, rmSync } from 'node:fs'

/**
 * Builds the static site from the running API into a fresh directory, then swaps it in, so
 * the old site keeps being served until the new one is complete.
 */
export async function buildSite(opts: {
  apiBase: string
  distDir: string
}): Promise<{ ok: boolean; seconds: number }> {
  const started = performance.now()
  const next = `${opts.distDir}-next`
  rmSync(next, { recursive: true, force: true })
  const code = await new Promise<number>((resolve) => {
    const child = spawn(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build', '--silent'], {
      env: { ...process.env, API_BASE: opts.apiBase, OUT_DIR: next },
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
