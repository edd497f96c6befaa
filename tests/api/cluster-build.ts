/**
 * A stand-in for the site build in tests/api/cluster.test.ts's server processes, which start as
 * `node --import ./tests/api/cluster-build-hook.ts server/main.ts`: that hook answers
 * server/build-site.ts with this file, so the real builder, its lease and its lock run, and only
 * the Astro build (tens of seconds of CPU on a shared machine, and not what is under test) is
 * replaced by a wait. Each build writes a line per start and end to builds.log beside DIST_DIR;
 * it waits as many milliseconds as build-ms there says when it starts (the test lengthens the
 * first build so it can kill its process in the middle of it).
 */
import { appendFileSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { BuildPlan, BuildResult } from '../../server/site-builder.ts'

export interface BuildLine {
  pid: number
  event: 'start' | 'end'
  at: number
  kind: BuildPlan['kind']
}

/** The builds.log and build-ms of a DIST_DIR: beside it, shared by the processes. */
export const buildFiles = (distDir: string) => ({
  log: join(distDir, '..', 'builds.log'),
  ms: join(distDir, '..', 'build-ms'),
})

/** The lines of builds.log, oldest first. */
export const readBuilds = (distDir: string): BuildLine[] => {
  try {
    return readFileSync(buildFiles(distDir).log, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as BuildLine)
  } catch {
    return []
  }
}

/** buildSite's shape (server/build-site.ts): waits, honouring the abort of a stopping builder. */
export async function buildSite(
  site: { distDir: string },
  plan: BuildPlan,
  signal?: AbortSignal,
): Promise<BuildResult> {
  const files = buildFiles(site.distDir)
  const line = (event: BuildLine['event']) =>
    appendFileSync(
      files.log,
      `${JSON.stringify({ pid: process.pid, event, at: Date.now(), kind: plan.kind })}\n`,
    )
  line('start')
  const ms = Number(readFileSync(files.ms, 'utf8'))
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms)
    signal?.addEventListener('abort', () => {
      clearTimeout(timer)
      reject(new Error('aborted'))
    })
  })
  line('end')
  return { pages: 1 }
}
