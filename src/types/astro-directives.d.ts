// The project's own client directive (src/scripts/client-interact.ts), known to `astro check`.
declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate when reached for; "reach": also when it comes into view. */
    'client:interact'?: boolean | 'reach'
  }
}

export {}
