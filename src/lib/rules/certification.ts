import { type CertLevelCode, CertStatus, isCertLevel } from '../constants.ts'
import {
  type Check,
  type Checked,
  checked,
  filled,
  firstError,
  type Input,
  isEmail,
  isFilePath,
  len,
  list,
  text,
} from './fields.ts'
import { isImagePath, isOurFile } from './files.ts'

/**
 * The identity a user holds: their level, except while a certification is under review (status 2),
 * when the level is the one asked for and nobody has looked at the papers yet. heldLevel({ level:
 * 20, status: 2 }) → 0. (The spec's gate reads the level; the server writes the chosen one at submit.)
 */
export const heldLevel = (u: { level: number; status: number }) =>
  u.status === CertStatus.reviewing ? 0 : u.level

/** The verification form (storefront §3), kept as JSON in the user's cert_ext. */
export interface CertForm {
  recName: string
  recTel: string
  ownerImg: string
  allowImg: string
  codeImg: string
  email: string
}

export type CertField = 'level' | keyof CertForm

export const CERT_IMAGES_MAX = 3
/** Contact name and phone: at most this many characters. */
export const CERT_CONTACT_MAX = 20
export const CERT_EMAIL_MAX = 50

/** An image field: chosen, at most 3 files, each a stored path. */
const images = (field: CertField, paths: string[], label: string): Check<CertField>[] => [
  [field, paths.length === 0, `请选择${label}`],
  [field, paths.length > CERT_IMAGES_MAX, `${label}最多${CERT_IMAGES_MAX}张`],
  [field, !paths.every(isFilePath), `${label}的文件地址不正确`],
  // Scans are shown only to their owner and the operator: images of ours, not from another site.
  [field, !paths.every((p) => isOurFile(p) && isImagePath(p)), `${label}须为本站上传的图片`],
]

/**
 * Verification submit (storefront §5): identity (CERT_LEVELS: 10 doctor, 20 institution), contact,
 * phone, then the three licence images, in that order. `input` is the form plus `level`.
 */
export function checkCertification(input: Input): Checked<CertForm & { level: CertLevelCode }, CertField> {
  const level = Number(text(input, 'level'))
  const owner = list(input, 'ownerImg')
  const allow = list(input, 'allowImg')
  const code = list(input, 'codeImg')
  const v = {
    level: level as CertLevelCode,
    recName: text(input, 'recName'),
    recTel: text(input, 'recTel'),
    ownerImg: owner.join(','),
    allowImg: allow.join(','),
    codeImg: code.join(','),
    email: text(input, 'email'),
  }
  return checked(
    firstError([
      ['level', !isCertLevel(level), '请选择认证身份'],
      ...filled('recName', v.recName, '联系人', CERT_CONTACT_MAX),
      ...filled('recTel', v.recTel, '联系电话', CERT_CONTACT_MAX),
      ...images('ownerImg', owner, '营业执照'),
      ...images('allowImg', allow, '医疗机构执业许可证'),
      ...images('codeImg', code, '法人身份证盖章'),
      ['email', len(v.email) > CERT_EMAIL_MAX || (v.email !== '' && !isEmail(v.email)), '邮箱格式不正确'],
    ]),
    v,
  )
}

export const CERT_REASON_MAX = 100
export type CertDecision = 'approve' | 'reject'

/**
 * An operator's decision on a certification under review (issue 20): approve, or reject with a
 * reason the applicant is told (请填写驳回原因). The review screen and
 * POST /api/admin/certifications/{userId} both use it; `npm run ops -- certify` too.
 * checkCertDecision({ decision: 'reject', reason: '执照模糊' }) → { decision: 'reject', reason: '执照模糊' }
 */
export function checkCertDecision(
  input: Input,
): Checked<{ decision: CertDecision; reason: string }, 'decision' | 'reason'> {
  const decision = text(input, 'decision')
  const reason = text(input, 'reason')
  return checked(
    firstError<'decision' | 'reason'>([
      ['decision', decision !== 'approve' && decision !== 'reject', '请选择审核结果'],
      ['reason', decision === 'reject' && !reason, '请填写驳回原因'],
      ['reason', len(reason) > CERT_REASON_MAX, `原因不能超过${CERT_REASON_MAX}个字`],
    ]),
    { decision: decision as CertDecision, reason },
  )
}
