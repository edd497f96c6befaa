import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { openDb } from '../../server/db/index.ts'
import { migrate } from '../../server/db/migrations.ts'
import { seed } from '../../server/seed/index.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    testDb: 'sqlite' | 'pg'
    dbFile: string
    dbUrl: string
    dbSchema: string
    uploadDir: string
    /** The seed's "today" (ISO): the demo's dates lead up to it. */
    seededAt: string
  }
}

/** One fresh, seeded database per project run: a temp SQLite file, or a new PostgreSQL schema. */
export default async function setup(project: TestProject) {
  const kind = project.config.provide?.testDb ?? 'sqlite'
  const dir = mkdtempSync(join(tmpdir(), 'portal-api-'))
  const uploadDir = join(dir, 'uploads')
  const file = join(dir, 'portal.db')
  const url = process.env.DATABASE_URL ?? ''
  const schema = `t_${process.pid}_${Date.now()}`
  const db = kind === 'pg' ? await openDb({ url, schema }) : await openDb({ file })
  await migrate(db)
  // Today, as a first start would: the demo's trade fills the dashboard's last 30 days.
  const seededAt = new Date()
  await seed(db, { uploadDir, now: seededAt })
  await db.destroy()
  project.provide('dbFile', file)
  project.provide('dbUrl', kind === 'pg' ? url : '')
  project.provide('dbSchema', schema)
  project.provide('uploadDir', uploadDir)
  project.provide('seededAt', seededAt.toISOString())

  return async () => {
    if (kind === 'pg') {
      const client = new pg.Client({ connectionString: url })
      await client.connect()
      await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`)
      await client.end()
    }
    rmSync(dir, { recursive: true, force: true })
  }
}
