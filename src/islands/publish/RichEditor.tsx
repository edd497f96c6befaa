/**
 * The rich-text editor of the publish forms (accounts §2, §5): Tiptap with the spec's toolbar,
 * placeholder 您想说点什么？, images through Upload/PostUpload, and HTML output that the allowlist
 * (lib/html/policy.ts) keeps as it is, never longer than RICH_TEXT_MAX characters (see
 * editor/html-limit.ts for how). Import it from the publish forms only: Tiptap and ProseMirror
 * then load on those pages and nowhere else. The back office's site content uses it too, with its
 * own image upload (a staff call) and its own length limit.
 *
 * <RichEditor id="task-content" label="任务内容" value={content} onChange={setContent} invalid={!!error} />
 * <RichEditor label="回答" value={answer} onChange={setAnswer} max={FAQ_ANSWER_MAX} upload={contentApi.uploadImage} />
 */
import { Extension } from '@tiptap/core'
import { Plugin, PluginKey } from '@tiptap/pm/state'
import { EditorContent, useEditor } from '@tiptap/react'
import { useEffect, useId, useMemo, useRef, useState } from 'react'
import { RICH_TEXT_MAX } from '../../lib/html/policy.ts'
import { toast } from '../../lib/toast.ts'
import { conformLoaded, editorExtensions, PLACEHOLDER } from './editor/extensions.ts'
import { emittedHtml, LIMIT_BYPASS } from './editor/html-limit.ts'
import { customerUpload, type ImageUpload, imagesOf, insertUploadedImage } from './editor/insert-image.ts'
import { limitMessage } from './editor/rules.ts'
import { Toolbar } from './editor/Toolbar.tsx'

/** The limit's message at most this often, however fast the refused keys come. */
const LIMIT_TOAST_EVERY_MS = 3000

const contentClass = [
  'prose-html min-h-40 px-3 py-2 break-words focus:outline-none',
  // The placeholder, drawn by CSS on the empty first paragraph (Tiptap's Placeholder marks it).
  '[&_.is-editor-empty]:before:pointer-events-none [&_.is-editor-empty]:before:float-left [&_.is-editor-empty]:before:h-0 [&_.is-editor-empty]:before:text-slate-400 [&_.is-editor-empty]:before:content-[attr(data-placeholder)]',
  '[&_img.ProseMirror-selectednode]:outline-2 [&_img.ProseMirror-selectednode]:outline-brand-500',
].join(' ')

