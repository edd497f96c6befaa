/**
 * The machinery of the conformance run (npm run conformance, README "Contract conformance"):
 * a signed HTTP client, the checks every answer goes through (envelope, schema, status) and the
 * record of each case. What is called with which parameters is plan.ts.
 *
 * The schemas are the contract itself: the answer schemas each module declares its calls with
 * (server/modules/<domain>/*.routes.ts), read from the API's OpenAPI registry as the API suite
 * reads them (server/contract/check.ts). Nothing here restates a shape.
 */

import { ADMIN_TAG } from '../../server/admin/admin-route.ts'
import { createApi } from '../../server/app.ts'
import { answerSchemas, type SchemaIssue, schemaIssues } from '../../server/contract/check.ts'
import { PCV } from '../../src/lib/api/http.ts'
import { makeSign, type SignSecret } from '../../src/lib/sign.ts'

/**
 * Every call of the contract: "GET /api/Users/GetUsers" → its answer schema per HTTP status. The
 * back office's calls (tag admin, /api/admin/) are the portal's own, not the specs': left out.
 */
export const contract = answerSchemas(createApi({} as never), [ADMIN_TAG])

/** A call of the contract, as its registry names it: 'GET /api/Users/GetUsers'. */
export type Call = string

export type Outcome = 'passed' | 'failed' | 'skipped'

/** What broke: the field ('data.pageData.0.price', 'query.id', 'header.sign'), the value found there, why. */
export interface Finding {
  field: string
  value?: unknown
  message: string
}

export interface CaseResult {
  call: Call
  name: string
  outcome: Outcome
  findings: Finding[]
  /** Why a case was skipped. */
  reason?: string
  ms: number
}

export interface RunOptions {
  base: string
  sign: SignSecret
  /** A session token of the test account, or its phone and password to sign in with. */
  token?: string
  phone?: string
  password?: string
  /** The undoable write round trips (an address, a favourite); on by default with an account. */
  writes?: boolean
  /** The sign checks (missing, foreign, stale); off only for a backend that runs without them. */
  signChecks?: boolean
  /** Requests in flight at once. */
  concurrency?: number
  /** Called after each case, for the progress line. */
  onCase?: (c: CaseResult, done: number) => void
}

/** How a request is made: query, JSON body, session token, and the sign (null: no sign header). */
export interface Req {
  query?: Record<string, string | number>
  body?: unknown
  token?: string
  sign?: string | null
  /** Any other header, e.g. a forged Authorization. */
  headers?: Record<string, string>
}

export interface Reply {
  http: number
  /** The parsed JSON body; undefined when the body is not JSON. */
  body: unknown
  text: string
}

const REQUEST_TIMEOUT_MS = 15_000
const HAS_CJK = /[\u4e00-\u9fff]/

/** The backend cannot be reached, or refuses this run's sign: no report would mean anything. */
export class CannotRun extends Error {}

/** A value as a report shows it: JSON, cut at 80 characters; undefined is '(missing)'. */
export function show(v: unknown): string {
  const s = v === undefined ? '(missing)' : (JSON.stringify(v) ?? String(v))
  return s.length > 80 ? `${s.slice(0, 77)}…` : s
}

/** ?a=1&b=2 of a query, in the order given; the name of most cases. */
export const queryText = (q: Record<string, string | number> = {}) =>
  Object.entries(q)
    .map(([k, v]) => `${k}=${v}`)
    .join('&')

const methodOf = (call: Call) => call.split(' ')[0] as 'GET' | 'POST'
const pathOf = (call: Call) => call.split(' ')[1]!

/** A limiter: at most `n` requests at once, so a remote backend is not flooded. */
function limiter(n: number) {
  let active = 0
  const waiting: (() => void)[] = []
  return async <T>(fn: () => Promise<T>): Promise<T> => {
    if (active >= n) await new Promise<void>((r) => waiting.push(r))
    active++
    try {
      return await fn()
    } finally {
      active--
      waiting.shift()?.()
    }
  }
}

/**
 * One run: sends requests and records cases. Cases of one call keep the order the plan made
 * them in, whatever order concurrent groups finish in (group number, then place in the group).
 */
export class Run {
  readonly opts: RunOptions
  readonly results: (CaseResult & { order: [number, number] })[] = []
  private readonly limit: ReturnType<typeof limiter>
  private groups = 0

