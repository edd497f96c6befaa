// The project's own client directive (src/scripts/client-interact.ts), known to `astro check`.
declare module 'astro' {
  interface AstroClientDirectives {
    'client:interact'?: boolean
  }
}

export {}
