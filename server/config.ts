import { DEV_SIGN_IV, DEV_SIGN_KEY } from '../src/lib/sign.ts'
import type { Config } from './http.ts'

export interface RuntimeConfig extends Config {
  port: number
  host: string
  databaseUrl: string | undefined
  sqliteFile: string
}

/** Every setting the server reads from its environment, with the defaults of README.md. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): RuntimeConfig {
  const signKey = env.SIGN_KEY ?? DEV_SIGN_KEY
  const signIv = env.SIGN_IV ?? DEV_SIGN_IV
  if (signKey.length !== 16 || signIv.length !== 16) {
    throw new Error(
      'SIGN_KEY 和 SIGN_IV 必须各为 16 个字符 (SIGN_KEY and SIGN_IV must be 16 characters each)',
    )
  }
  return {
    port: Number(env.PORT ?? 4321),
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    sqliteFile: env.SQLITE_FILE ?? 'data/portal.db',
    uploadDir: env.UPLOAD_DIR ?? 'data/uploads',
    signKey,
    signIv,
    signCheck: env.SIGN_CHECK !== 'off',
  }
}