  constructor(opts: RunOptions) {
    this.opts = { ...opts, base: opts.base.replace(/\/+$/, '') }
    this.limit = limiter(opts.concurrency ?? 6)
  }

  /**
   * One plain read before the plan: a backend that is not there, or that refuses every request
   * for this run's sign, gets one clear sentence instead of a report of a hundred 403s.
   */
  async preflight(path: string) {
    const r = await this.send('GET', path)
    if (r.http === 403)
      throw new CannotRun(
        `${this.opts.base} refuses this run's sign (HTTP 403: ${String((r.body as { data?: unknown } | undefined)?.data ?? r.text.slice(0, 60))}): give its sign secret with --sign-key and --sign-iv (or SIGN_KEY, SIGN_IV)`,
      )
  }

  group(): Group {
    return new Group(this, this.groups++)
  }

  sign(at = Date.now()): string {
    return makeSign(this.opts.sign, at)
  }

  async send(method: 'GET' | 'POST', path: string, req: Req = {}): Promise<Reply> {
    const qs = new URLSearchParams(stringy(req.query)).toString()
    const url = `${this.opts.base}${path}${qs ? `?${qs}` : ''}`
    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      pcv: PCV,
      origins: 'pc',
      platform: 'h5',
      ...req.headers,
    }
    const sign = req.sign === undefined ? this.sign() : req.sign
    if (sign !== null) headers.sign = sign
    if (req.token) headers.Authorization = `Bearer ${req.token}`
    const res = await this.limit(() =>
      fetch(url, {
        method,
        headers,
        body: req.body === undefined ? undefined : JSON.stringify(req.body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      }).catch((e: unknown) => {
        const cause = (e as { cause?: { code?: string } }).cause?.code
        if (cause === 'ECONNREFUSED' || cause === 'ENOTFOUND' || cause === 'EAI_AGAIN')
          throw new CannotRun(`${this.opts.base} cannot be reached (${cause})`)
        throw e
      }),
    )
    const text = await res.text()
    let body: unknown
    try {
      body = JSON.parse(text)
    } catch {
      body = undefined
    }
    return { http: res.status, body, text }
  }

  /**
   * The data of a 200 answer, or undefined; no case is recorded. For checks that compare two
   * answers and ask the reference again before they blame the backend for a write between them.
   */
  async data<T>(call: Call, req: Req = {}): Promise<T | undefined> {
    const r = await this.send(methodOf(call), pathOf(call), req)
    return r.http === 200 ? (r.body as { data?: T } | undefined)?.data : undefined
  }

  record(c: CaseResult, order: [number, number]) {
    this.results.push({ ...c, order })
    this.opts.onCase?.(c, this.results.length)
  }
}

const stringy = (q: Record<string, string | number> = {}) =>
  Object.fromEntries(Object.entries(q).map(([k, v]) => [k, String(v)]))

/**
 * The envelope rules of every answer (README, API): JSON `{status, data}`; a refusal carries its
 * HTTP status again in `status` and a Chinese message in `data`; then the schema the call
 * declares for that status. A status the call does not declare breaks the contract by itself.
 */
export function answerFindings(call: Call, reply: Reply): Finding[] {
  if (reply.body === undefined)
    return [{ field: '(body)', value: reply.text.slice(0, 80), message: 'the answer is not JSON' }]
  const declared = contract.get(call)
  const schema = declared?.[reply.http]
  if (!schema)
    return [
      {
        field: 'HTTP status',
        value: reply.http,
        message: `not a declared answer of this call (declared: ${Object.keys(declared ?? {}).join(', ')})`,
      },
    ]
  const out: Finding[] = []
  const body = reply.body as { status?: unknown; data?: unknown }
  if (reply.http !== 200 && typeof body === 'object' && body !== null) {
    if (body.status !== reply.http)
      out.push({
        field: 'status',
        value: body.status,
        message: `a refusal repeats its HTTP status ${reply.http}`,
      })
    if (typeof body.data !== 'string' || !HAS_CJK.test(body.data))
      out.push({
        field: 'data',
        value: body.data,
        message: "a refusal's data is the Chinese message for the user",
      })
  }
  return [...out, ...oncePerField(schemaIssues(schema, reply.body))]
}

/**
 * One finding per field and message across the items of a list: a price sent as text in every
 * row is one thing to fix, reported at its first row with how many more rows share it.
 */
