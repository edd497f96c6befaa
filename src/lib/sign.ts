import AES from 'crypto-js/aes.js'
import Base64 from 'crypto-js/enc-base64.js'
import Utf8 from 'crypto-js/enc-utf8.js'

/** Development key and IV; production sets SIGN_KEY / SIGN_IV (16 characters each). */
export const DEV_SIGN_KEY = 'Dt8kPortalKey24!'
export const DEV_SIGN_IV = 'Dt8kPortalIv024!'

/** How far a sign's time may lie from the server clock, either way. */
export const SIGN_MAX_AGE_MS = 5 * 60 * 1000

export interface SignSecret {
  key: string
  iv: string
}

// CBC mode and PKCS7 padding are crypto-js's defaults once an IV is given.
function params(secret: SignSecret) {
  return { iv: Utf8.parse(secret.iv) }
}

/** The `sign` header (accounts §7): base64 AES-CBC/PKCS7 of the time in ms. makeSign(s, 1700000000000) → 'q1…=' */
export function makeSign(secret: SignSecret, nowMs: number = Date.now()): string {
  return AES.encrypt(String(nowMs), Utf8.parse(secret.key), params(secret)).toString()
}

/** Reads the time back out of a sign; null when it is not one of ours. */
export function readSign(secret: SignSecret, sign: string): number | null {
  try {
    const cipherParams = { ciphertext: Base64.parse(sign) }
    // crypto-js accepts a CipherParams-like object here; its typings want the full class.
    const plain = AES.decrypt(cipherParams as never, Utf8.parse(secret.key), params(secret)).toString(Utf8)
    return /^\d{13}$/.test(plain) ? Number(plain) : null
  } catch {
    return null
  }
}

export type SignVerdict = 'ok' | 'missing' | 'invalid' | 'expired'

/** Judges a sign against the clock; the messages live with the server's refusal. */
export function checkSign(secret: SignSecret, sign: string | undefined | null, nowMs: number): SignVerdict {
  if (!sign) return 'missing'
  const t = readSign(secret, sign)
  if (t === null) return 'invalid'
  return Math.abs(nowMs - t) > SIGN_MAX_AGE_MS ? 'expired' : 'ok'
}
