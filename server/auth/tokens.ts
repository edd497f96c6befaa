import { createHash, randomBytes } from 'node:crypto'
import type { Db } from '../db/legacy.ts'
import type { AuthUser } from '../legacy-http.ts'
import { dbTime } from '../time.ts'

export const TOKEN_TTL_MS = 30 * 24 * 3600 * 1000

/** Only the hash is stored, so a leaked database holds no usable token. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

/** A random 256-bit bearer token for the user, valid for TOKEN_TTL_MS. */
export async function issueToken(db: Db, userId: number, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  await db.insert('INSERT INTO tokens (user_id, token_hash, expires_at, create_time) VALUES (?, ?, ?, ?)', [
    userId,
    hashToken(token),
    now.getTime() + TOKEN_TTL_MS,
    dbTime(now),
  ])
  return token
}

/** The user behind an Authorization header, or null when absent, unknown, revoked or expired. */
export async function userFromHeader(
  db: Db,
  header: string | undefined,
  now: Date,
): Promise<AuthUser | null> {
  const token = header?.replace(/^Bearer\s+/i, '').trim()
  if (!token || token.length > 200) return null
  const row = await db.get<{ id: number; user_id: number }>(
    'SELECT id, user_id FROM tokens WHERE token_hash = ? AND revoked_at IS NULL AND expires_at > ?',
    [hashToken(token), now.getTime()],
  )
  return row ? { id: Number(row.user_id), tokenId: Number(row.id) } : null
}
