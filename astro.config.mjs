// @ts-check
import react from '@astrojs/react'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'astro/config'
import { precompress } from './src/lib/build/compress.ts'

export default defineConfig({
  site: process.env.SITE_URL ?? 'http://localhost:4321',
  output: 'static',
  // npm start builds into a side directory and swaps it in (server/build-site.ts).
  outDir: process.env.OUT_DIR ?? 'dist',
  trailingSlash: 'ignore',
  // .br and .gz beside every text file, served by content negotiation (PRECOMPRESS=off skips).
  integrations: [react(), ...(process.env.PRECOMPRESS === 'off' ? [] : [precompress()])],
  vite: { plugins: [tailwindcss()] },
  // A few pages at once: while one waits for its file write (or its detail, src/lib/build/data.ts),
  // the next renders. One at a time, this thread sat idle for a third of a 20,000-page build.
  build: { format: 'directory', concurrency: 4 },
})
