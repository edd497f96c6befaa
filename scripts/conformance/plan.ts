import { LISTED_KINDS } from '../../src/lib/constants.ts'
import type { Facts } from './plan/calls.ts'
import { articles, products } from './plan/catalog.ts'
import { own } from './plan/own.ts'
import { roundTrips } from './plan/round-trips.ts'
import { home, sessions, signIn, signOut, signs, site } from './plan/site.ts'
import { contract, type Run } from './runner.ts'

/** Every phase of the plan; then every GET of the contract that no case called is reported. */
export async function runPlan(run: Run) {
  const facts: Facts = {}
  await Promise.all([site(run.group(), facts), signIn(run.group(), facts)])
  await Promise.all([
    own(run.group(), facts),
    products(run.group(), facts),
    ...LISTED_KINDS.map((k) => articles(run.group(), facts, k)),
    home(run.group()),
    signs(run.group()),
    sessions(run.group()),
  ])
  await roundTrips(run.group(), facts)
  await signOut(run.group(), facts)
  const called = new Set(run.results.map((r) => r.call))
  const g = run.group()
  for (const call of contract.keys())
    if (call.startsWith('GET ') && !called.has(call))
      g.skip(call, '(every case)', 'the runner has no case for this call yet')
}
