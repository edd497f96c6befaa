/**
 * Indent for paragraphs and headings, written as `padding-left: <n × 2>em` (the allowlist's
 * INDENT_STEP_EM, at most INDENT_MAX steps); inside a list the item is nested or lifted instead.
 *
 * Written here rather than installed: Tiptap has no indent extension of its own, and the
 * community ones target Tiptap 1/2, are unmaintained, and write `margin-left`, `data-indent` or
 * pixel values that the allowlist (lib/html/policy.ts) would strip. A global attribute is
 * a dozen lines and writes exactly what the allowlist keeps.
 */
import { type CommandProps, Extension, isActive } from '@tiptap/core'
import { indentFromStyle, indentStyle, stepIndent } from './rules.ts'

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    indent: {
      /** One step in: nests a list item, else pads the selected paragraphs and headings. */
      indent: () => ReturnType
      /** One step out: lifts a list item, else unpads the selected paragraphs and headings. */
      outdent: () => ReturnType
    }
  }
}

const TYPES = ['paragraph', 'heading']

export const Indent = Extension.create({
  name: 'indent',

  addGlobalAttributes() {
    return [
      {
        types: TYPES,
        attributes: {
          indent: {
            default: 0,
            parseHTML: (element) => indentFromStyle(element.style.paddingLeft),
            renderHTML: (attributes) => {
              const padding = indentStyle(Number(attributes.indent) || 0)
              return padding ? { style: `padding-left: ${padding}` } : {}
            },
          },
        },
      },
    ]
  },

  addCommands() {
    const step =
      (by: 1 | -1) =>
      ({ state, tr, dispatch, commands }: CommandProps): boolean => {
        // In a list the item itself moves a level (as Tab / Shift-Tab do there).
        if (isActive(state, 'listItem'))
          return by > 0 ? commands.sinkListItem('listItem') : commands.liftListItem('listItem')
        const { from, to } = state.selection
        let changed = false
        state.doc.nodesBetween(from, to, (node, pos) => {
          if (!TYPES.includes(node.type.name)) return true
          const level = stepIndent(Number(node.attrs.indent) || 0, by)
          if (level !== node.attrs.indent) {
            changed = true
            // Tiptap dispatches the shared transaction itself; without dispatch this is a can() check.
            if (dispatch) tr.setNodeMarkup(pos, undefined, { ...node.attrs, indent: level })
          }
          // A textblock holds no further blocks.
          return false
        })
        return changed
      }
    return { indent: () => step(1), outdent: () => step(-1) }
  },
})