export function RichEditor({
  value,
  onChange,
  label,
  invalid,
  readOnly,
  id,
  max = RICH_TEXT_MAX,
  upload = customerUpload,
}: {
  /** The HTML to show; a new value from outside (an edit form loading) replaces the text. */
  value: string
  /** Hears the HTML after each change ('' when the text is empty). */
  onChange: (html: string) => void
  /** The text area's accessible name, e.g. 任务内容. */
  label: string
  invalid?: boolean
  readOnly?: boolean
  /** The id of the editable area, so a form can focus it after a refusal (focusField cannot: it is no form control). */
  id?: string
  /** The longest HTML it emits, in characters; RICH_TEXT_MAX (the publish forms') by default. Read once, at mount. */
  max?: number
  /** Where its pictures go; Upload/PostUpload (a customer's upload) by default. */
  upload?: ImageUpload
}) {
  const fallbackId = useId()
  const contentId = id ?? `rich-${fallbackId}`
  const counterId = `${contentId}-count`
  const onChangeRef = useRef(onChange)
  onChangeRef.current = onChange
  // The HTML the form and the editor last agreed on: a value equal to it is our own echo.
  const agreed = useRef(value)
  const [count, setCount] = useState(value.length)

  const lastWarning = useRef(0)
  const warn = () => {
    const now = Date.now()
    if (now - lastWarning.current < LIMIT_TOAST_EVERY_MS) return
    lastWarning.current = now
    toast('error', limitMessage(max))
  }
  const warnRef = useRef(warn)
  warnRef.current = warn

  // The area's name and state change with the props; ProseMirror reads them from this plugin prop.
  const areaAttrs = useMemo(() => {
    const a: Record<string, string> = {
      // Tiptap sets role="textbox" only as it creates the view; setEditable replaces those props.
      role: 'textbox',
      id: contentId,
      'aria-label': label,
      'aria-multiline': 'true',
      'aria-placeholder': PLACEHOLDER,
    }
    if (readOnly) a['aria-readonly'] = 'true'
    if (invalid) a['aria-invalid'] = 'true'
    // The counter, and when invalid the form's message under the editor (`${id}-error`, as
    // invalidProps names it for every other field).
    const described = [readOnly ? '' : counterId, invalid ? `${contentId}-error` : ''].filter(Boolean)
    if (described.length) a['aria-describedby'] = described.join(' ')
    return a
  }, [contentId, counterId, label, invalid, readOnly])
  const attrs = useRef<Record<string, string>>(areaAttrs)

  const editor = useEditor({
    // An island hydrates on the client: rendering before mount would mismatch the server HTML.
    immediatelyRender: false,
    shouldRerenderOnTransaction: false,
    editable: !readOnly,
    content: value,
    extensions: [
      ...editorExtensions(() => warnRef.current(), max),
      Extension.create({
        name: 'areaAttributes',
        addProseMirrorPlugins: () => [
          new Plugin({ key: new PluginKey('areaAttributes'), props: { attributes: () => attrs.current } }),
        ],
      }),
    ],
    editorProps: {
      attributes: { class: contentClass },
      // A pasted screenshot or a dropped photo goes the image button's way; a paste that also
      // has text (Word adds a picture of the selection) stays a text paste.
      handlePaste: (_view, event) => {
        const pictures = imagesOf(event.clipboardData?.files)
        if (!pictures.length || event.clipboardData?.getData('text/plain')) return false
        void insertAll(pictures)
        return true
      },
      handleDrop: (view, event, _slice, moved) => {
        const pictures = moved ? [] : imagesOf(event.dataTransfer?.files)
        if (!pictures.length) return false
        event.preventDefault()
        const at = view.posAtCoords({ left: event.clientX, top: event.clientY })
        if (at) editorRef.current?.commands.setTextSelection(at.pos)
        void insertAll(pictures)
        return true
      },
    },
    onCreate: ({ editor: e }) => {
      const fix = conformLoaded(e.state.tr)
      if (fix)
        e.view.dispatch(
          fix.setMeta(LIMIT_BYPASS, true).setMeta('addToHistory', false).setMeta('preventUpdate', true),
        )
      setCount(emittedHtml(e.state.doc, e.schema).length)
    },
    onUpdate: ({ editor: e }) => {
      const html = emittedHtml(e.state.doc, e.schema)
      agreed.current = html
      setCount(html.length)
      onChangeRef.current(html)
    },
  })
  const editorRef = useRef(editor)
  editorRef.current = editor

  const insertImage = (picture: File) =>
    editorRef.current ? insertUploadedImage(editorRef.current, picture, upload, max) : Promise.resolve(false)
  async function insertAll(pictures: File[]) {
    for (const p of pictures) await insertImage(p)
  }

  // A value from outside (the stored text of an item being edited, a reset form) replaces the
  // text without being echoed back; the length limit does not apply to what was stored.
  useEffect(() => {
    if (!editor || value === agreed.current) return
    agreed.current = value
    editor
      .chain()
      .setMeta(LIMIT_BYPASS, true)
      .setMeta('addToHistory', false)
      .setContent(value, { emitUpdate: false })
      .run()
    setCount(emittedHtml(editor.state.doc, editor.schema).length)
  }, [editor, value])

  useEffect(() => {
    if (editor && editor.isEditable === !!readOnly) editor.setEditable(!readOnly, false)
  }, [editor, readOnly])

  // New aria-label / aria-invalid / … : let ProseMirror re-read its attributes.
  useEffect(() => {
    attrs.current = areaAttrs
    if (editor && !editor.isDestroyed) editor.view.setProps({})
  }, [editor, areaAttrs])

  const over = count >= max
  return (
    <div
      className={`rounded-md border bg-white has-[.ProseMirror-focused]:border-brand-500 has-[.ProseMirror-focused]:ring-1 has-[.ProseMirror-focused]:ring-brand-500 ${invalid ? 'border-red-400' : 'border-slate-300'}`}
    >
      {editor && !readOnly && (
        <Toolbar editor={editor} label={label} contentId={contentId} insertImage={insertImage} />
      )}
      {/* Until the editor exists (one frame after mount): the same boxes, so nothing jumps. */}
      {!editor && !readOnly && <div className="h-10 rounded-t-md border-b border-slate-200 bg-slate-50" />}
      {!editor && <div className="min-h-40" />}
      <EditorContent editor={editor} />
      {!readOnly && (
        <div className="flex justify-end border-t border-slate-100 px-3 py-1 text-xs">
          <span
            id={counterId}
            aria-live="polite"
            className={over ? 'font-medium text-red-600' : 'text-slate-500'}
          >
            {count}/{max}
          </span>
        </div>
      )}
    </div>
  )
}
