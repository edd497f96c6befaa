/**
 * THE one place stored HTML becomes markup (DESIGN "User-written HTML", issue 11): article
 * bodies and intros, product details, teacher introductions, FAQ briefs and the configuration
 * pages all come through here, sanitised against policy.ts on the way in, whatever the server
 * did before. `#sanitize` is sanitize-html when rendered in Node (the site build, tests) and
 * DOMPurify in the browser (package.json "imports"), so islands do not ship sanitize-html.
 */
import { type HTMLAttributes, type ReactNode, useMemo } from 'react'
import { sanitizeRichText } from '#sanitize'

export interface RichTextProps
  extends Omit<HTMLAttributes<HTMLDivElement>, 'children' | 'dangerouslySetInnerHTML'> {
  /** Stored rich text (editor output or configuration HTML), trusted or not. */
  html: string
  /** Shown instead when nothing is left to show; nothing at all by default. */
  empty?: ReactNode
}

/**
 * Renders rich text sanitised, in a `.prose-html` block:
 * <RichText html={a.content} className="mt-2" empty={<p>暂无内容</p>} />
 */
export function RichText({ html, empty = null, className, ...rest }: RichTextProps) {
  const clean = useMemo(() => sanitizeRichText(html), [html])
  if (!clean.trim()) return empty
  return (
    <div
      {...rest}
      className={className ? `prose-html ${className}` : 'prose-html'}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the one render path of stored HTML, sanitised just above (useMemo)
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  )
}
