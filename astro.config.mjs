// @ts-check

import { fileURLToPath } from 'node:url'
import react from '@astrojs/react'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'astro/config'
import { adminApart, adminLeftOut } from './src/lib/build/admin-apart.ts'
import { precompress } from './src/lib/build/compress.ts'
import { conformance } from './src/lib/build/conformance.ts'
import { buildEnv } from './src/lib/build/env.ts'
import { pagePolicies } from './src/lib/build/headers.ts'
import { reactSsrPrefix } from './src/lib/build/react-ssr.ts'
import { buildScratch } from './src/lib/build/scratch.ts'
import { pageDirectives, STYLE_RESOURCES } from './src/lib/csp.ts'

const outDir = process.env.OUT_DIR ?? 'dist'
// Caches of their own per output directory: two portals may build from one checkout at once.
const scratch = buildScratch(outDir, fileURLToPath(new URL('.', import.meta.url)))

export default defineConfig({
  site: process.env.SITE_URL ?? 'http://localhost:4321',
  output: 'static',
  // npm start builds into a side directory and swaps it in (server/build-site.ts).
  outDir,
  cacheDir: scratch.cacheDir,
  trailingSlash: 'ignore',
  integrations: [
    // React to a string, not a stream: the same markup for much less work (src/lib/build/react-ssr.ts).
    react({ experimentalDisableStreaming: true }),
    // client:interact — an island hydrated when first reached for (src/scripts/client-interact.ts).
    {
      name: 'client-interact',
      hooks: {
        'astro:config:setup': ({ addClientDirective }) =>
          addClientDirective({ name: 'interact', entrypoint: './src/scripts/client-interact.ts' }),
      },
    },
    // .br and .gz beside every text file, served by content negotiation (PRECOMPRESS=off skips).
    ...(process.env.PRECOMPRESS === 'off' ? [] : [precompress()]),
    // Each page's policy recorded as it renders, and a `_headers` file for a static host.
    pagePolicies(),
    // Another backend than ours is held against the contract first (CONFORMANCE=off skips).
    conformance(),
  ],
  // adminApart: the back office's browser code shares nothing with a public page but React;
  // adminLeftOut: a partial build (BUILD_ONLY) bundles its islands as empty ones (it moves no admin page).
  vite: {
    cacheDir: scratch.viteCacheDir,
    plugins: [tailwindcss(), reactSsrPrefix(), adminApart(), adminLeftOut(!!process.env.BUILD_ONLY)],
  },
  // A strict policy in every page: script-src and style-src with the hashes of what Astro emits
  // (no 'unsafe-inline' for scripts); the rest in src/lib/csp.ts, with the header the server adds.
  security: {
    csp: {
      directives: pageDirectives(process.env.PUBLIC_API_BASE, buildEnv.payGateway, buildEnv.fileOrigins),
      styleDirective: { resources: STYLE_RESOURCES },
    },
  },
  // A few pages at once: while one waits for its file write (or its detail, src/lib/build/data.ts),
  // the next renders. One at a time, the rendering thread sat idle for a fifth to a third of a build.
  build: { format: 'directory', concurrency: 4 },
})
