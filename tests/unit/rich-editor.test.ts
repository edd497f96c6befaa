import { describe, expect, it } from 'vitest'
import {
  ALIGN_LABELS,
  allowedStyleValue,
  allowsLength,
  altOf,
  BACKGROUND_COLOURS,
  indentFromStyle,
  indentStyle,
  isAllowedStyle,
  LIMIT_MESSAGE,
  stepIndent,
  TEXT_COLOURS,
} from '../../src/islands/publish/editor/rules.ts'
import {
  ALIGNMENTS,
  FONT_FAMILIES,
  FONT_SIZES,
  INDENT_MAX,
  RICH_TEXT_MAX,
  RICH_TEXT_STYLES,
} from '../../src/lib/html/policy.ts'
import { sanitizeRichText } from '../../src/lib/html/sanitize.server.ts'

describe('rich-text editor: the length limit (accounts §5, §9)', () => {
  it('lets a change through when the HTML stays within 2000 characters or gets shorter', () => {
    expect(RICH_TEXT_MAX).toBe(2000)
    expect(allowsLength(0, 2000)).toBe(true)
    expect(allowsLength(1990, 2001)).toBe(false)
    expect(allowsLength(2000, 2000)).toBe(true)
    // Stored text over the limit can still be trimmed, but not grown.
    expect(allowsLength(2300, 2100)).toBe(true)
    expect(allowsLength(2300, 2300)).toBe(false)
    expect(allowsLength(2300, 2301)).toBe(false)
  })

  it('says so in the words of the form rule', () => {
    expect(LIMIT_MESSAGE).toBe('内容不能超过2000个字符')
  })
})

describe('rich-text editor: indent', () => {
  it('writes 2em a step, up to the policy maximum, and reads back only what the policy keeps', () => {
    expect(indentStyle(0)).toBeNull()
    expect(indentStyle(1)).toBe('2em')
    expect(indentStyle(INDENT_MAX + 3)).toBe(`${INDENT_MAX * 2}em`)
    for (let level = 1; level <= INDENT_MAX; level++) {
      const padding = indentStyle(level) ?? ''
      expect(isAllowedStyle('padding-left', padding)).toBe(true)
      expect(indentFromStyle(padding)).toBe(level)
    }
    expect([
      indentFromStyle('40px'),
      indentFromStyle('3em'),
      indentFromStyle('18em'),
      indentFromStyle(''),
    ]).toEqual([0, 0, 0, 0])
    expect([stepIndent(0, -1), stepIndent(0, 1), stepIndent(INDENT_MAX, 1)]).toEqual([0, 1, INDENT_MAX])
  })
})

describe('rich-text editor: toolbar values', () => {
  it('offers only colours, sizes, fonts and alignments the allowlist keeps', () => {
    for (const c of [...TEXT_COLOURS, ...BACKGROUND_COLOURS].filter((c) => c.value)) {
      expect(RICH_TEXT_STYLES.color?.test(c.value), c.value).toBe(true)
      expect(RICH_TEXT_STYLES['background-color']?.test(c.value), c.value).toBe(true)
    }
    for (const s of FONT_SIZES.filter((s) => s.value)) expect(isAllowedStyle('font-size', s.value)).toBe(true)
    for (const f of FONT_FAMILIES.filter((f) => f.value))
      expect(isAllowedStyle('font-family', f.value)).toBe(true)
    for (const a of ALIGNMENTS) {
      expect(isAllowedStyle('text-align', a)).toBe(true)
      expect(ALIGN_LABELS[a]).toBeTruthy()
    }
  })

  it('takes a pasted style value only when the allowlist keeps it', () => {
    expect(allowedStyleValue('color', ['red', 'rgb(255, 0, 0)'])).toBe('rgb(255, 0, 0)')
    expect(allowedStyleValue('color', ['#FF0000'])).toBe('#FF0000')
    expect(allowedStyleValue('font-size', ['14px', '14px'])).toBeNull()
    expect(allowedStyleValue('font-family', ['"SimSun", serif'])).toBe('SimSun, serif')
    expect(allowedStyleValue('font-family', ['Arial'])).toBeNull()
    expect(allowedStyleValue('position', ['fixed'])).toBeNull()
  })

  it('names an uploaded picture after its file', () => {
    expect(altOf('术前.jpg')).toBe('术前')
    expect(altOf('a.b.png')).toBe('a.b')
    expect(altOf(`${'长'.repeat(80)}.png`)).toHaveLength(50)
  })
})

/**
 * What the editor emitted for each control in Chromium (an editor try-out, issue 11), and so what
 * it stores. The sanitiser must keep every one: only its spelling of `style` (no spaces, no final
 * semicolon) and of void tags (`<br />`, `<img … />`) differ.
 */
const EMITTED: Record<string, string> = {
  加粗: '<p><strong>abc</strong></p>',
  斜体: '<p><em>abc</em></p>',
  下划线: '<p><u>abc</u></p>',
  删除线: '<p><s>abc</s></p>',
  引用: '<blockquote><p>abc</p></blockquote>',
  代码块: '<pre><code>abc</code></pre>',
  标题1: '<h1>abc</h1>',
  标题6: '<h6>abc</h6>',
  有序列表: '<ol><li><p>abc</p></li></ol>',
  无序列表: '<ul><li><p>abc</p></li></ul>',
  列表缩进: '<ul><li><p>one</p><ul><li><p>two</p></li></ul></li></ul>',
  下标: '<p><sub>abc</sub></p>',
  上标: '<p><sup>abc</sup></p>',
  增加缩进: '<p style="padding-left: 2em;">abc</p>',
  缩进最大: '<p style="padding-left: 16em;">abc</p>',
  字号小: '<p><span style="font-size: 0.75em;">abc</span></p>',
  字号超大: '<p><span style="font-size: 2.5em;">abc</span></p>',
  文字颜色: '<p><span style="color: rgb(220, 38, 38);">abc</span></p>',
  背景颜色: '<p><span style="background-color: rgb(254, 240, 138);">abc</span></p>',
  字体: '<p><span style="font-family: SimSun, serif;">abc</span></p>',
  居中: '<p style="text-align: center;">abc</p>',
  组合: '<h2 style="text-align: right; padding-left: 2em;"><span style="color: rgb(37, 99, 235); background-color: rgb(187, 247, 208); font-family: KaiTi, serif; font-size: 1.5em;"><strong>abc</strong></span></h2>',
  链接: '<p>见 <a target="_blank" rel="noopener noreferrer nofollow" href="https://example.cn/a?b=1">https://example.cn/a?b=1</a> </p>',
  图片: '<p>图前</p><img src="/uploads/u/202611/ab12.png" alt="pic">',
  换行: '<p>a<br>b</p>',
}

/** The editor's spelling in the sanitiser's: `a: b; c: d;` → `a:b;c:d`, `<br>` → `<br />`. */
const sanitiserSpelling = (html: string) =>
  html
    .replace(
      /style="([^"]*)"/g,
      (_, s: string) => `style="${s.replace(/:\s+/g, ':').replace(/;\s*/g, ';').replace(/;$/, '')}"`,
    )
    .replace(/<(br|img)([^>]*)>/g, '<$1$2 />')

describe('rich-text editor: its output passes the allowlist unchanged', () => {
  it.each(Object.entries(EMITTED))('%s', (_control, html) => {
    expect(sanitizeRichText(html)).toBe(sanitiserSpelling(html))
  })
})
