/**
 * The build's configuration, read once: the one place on the site's side that reads the
 * environment (the server has server/config.ts; astro.config.mjs reads SITE_URL and OUT_DIR).
 */
import { DEV_SIGN_IV, DEV_SIGN_KEY } from '../sign.ts'

const env = process.env

export const buildEnv = {
  /** The API the build reads: API_BASE, else the site's public API base, else a local `npm start`. */
  apiBase: env.API_BASE || env.PUBLIC_API_BASE || 'http://127.0.0.1:4321',
  /** The sign secret of that API: the server's, else the one compiled into the browser bundle. */
  sign: {
    key: env.SIGN_KEY || env.PUBLIC_SIGN_KEY || DEV_SIGN_KEY,
    iv: env.SIGN_IV || env.PUBLIC_SIGN_IV || DEV_SIGN_IV,
  },
} as const
