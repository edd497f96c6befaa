import { describe, expect, it } from 'vitest'
import { cutUtf8 } from '../../server/providers/wechatpay.ts'

// WeChat counts description in bytes of UTF-8 (127), so a Chinese name may hold 42 characters.
describe('cutUtf8 (WeChat description)', () => {
  const bytes = (s: string) => Buffer.byteLength(s, 'utf8')

  it('keeps what fits and cuts Chinese at 42 characters (126 bytes)', () => {
    expect(cutUtf8('牙科综合治疗机', 127)).toBe('牙科综合治疗机')
    const long = '牙'.repeat(60)
    expect(cutUtf8(long, 127)).toBe('牙'.repeat(42))
    expect(bytes(cutUtf8(long, 127))).toBe(126)
    expect(cutUtf8('a'.repeat(200), 127)).toBe('a'.repeat(127))
  })

  it('never cuts inside a character: mixed text, emoji (4 bytes, two UTF-16 units)', () => {
    // 125 ASCII + '牙' (3 bytes) would be 128: the character goes whole.
    expect(cutUtf8(`${'a'.repeat(125)}牙`, 127)).toBe('a'.repeat(125))
    expect(cutUtf8(`${'a'.repeat(124)}😀b`, 127)).toBe('a'.repeat(124))
    expect(cutUtf8(`${'a'.repeat(123)}😀b`, 127)).toBe(`${'a'.repeat(123)}😀`)
    for (const s of ['牙科😀设备'.repeat(20), `x${'é'.repeat(100)}`]) {
      const cut = cutUtf8(s, 127)
      expect(bytes(cut)).toBeLessThanOrEqual(127)
      expect(s.startsWith(cut)).toBe(true)
      expect(cut).not.toMatch(/[\uD800-\uDBFF]$/)
    }
  })
})
