/**
 * The editor's extensions, configured so that it can only ever hold (and so only ever emit) what
 * the allowlist in lib/html/policy.ts keeps as it is: its tags, its style properties with their
 * values, links to http/https/mailto, images from /uploads/. Whatever is pasted, dropped or typed
 * as a Markdown shortcut goes through the same parse rules and the same guard.
 */
import { Extension, type Extensions, getStyleProperty } from '@tiptap/core'
import Image from '@tiptap/extension-image'
import Subscript from '@tiptap/extension-subscript'
import Superscript from '@tiptap/extension-superscript'
import TextAlign from '@tiptap/extension-text-align'
import { BackgroundColor, Color, FontFamily, FontSize, TextStyle } from '@tiptap/extension-text-style'
import { Placeholder } from '@tiptap/extensions'
import type { Mark, Node as PMNode } from '@tiptap/pm/model'
import { Plugin, PluginKey, type Transaction } from '@tiptap/pm/state'
import StarterKit from '@tiptap/starter-kit'
import { assetUrl } from '../../../lib/asset.ts'
import { ALIGNMENTS, isAllowedHref, isAllowedImageSrc, RICH_TEXT_MAX } from '../../../lib/html/policy.ts'
import { HtmlLimit, LIMIT_BYPASS } from './html-limit.ts'
import { Indent } from './indent.ts'
import { allowedStyleValue } from './rules.ts'

/** What every link carries: the policy allows target and rel, and a user's link must not reach back. */
export const LINK_ATTRS = { target: '_blank', rel: 'noopener noreferrer nofollow' } as const

/** The editor's placeholder (accounts §2). */
export const PLACEHOLDER = '您想说点什么？'

/** The style properties of the text-style mark, by attribute name. */
const TEXT_STYLE_PROPS = {
  color: 'color',
  backgroundColor: 'background-color',
  fontFamily: 'font-family',
  fontSize: 'font-size',
} as const
type TextStyleAttr = keyof typeof TEXT_STYLE_PROPS

/** The value of one style property of an element, if the allowlist keeps it. */
const styleOf = (element: HTMLElement, property: string): string | null =>
  allowedStyleValue(property, [getStyleProperty(element, property), element.style.getPropertyValue(property)])

/**
 * A text-style attribute that reads only allowed values (a pasted `color: red` or `font-size:
 * 14px` is dropped, not carried into the output); the commands stay Tiptap's own.
 */
const guardedStyle = (attr: TextStyleAttr) => ({
  addGlobalAttributes() {
    return [
      {
        types: ['textStyle'],
        attributes: {
          [attr]: {
            default: null,
            parseHTML: (element: HTMLElement) => styleOf(element, TEXT_STYLE_PROPS[attr]),
            renderHTML: (attributes: Record<string, unknown>) => {
              const value = attributes[attr]
              return typeof value === 'string' && value
                ? { style: `${TEXT_STYLE_PROPS[attr]}: ${value}` }
                : {}
            },
          },
        },
      },
    ]
  },
})

/** A span becomes a text style only when it carries a style the toolbar could have set. */
const GuardedTextStyle = TextStyle.extend({
  parseHTML() {
    return [
      {
        tag: 'span',
        consuming: false,
        getAttrs: (element) =>
          Object.values(TEXT_STYLE_PROPS).some((p) => styleOf(element, p) !== null) ? {} : false,
      },
    ]
  },
})

/**
 * Images only from our uploads, with src and alt only (no title, size or data: URL), shown through
 * assetUrl so they load from the API's host like everywhere else while the stored src stays
 * '/uploads/…'. No Markdown image shortcut: it could name any address.
 */
const UploadedImage = Image.extend({
  addAttributes() {
    return {
      src: { default: null },
      alt: { default: null },
    }
  },
  parseHTML() {
    return [
      {
        tag: 'img[src]',
        getAttrs: (element) => (isAllowedImageSrc(element.getAttribute('src') ?? '') ? null : false),
      },
    ]
  },
  addInputRules() {
    return []
  },
  addNodeView() {
    return ({ node }) => {
      const img = document.createElement('img')
      img.src = assetUrl(String(node.attrs.src ?? ''))
      if (node.attrs.alt) img.alt = String(node.attrs.alt)
      return { dom: img }
    }
  },
})

