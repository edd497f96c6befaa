/**
 * The server's reading of the `sign` header: the same format as src/lib/sign.ts (base64
 * AES-CBC/PKCS7 of the time in ms, key and IV as UTF-8), decrypted with node:crypto. crypto-js
 * (which the browser keeps) builds its key schedule and a dozen word arrays per call: it was a
 * tenth of the CPU of a small public read (issue 12), node:crypto's AES is native.
 */
import { createDecipheriv, createSecretKey } from 'node:crypto'
import { checkSign, SIGN_MAX_AGE_MS, type SignSecret, type SignVerdict } from '../src/lib/sign.ts'

const CIPHERS: Record<number, string> = { 16: 'aes-128-cbc', 24: 'aes-192-cbc', 32: 'aes-256-cbc' }
const TIME = /^\d{13}$/

/**
 * A sign judge for one secret: signJudge(secret)(header, Date.now()) → 'ok' | 'missing' | …,
 * the verdicts of checkSign. A key or IV that is not plain AES-sized bytes (a non-ASCII
 * secret) keeps crypto-js, whose reading of such a key node:crypto does not copy.
 */
export function signJudge(
  secret: SignSecret,
): (sign: string | undefined | null, nowMs: number) => SignVerdict {
  const key = Buffer.from(secret.key, 'utf8')
  const iv = Buffer.from(secret.iv, 'utf8')
  const cipher = CIPHERS[key.length]
  if (!cipher || iv.length !== 16) return (sign, nowMs) => checkSign(secret, sign, nowMs)
  // A KeyObject made once: handed a Buffer, node:crypto re-imports the key on every call (3x slower).
  const keyObject = createSecretKey(key)
  const read = (sign: string): number | null => {
    try {
      const d = createDecipheriv(cipher, keyObject, iv)
      const plain = Buffer.concat([d.update(sign, 'base64'), d.final()]).toString('latin1')
      return TIME.test(plain) ? Number(plain) : null
    } catch {
      // Not a multiple of the block size, or bad padding: not one of ours.
      return null
    }
  }
  return (sign, nowMs) => {
    if (!sign) return 'missing'
    const t = read(sign)
    if (t === null) return 'invalid'
    return Math.abs(nowMs - t) > SIGN_MAX_AGE_MS ? 'expired' : 'ok'
  }
}
