/**
 * `node --import ./tests/api/cluster-build-hook.ts server/main.ts`: the server with the site build
 * replaced by tests/api/cluster-build.ts (why: there). Only this module hook, so that the test,
 * which reads the stand-in's files, does not load it into its own process.
 */
import { registerHooks } from 'node:module'

const standIn = new URL('./cluster-build.ts', import.meta.url).href

registerHooks({
  resolve(specifier, context, next) {
    const found = next(specifier, context)
    return found.url.endsWith('/server/build-site.ts') ? { ...found, url: standIn } : found
  },
})