/**
 * The attributes of StarterKit's own nodes and marks that the allowlist does not keep, put right
 * after every change: a code block's language (a class), an ordered list's start and type, a
 * link's class and title, a link whose target is not http/https/mailto. (These extensions are
 * not separate dependencies of this project, so they are fixed here rather than extended.)
 */
function conform(tr: Transaction, doc: PMNode): Transaction {
  const linkType = doc.type.schema.marks.link
  doc.descendants((node, pos) => {
    if (node.type.name === 'codeBlock' && node.attrs.language != null)
      tr.setNodeMarkup(pos, undefined, { ...node.attrs, language: null })
    if (node.type.name === 'orderedList' && (node.attrs.start !== 1 || node.attrs.type != null))
      tr.setNodeMarkup(pos, undefined, { ...node.attrs, start: 1, type: null })
    if (!node.isText || !linkType) return true
    const link = node.marks.find((m: Mark) => m.type === linkType)
    if (!link) return false
    const href = String(link.attrs.href ?? '')
    const clean = { ...link.attrs, ...LINK_ATTRS, class: null, title: null, href }
    const same = Object.entries(clean).every(([k, v]) => link.attrs[k] === v)
    if (same && isAllowedHref(href)) return false
    tr.removeMark(pos, pos + node.nodeSize, linkType)
    if (isAllowedHref(href)) tr.addMark(pos, pos + node.nodeSize, linkType.create(clean))
    return false
  })
  return tr
}

/** Puts the document right after each change (see conform); the fix joins the user's undo step. */
const Conform = Extension.create({
  name: 'conform',
  addProseMirrorPlugins() {
    return [
      new Plugin({
        key: new PluginKey('conform'),
        appendTransaction: (transactions, _old, state) => {
          if (!transactions.some((t) => t.docChanged)) return null
          const tr = conform(state.tr, state.doc)
          if (!tr.docChanged) return null
          // Fixing stored content that was loaded from outside is part of loading it.
          if (transactions.some((t) => t.getMeta(LIMIT_BYPASS))) tr.setMeta(LIMIT_BYPASS, true)
          if (transactions.every((t) => t.getMeta('addToHistory') === false))
            tr.setMeta('addToHistory', false)
          return tr
        },
      }),
    ]
  },
})

/** The fixes conform() would make to a freshly loaded document, as a transaction (or null). */
export function conformLoaded(tr: Transaction): Transaction | null {
  const fixed = conform(tr, tr.doc)
  return fixed.docChanged ? fixed : null
}

/** The extensions of the editor, at most `max` characters of HTML; `onLimit` is called when a change is refused for length. */
export function editorExtensions(onLimit: () => void, max: number = RICH_TEXT_MAX): Extensions {
  return [
    StarterKit.configure({
      heading: { levels: [1, 2, 3, 4, 5, 6] },
      // Not in the toolbar and not all in the allowlist (<hr>); inline code has no button either.
      horizontalRule: false,
      code: false,
      // An empty paragraph after every last heading or image would only add `<p></p>` to the output.
      trailingNode: false,
      link: {
        openOnClick: false,
        autolink: true,
        linkOnPaste: true,
        defaultProtocol: 'https',
        HTMLAttributes: { ...LINK_ATTRS, class: null },
        isAllowedUri: (url) => isAllowedHref(url),
      },
    }),
    GuardedTextStyle,
    Color.extend(guardedStyle('color')),
    BackgroundColor.extend(guardedStyle('backgroundColor')),
    FontFamily.extend(guardedStyle('fontFamily')),
    FontSize.extend(guardedStyle('fontSize')),
    Subscript,
    Superscript,
    TextAlign.configure({ types: ['heading', 'paragraph'], alignments: [...ALIGNMENTS] }),
    Indent,
    UploadedImage.configure({ inline: false, allowBase64: false }),
    Placeholder.configure({ placeholder: PLACEHOLDER }),
    Conform,
    HtmlLimit.configure({ onRefuse: onLimit, max }),
  ]
}
