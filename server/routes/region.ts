import { Hono } from 'hono'
import { type Env, ok, Query, refuse } from '../http.ts'

export const regionRoutes = new Hono<Env>()

/**
 * Streets of a district (accounts §7). District names repeat across China (鼓楼区 is in
 * several cities), so the picker also sends `city` or the district's `code` to pick one.
 */
regionRoutes.get('/Region/GetRegionQueryTitle', async (c) => {
  const { db } = c.get('deps')
  const q = new Query(c)
  const code = q.str('code', '地区编码', 12)
  const title = q.str('title', '区县名称', 30)
  const city = q.str('city', '城市名称', 30)
  if (!code && !title) throw refuse('请选择所在区县')
  let areaCode = code
  if (!areaCode) {
    const area = await db.get<{ code: string }>(
      city
        ? `SELECT a.code FROM regions a JOIN regions ci ON ci.code = a.parent_code
           WHERE a.level = 3 AND a.name = ? AND ci.name = ? ORDER BY a.code LIMIT 1`
        : 'SELECT code FROM regions WHERE level = 3 AND name = ? ORDER BY code LIMIT 1',
      city ? [title ?? '', city] : [title ?? ''],
    )
    areaCode = area?.code
  }
  if (!areaCode) return ok(c, [])
  const rows = await db.all<{ code: string; name: string }>(
    'SELECT code, name FROM regions WHERE parent_code = ? AND level = 4 ORDER BY code',
    [areaCode],
  )
  return ok(
    c,
    rows.map((r) => ({ id: r.code, title: r.name })),
  )
})
