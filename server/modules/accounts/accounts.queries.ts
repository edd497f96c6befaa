import { randomBytes } from 'node:crypto'
import type { Db } from '../../db/index.ts'
import { dbTime } from '../../time.ts'

export async function userIdByTel(db: Db, tel: string): Promise<number | undefined> {
  return (await db.selectFrom('users').select('id').where('tel', '=', tel).executeTakeFirst())?.id
}

/** A new account with the default nickname 用户 + the phone's last four digits. */
export async function createUser(db: Db, tel: string, passwordHash: string, now: Date): Promise<number> {
  return db.transaction().execute(async (t) => {
    // users.code is U + the zero-padded id, known only after the insert; a random one holds
    // the unique column until then.
    const { id } = await t
      .insertInto('users')
      .values({
        code: `new-${randomBytes(12).toString('hex')}`,
        tel,
        password_hash: passwordHash,
        nick_name: `用户${tel.slice(-4)}`,
        create_time: dbTime(now),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await t
      .updateTable('users')
      .set({ code: `U${String(id).padStart(6, '0')}` })
      .where('id', '=', id)
      .execute()
    return id
  })
}

export async function passwordHashOf(db: Db, userId: number): Promise<string | null | undefined> {
  return (await db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirst())
    ?.password_hash
}

/** Sets a new password and ends every session, this one included. */
export async function setPassword(db: Db, userId: number, passwordHash: string, now: Date): Promise<void> {
  await db.transaction().execute(async (t) => {
    await t.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute()
    // Whoever knew the old password is signed out too.
    await t
      .updateTable('tokens')
      .set({ revoked_at: now.getTime() })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .execute()
  })
}

export async function telOf(db: Db, userId: number): Promise<string | null | undefined> {
  return (await db.selectFrom('users').select('tel').where('id', '=', userId).executeTakeFirst())?.tel
}
