import { defineConfig } from 'vitest/config'

const api = (name: string, db: 'sqlite' | 'pg') => ({
  test: {
    name,
    // A domain's tests sit beside it (server/modules/<domain>/*.test.ts); what spans domains in tests/api.
    include: ['tests/api/**/*.test.ts', 'server/**/*.test.ts'],
    globalSetup: ['tests/api/global-setup.ts'],
    provide: { testDb: db },
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
})

// The API suite runs on SQLite always, and again on PostgreSQL when DATABASE_URL is set (CI).
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'] } },
      api('api', 'sqlite'),
      ...(process.env.DATABASE_URL ? [api('api-pg', 'pg')] : []),
    ],
  },
})
