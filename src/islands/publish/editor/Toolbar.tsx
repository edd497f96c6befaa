/**
 * The editor's toolbar (accounts §2), in the spec's order: bold, italic, underline, strike,
 * quote, code block, headings, lists, sub/superscript, indent, size, colour, background, font,
 * align, clean, image. One tab stop (WAI-ARIA toolbar: arrows, Home and End move between the
 * controls, Tab goes on to the text); buttons keep the text's focus and selection on a click.
 */
import type { Editor } from '@tiptap/core'
import { useEditorState } from '@tiptap/react'
import { type KeyboardEvent, type ReactNode, useLayoutEffect, useRef, useState } from 'react'
import { ALIGNMENTS, FONT_FAMILIES, FONT_SIZES } from '../../../lib/html/policy.ts'
import {
  BulletListIcon,
  ClearIcon,
  CodeBlockIcon,
  ImageIcon,
  IndentIcon,
  OrderedListIcon,
  OutdentIcon,
  QuoteIcon,
  SpinnerIcon,
  SubscriptIcon,
  SuperscriptIcon,
} from './icons.tsx'
import { IMAGE_ACCEPT } from './insert-image.ts'
import { ALIGN_LABELS, BACKGROUND_COLOURS, TEXT_COLOURS } from './rules.ts'

const LEVELS = [1, 2, 3, 4, 5, 6] as const