function oncePerField(issues: SchemaIssue[]): Finding[] {
  const first = new Map<string, Finding & { more: number }>()
  for (const i of issues) {
    const key = `${i.path.replace(/\.\d+(?=\.|$)/g, '.*')} ${i.message}`
    const seen = first.get(key)
    if (seen) seen.more++
    else first.set(key, { field: i.path || '(body)', value: i.value, message: i.message, more: 0 })
  }
  return [...first.values()].map(({ more, ...f }) =>
    more ? { ...f, message: `${f.message} (and ${more} more like it)` } : f,
  )
}

/** Of a refusal: 'HTTP 500 (a server failure)' or 'HTTP 200', and what the answer said. */
const gotText = (reply: Reply) => {
  const data = (reply.body as { data?: unknown } | undefined)?.data
  const said = typeof data === 'string' ? `: ${data.slice(0, 40)}` : ''
  return `HTTP ${reply.http}${reply.http >= 500 ? ' (a server failure)' : ''}${said}`
}

/** The cases of one group, made one after another. */
export class Group {
  private seq = 0
  readonly run: Run
  private readonly index: number

  constructor(run: Run, index: number) {
    this.run = run
    this.index = index
  }

  private order(): [number, number] {
    return [this.index, this.seq++]
  }

  skip(call: Call, name: string, reason: string) {
    this.run.record({ call, name, outcome: 'skipped', findings: [], reason, ms: 0 }, this.order())
  }

  /**
   * One case: sends the request, judges the reply, records the case. `judge` answers the
   * findings; the case passes without any. The reply is returned for what comes after.
   */
  async probe(
    call: Call,
    name: string,
    req: Req,
    judge: (reply: Reply) => Finding[] | Promise<Finding[]>,
  ): Promise<Reply | undefined> {
    if (!contract.has(call)) throw new Error(`not a call of the contract: ${call}`)
    const order = this.order()
    const started = performance.now()
    let reply: Reply | undefined
    let findings: Finding[]
    try {
      reply = await this.run.send(methodOf(call), pathOf(call), req)
      findings = await judge(reply)
    } catch (e) {
      if (e instanceof CannotRun) throw e
      findings = [{ field: '(request)', message: `no answer: ${e instanceof Error ? e.message : String(e)}` }]
    }
    const ms = Math.round(performance.now() - started)
    this.run.record({ call, name, outcome: findings.length ? 'failed' : 'passed', findings, ms }, order)
    return findings.length ? undefined : reply
  }

  /**
   * A read that must succeed: 200, the envelope, the schema, then `check` on the answer's data
   * (paging, order, filters). Answers the data when all held, else undefined.
   */
  async read<T>(
    call: Call,
    name: string,
    req: Req,
    check?: (data: T) => Finding[] | Promise<Finding[]>,
  ): Promise<T | undefined> {
    let data: T | undefined
    const reply = await this.probe(call, name, req, (r) => {
      if (r.http !== 200)
        return [{ field: 'HTTP status', value: r.http, message: `expected 200, got ${gotText(r)}` }]
      const broken = answerFindings(call, r)
      if (broken.length) return broken
      data = (r.body as { data: T }).data
      return check ? check(data) : []
    })
    return reply ? data : undefined
  }

  /**
   * A request the contract refuses with `status`. When it answers anything else, the finding
   * names what was wrong with the request (`field`, `value`) and why it should be refused.
   */
  async refused(
    call: Call,
    name: string,
    req: Req,
    status: number,
    bad: { field: string; value?: unknown; why: string },
  ): Promise<boolean> {
    const reply = await this.probe(call, name, req, (r) =>
      r.http === status
        ? answerFindings(call, r)
        : [{ field: bad.field, value: bad.value, message: `${gotText(r)}; expected ${status}: ${bad.why}` }],
    )
    return reply !== undefined
  }

  /** Bad input: 400 with a message, never a 5xx. badInput(call, { pageIndex: -1 }, 'pageIndex', base) */
  badInput(
    call: Call,
    base: Record<string, string | number>,
    param: string,
    value: string | number,
    token?: string,
  ) {
    const query = { ...base, [param]: value }
    const long = String(value).length > 20
    const name = queryText(
      long
        ? { ...base, [param]: `${String(value).slice(0, 2)}…(${String(value).length} characters)` }
        : query,
    )
    return this.refused(call, `${name} → 400`, { query, token }, 400, {
      field: `query.${param}`,
      value,
      why: 'bad input is refused with 400 and a message',
    })
  }
}
