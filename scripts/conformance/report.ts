/**
 * The report of a conformance run: a table per call (passed; failed with the field and the
 * value that broke the rule; skipped and why) and a summary line, or the same as JSON.
 */
import { type CaseResult, contract, type Finding, type Run, show } from './runner.ts'

export interface CallReport {
  call: string
  passed: number
  failed: number
  skipped: number
  cases: Omit<CaseResult, 'call'>[]
}

export interface Report {
  base: string
  account: boolean
  ok: boolean
  seconds: number
  summary: { calls: number; cases: number; passed: number; failed: number; skipped: number }
  calls: CallReport[]
  /** Calls of the contract this run did not make: writes it leaves alone. */
  notCalled: string[]
}

/** The run's cases per call, in the contract's order of calls and the plan's order of cases. */
export function makeReport(run: Run, seconds: number): Report {
  const order = [...contract.keys()]
  const byCall = new Map<string, typeof run.results>()
  for (const r of run.results) byCall.set(r.call, [...(byCall.get(r.call) ?? []), r])
  const calls = [...byCall.entries()]
    .sort(([a], [b]) => order.indexOf(a) - order.indexOf(b))
    .map(([call, rs]): CallReport => {
      const cases = rs
        .sort((a, b) => a.order[0] - b.order[0] || a.order[1] - b.order[1])
        .map(({ call: _, order: __, ...c }) => c)
      const count = (o: CaseResult['outcome']) => cases.filter((c) => c.outcome === o).length
      return { call, passed: count('passed'), failed: count('failed'), skipped: count('skipped'), cases }
    })
  const sum = (k: 'passed' | 'failed' | 'skipped') => calls.reduce((n, c) => n + c[k], 0)
  const summary = {
    calls: calls.length,
    cases: run.results.length,
    passed: sum('passed'),
    failed: sum('failed'),
    skipped: sum('skipped'),
  }
  return {
    base: run.opts.base,
    account: Boolean(run.opts.token || run.opts.phone),
    ok: summary.failed === 0,
    seconds: Math.round(seconds * 10) / 10,
    summary,
    calls,
    notCalled: order.filter((c) => !byCall.has(c)),
  }
}

/** Columns on a terminal: CJK characters take two. */
const WIDE = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/
const width = (s: string) => [...s].reduce((n, ch) => n + (WIDE.test(ch) ? 2 : 1), 0)
const pad = (s: string, w: number) => s + ' '.repeat(Math.max(0, w - width(s)))

const finding = (f: Finding) => `${f.field}${'value' in f ? ` = ${show(f.value)}` : ''}: ${f.message}`

/** The summary line: 'PASSED: 61 calls, 402 cases: 398 passed, 0 failed, 4 skipped, in 3.2 s' */
export function summaryLine(r: Report): string {
  const s = r.summary
  return `${r.ok ? 'PASSED' : 'FAILED'}: ${s.calls} calls, ${s.cases} cases: ${s.passed} passed, ${s.failed} failed, ${s.skipped} skipped, in ${r.seconds} s`
}

/**
 * The report for a person: one table per call, failures with their fields, then the summary
 * line. `brief` (the build's gate): only the failed cases, under their calls.
 */
export function textReport(r: Report, { brief = false } = {}): string {
  const lines = [
    `Contract conformance of ${r.base}${r.account ? ' with a test account' : ' (no test account)'}`,
    '',
  ]
  for (const c of brief ? r.calls.filter((x) => x.failed) : r.calls) {
    const counts = [
      `${c.passed} passed`,
      c.failed && `${c.failed} FAILED`,
      c.skipped && `${c.skipped} skipped`,
    ]
    lines.push(`${c.call}  (${counts.filter(Boolean).join(', ')})`)
    const cases = brief ? c.cases.filter((x) => x.outcome === 'failed') : c.cases
    const w = Math.min(70, Math.max(...cases.map((x) => width(x.name))))
    for (const x of cases) {
      const mark = x.outcome === 'passed' ? 'passed ' : x.outcome === 'failed' ? 'FAILED ' : 'skipped'
      const detail =
        x.outcome === 'skipped' ? x.reason : x.outcome === 'failed' ? finding(x.findings[0]!) : `${x.ms} ms`
      lines.push(`  ${mark}  ${pad(x.name, w)}  ${detail}`)
      for (const f of x.findings.slice(1)) lines.push(`  ${' '.repeat(7)}  ${pad('', w)}  ${finding(f)}`)
    }
    lines.push('')
  }
  if (r.notCalled.length && !brief)
    lines.push(`Not called (writes this run leaves alone): ${r.notCalled.join(', ')}`, '')
  lines.push(summaryLine(r))
  return lines.join('\n')
}
