import { Hono } from 'hono'
import { CertLevelText, CertStatus } from '../../src/lib/constants.ts'
import { maskPhone } from '../../src/lib/format.ts'
import { fenToYuan } from '../../src/lib/money.ts'
import { type CertForm, checkCertification } from '../../src/lib/rules/certification.ts'
import { checkProfile } from '../../src/lib/rules/profile.ts'
import { DEFAULT_STAR_THRESHOLDS, stars } from '../../src/lib/rules/stars.ts'
import type { Db, Param } from '../db/legacy.ts'
import { ApiError, body, type Env, ok, Query, refuse, requireUser, timeRange, valid } from '../legacy-http.ts'
import { PAID_ORDER_STATUSES } from './orders.ts'

export const profileRoutes = new Hono<Env>()

interface OwnRow {
  id: number
  code: string
  tel: string | null
  nick_name: string
  real_name: string
  avatar_url: string
  content: string
  ext: string
  level: number
  status: number
  cert_ext: string
  discount: number
  balance_fen: number
  integral_fen: number
  income_fen: number
  is_introducer: number
}

const CERT_FIELDS = ['recName', 'recTel', 'ownerImg', 'allowImg', 'codeImg', 'email'] as const

/** The stored verification form; an empty or foreign value reads as an empty form. */
function certForm(stored: string): CertForm {
  let parsed: Record<string, unknown> = {}
  try {
    const v: unknown = JSON.parse(stored || '{}')
    if (typeof v === 'object' && v !== null) parsed = v as Record<string, unknown>
  } catch {
    // Written by hand by an operator, perhaps: show the form empty rather than fail the profile.
  }
  const form = {} as CertForm
  for (const k of CERT_FIELDS) form[k] = typeof parsed[k] === 'string' ? parsed[k] : ''
  return form
}

/** Star thresholds from the 'levels' configuration (storefront §6), or the spec's defaults. */
async function starThresholds(db: Db): Promise<readonly number[]> {
  const row = await db.get<{ value: string }>('SELECT value FROM configs WHERE ckey = ?', ['levels'])
  try {
    const list = (JSON.parse(row?.value ?? 'null') as { stars?: unknown } | null)?.stars
    if (Array.isArray(list) && list.every((n) => typeof n === 'number')) return list
  } catch {
    // A malformed configuration falls back to the spec's thresholds.
  }
  return DEFAULT_STAR_THRESHOLDS
}

/**
 * Everything the signed-in user may see of themselves (Users/GetUsersInfo and login answers):
 * the profile, wallet figures, certification and its form. Never the password hash.
 */
export async function ownProfile(db: Db, userId: number) {
  const [r, thresholds] = await Promise.all([
    db.get<OwnRow>(
      `SELECT u.id, u.code, u.tel, u.nick_name, u.real_name, u.avatar_url, u.content, u.ext, u.level, u.status,
         u.cert_ext, u.discount, u.balance_fen, u.integral_fen, u.income_fen,
         CASE WHEN EXISTS (SELECT 1 FROM users c WHERE c.introducer_id = u.id) THEN 1 ELSE 0 END AS is_introducer
       FROM users u WHERE u.id = ?`,
      [userId],
    ),
    starThresholds(db),
  ])
  // A token outliving its user is no session.
  if (!r) throw new ApiError(401, '请登录')
  const integral = fenToYuan(Number(r.integral_fen))
  return {
    id: Number(r.id),
    code: r.code,
    nickName: r.nick_name,
    realName: r.real_name,
    avatarUrl: r.avatar_url,
    tel: r.tel ?? '',
    level: Number(r.level),
    levelText: CertLevelText[Number(r.level)] ?? '游客',
    /** Certification status (accounts §4): 0 form, 1/4 no data, 2 under review, 3 approved. */
    status: Number(r.status),
    discount: Number(r.discount),
    content: r.content,
    ext: r.ext,
    balance: fenToYuan(Number(r.balance_fen)),
    /** Cumulative spending in yuan (shown as expenditure). */
    integral,
    income: fenToYuan(Number(r.income_fen)),
    stars: stars(integral, thresholds),
    isIntroducer: Number(r.is_introducer),
    ...certForm(r.cert_ext),
  }
}
export type OwnProfile = Awaited<ReturnType<typeof ownProfile>>

profileRoutes.get('/Users/GetUsersInfo', async (c) => {
  const { db } = c.get('deps')
  return ok(c, await ownProfile(db, requireUser(c).id))
})

