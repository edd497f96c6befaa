import { createCipheriv, createDecipheriv } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import {
  cardTags,
  firstImage,
  formatMoney,
  formatPrice,
  fromApiDate,
  maskPhone,
  splitList,
  toApiDate,
} from '../../src/lib/format.ts'
import { fenToYuan, yuanToFen } from '../../src/lib/money.ts'
import {
  checkSign,
  DEV_SIGN_IV,
  DEV_SIGN_KEY,
  makeSign,
  readSign,
  SIGN_MAX_AGE_MS,
} from '../../src/lib/sign.ts'

describe('formatPrice', () => {
  it('shows 免费 for zero and missing prices', () => {
    expect(formatPrice(0)).toBe('免费')
    expect(formatPrice('0')).toBe('免费')
    expect(formatPrice('0.00')).toBe('免费')
    expect(formatPrice(null)).toBe('免费')
    expect(formatPrice(undefined)).toBe('免费')
  })
  it('shows two decimals', () => {
    expect(formatPrice(12.5)).toBe('12.50')
    expect(formatPrice('3')).toBe('3.00')
    expect(formatPrice(0.01)).toBe('0.01')
    expect(formatPrice(99999999.99)).toBe('99999999.99')
  })
  it('treats a non-number as free rather than NaN', () => {
    expect(formatPrice('abc')).toBe('免费')
  })
})

describe('formatMoney', () => {
  it('never says 免费', () => {
    expect(formatMoney(0)).toBe('0.00')
    expect(formatMoney(null)).toBe('0.00')
    expect(formatMoney(undefined)).toBe('0.00')
  })
  it('shows two decimals', () => {
    expect(formatMoney(12)).toBe('12.00')
    expect(formatMoney('7.5')).toBe('7.50')
    expect(formatMoney(-3.2)).toBe('-3.20')
  })
  it('shows 0.00 for a non-number', () => {
    expect(formatMoney('abc')).toBe('0.00')
    expect(formatMoney(Number.POSITIVE_INFINITY)).toBe('0.00')
  })
})

describe('maskPhone', () => {
  it('keeps the first 3 digits, four stars, then the digits from the 8th', () => {
    expect(maskPhone('13812345678')).toBe('138****5678')
  })
  it('leaves short input as it is', () => {
    expect(maskPhone('1381234')).toBe('1381234')
    expect(maskPhone('138')).toBe('138')
  })
  it('gives an empty string for nothing', () => {
    expect(maskPhone('')).toBe('')
    expect(maskPhone(null)).toBe('')
    expect(maskPhone(undefined)).toBe('')
  })
})

describe('toApiDate / fromApiDate', () => {
  it('writes yyyymmddhhmmss in local time', () => {
    expect(toApiDate(new Date(2026, 0, 2, 3, 4, 5))).toBe('20260102030405')
    expect(toApiDate(new Date(2026, 11, 31, 23, 59, 59))).toBe('20261231235959')
  })
  it('round-trips', () => {
    const d = new Date(2026, 1, 28, 13, 45, 10)
    expect(fromApiDate(toApiDate(d))?.getTime()).toBe(d.getTime())
    expect(toApiDate(fromApiDate('20240229120000') as Date)).toBe('20240229120000')
  })
  it('refuses impossible dates', () => {
    // 30 February; 29 February of a common year; month 13; hour 24; minute 60.
    for (const text of [
      '20260230000000',
      '20250229000000',
      '20261301000000',
      '20260101240000',
      '20260101006000',
    ])
      expect(fromApiDate(text), text).toBeNull()
  })
  it('refuses malformed text', () => {
    for (const text of ['', '2026010203040', '202601020304055', '2026-01-02 03:04', 'abcdefghijklmn'])
      expect(fromApiDate(text), text).toBeNull()
  })
})

describe('splitList / cardTags / firstImage', () => {
  it('splits comma-joined lists, trimming and dropping empties', () => {
    expect(splitList('a, b,,c')).toEqual(['a', 'b', 'c'])
    expect(splitList(' x ')).toEqual(['x'])
    expect(splitList('')).toEqual([])
    expect(splitList(',,')).toEqual([])
    expect(splitList(null)).toEqual([])
    expect(splitList(undefined)).toEqual([])
  })
  it('shows at most 3 tags on a card', () => {
    expect(cardTags('a,b,c,d')).toEqual(['a', 'b', 'c'])
    expect(cardTags('a,b')).toEqual(['a', 'b'])
    expect(cardTags('a,,b,c,d,e')).toEqual(['a', 'b', 'c'])
    expect(cardTags('a,b,c', 2)).toEqual(['a', 'b'])
    expect(cardTags(null)).toEqual([])
  })
  it('takes the first image of a list', () => {
    expect(firstImage('a.png,b.png')).toBe('a.png')
    expect(firstImage('')).toBe('')
  })
})

