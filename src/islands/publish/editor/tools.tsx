/** The toolbar's buttons as data, in the spec's order, and the editor state they show. */
import type { Editor } from '@tiptap/core'
import type { ReactNode } from 'react'
import { ALIGNMENTS } from '../../../lib/html/policy.ts'
import {
  BulletListIcon,
  CodeBlockIcon,
  IndentIcon,
  OrderedListIcon,
  OutdentIcon,
  QuoteIcon,
  SubscriptIcon,
  SuperscriptIcon,
} from './icons.tsx'

export const LEVELS = [1, 2, 3, 4, 5, 6] as const

/** What the controls show, read from the editor after each transaction. */
export function readState(e: Editor) {
  const style = e.getAttributes('textStyle')
  const str = (v: unknown) => (typeof v === 'string' ? v : '')
  return {
    bold: e.isActive('bold'),
    italic: e.isActive('italic'),
    underline: e.isActive('underline'),
    strike: e.isActive('strike'),
    blockquote: e.isActive('blockquote'),
    codeBlock: e.isActive('codeBlock'),
    orderedList: e.isActive('orderedList'),
    bulletList: e.isActive('bulletList'),
    subscript: e.isActive('subscript'),
    superscript: e.isActive('superscript'),
    heading: LEVELS.find((level) => e.isActive('heading', { level })) ?? 0,
    fontSize: str(style.fontSize),
    color: str(style.color),
    backgroundColor: str(style.backgroundColor),
    fontFamily: str(style.fontFamily),
    align: ALIGNMENTS.find((a) => e.isActive({ textAlign: a })) ?? 'left',
    canIndent: e.can().indent(),
    canOutdent: e.can().outdent(),
  }
}

export type ToolState = ReturnType<typeof readState>
export type Chain = ReturnType<Editor['chain']>

/**
 * A button: its Chinese name (announced, and the tooltip), the face for the eye (B, x², an icon)
 * and its command. A toggle says whether it is pressed; an action may be unavailable.
 */
export interface Tool {
  name: string
  face: ReactNode
  command: (c: Chain) => Chain
  pressed?: (s: ToolState) => boolean
  enabled?: (s: ToolState) => boolean
}

/** Bold, italic, underline, strike. */
export const MARK_TOOLS: readonly Tool[] = [
  {
    name: '加粗',
    face: <b className="font-bold">B</b>,
    command: (c) => c.toggleBold(),
    pressed: (s) => s.bold,
  },
  {
    name: '斜体',
    face: <i className="font-serif italic">I</i>,
    command: (c) => c.toggleItalic(),
    pressed: (s) => s.italic,
  },
  { name: '下划线', face: <u>U</u>, command: (c) => c.toggleUnderline(), pressed: (s) => s.underline },
  { name: '删除线', face: <s>S</s>, command: (c) => c.toggleStrike(), pressed: (s) => s.strike },
]

/** Quote and code block. */
export const BLOCK_TOOLS: readonly Tool[] = [
  { name: '引用', face: <QuoteIcon />, command: (c) => c.toggleBlockquote(), pressed: (s) => s.blockquote },
  {
    name: '代码块',
    face: <CodeBlockIcon />,
    command: (c) => c.toggleCodeBlock(),
    pressed: (s) => s.codeBlock,
  },
]

/** Lists, sub/superscript (each turns the other off) and indent. */
export const LIST_TOOLS: readonly Tool[] = [
  {
    name: '有序列表',
    face: <OrderedListIcon />,
    command: (c) => c.toggleOrderedList(),
    pressed: (s) => s.orderedList,
  },
  {
    name: '无序列表',
    face: <BulletListIcon />,
    command: (c) => c.toggleBulletList(),
    pressed: (s) => s.bulletList,
  },
  {
    name: '下标',
    face: <SubscriptIcon />,
    command: (c) => c.unsetSuperscript().toggleSubscript(),
    pressed: (s) => s.subscript,
  },
  {
    name: '上标',
    face: <SuperscriptIcon />,
    command: (c) => c.unsetSubscript().toggleSuperscript(),
    pressed: (s) => s.superscript,
  },
  { name: '减少缩进', face: <OutdentIcon />, command: (c) => c.outdent(), enabled: (s) => s.canOutdent },
  { name: '增加缩进', face: <IndentIcon />, command: (c) => c.indent(), enabled: (s) => s.canIndent },
]