profileRoutes.post('/Users/PostUsersInfo', async (c) => {
  const { db } = c.get('deps')
  const user = requireUser(c)
  const v = valid(checkProfile(await body(c)))
  await db.run('UPDATE users SET nick_name = ?, avatar_url = ?, ext = ?, content = ? WHERE id = ?', [
    v.nickName,
    v.avatarUrl,
    v.ext,
    v.content,
    user.id,
  ])
  return ok(c, '修改成功')
})

/** Statuses from which the form may be (re)submitted: the form, no data yet, or rejected. */
const SUBMITTABLE = [CertStatus.form, CertStatus.none, CertStatus.noData]

/** The form arrives as `ext`, a JSON string (storefront §7) or an object, beside `level`. */
function certInput(b: Record<string, unknown>): Record<string, unknown> {
  let form: unknown = b.ext ?? {}
  if (typeof form === 'string') {
    try {
      form = JSON.parse(form || '{}')
    } catch {
      throw refuse('认证资料格式不正确')
    }
  }
  if (typeof form !== 'object' || form === null || Array.isArray(form)) throw refuse('认证资料格式不正确')
  return { ...(form as Record<string, unknown>), level: b.level ?? (form as { level?: unknown }).level }
}

profileRoutes.post('/Users/PostUsersBind', async (c) => {
  const { db } = c.get('deps')
  const user = requireUser(c)
  const v = valid(checkCertification(certInput(await body(c))))
  const form: CertForm = {
    recName: v.recName,
    recTel: v.recTel,
    ownerImg: v.ownerImg,
    allowImg: v.allowImg,
    codeImg: v.codeImg,
    email: v.email,
  }
  // The status check and the change are one statement, so two submits cannot both pass.
  const changed = await db.run(
    `UPDATE users SET cert_ext = ?, level = ?, status = ? WHERE id = ? AND status IN (${SUBMITTABLE.join(', ')})`,
    [JSON.stringify(form), v.level, CertStatus.reviewing, user.id],
  )
  if (changed === 0) {
    const row = await db.get<{ status: number }>('SELECT status FROM users WHERE id = ?', [user.id])
    throw refuse(Number(row?.status) === CertStatus.reviewing ? '资料审核中，请勿重复提交' : '已认证')
  }
  return ok(c, '提交成功')
})

/** The panel's "modify" link (accounts §2): a form under review goes back to editing. */
profileRoutes.post('/Users/PostUsersBindReset', async (c) => {
  const { db } = c.get('deps')
  const user = requireUser(c)
  // The identity chosen is only a request until approved, so it goes back with the status.
  const changed = await db.run('UPDATE users SET status = ?, level = 0 WHERE id = ? AND status = ?', [
    CertStatus.form,
    user.id,
    CertStatus.reviewing,
  ])
  if (changed === 0) throw refuse('当前没有审核中的认证资料')
  return ok(c, '已撤回，请修改资料后重新提交')
})

interface CustomerRow {
  id: number
  nick_name: string
  avatar_url: string
  tel: string | null
  num: number
  amount_fen: number
}

/**
 * The introducer's customers (accounts §2 "Customer info"), each with the count and amount of
 * their paid orders created within stime–etime, and the totals over all of them.
 */
profileRoutes.get('/Users/GetUsersIntroducer', async (c) => {
  const { db } = c.get('deps')
  const user = requireUser(c)
  const q = new Query(c)
  const range = [`o.status IN (${PAID_ORDER_STATUSES.join(', ')})`]
  const params: Param[] = []
  timeRange(q, 'o.create_time', range, params)
  const rows = await db.all<CustomerRow>(
    `SELECT u.id, u.nick_name, u.avatar_url, u.tel, COUNT(o.id) AS num, COALESCE(SUM(o.tol_cost_fen), 0) AS amount_fen
     FROM users u LEFT JOIN orders o ON o.user_id = u.id AND ${range.join(' AND ')}
     WHERE u.introducer_id = ?
     GROUP BY u.id, u.nick_name, u.avatar_url, u.tel ORDER BY u.id`,
    [...params, user.id],
  )
  const list = rows.map((r) => ({
    id: Number(r.id),
    nickName: r.nick_name,
    avatarUrl: r.avatar_url,
    // A customer's phone is theirs: the introducer sees it masked (accounts §2).
    tel: maskPhone(r.tel),
    num: Number(r.num),
    integral: fenToYuan(Number(r.amount_fen)),
  }))
  const amountFen = rows.reduce((s, r) => s + Number(r.amount_fen), 0)
  return ok(c, {
    list,
    lists: {
      customers: rows.length,
      orders: rows.reduce((s, r) => s + Number(r.num), 0),
      amount: fenToYuan(amountFen),
    },
  })
})
