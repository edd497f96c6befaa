/** The toolbar's pictures; each button names itself with aria-label, so these are hidden. */
import type { ReactNode } from 'react'

function Svg({ children }: { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="18"
      height="18"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      {children}
    </svg>
  )
}

export const QuoteIcon = () => (
  <Svg>
    <path d="M4 5v14" strokeWidth="3" />
    <path d="M9 8h11M9 12h11M9 16h7" />
  </Svg>
)

export const CodeBlockIcon = () => (
  <Svg>
    <path d="m8 8-4 4 4 4M16 8l4 4-4 4M13.5 5l-3 14" />
  </Svg>
)

export const OrderedListIcon = () => (
  <Svg>
    <path d="M10 6h11M10 12h11M10 18h11" />
    <path d="M4 4.5 5 4v4" strokeWidth="1.5" />
    <path d="M3.5 14.5c.3-.6.9-1 1.5-1 .8 0 1.3.5 1.3 1.1 0 1-2.8 1.9-2.8 3.4h2.8" strokeWidth="1.5" />
  </Svg>
)

export const BulletListIcon = () => (
  <Svg>
    <path d="M10 6h11M10 12h11M10 18h11" />
    <circle cx="5" cy="6" r="1.2" fill="currentColor" />
    <circle cx="5" cy="12" r="1.2" fill="currentColor" />
    <circle cx="5" cy="18" r="1.2" fill="currentColor" />
  </Svg>
)

export const IndentIcon = () => (
  <Svg>
    <path d="M3 5h18M11 10h10M11 14h10M3 19h18" />
    <path d="m3 9 3 3-3 3" />
  </Svg>
)

export const OutdentIcon = () => (
  <Svg>
    <path d="M3 5h18M11 10h10M11 14h10M3 19h18" />
    <path d="M7 9l-3 3 3 3" />
  </Svg>
)

export const ClearIcon = () => (
  <Svg>
    <path d="M5 5h11M10.5 5 7 19" />
    <path d="m14 14 6 6M20 14l-6 6" />
  </Svg>
)

export const ImageIcon = () => (
  <Svg>
    <rect x="3" y="4" width="18" height="16" rx="2" />
    <circle cx="8.5" cy="9.5" r="1.5" />
    <path d="m21 16-5-5-9 9" />
  </Svg>
)

export const SpinnerIcon = () => (
  <svg viewBox="0 0 24 24" width="18" height="18" className="animate-spin" aria-hidden="true">
    <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="3" strokeOpacity=".25" />
    <path d="M21 12a9 9 0 0 0-9-9" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
  </svg>
)

export const SubscriptIcon = () => (
  <Svg>
    <path d="m4 6 9 11M13 6l-9 11" />
    <path d="M16 15.6c.2-.8.9-1.3 1.7-1.3.9 0 1.6.6 1.6 1.4 0 1.5-3.3 2.3-3.3 4.3h3.5" strokeWidth="1.5" />
  </Svg>
)

export const SuperscriptIcon = () => (
  <Svg>
    <path d="m4 8 9 11M13 8l-9 11" />
    <path d="M16 4.6c.2-.8.9-1.3 1.7-1.3.9 0 1.6.6 1.6 1.4 0 1.5-3.3 2.3-3.3 4.3h3.5" strokeWidth="1.5" />
  </Svg>
)