/** What the controls show, read from the editor after each transaction. */
function readState(e: Editor) {
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

const buttonClass =
  'inline-flex h-8 min-w-8 shrink-0 items-center justify-center rounded px-1.5 text-sm text-slate-700 hover:bg-slate-200 aria-pressed:bg-brand-100 aria-pressed:text-brand-700 aria-disabled:cursor-not-allowed aria-disabled:opacity-40 aria-disabled:hover:bg-transparent'
const selectClass =
  'field-sizing-content h-8 shrink-0 cursor-pointer rounded border border-slate-300 bg-white pl-1.5 pr-1 text-sm text-slate-700 hover:border-brand-500'

/** A thin rule between groups of controls; nothing for screen readers. */
const Sep = () => <span aria-hidden="true" className="mx-0.5 h-5 w-px shrink-0 bg-slate-300" />

export function Toolbar({
  editor,
  label,
  contentId,
  insertImage,
}: {
  editor: Editor
  label: string
  contentId: string
  /** Uploads a picked picture and inserts it (insertUploadedImage with the editor's upload and limit). */
  insertImage: (file: File) => Promise<boolean>
}) {
  const s = useEditorState({ editor, selector: ({ editor: e }) => readState(e) })
  const bar = useRef<HTMLDivElement>(null)
  const file = useRef<HTMLInputElement>(null)
  const [uploading, setUploading] = useState(false)
  // The control that holds the toolbar's one tab stop (roving tabindex).
  const current = useRef(0)

  const controls = () => [...(bar.current?.querySelectorAll<HTMLElement>('[data-tool]') ?? [])]
  const rove = (index: number, focus: boolean) => {
    const all = controls()
    current.current = Math.max(0, Math.min(index, all.length - 1))
    all.forEach((el, i) => {
      el.tabIndex = i === current.current ? 0 : -1
    })
    if (focus) all[current.current]?.focus()
  }
  // Every render: React does not own tabIndex here, so it is set once the controls exist.
  useLayoutEffect(() => rove(current.current, false))

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    const all = controls()
    const at = all.indexOf(e.target as HTMLElement)
    if (at < 0) return
    const to =
      e.key === 'ArrowRight'
        ? (at + 1) % all.length
        : e.key === 'ArrowLeft'
          ? (at - 1 + all.length) % all.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? all.length - 1
              : null
    if (to === null) return
    // Also keeps a closed select from changing its value on Left/Right.
    e.preventDefault()
    rove(to, true)
  }

  const run = (command: (c: ReturnType<Editor['chain']>) => ReturnType<Editor['chain']>) =>
    command(editor.chain()).run()

  /**
   * A toggle button: pressed state for screen readers, the click keeps the text selection. The
   * face (B, x², an icon) is for the eye; the Chinese name is what is announced.
   */
  const toggle = (name: string, pressed: boolean, onPress: () => void, face: ReactNode) => (
    <button
      type="button"
      data-tool
      className={buttonClass}
      aria-label={name}
      title={name}
      aria-pressed={pressed}
      onMouseDown={(e) => e.preventDefault()}
      onClick={onPress}
    >
      <span aria-hidden="true">{face}</span>
    </button>
  )
  const action = (name: string, onPress: () => void, face: ReactNode, enabled = true) => (
    <button
      type="button"
      data-tool
      className={buttonClass}
      aria-label={name}
      title={name}
      aria-disabled={!enabled || undefined}
      onMouseDown={(e) => e.preventDefault()}
      onClick={() => enabled && onPress()}
    >
      <span aria-hidden="true">{face}</span>
    </button>
  )

  async function pickImages(files: File[]) {
    if (!files.length) return
    setUploading(true)
    try {
      // One after another, in the order picked; a file of another type (the picker can be
      // switched to all files) fails as a failed upload does.
      for (const f of files) await insertImage(f)
    } finally {
      setUploading(false)
    }
  }

  return (
    <div
      ref={bar}
      role="toolbar"
      aria-label={`${label}格式`}
      aria-controls={contentId}
      onKeyDown={onKeyDown}
      onFocus={(e) => {
        const i = controls().indexOf(e.target as HTMLElement)
        if (i >= 0) rove(i, false)
      }}
      className="flex flex-wrap items-center gap-0.5 rounded-t-md border-b border-slate-200 bg-slate-50 px-1.5 py-1"
    >
      {toggle('加粗', s.bold, () => run((c) => c.toggleBold()), <b className="font-bold">B</b>)}
      {toggle('斜体', s.italic, () => run((c) => c.toggleItalic()), <i className="font-serif italic">I</i>)}
      {toggle('下划线', s.underline, () => run((c) => c.toggleUnderline()), <u>U</u>)}
      {toggle('删除线', s.strike, () => run((c) => c.toggleStrike()), <s>S</s>)}
      <Sep />
      {toggle('引用', s.blockquote, () => run((c) => c.toggleBlockquote()), <QuoteIcon />)}
      {toggle('代码块', s.codeBlock, () => run((c) => c.toggleCodeBlock()), <CodeBlockIcon />)}
      <Sep />
      <select
        data-tool
        aria-label="标题"
        title="标题"
        className={selectClass}
        value={String(s.heading)}
        onChange={(e) => {
          const level = Number(e.target.value) as 0 | (typeof LEVELS)[number]
          run((c) => (level === 0 ? c.setParagraph() : c.setHeading({ level })))
        }}
      >
        <option value="0">正文</option>
        {LEVELS.map((l) => (
          <option key={l} value={l}>
            标题{l}
          </option>
        ))}
      </select>
      <Sep />
      {toggle('有序列表', s.orderedList, () => run((c) => c.toggleOrderedList()), <OrderedListIcon />)}
      {toggle('无序列表', s.bulletList, () => run((c) => c.toggleBulletList()), <BulletListIcon />)}
      {toggle(
        '下标',
        s.subscript,
        () => run((c) => c.unsetSuperscript().toggleSubscript()),
        <SubscriptIcon />,
      )}
      {toggle(
        '上标',
        s.superscript,
        () => run((c) => c.unsetSubscript().toggleSuperscript()),
        <SuperscriptIcon />,
      )}
      {action('减少缩进', () => run((c) => c.outdent()), <OutdentIcon />, s.canOutdent)}
      {action('增加缩进', () => run((c) => c.indent()), <IndentIcon />, s.canIndent)}
      <Sep />
      <StyleSelect
        name="字号"
        value={s.fontSize}
        options={FONT_SIZES}
        onPick={(v) => run((c) => (v ? c.setFontSize(v) : c.unsetFontSize()))}
      />
      <ColourSelect
        name="文字颜色"
        value={s.color}
        palette={TEXT_COLOURS}
        onPick={(v) => run((c) => (v ? c.setColor(v) : c.unsetColor()))}
        swatch="text"
      />
      <ColourSelect
        name="背景颜色"
        value={s.backgroundColor}
        palette={BACKGROUND_COLOURS}
        onPick={(v) => run((c) => (v ? c.setBackgroundColor(v) : c.unsetBackgroundColor()))}
        swatch="background"
      />
      <StyleSelect
        name="字体"
        value={s.fontFamily}
        options={FONT_FAMILIES}
        onPick={(v) => run((c) => (v ? c.setFontFamily(v) : c.unsetFontFamily()))}
      />
      <select
        data-tool
        aria-label="对齐方式"
        title="对齐方式"
        className={selectClass}
        value={s.align}
        onChange={(e) => {
          const v = e.target.value
          // Left is how text sits anyway: no style for it keeps the HTML short.
          run((c) => (v === 'left' ? c.unsetTextAlign() : c.setTextAlign(v)))
        }}
      >
        {ALIGNMENTS.map((a) => (
          <option key={a} value={a}>
            {ALIGN_LABELS[a]}
          </option>
        ))}
      </select>
      <Sep />
      {action('清除格式', () => run((c) => c.unsetAllMarks().clearNodes()), <ClearIcon />)}
      {action(
        uploading ? '正在插入图片' : '插入图片',
        () => file.current?.click(),
        uploading ? <SpinnerIcon /> : <ImageIcon />,
        !uploading,
      )}
      <input
        ref={file}
        type="file"
        accept={IMAGE_ACCEPT}
        multiple
        hidden
        tabIndex={-1}
        onChange={(e) => {
          void pickImages([...(e.target.files ?? [])])
          e.target.value = ''
        }}
      />
    </div>
  )
}

