import { sql } from 'kysely'
import { CERT_LEVELS, CertLevelText, CertStatus } from '../../../src/lib/constants.ts'
import { splitList } from '../../../src/lib/format.ts'
import type { CertDecision, CertForm } from '../../../src/lib/rules/certification.ts'
import type { Input } from '../../../src/lib/rules/fields.ts'
import { type Actor, audit } from '../../admin/audit.ts'
import { markChanged } from '../../changes.ts'
import type { Db } from '../../db/index.ts'
import type { Page, Paged } from '../../db/sql.ts'
import { refuse } from '../../http.ts'
import { notify } from '../../notify.ts'
import { dbTime } from '../../time.ts'
import { requireOwnFiles } from '../uploads/ownership.ts'

/** Statuses from which the form may be (re)submitted: the form, no data yet, or rejected. */
const SUBMITTABLE = [CertStatus.form, CertStatus.none, CertStatus.noData]
const BAD_FORM = '认证资料格式不正确'
/** The form's scans, as its fields name them. */
export const CERT_IMAGES = [
  ['ownerImg', '营业执照'],
  ['allowImg', '医疗机构执业许可证'],
  ['codeImg', '法人身份证盖章'],
] as const

/** The form arrives as `ext`, a JSON string (storefront §7) or an object, beside `level`. */
export function certInput(b: Input): Input {
  let form: unknown = b.ext ?? {}
  if (typeof form === 'string') {
    try {
      form = JSON.parse(form || '{}')
    } catch {
      throw refuse(BAD_FORM)
    }
  }
  if (typeof form !== 'object' || form === null || Array.isArray(form)) throw refuse(BAD_FORM)
  return { ...(form as Input), level: b.level ?? (form as { level?: unknown }).level }
}

/** Submits the verification form for review (status 2), or refuses when under review or approved. */
export async function submitCertification(
  db: Db,
  userId: number,
  v: CertForm & { level: number },
  now: Date,
) {
  // Scans are the caller's own, uploaded privately (issue 13): nobody else's, never a public URL.
  await requireOwnFiles(
    db,
    userId,
    CERT_IMAGES.map(([key, label]) => ({ label, paths: splitList(v[key]), image: true, private: true })),
  )
  const form: CertForm = {
    recName: v.recName,
    recTel: v.recTel,
    ownerImg: v.ownerImg,
    allowImg: v.allowImg,
    codeImg: v.codeImg,
    email: v.email,
  }
  // The status check and the change are one statement, so two submits cannot both pass.
  const changed = await db
    .updateTable('users')
    .set({
      cert_ext: JSON.stringify(form),
      level: v.level,
      status: CertStatus.reviewing,
      cert_time: dbTime(now),
    })
    .where('id', '=', userId)
    .where('status', 'in', SUBMITTABLE)
    .executeTakeFirst()
  if (Number(changed.numUpdatedRows) === 0) {
    const row = await db.selectFrom('users').select('status').where('id', '=', userId).executeTakeFirst()
    throw refuse(row?.status === CertStatus.reviewing ? '资料审核中，请勿重复提交' : '已认证')
  }
}

/** The panel's "modify" link (accounts §2): a form under review goes back to editing. */
export async function resetCertification(db: Db, userId: number) {
  // The identity chosen is only a request until approved, so it goes back with the status.
  const changed = await db
    .updateTable('users')
    .set({ status: CertStatus.form, level: 0 })
    .where('id', '=', userId)
    .where('status', '=', CertStatus.reviewing)
    .executeTakeFirst()
  if (Number(changed.numUpdatedRows) === 0) throw refuse('当前没有审核中的认证资料')
}

/** The certification states as the back office names them. */
export const CertStatusText: Record<number, string> = {
  [CertStatus.form]: '未提交',
  [CertStatus.none]: '未提交',
  [CertStatus.reviewing]: '待审核',
  [CertStatus.approved]: '已认证',
  [CertStatus.noData]: '未提交',
}

/** One user's certification as staff see it: who, the state, the submitted form and its scans. */
export interface StaffCertification {
  userId: number
  tel: string
  nickName: string
  realName: string
  status: number
  statusText: string
  level: number
  levelText: string
  /** When it was last submitted for review ('' before this was recorded). */
  submitTime: string
  recName: string
  recTel: string
  email: string
  /** Each scan's field label and stored path; the file comes through the admin scan call only. */
  scans: { label: string; path: string }[]
}

const CERT_COLUMNS = [
  'id',
  'tel',
  'nick_name',
  'real_name',
  'status',
  'level',
  'cert_ext',
  'cert_time',
] as const

type CertRow = {
  id: number
  tel: string | null
  nick_name: string
  real_name: string
  status: number
  level: number
  cert_ext: string
  cert_time: string | null
}

/** The stored form's text fields; an unreadable form reads as empty. */
function storedForm(certExt: string): Record<string, string> {
  let form: unknown = {}
  try {
    form = JSON.parse(certExt || '{}')
  } catch {
    // Written by hand, perhaps: shown empty rather than failing the screen.
  }
  if (typeof form !== 'object' || form === null) return {}
  return Object.fromEntries(
    Object.entries(form).filter((e): e is [string, string] => typeof e[1] === 'string'),
  )
}

