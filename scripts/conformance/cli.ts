// npm run conformance -- --base <url> [--sign-key … --sign-iv …] [--token … | --phone … --password …]
//                        [--json | --brief] [--no-writes] [--no-sign-checks] [--concurrency 6]
//
// Calls every read call of the contract against a live backend and checks the answers; with a
// test account also its own reads and two undoable round trips. Prints a table per call and a
// summary line (or JSON with --json); exits 1 when anything failed. README "Contract conformance".
import { parseArgs } from 'node:util'
import { buildEnv } from '../../src/lib/build/env.ts'
import { CannotRun, type CaseResult, runConformance, summaryLine, textReport } from './index.ts'

const USAGE = `usage: npm run conformance -- [--base <url>] [--sign-key <16 chars> --sign-iv <16 chars>]
         [--token <session token> | --phone <phone> --password <password>]
         [--json | --brief] [--no-writes] [--no-sign-checks] [--concurrency <n>]
  --base         the backend (default: the build's API, ${buildEnv.apiBase})
  --sign-key/-iv its sign secret (default: SIGN_KEY/SIGN_IV, else PUBLIC_SIGN_*, else the development values)
  --phone/--password or --token
                 a test account: its own reads, an address added and deleted, a favourite toggled twice
  --no-writes    the test account's reads only, no round trips
  --no-sign-checks  skip the refused-sign cases (a backend running without sign checks)
  --brief        only the failed cases and the summary line
  --json         the report as JSON on stdout (progress stays on stderr)`

function options() {
  try {
    return parseArgs({
      allowNegative: true,
      options: {
        base: { type: 'string', default: buildEnv.apiBase },
        'sign-key': { type: 'string', default: buildEnv.sign.key },
        'sign-iv': { type: 'string', default: buildEnv.sign.iv },
        token: { type: 'string' },
        phone: { type: 'string' },
        password: { type: 'string' },
        json: { type: 'boolean', default: false },
        brief: { type: 'boolean', default: false },
        writes: { type: 'boolean', default: true },
        'sign-checks': { type: 'boolean', default: true },
        concurrency: { type: 'string', default: '6' },
        help: { type: 'boolean', default: false },
      },
    }).values
  } catch (e) {
    console.error(`${e instanceof Error ? e.message : e}\n${USAGE}`)
    process.exit(2)
  }
}

const o = options()
if (o.help) {
  console.log(USAGE)
  process.exit(0)
}
const problems = [
  !/^https?:\/\/\S+$/.test(o.base) && `--base must be an http(s) URL: ${o.base}`,
  Boolean(o.phone) !== Boolean(o.password) && '--phone and --password go together',
  !(Number(o.concurrency) >= 1) && `--concurrency must be 1 or more: ${o.concurrency}`,
].filter(Boolean)
if (problems.length) {
  console.error(`${problems.join('\n')}\n${USAGE}`)
  process.exit(2)
}

// The progress line: on stderr, only at a terminal, so stdout stays the report (or the JSON).
const tty = process.stderr.isTTY
let failed = 0
const progress = (c: CaseResult, done: number) => {
  if (c.outcome === 'failed') failed++
  if (!tty) return
  const line = `[${done} cases, ${failed} failed] ${c.call} ${c.name}`
  process.stderr.write(`\r\x1b[K${line.slice(0, (process.stderr.columns || 100) - 1)}`)
}

try {
  const report = await runConformance({
    base: o.base,
    sign: { key: o['sign-key'], iv: o['sign-iv'] },
    token: o.token,
    phone: o.phone,
    password: o.password,
    writes: o.writes,
    signChecks: o['sign-checks'],
    concurrency: Number(o.concurrency),
    onCase: progress,
  })
  if (tty) process.stderr.write('\r\x1b[K')
  console.log(o.json ? JSON.stringify(report, null, 2) : textReport(report, { brief: o.brief }))
  if (o.json) console.error(summaryLine(report))
  process.exitCode = report.ok ? 0 : 1
} catch (e) {
  if (tty) process.stderr.write('\r\x1b[K')
  const message = e instanceof CannotRun ? e.message : e instanceof Error ? (e.stack ?? e.message) : String(e)
  if (o.json) console.log(JSON.stringify({ base: o.base, ok: false, error: message }))
  console.error(`conformance: ${message}`)
  process.exitCode = 1
}