describe('money: yuanToFen / fenToYuan', () => {
  it('converts prices of at most two decimals', () => {
    expect(yuanToFen('0.1')).toBe(10)
    expect(yuanToFen('12.5')).toBe(1250)
    expect(yuanToFen('12.34')).toBe(1234)
    expect(yuanToFen('0')).toBe(0)
    expect(yuanToFen(' 8 ')).toBe(800)
    expect(yuanToFen(19.99)).toBe(1999)
    // 0.29 * 100 is 28.999999999999996 in floating point; the string split avoids it.
    expect(yuanToFen('0.29')).toBe(29)
  })
  it('refuses more than two decimals, signs and non-numbers', () => {
    expect(yuanToFen('1.005')).toBeNull()
    expect(yuanToFen('abc')).toBeNull()
    expect(yuanToFen('')).toBeNull()
    expect(yuanToFen('-1')).toBeNull()
    expect(yuanToFen('1.')).toBeNull()
    expect(yuanToFen('.5')).toBeNull()
    expect(yuanToFen('1e3')).toBeNull()
    expect(yuanToFen(Number.NaN)).toBeNull()
    // Float noise from arithmetic is not a price a person typed.
    expect(yuanToFen(0.1 + 0.2)).toBeNull()
  })
  it('turns fen into yuan', () => {
    expect(fenToYuan(1250)).toBe(12.5)
    expect(fenToYuan(1)).toBe(0.01)
    expect(fenToYuan(0)).toBe(0)
    expect(fenToYuan(1999)).toBe(19.99)
    expect(fenToYuan(12.6)).toBe(0.13)
  })
  it('round-trips through yuan', () => {
    for (const fen of [0, 1, 9, 10, 99, 100, 101, 1999, 123456, 999999999]) {
      expect(yuanToFen(fenToYuan(fen).toFixed(2))).toBe(fen)
    }
  })
})

describe('sign', () => {
  const secret = { key: DEV_SIGN_KEY, iv: DEV_SIGN_IV }
  const t = 1_767_225_600_000 // 2026-01-01T00:00:00Z

  it('reads back the time it was made with', () => {
    expect(readSign(secret, makeSign(secret, t))).toBe(t)
    const now = Date.now()
    expect(readSign(secret, makeSign(secret, now))).toBe(now)
  })

  it('is AES-128-CBC with PKCS7 padding, base64: node:crypto decrypts it', () => {
    const sign = makeSign(secret, t)
    expect(sign).toMatch(/^[A-Za-z0-9+/]+={0,2}$/)
    // 13 digits pad to one 16-byte block.
    expect(Buffer.from(sign, 'base64')).toHaveLength(16)
    const decipher = createDecipheriv(
      'aes-128-cbc',
      Buffer.from(DEV_SIGN_KEY, 'utf8'),
      Buffer.from(DEV_SIGN_IV, 'utf8'),
    )
    const plain = Buffer.concat([decipher.update(Buffer.from(sign, 'base64')), decipher.final()]).toString(
      'utf8',
    )
    expect(plain).toBe(String(t))
  })

  it('reads a sign that node:crypto made (another client of the same contract)', () => {
    const cipher = createCipheriv(
      'aes-128-cbc',
      Buffer.from(DEV_SIGN_KEY, 'utf8'),
      Buffer.from(DEV_SIGN_IV, 'utf8'),
    )
    const sign = Buffer.concat([cipher.update(String(t), 'utf8'), cipher.final()]).toString('base64')
    expect(sign).toBe(makeSign(secret, t))
    expect(readSign(secret, sign)).toBe(t)
  })

  it('does not read signs of another key, or garbage', () => {
    const other = { key: 'AnotherKey123456', iv: DEV_SIGN_IV }
    expect(readSign(secret, makeSign(other, t))).toBeNull()
    expect(readSign(secret, 'not a sign')).toBeNull()
    expect(readSign(secret, '')).toBeNull()
    expect(readSign(secret, 'AAAAAAAAAAAAAAAAAAAAAA==')).toBeNull()
  })

  it('judges signs against the clock', () => {
    const min = 60_000
    expect(checkSign(secret, undefined, t)).toBe('missing')
    expect(checkSign(secret, null, t)).toBe('missing')
    expect(checkSign(secret, '', t)).toBe('missing')
    expect(checkSign(secret, 'garbage', t)).toBe('invalid')
    expect(checkSign(secret, makeSign({ key: 'AnotherKey123456', iv: DEV_SIGN_IV }, t), t)).toBe('invalid')
    expect(checkSign(secret, makeSign(secret, t), t)).toBe('ok')
    expect(checkSign(secret, makeSign(secret, t - 4 * min), t)).toBe('ok')
    expect(checkSign(secret, makeSign(secret, t + 4 * min), t)).toBe('ok')
    expect(checkSign(secret, makeSign(secret, t - 6 * min), t)).toBe('expired')
    // A client clock ahead of the server's is as wrong as one behind.
    expect(checkSign(secret, makeSign(secret, t + 6 * min), t)).toBe('expired')
    expect(checkSign(secret, makeSign(secret, t - SIGN_MAX_AGE_MS), t)).toBe('ok')
    expect(checkSign(secret, makeSign(secret, t - SIGN_MAX_AGE_MS - 1), t)).toBe('expired')
  })
})
