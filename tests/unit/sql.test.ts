import { type Kysely, sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDb } from '../../server/db/index.ts'
import { likeContains, listHas, titleHas } from '../../server/db/sql.ts'

describe('likeContains', () => {
  it('wraps the text in % and escapes %, _ and the escape character itself', () => {
    expect(likeContains('abc')).toBe('%abc%')
    expect(likeContains('5%_')).toBe('%5\\%\\_%')
    expect(likeContains('a\\b')).toBe('%a\\\\b%')
    expect(likeContains('')).toBe('%%')
  })
})

// The helpers run against a real (in-memory SQLite) table: what matters is what LIKE ... ESCAPE matches.
describe('listHas and titleHas on SQLite', () => {
  // biome-ignore lint/suspicious/noExplicitAny: a scratch table outside the typed schema.
  let db: Kysely<any>
  const tags = ['种植,正畸', '5%,x', '50,x', '5_,y', 'a\\b,z', '种植体', 'A_B']
  beforeAll(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: see above.
    db = (await openDb({ file: ':memory:' })) as unknown as Kysely<any>
    await sql`CREATE TABLE t (id INTEGER PRIMARY KEY, tag TEXT NOT NULL)`.execute(db)
    await db
      .insertInto('t')
      .values(tags.map((tag, i) => ({ id: i + 1, tag })))
      .execute()
  })
  afterAll(() => db.destroy())

  const match = async (cond: ReturnType<typeof listHas>) =>
    (await db.selectFrom('t').select('tag').where(cond).orderBy('id').execute()).map((r) => r.tag)

  it('listHas matches one whole entry of a comma-joined list', async () => {
    expect(await match(listHas('t.tag', '种植'))).toEqual(['种植,正畸'])
    expect(await match(listHas('t.tag', '正畸'))).toEqual(['种植,正畸'])
    expect(await match(listHas('t.tag', 'x'))).toEqual(['5%,x', '50,x'])
  })

  it('listHas takes %, _ and \\ literally', async () => {
    expect(await match(listHas('t.tag', '5%'))).toEqual(['5%,x'])
    expect(await match(listHas('t.tag', '5_'))).toEqual(['5_,y'])
    expect(await match(listHas('t.tag', 'a\\b'))).toEqual(['a\\b,z'])
    expect(await match(listHas('t.tag', '%'))).toEqual([])
  })

  it('titleHas finds a substring, case-insensitively, with % and _ literal', async () => {
    expect(await match(titleHas('t.tag', '种植'))).toEqual(['种植,正畸', '种植体'])
    expect(await match(titleHas('t.tag', 'a_b'))).toEqual(['A_B'])
    expect(await match(titleHas('t.tag', '_'))).toEqual(['5_,y', 'A_B'])
    expect(await match(titleHas('t.tag', '%'))).toEqual(['5%,x'])
  })
})