/** An option for a value the list does not have (stored text may carry one), so the select can show it. */
/** A style menu of the policy's values (size, font); '' is the default, which writes no style. */
function StyleSelect({
  name,
  value,
  options,
  onPick,
}: {
  name: string
  value: string
  options: readonly { label: string; value: string }[]
  onPick: (value: string) => void
}) {
  return (
    <select
      data-tool
      aria-label={name}
      title={name}
      className={selectClass}
      value={value}
      onChange={(e) => onPick(e.target.value)}
    >
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
      <Unlisted value={value} among={options} />
    </select>
  )
}

function Unlisted({ value, among }: { value: string; among: readonly { value: string }[] }) {
  if (!value || among.some((o) => o.value === value)) return null
  return <option value={value}>{value}</option>
}

/** A colour menu: named colours (each allowed by the policy), with the current one shown as a swatch. */
function ColourSelect({
  name,
  value,
  palette,
  onPick,
  swatch,
}: {
  name: string
  value: string
  palette: readonly { label: string; value: string }[]
  onPick: (value: string) => void
  swatch: 'text' | 'background'
}) {
  return (
    <span className="relative inline-flex shrink-0 items-center">
      <span
        aria-hidden="true"
        className="pointer-events-none absolute left-1.5 flex h-5 w-5 flex-col items-center justify-center rounded-sm text-xs font-semibold leading-none text-slate-700"
        style={swatch === 'background' && value ? { backgroundColor: value } : undefined}
      >
        A
        <span
          className="mt-px h-1 w-4 rounded-sm border border-slate-300"
          style={{ backgroundColor: (swatch === 'text' ? value : '') || 'transparent' }}
        />
      </span>
      <select
        data-tool
        aria-label={name}
        title={name}
        className={`${selectClass} pl-8`}
        value={value}
        onChange={(e) => onPick(e.target.value)}
      >
        {palette.map((c) => (
          <option
            key={c.value}
            value={c.value}
            style={
              c.value
                ? {
                    color: swatch === 'text' ? c.value : undefined,
                    backgroundColor: swatch === 'background' ? c.value : undefined,
                  }
                : undefined
            }
          >
            {c.label}
          </option>
        ))}
        {value && !palette.some((c) => c.value === value) && <option value={value}>其他颜色</option>}
      </select>
    </span>
  )
}