/** Who a customer is, as the staff's lists show them: phone, names, certification level and status. */
export const certifiedPerson = (r: {
  tel: string | null
  nick_name: string
  real_name: string
  status: number
  level: number
}) => ({
  tel: r.tel ?? '',
  nickName: r.nick_name,
  realName: r.real_name,
  status: r.status,
  statusText: CertStatusText[r.status] ?? '',
  level: r.level,
  levelText: CertLevelText[r.level] ?? '',
})

function certificationOf(r: CertRow): StaffCertification {
  const form = storedForm(r.cert_ext)
  return {
    userId: r.id,
    ...certifiedPerson(r),
    submitTime: r.cert_time ?? '',
    recName: form.recName ?? '',
    recTel: form.recTel ?? '',
    email: form.email ?? '',
    scans: CERT_IMAGES.flatMap(([key, label]) => splitList(form[key] ?? '').map((path) => ({ label, path }))),
  }
}

/** A user's certification for staff; 404 用户不存在 when there is no such user. */
export async function staffCertification(db: Db, userId: number): Promise<StaffCertification> {
  const r = await db.selectFrom('users').select(CERT_COLUMNS).where('id', '=', userId).executeTakeFirst()
  if (!r) throw refuse('用户不存在', 404)
  return certificationOf(r)
}

/**
 * The review queue: certifications in `status` (2, waiting, unless asked otherwise), the oldest
 * submission first so none waits behind newer ones.
 */
export async function certificationQueue(
  db: Db,
  status: number,
  page: Page,
): Promise<Paged<StaffCertification>> {
  const base = db.selectFrom('users').where('status', '=', status)
  const [count, rows] = await Promise.all([
    base.select(sql<number>`COUNT(*)`.as('n')).executeTakeFirst(),
    base
      .select(CERT_COLUMNS)
      .orderBy(sql`COALESCE(cert_time, '')`, status === CertStatus.reviewing ? 'asc' : 'desc')
      .orderBy('id', 'asc')
      .limit(page.pageSize)
      .offset(page.pageIndex * page.pageSize)
      .execute(),
  ])
  return { ...page, pageTotal: Number(count?.n ?? 0), pageData: rows.map(certificationOf) }
}

/** How many certifications wait for review (the dashboard's count). */
export async function certificationsWaiting(db: Db): Promise<number> {
  const r = await db
    .selectFrom('users')
    .select(sql<number>`COUNT(*)`.as('n'))
    .where('status', '=', CertStatus.reviewing)
    .executeTakeFirst()
  return Number(r?.n ?? 0)
}

/**
 * Whether `path` is one of the scans a user's certification names: staff read scans through their
 * session by this, and only the files the form names — not any private path.
 */
export async function certificationScan(db: Db, userId: number, path: string): Promise<boolean> {
  const c = await staffCertification(db, userId)
  return c.scans.some((s) => s.path === path)
}

/**
 * An operator's decision on a certification under review (status 2), from the back office
 * (POST /api/admin/certifications/{userId}) or `npm run ops -- certify`: approve makes it 3 with
 * the submitted level; reject sends it back to the form (0) with level 0 and needs a reason,
 * which the applicant is told. Either way the applicant gets a notification and the audit log a
 * row, in the decision's transaction. The change is conditional on status 2 (and the level
 * read), so of two operators deciding at once one acts and the other is refused.
 */
export async function decideCertification(
  db: Db,
  actor: Actor,
  userId: number,
  v: { decision: CertDecision; reason: string },
  now: Date,
): Promise<StaffCertification> {
  const { decision, reason } = v
  if (decision === 'reject' && !reason) throw refuse('请填写驳回原因')
  return db.transaction().execute(async (t) => {
    const user = await t
      .selectFrom('users')
      .select(['level', 'status'])
      .where('id', '=', userId)
      .executeTakeFirst()
    if (!user) throw refuse('用户不存在', 404)
    if (user.status !== CertStatus.reviewing) throw refuse(NOT_REVIEWING)
    const identity = CertLevelText[user.level] ?? ''
    if (decision === 'approve' && !(CERT_LEVELS as readonly number[]).includes(user.level))
      throw refuse('该用户未选择认证身份，只能驳回')
    const after =
      decision === 'approve'
        ? { status: CertStatus.approved, level: user.level }
        : { status: CertStatus.form, level: 0 }
    const changed = await t
      .updateTable('users')
      .set(after)
      .where('id', '=', userId)
      .where('status', '=', CertStatus.reviewing)
      .where('level', '=', user.level)
      .executeTakeFirst()
    if (Number(changed.numUpdatedRows) === 0) throw refuse(NOT_REVIEWING)
    if (decision === 'approve') {
      // The identity now shows on their instructor page and in the read cache's author answers.
      await markChanged(t, [`teacher:${userId}`], dbTime(now))
      await notify(
        t,
        userId,
        '认证审核通过',
        `恭喜，您的${identity}认证已审核通过。${reason ? `备注：${reason}` : ''}`,
        now,
      )
    } else
      await notify(
        t,
        userId,
        '认证未通过，请修改资料后重新提交',
        `您提交的${identity}认证资料未通过审核。原因：${reason}`,
        now,
      )
    await audit(t, actor, now, {
      action: `certification.${decision}`,
      target: `user:${userId}`,
      before: { status: user.status, level: user.level },
      after: { ...after, ...(reason ? { reason } : {}) },
    })
    const r = await t
      .selectFrom('users')
      .select(CERT_COLUMNS)
      .where('id', '=', userId)
      .executeTakeFirstOrThrow()
    return certificationOf(r)
  })
}

const NOT_REVIEWING = '该认证资料不在审核中，无需审核'
