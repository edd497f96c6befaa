import { CertLevel } from '../constants.ts'
import {
  type Checked,
  checked,
  filled,
  firstError,
  type Input,
  isFilePath,
  len,
  list,
  text,
} from './fields.ts'

/** The verification form (storefront §3), kept as JSON in the user's cert_ext. */
export interface CertForm {
  recName: string
  recTel: string
  ownerImg: string
  allowImg: string
  codeImg: string
  email: string
}

export const CERT_IMAGES_MAX = 3
const LEVELS: readonly number[] = [CertLevel.doctor, CertLevel.institution]

/** An image field: chosen, at most 3 files, each a stored path. */
const images = (paths: string[], label: string) =>
  [
    [paths.length === 0, `请选择${label}`],
    [paths.length > CERT_IMAGES_MAX, `${label}最多${CERT_IMAGES_MAX}张`],
    [!paths.every(isFilePath), `${label}的文件地址不正确`],
  ] as const

/**
 * Verification submit (storefront §5): identity (level 10 doctor, 20 institution), contact,
 * phone, then the three licence images, in that order. `input` is the form plus `level`.
 */
export function checkCertification(input: Input): Checked<CertForm & { level: 10 | 20 }> {
  const level = Number(text(input, 'level'))
  const owner = list(input, 'ownerImg')
  const allow = list(input, 'allowImg')
  const code = list(input, 'codeImg')
  const v = {
    level: level as 10 | 20,
    recName: text(input, 'recName'),
    recTel: text(input, 'recTel'),
    ownerImg: owner.join(','),
    allowImg: allow.join(','),
    codeImg: code.join(','),
    email: text(input, 'email'),
  }
  return checked(
    firstError([
      [!LEVELS.includes(level), '请选择认证身份'],
      ...filled(v.recName, '联系人', 20),
      ...filled(v.recTel, '联系电话', 20),
      ...images(owner, '营业执照'),
      ...images(allow, '医疗机构执业许可证'),
      ...images(code, '法人身份证盖章'),
      [
        len(v.email) > 50 || (v.email !== '' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.email)),
        '邮箱格式不正确',
      ],
    ]),
    v,
  )
}
