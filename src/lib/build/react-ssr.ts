/**
 * React rendered to a string, not through a web stream, at build time. @astrojs/react renders
 * every React component (and, to check it is one, a stand-in) through renderToReadableStream,
 * encoding each page's markup to bytes and decoding it back: a quarter to a third of the
 * rendering thread's time on a 20,000-page build (issue 12). Its `experimentalDisableStreaming` option
 * uses renderToString instead, but drops the island's `identifierPrefix` on the way, so two
 * islands' useId ids would collide and no longer match the prefix the browser hydrates with.
 * This Vite plugin hands the prefix over again; the markup is then byte for byte the streamed
 * one. Wire both: react({ experimentalDisableStreaming: true }) and vite.plugins: [reactSsrPrefix()].
 */
import type { Plugin } from 'vite'

/** The one call in @astrojs/react's server renderer that forgets the render options. */
const FORGETFUL = 'html = ReactDOM.renderToString(vnode);'
const FIXED = 'html = ReactDOM.renderToString(vnode, renderOptions);'

/** The plugin; it stops the build when @astrojs/react no longer has the call to fix. */
export function reactSsrPrefix(): Plugin {
  return {
    name: 'react-ssr-prefix',
    transform(code, id) {
      if (!/[\\/]@astrojs[\\/]react[\\/]dist[\\/]server\.js$/.test(id)) return
      if (code.includes(FIXED)) return
      if (!code.includes(FORGETFUL))
        throw new Error(
          'react-ssr-prefix: @astrojs/react/dist/server.js 已变化，请检查 experimentalDisableStreaming 是否仍丢弃 identifierPrefix（src/lib/build/react-ssr.ts）',
        )
      return code.replace(FORGETFUL, FIXED)
    },
  }
}
