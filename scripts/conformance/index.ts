/**
 * Holds a live backend against the portal's contract: runConformance({ base, sign }) → the
 * report (README "Contract conformance"). The command is cli.ts; the build's gate is
 * src/lib/build/conformance.ts.
 */
import { runPlan } from './plan.ts'
import { makeReport, type Report } from './report.ts'
import { Run, type RunOptions } from './runner.ts'

export type { Report } from './report.ts'
export { summaryLine, textReport } from './report.ts'
export { CannotRun, type CaseResult, type Finding, type RunOptions } from './runner.ts'

/**
 * Runs every case of the plan against `opts.base`; throws CannotRun when the backend is not
 * there or refuses the sign.
 */
export async function runConformance(opts: RunOptions): Promise<Report> {
  const started = performance.now()
  const run = new Run(opts)
  await run.preflight('/api/Adinfo/GetAdinfoAll')
  await runPlan(run)
  return makeReport(run, (performance.now() - started) / 1000)
}
