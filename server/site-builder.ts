/**
 * The site builder: keeps the static site (DIST_DIR) in step with the content. Every content
 * write leaves change marks (server/changes.ts); the builder polls them, waits until the writes
 * pause (debounce, with a bounded wait), and runs one build at a time: a partial build of the
 * marked pages (an edit is live in seconds at any catalogue size) or, for site-wide changes, a
 * full one. What was built is recorded in DIST_DIR/.build.json, so a restart on an unchanged
 * catalogue serves the site at once instead of building it again.
 *
 * Several API processes may share one database and one DIST_DIR: each runs a builder, and on
 * PostgreSQL an advisory lock lets only one of them build at a time; the record in DIST_DIR tells
 * the others what is already built.
 *
 * Its parts, in site-builder/: plan.ts (what a change rebuilds), record.ts (the record of the
 * last build and the start decision), run.ts (one round: due or not, the build under the lock),
 * builder.ts (the polling and the status), status.ts, deps.ts (the real dependencies). This file
 * is what the rest of the server imports.
 */
export {
  type BuilderView,
  createSiteBuilder,
  DEFAULT_TIMING,
  type SiteBuilder,
} from './site-builder/builder.ts'
export {
  type BuilderDeps,
  type BuildResult,
  siteBuilderDeps,
  withBuildLock,
} from './site-builder/deps.ts'
export {
  type BuildPlan,
  isChangeTag,
  isItemPath,
  LIST_PAGES,
  PARTIAL_MAX_ITEMS,
  pageFile,
  planFor,
  planPaths,
  TAG_PAGES,
  tagForPath,
} from './site-builder/plan.ts'
export {
  type BuildRecord,
  type BuildTiming,
  databaseId,
  decideStart,
  forgetRecord,
  RECORD_FILE,
  readRecord,
  type StartDecision,
  siteCodeHash,
  writeRecord,
} from './site-builder/record.ts'
export type { BuilderTiming } from './site-builder/run.ts'
export { type BuildStatus, median, statusOf } from './site-builder/status.ts'
