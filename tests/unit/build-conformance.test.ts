import { describe, expect, it } from 'vitest'
import { parseConformance } from '../../src/lib/build/env.ts'

describe('the build gate switch (CONFORMANCE)', () => {
  it('checks a named API, not the local default, unless told on or off', () => {
    expect(parseConformance(undefined, true)).toBe(true)
    expect(parseConformance(undefined, false)).toBe(false)
    expect(parseConformance('', true)).toBe(true)
    expect(parseConformance('off', true)).toBe(false)
    expect(parseConformance('on', false)).toBe(true)
  })

  it('refuses any other value rather than guess', () => {
    expect(() => parseConformance('no', true)).toThrow('CONFORMANCE 须为 on 或 off：no')
  })
})
