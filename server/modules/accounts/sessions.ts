import { createHash, randomBytes } from 'node:crypto'
import type { Db } from '../../db/index.ts'
import type { AuthUser } from '../../http.ts'
import { dbTime } from '../../time.ts'
import { hashPassword, verifyPassword } from './password.ts'
import { ownProfile } from './profile.queries.ts'

export const TOKEN_TTL_MS = 30 * 24 * 3600 * 1000

/** One message for an unknown phone and a wrong password: the answer tells no one who is registered. */
export const BAD_LOGIN = '手机号或密码错误'

/** Only the hash is stored, so a leaked database holds no usable token. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

/** A random 256-bit bearer token for the user, valid for TOKEN_TTL_MS. */
export async function issueToken(db: Db, userId: number, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  await db
    .insertInto('tokens')
    .values({
      user_id: userId,
      token_hash: hashToken(token),
      expires_at: now.getTime() + TOKEN_TTL_MS,
      create_time: dbTime(now),
    })
    .execute()
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
  const row = await db
    .selectFrom('tokens')
    .select(['id', 'user_id'])
    .where('token_hash', '=', hashToken(token))
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now.getTime())
    .executeTakeFirst()
  return row ? { id: row.user_id, tokenId: row.id } : null
}

/** Ends one session (logout). */
export async function revokeToken(db: Db, tokenId: number, now: Date): Promise<void> {
  await db.updateTable('tokens').set({ revoked_at: now.getTime() }).where('id', '=', tokenId).execute()
}

/** A hash to verify against when the phone is unknown, so both failures take the same time. */
let decoyHash: Promise<string> | undefined

/** The user id when `password` is the password of the account of `tel`, else null. */
export async function passwordUser(db: Db, tel: string, password: string): Promise<number | null> {
  const row = await db
    .selectFrom('users')
    .select(['id', 'password_hash'])
    .where('tel', '=', tel)
    .executeTakeFirst()
  // Made the first time an unknown phone tries, so known phones never pay for it.
  if (!row) decoyHash ??= hashPassword('decoy-password')
  const good = await verifyPassword(password, row?.password_hash ?? (await decoyHash))
  return row && good ? row.id : null
}

/** A new session: the login answer of accounts §7, { user, owinToken: { access_token } }. */
export async function signIn(db: Db, userId: number, now: Date) {
  const token = await issueToken(db, userId, now)
  return { user: await ownProfile(db, userId), owinToken: { access_token: token } }
}
