import { describe, expect, it } from 'vitest'
import { startServer } from '../../../tests/api/harness.ts'
import { hashToken, issueToken, TOKEN_TTL_MS } from './sessions.ts'

const h = startServer()

describe('tokens', () => {
  const mine = (token: string) => h.get('/api/Users/GetUsersInfo', {}, { Authorization: `Bearer ${token}` })

  it('accepts a live token, and answers 401 to an unknown, revoked or expired one', async () => {
    const user = await h.db.selectFrom('users').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow()
    const now = new Date()
    const token = await issueToken(h.db, user.id, now)
    expect((await mine(token)).http).toBe(200)
    expect((await mine('made-up-token')).http).toBe(401)

    // Revoke this test's token only: other files share the database and sign in meanwhile.
    const revoked = await issueToken(h.db, user.id, now)
    await h.db
      .updateTable('tokens')
      .set({ revoked_at: now.getTime() })
      .where('token_hash', '=', hashToken(revoked))
      .execute()
    expect((await mine(revoked)).http).toBe(401)
    expect((await mine(token)).http).toBe(200)

    const old = await issueToken(h.db, user.id, new Date(now.getTime() - TOKEN_TTL_MS - 1000))
    expect((await mine(old)).http).toBe(401)
  })
})
