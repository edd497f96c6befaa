import type { Plugin } from 'vite'

/** The back office's own browser modules: its islands and its API client. */
const ADMIN = /\/src\/(islands\/admin\/|lib\/api\/admin\.ts)/
/** One React for every island (the renderer hydrates with it): shared, not copied. */
const SHARED = /\/node_modules\/(react|react-dom|scheduler)\//
/**
 * Stylesheets and assets keep their own handling (admin.css is the back office's already). So does
 * JSON data (the region tree): the bundler tells JSON by the file's name, and `pca.json?admin` was
 * read as script, an empty chunk. A JSON file is a leaf chunk of its own, so sharing it regroups nothing.
 */
const NOT_CODE = /\.(css|svg|png|jpe?g|webp|woff2?|json)$/
const MARK = '?admin'

/**
 * Keeps the back office out of the public pages' bundles (issue 20: admin code must not add a
 * byte to a public page). A public module the admin islands import as well (the HTTP client, the
 * toast, a rule) would otherwise make the bundler regroup the public chunks around the modules
 * now shared — new chunks, changed files — on every page. So in the browser build, whatever an
 * admin module imports (and whatever that imports) is a copy of its own, `<file>?admin`, and the
 * public graph is exactly what it was without the admin. React stays one: the islands share it.
 */
export function adminApart(): Plugin {
  return {
    name: 'admin-apart',
    enforce: 'pre',
    apply: 'build',
    async resolveId(source, importer, options) {
      if (this.environment?.name !== 'client' || !importer) return null
      if (!ADMIN.test(importer) && !importer.endsWith(MARK)) return null
      // Resolved from the file itself: a package's own rules (its browser field) apply to the copy too.
      const from = importer.endsWith(MARK) ? importer.slice(0, -MARK.length) : importer
      const r = await this.resolve(source, from, { ...options, skipSelf: true })
      if (!r || r.external || r.id.startsWith('\0') || r.id.includes('?')) return r
      // Everything else is copied, the bundler's stubs of Node modules (crypto in crypto-js) included.
      if (NOT_CODE.test(r.id) || SHARED.test(r.id) || ADMIN.test(r.id)) return r
      return { ...r, id: `${r.id}${MARK}` }
    },
  }
}

/** A back-office island module (src/islands/admin/**), whatever query the bundler added. */
const ADMIN_ISLAND = /\/src\/islands\/admin\/[^?]*\.tsx?(?:\?.*)?$/

/**
 * A partial build (BUILD_ONLY, server/site-builder.ts) replaces only public pages, never an admin
 * page nor the assets it uses: so its back-office islands are bundled as empty components,
 * instead of the charts, tables and dialogs that took half of its browser bundling (13 s of 20 s
 * on a loaded 2-core machine). The public pages and their assets come out byte for byte the
 * same, since adminApart keeps the two graphs apart. Admin pages import their island's default
 * export only (tests/unit/admin-apart.test.ts), which is all the stub has.
 */
export function adminLeftOut(partial: boolean): Plugin {
  return {
    name: 'admin-left-out',
    enforce: 'pre',
    apply: () => partial,
    load: (id) => (ADMIN_ISLAND.test(id) ? 'export default function AdminIsland() { return null }' : null),
  }
}
