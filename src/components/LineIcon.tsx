/**
 * The frame of the portal's drawn line icons (24×24, stroked in the text colour, hidden from
 * screen readers: the text beside them says what they mean); `children` are the strokes.
 */
import type { ReactNode } from 'react'

export function LineIcon({
  className,
  strokeWidth,
  children,
}: {
  className: string
  strokeWidth: string
  children: ReactNode
}) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      aria-hidden="true"
    >
      {children}
    </svg>
  )
}
