import { describe, expect, it } from 'vitest'
import { checkSign, DEV_SIGN_IV, DEV_SIGN_KEY, makeSign, SIGN_MAX_AGE_MS } from '../src/lib/sign.ts'
import { signJudge } from './sign-check.ts'

const secret = { key: DEV_SIGN_KEY, iv: DEV_SIGN_IV }

describe('signJudge (node:crypto) reads the signs crypto-js makes', () => {
  const judge = signJudge(secret)
  const now = Date.UTC(2026, 10, 22, 10)

  it('gives checkSign’s verdict on fresh, stale, future, missing and garbled signs', () => {
    const signs = [
      makeSign(secret, now),
      makeSign(secret, now - SIGN_MAX_AGE_MS + 1),
      makeSign(secret, now - SIGN_MAX_AGE_MS - 1),
      makeSign(secret, now + SIGN_MAX_AGE_MS + 1),
      makeSign({ key: 'another-key-16ch', iv: DEV_SIGN_IV }, now),
      makeSign({ key: DEV_SIGN_KEY, iv: 'another-iv-16chr' }, now),
      '',
      'not-a-sign',
      'bm90LWEtc2lnbg==',
      // Twelve digits, padded like a sign: the right format only for 13.
      makeSign(secret, 999_999_999_999),
    ]
    for (const s of signs) expect(judge(s, now), s).toBe(checkSign(secret, s, now))
    expect(signs.slice(0, 6).map((s) => judge(s, now))).toEqual([
      'ok',
      'ok',
      'expired',
      'expired',
      'invalid',
      'invalid',
    ])
    expect(judge(undefined, now)).toBe('missing')
  })

  it('agrees on many times and on 24- and 32-byte keys', () => {
    for (const key of [DEV_SIGN_KEY, 'k'.repeat(24), 'k'.repeat(32)]) {
      const s = { key, iv: DEV_SIGN_IV }
      const j = signJudge(s)
      for (let i = 0; i < 200; i++) {
        const t = now + Math.round((Math.random() - 0.5) * 4 * SIGN_MAX_AGE_MS)
        const sign = makeSign(s, t)
        expect(j(sign, now)).toBe(checkSign(s, sign, now))
      }
    }
  })

  it('keeps crypto-js for a secret that is not plain 16 bytes of UTF-8', () => {
    const odd = { key: '密钥密钥密钥密钥密钥密钥密钥密钥', iv: DEV_SIGN_IV }
    const sign = makeSign(odd, now)
    expect(signJudge(odd)(sign, now)).toBe(checkSign(odd, sign, now))
  })
})
