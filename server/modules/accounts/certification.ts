import { CertLevel, CertLevelText, CertStatus } from '../../../src/lib/constants.ts'
import { splitList } from '../../../src/lib/format.ts'
import type { CertForm } from '../../../src/lib/rules/certification.ts'
import type { Input } from '../../../src/lib/rules/fields.ts'
import type { Db } from '../../db/index.ts'
import { refuse } from '../../http.ts'
import { notify } from '../fulfilment/fulfilment.queries.ts'
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
export async function submitCertification(db: Db, userId: number, v: CertForm & { level: number }) {
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
    .set({ cert_ext: JSON.stringify(form), level: v.level, status: CertStatus.reviewing })
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

const LEVELS: readonly number[] = [CertLevel.doctor, CertLevel.institution]

/** What an operator's decision did (`done`), or why it did nothing (`refused`). */
export type Decision = { refused: string; done: null } | { refused: null; done: string }

/**
 * An operator's decision on a certification under review (status 2), for `npm run ops -- certify`
 * (accounts §6: no administrator screen yet): approve makes it 3 with the submitted level; reject
 * sends it back to the form (0) with level 0. Either way the user gets a notification.
 */
export async function decideCertification(
  db: Db,
  userId: number,
  decision: 'approve' | 'reject',
  now: Date,
): Promise<Decision> {
  const no = (refused: string): Decision => ({ refused, done: null })
  return db.transaction().execute(async (t): Promise<Decision> => {
    const user = await t
      .selectFrom('users')
      .select(['level', 'status'])
      .where('id', '=', userId)
      .executeTakeFirst()
    if (!user) return no(`用户 ${userId} 不存在`)
    if (user.status !== CertStatus.reviewing) {
      return no(`用户 ${userId} 的认证资料不在审核中（当前状态 ${user.status}），无需审核`)
    }
    const identity = CertLevelText[user.level] ?? ''
    if (decision === 'approve' && !LEVELS.includes(user.level)) {
      return no(`用户 ${userId} 未选择认证身份（level ${user.level}），只能驳回`)
    }
    const [status, title, content] =
      decision === 'approve'
        ? [CertStatus.approved, '认证审核通过', `恭喜，您的${identity}认证已审核通过。`]
        : [CertStatus.form, '认证未通过，请修改资料后重新提交', `您提交的${identity}认证资料未通过审核。`]
    await t
      .updateTable('users')
      .set(decision === 'reject' ? { status, level: 0 } : { status })
      .where('id', '=', userId)
      .execute()
    await notify(t, userId, title, content, now)
    const done = decision === 'approve' ? `用户 ${userId} 已认证为${identity}` : `用户 ${userId} 的认证已驳回`
    return { refused: null, done }
  })
}
