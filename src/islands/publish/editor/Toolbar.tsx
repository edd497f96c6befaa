/**
 * The editor's toolbar (accounts §2), in the spec's order: bold, italic, underline, strike,
 * quote, code block, headings, lists, sub/superscript, indent, size, colour, background, font,
 * align, clean, image. One tab stop (WAI-ARIA toolbar: arrows, Home and End move between the
 * controls, Tab goes on to the text); buttons keep the text's focus and selection on a click.
 */
import type { Editor } from '@tiptap/core'
import { useEditorState } from '@tiptap/react'
import { useRef, useState } from 'react'
import { ALIGNMENTS, FONT_FAMILIES, FONT_SIZES } from '../../../lib/html/policy.ts'
import { ClearIcon, ImageIcon, SpinnerIcon } from './icons.tsx'
import { IMAGE_ACCEPT } from './insert-image.ts'
import { ALIGN_LABELS, BACKGROUND_COLOURS, TEXT_COLOURS } from './rules.ts'
import { ColourSelect, Sep, StyleSelect, selectClass, ToolButton } from './ToolControls.tsx'
import { BLOCK_TOOLS, type Chain, LEVELS, LIST_TOOLS, MARK_TOOLS, readState, type Tool } from './tools.tsx'
import { useRovingTools } from './use-roving-tools.ts'

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
  const roving = useRovingTools()
  const file = useRef<HTMLInputElement>(null)
  const [uploading, setUploading] = useState(false)

  const run = (command: (c: Chain) => Chain) => command(editor.chain()).run()
  const buttons = (tools: readonly Tool[]) =>
    tools.map((t) => (
      <ToolButton
        key={t.name}
        name={t.name}
        face={t.face}
        onPress={() => run(t.command)}
        pressed={t.pressed?.(s)}
        enabled={t.enabled?.(s)}
      />
    ))

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
      {...roving}
      role="toolbar"
      aria-label={`${label}格式`}
      aria-controls={contentId}
      className="flex flex-wrap items-center gap-0.5 rounded-t-md border-b border-slate-200 bg-slate-50 px-1.5 py-1"
    >
      {buttons(MARK_TOOLS)}
      <Sep />
      {buttons(BLOCK_TOOLS)}
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
      {buttons(LIST_TOOLS)}
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
      <ToolButton
        name="清除格式"
        face={<ClearIcon />}
        onPress={() => run((c) => c.unsetAllMarks().clearNodes())}
      />
      <ToolButton
        name={uploading ? '正在插入图片' : '插入图片'}
        face={uploading ? <SpinnerIcon /> : <ImageIcon />}
        onPress={() => file.current?.click()}
        enabled={!uploading}
      />
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
