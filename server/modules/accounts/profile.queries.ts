import { sql } from 'kysely'
import { CertLevelText, PAID_ORDER_STATUSES } from '../../../src/lib/constants.ts'
import { maskPhone } from '../../../src/lib/format.ts'
import { sanitizeRichText } from '../../../src/lib/html/sanitize.server.ts'
import { fenToYuan } from '../../../src/lib/money.ts'
import type { CertForm } from '../../../src/lib/rules/certification.ts'
import { discountZhe } from '../../../src/lib/rules/pricing.ts'
import type { ProfileForm } from '../../../src/lib/rules/profile.ts'
import { stars } from '../../../src/lib/rules/stars.ts'
import type { Db } from '../../db/index.ts'
import { inRange, type TimeRange } from '../../db/sql.ts'
import { ApiError } from '../../http.ts'
import { starThresholds } from '../site/site.queries.ts'
import { requireOwnFiles } from '../uploads/ownership.ts'

export const CERT_FIELDS = ['recName', 'recTel', 'ownerImg', 'allowImg', 'codeImg', 'email'] as const

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

/**
 * Everything the signed-in user may see of themselves (Users/GetUsersInfo and login answers):
 * the profile, wallet figures, certification and its form. Never the password hash.
 */
export async function ownProfile(db: Db, userId: number) {
  const [r, thresholds] = await Promise.all([
    db
      .selectFrom('users as u')
      .select([
        'u.id',
        'u.code',
        'u.tel',
        'u.nick_name',
        'u.real_name',
        'u.avatar_url',
        'u.content',
        'u.ext',
        'u.level',
        'u.status',
        'u.cert_ext',
        'u.discount_tenths',
        'u.balance_fen',
        'u.integral_fen',
        'u.income_fen',
      ])
      .select((e) =>
        e
          .case()
          .when(e.exists(e.selectFrom('users as c').select('c.id').whereRef('c.introducer_id', '=', 'u.id')))
          .then(1)
          .else(0)
          .end()
          .as('is_introducer'),
      )
      .where('u.id', '=', userId)
      .executeTakeFirst(),
    starThresholds(db),
  ])
  // A token outliving its user is no session.
  if (!r) throw new ApiError(401, '请登录')
  const integral = fenToYuan(r.integral_fen)
  return {
    id: r.id,
    code: r.code,
    nickName: r.nick_name,
    realName: r.real_name,
    avatarUrl: r.avatar_url,
    tel: r.tel ?? '',
    level: r.level,
    levelText: CertLevelText[r.level] ?? '游客',
    status: r.status,
    // In 折 with one decimal (8.5), from the tenths the orders price with (src/lib/rules/pricing.ts).
    discount: discountZhe(r.discount_tenths),
    content: r.content,
    ext: r.ext,
    balance: fenToYuan(r.balance_fen),
    integral,
    income: fenToYuan(r.income_fen),
    stars: stars(integral, thresholds),
    isIntroducer: r.is_introducer,
    ...certForm(r.cert_ext),
  }
}

/**
 * Saves the profile form (the avatar checked to be the caller's, issue 13). The introduction is shown as HTML (the instructor page), so markup is
 * stored sanitised. Text without '<' can hold no markup and is stored as typed: sanitize-html
 * would write a typed '&' as '&amp;', which the edit dialog and the page's excerpt then show.
 */
export async function updateProfile(db: Db, userId: number, v: ProfileForm): Promise<void> {
  // The avatar is the caller's own upload or a site asset; the one already saved may stay.
  const current = await db
    .selectFrom('users')
    .select('avatar_url')
    .where('id', '=', userId)
    .executeTakeFirst()
  await requireOwnFiles(
    db,
    userId,
    [{ label: '头像', paths: [v.avatarUrl], image: true }],
    [current?.avatar_url ?? ''],
  )
  const content = v.content.includes('<') ? sanitizeRichText(v.content) : v.content
  await db
    .updateTable('users')
    .set({ nick_name: v.nickName, avatar_url: v.avatarUrl, ext: v.ext, content })
    .where('id', '=', userId)
    .execute()
}

/**
 * The introducer's customers (accounts §2 "Customer info"), each with the count and amount of
 * their paid orders created within stime–etime, and the totals over all of them.
 */
export async function introducerCustomers(db: Db, userId: number, range: TimeRange) {
  const rows = await db
    .selectFrom('users as u')
    .leftJoin('orders as o', (j) => {
      const paid = j.onRef('o.user_id', '=', 'u.id').on('o.status', 'in', PAID_ORDER_STATUSES)
      return inRange('o.create_time', range).reduce((on, c) => on.on(c), paid)
    })
    .select(['u.id', 'u.nick_name', 'u.avatar_url', 'u.tel'])
    .select([
      sql<number>`COUNT(o.id)`.as('num'),
      sql<number>`COALESCE(SUM(o.tol_cost_fen), 0)`.as('amount_fen'),
    ])
    .where('u.introducer_id', '=', userId)
    .groupBy(['u.id', 'u.nick_name', 'u.avatar_url', 'u.tel'])
    .orderBy('u.id')
    .execute()
  const list = rows.map((r) => ({
    id: r.id,
    nickName: r.nick_name,
    avatarUrl: r.avatar_url,
    // A customer's phone is theirs: the introducer sees it masked (accounts §2).
    tel: maskPhone(r.tel),
    num: r.num,
    integral: fenToYuan(r.amount_fen),
  }))
  const amountFen = rows.reduce((s, r) => s + r.amount_fen, 0)
  return {
    list,
    lists: {
      customers: rows.length,
      orders: list.reduce((s, r) => s + r.num, 0),
      amount: fenToYuan(amountFen),
    },
  }
}
