import { Hono } from 'hono'
import { CertLevelText } from '../../src/lib/constants.ts'
import type { Db } from '../db/legacy.ts'
import { type Env, ok, Query, refuse } from '../legacy-http.ts'

export const userRoutes = new Hono<Env>()

interface PublicUserRow {
  id: number
  nick_name: string
  avatar_url: string
  content: string
  level: number
  is_teacher: number
}

/** What anyone may see of a user: never the phone, balance or certification files. */
function publicUser(r: PublicUserRow) {
  return {
    id: Number(r.id),
    nickName: r.nick_name,
    avatarUrl: r.avatar_url,
    content: r.content,
    level: Number(r.level),
    levelText: CertLevelText[Number(r.level)] ?? '游客',
    isTeacher: Number(r.is_teacher),
  }
}

const PUBLIC_USER_COLUMNS = 'id, nick_name, avatar_url, content, level, is_teacher'

/** Recommended teachers for the home page, those with the most listed courses first. */
export async function teacherRows(db: Db, limit: number) {
  const rows = await db.all<PublicUserRow>(
    `SELECT ${PUBLIC_USER_COLUMNS} FROM users u WHERE is_teacher = 1
     ORDER BY (SELECT COUNT(*) FROM articles a WHERE a.create_id = u.id AND a.status = 30) DESC, id LIMIT ?`,
    [limit],
  )
  return rows.map(publicUser)
}

userRoutes.get('/Users/GetUsers', async (c) => {
  const { db } = c.get('deps')
  const id = new Query(c).id()
  const row = await db.get<PublicUserRow>(`SELECT ${PUBLIC_USER_COLUMNS} FROM users WHERE id = ?`, [id])
  if (!row) throw refuse('用户不存在', 404)
  return ok(c, publicUser(row))
})
