/**
 * The browser bundle is compiled with a sign secret (PUBLIC_SIGN_KEY/PUBLIC_SIGN_IV); an API with
 * another secret refuses every call the site then makes in a browser (请求签名无效) while the
 * build itself, signing with the server's own secret, still succeeds. So a build asks the API once
 * with the bundle's secret and stops when it is refused (issue 13).
 */
import { ApiRequestError, createApi, createHttp } from '../api/index.ts'
import type { SignSecret } from '../sign.ts'

/**
 * Null when `api` accepts calls signed with `bundle`, else why not, as the build's error.
 * await bundleSignRefusal('http://127.0.0.1:4321', { key, iv }) → null
 */
export async function bundleSignRefusal(api: string, bundle: SignSecret): Promise<string | null> {
  const http = createHttp({
    baseURL: api,
    signSecret: bundle,
    storage: null,
    notify: () => {},
    onUnauthorized: () => {},
  })
  try {
    await createApi(http).getClassifyQuerys({ silent: true })
    return null
  } catch (e) {
    // Refused for its sign (403): the secrets differ. Anything else (the API down, say) is for
    // the build's own calls to report.
    if (!(e instanceof ApiRequestError) || e.status !== 403) return null
    return (
      `站点构建已停止：浏览器包的签名密钥（PUBLIC_SIGN_KEY / PUBLIC_SIGN_IV，未设置时为开发用密钥）` +
      `被 API ${api} 拒绝（${e.message}），用户在浏览器里的每个请求都会失败。` +
      '请让 PUBLIC_SIGN_KEY / PUBLIC_SIGN_IV 与服务器的 SIGN_KEY / SIGN_IV 相同（npm start 未设置时会自动使用服务器的）。'
    )
  }
}
