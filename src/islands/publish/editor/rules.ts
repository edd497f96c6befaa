/**
 * The pure rules of the rich-text editor (accounts §2, §5): which style values it may write,
 * indent steps, and the 2000-character limit. No Tiptap and no DOM here, so the unit tests and
 * the editor share the very same checks, all derived from the one allowlist (lib/html/policy.ts).
 */
import { INDENT_MAX, INDENT_STEP_EM, RICH_TEXT_MAX, RICH_TEXT_STYLES } from '../../../lib/html/policy.ts'

/** What the editor says when a change would make the HTML longer than `max`. */
export const limitMessage = (max: number) => `内容不能超过${max}个字符`
/** …at the publish forms' limit. */
export const LIMIT_MESSAGE = limitMessage(RICH_TEXT_MAX)

/**
 * The text colours of the toolbar; '' is the default. Written as the browser writes them back
 * (ProseMirror sets styles through CSSOM, which turns #dc2626 into rgb(220, 38, 38)), so a stored
 * colour reads back as the same menu entry; each passes the policy's colour rule.
 */
export const TEXT_COLOURS = [
  { label: '默认颜色', value: '' },
  { label: '黑色', value: 'rgb(0, 0, 0)' },
  { label: '灰色', value: 'rgb(107, 114, 128)' },
  { label: '红色', value: 'rgb(220, 38, 38)' },
  { label: '橙色', value: 'rgb(234, 88, 12)' },
  { label: '黄色', value: 'rgb(202, 138, 4)' },
  { label: '绿色', value: 'rgb(22, 163, 74)' },
  { label: '青色', value: 'rgb(13, 148, 136)' },
  { label: '蓝色', value: 'rgb(37, 99, 235)' },
  { label: '紫色', value: 'rgb(147, 51, 234)' },
] as const

/** The background (highlight) colours: light tints, so dark text stays readable on them. */
export const BACKGROUND_COLOURS = [
  { label: '无背景色', value: '' },
  { label: '黄色', value: 'rgb(254, 240, 138)' },
  { label: '绿色', value: 'rgb(187, 247, 208)' },
  { label: '蓝色', value: 'rgb(191, 219, 254)' },
  { label: '红色', value: 'rgb(254, 202, 202)' },
  { label: '紫色', value: 'rgb(233, 213, 255)' },
  { label: '灰色', value: 'rgb(229, 231, 235)' },
] as const

/** The align menu's labels, in the order of ALIGNMENTS. */
export const ALIGN_LABELS: Record<string, string> = {
  left: '左对齐',
  center: '居中',
  right: '右对齐',
  justify: '两端对齐',
}

/**
 * Whether the allowlist keeps this style declaration as it is:
 * isAllowedStyle('color', '#dc2626') → true; isAllowedStyle('font-size', '14px') → false
 */
export function isAllowedStyle(property: string, value: string): boolean {
  const rule = RICH_TEXT_STYLES[property]
  return rule?.test(value) ?? false
}

/**
 * The first of the candidate values (raw text of the style attribute, then the browser's reading
 * of it) that the allowlist keeps, else null: allowedStyleValue('color', ['red', 'rgb(255, 0, 0)'])
 * → 'rgb(255, 0, 0)'.
 */
export function allowedStyleValue(
  property: string,
  candidates: readonly (string | null | undefined)[],
): string | null {
  for (const c of candidates) {
    const v = c?.trim().replace(/['"]+/g, '')
    if (v && isAllowedStyle(property, v)) return v
  }
  return null
}

/** The padding of an indent level, or null for none: indentStyle(2) → '4em'. */
export function indentStyle(level: number): string | null {
  return level > 0 ? `${Math.min(level, INDENT_MAX) * INDENT_STEP_EM}em` : null
}

/** The indent level a padding-left stands for; anything the allowlist drops is 0: indentFromStyle('4em') → 2. */
export function indentFromStyle(padding: string | null | undefined): number {
  const v = padding?.trim() ?? ''
  if (!isAllowedStyle('padding-left', v)) return 0
  return Number.parseInt(v, 10) / INDENT_STEP_EM
}

/** The next indent level, kept within 0…INDENT_MAX: stepIndent(8, 1) → 8. */
export function stepIndent(level: number, by: 1 | -1): number {
  return Math.max(0, Math.min(INDENT_MAX, level + by))
}

/**
 * Whether a change of the emitted HTML from `before` to `after` characters may happen: anything
 * that stays within the limit, and anything that makes it shorter (so an over-long stored text can
 * still be trimmed). allowsLength(1990, 2001) → false; allowsLength(2300, 2100) → true
 */
export function allowsLength(before: number, after: number, max: number = RICH_TEXT_MAX): boolean {
  return after <= max || after < before
}

/** The alt text of an uploaded picture: its file name without the extension, altOf('术前.jpg') → '术前'. */
export const altOf = (name: string) =>
  name
    .replace(/\.[^.]*$/, '')
    .trim()
    .slice(0, 50)
