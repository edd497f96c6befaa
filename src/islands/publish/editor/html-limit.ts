/**
 * The editor's length limit (accounts §5, §9: output at most RICH_TEXT_MAX characters).
 *
 * How it works: the limit is on the HTML the editor emits (exactly what onChange hands the form
 * and what the publish rule checks, in the browser and again on the server), not on the visible
 * text, so formatting uses up characters too. Every transaction that changes the document is
 * serialised to HTML before it is applied (a ProseMirror `filterTransaction`); when the result
 * would be longer than the limit and not shorter than the document already is, the whole change
 * is refused: the keystroke, IME input, paste, drop, toolbar action or image does nothing and
 * the editor says 内容不能超过2000个字符. Since nothing is ever cut, no tag is ever broken in half
 * and what the author sees is exactly what is saved. Changes that shorten the HTML always pass,
 * so a stored text that reads back longer than the limit (the editor may spell stored HTML a
 * little differently) can still be trimmed; loading stored text is never refused.
 */
import { Extension, getHTMLFromFragment, isNodeEmpty } from '@tiptap/core'
import type { Node as PMNode, Schema } from '@tiptap/pm/model'
import { Plugin, PluginKey } from '@tiptap/pm/state'
import { RICH_TEXT_MAX } from '../../../lib/html/policy.ts'
import { allowsLength } from './rules.ts'

/** Set on a transaction (tr.setMeta(LIMIT_BYPASS, true)) that loads stored content from outside. */
export const LIMIT_BYPASS = 'htmlLimitBypass'

/** The HTML the editor emits for a document: '' when it holds nothing, so "required" rules see it empty. */
export function emittedHtml(doc: PMNode, schema: Schema): string {
  return isNodeEmpty(doc) ? '' : getHTMLFromFragment(doc.content, schema)
}

export interface HtmlLimitOptions {
  max: number
  /** Called on each refused change (the caller throttles what it shows). */
  onRefuse: () => void
}

export const HtmlLimit = Extension.create<HtmlLimitOptions>({
  name: 'htmlLimit',

  addOptions() {
    return { max: RICH_TEXT_MAX, onRefuse: () => {} }
  },

  addProseMirrorPlugins() {
    const { max } = this.options
    const onRefuse = () => this.options.onRefuse()
    // Documents are immutable, so a length once measured stays true for that document.
    const lengths = new WeakMap<PMNode, number>()
    const lengthOf = (doc: PMNode) => {
      let n = lengths.get(doc)
      if (n === undefined) {
        n = emittedHtml(doc, doc.type.schema).length
        lengths.set(doc, n)
      }
      return n
    }
    return [
      new Plugin({
        key: new PluginKey('htmlLimit'),
        filterTransaction: (tr, state) => {
          if (!tr.docChanged || tr.getMeta(LIMIT_BYPASS)) return true
          if (allowsLength(lengthOf(state.doc), lengthOf(tr.doc), max)) return true
          onRefuse()
          // Text typed or composed (IME) into the page is taken out again by ProseMirror itself
          // when its transaction is refused (tried in Chromium, keys, IME and raw DOM edits).
          return false
        },
      }),
    ]
  },
})
