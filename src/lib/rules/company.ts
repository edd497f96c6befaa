/**
 * The company facts marketing edits in the back office (issue 21, tab 公司信息): phones, the
 * address, offices, contacts, the ICP number, the about page's texts and the footer's two QR
 * codes. One schema: the form checks with it before saving, PUT /api/admin/site/company checks
 * with it authoritatively, the public read (GetUsersConfigs' `company`) answers its shape, and
 * the build renders from it. The defaults are src/lib/site.ts's `companyDefaults`.
 *
 * What stays in code (src/lib/site.ts `site`): the brand and legal names, the founding year and
 * the corporate transfer account — legal or finance facts, not marketing's to change.
 */
import { z } from 'zod'
import { companyDefaults } from '../site.ts'
import { type Checked, type Input, isEmail, isLinkTarget, LINK_TARGET } from './fields.ts'
import { isPublicUpload } from './files.ts'
import { COMPANY_TEL_MAX, isCompanyTel } from './phone.ts'

// In the browser (the back office's form), before any schema is made: zod compiles parsers with
// `new Function` and probes for it, which the site's Content-Security-Policy (no 'unsafe-eval')
// reports as a violation. The server keeps the compiled parsers.
if (typeof window !== 'undefined') z.config({ jitless: true })

/** A required text: 请填写{label}, {label}不能超过{max}个字 (the wording of rules/fields.ts `filled`). */
const filled = (label: string, max: number) =>
  z
    .string({ error: `请填写${label}` })
    .trim()
    .min(1, `请填写${label}`)
    .max(max, `${label}不能超过${max}个字`)

/** A mainland mobile, a landline with its area code, or a 400/800 number (rules/phone.ts). */
const tel = (label: string) =>
  filled(label, COMPANY_TEL_MAX).refine(
    isCompanyTel,
    `${label}格式不正确，应为手机号、座机（如0512-62886688）或400号码`,
  )

/** A footer QR code: an uploaded image of the code, or else a code the build draws of `link`. */
const qr = (label: string) =>
  z
    .object({
      link: z
        .string()
        .trim()
        .max(300, `${label}链接不能超过300个字符`)
        .refine((s) => s === '' || isLinkTarget(s), `${label}${LINK_TARGET}`),
      image: z
        .string()
        .trim()
        .refine((s) => s === '' || isPublicUpload(s), `请重新上传${label}二维码图片`),
    })
    .refine((q) => q.link !== '' || q.image !== '', `请填写${label}链接或上传二维码图片`)

/** ICP filing numbers as the MIIT issues them: 苏ICP备20001234号, optionally -1 for the site. */
export const ICP_PATTERN = /^[\u4e00-\u9fa5]ICP备\d{6,12}号(-\d{1,3})?$/

/** The longest texts, for the form's counters too. */
export const COMPANY_TEXT_MAX = { slogan: 40, description: 200, address: 100, paragraph: 300, lineText: 100 }
export const CONTACTS_MAX = 10
export const OFFICES_MAX = 10
export const INTRO_MAX = 6
export const PRODUCT_LINES_MAX = 8

export const CompanySchema = z.object({
  slogan: filled('口号', COMPANY_TEXT_MAX.slogan),
  description: filled('网站简介', COMPANY_TEXT_MAX.description),
  hotline: tel('服务热线'),
  /** The head office's address in parts (schema.org PostalAddress); fullAddress() joins them. */
  postal: z.object({
    region: filled('省份', 20),
    locality: filled('城市', 20),
    street: filled('详细地址', COMPANY_TEXT_MAX.address),
  }),
  offices: z
    .array(
      z.object({ name: filled('办事处名称', 20), address: filled('办事处地址', COMPANY_TEXT_MAX.address) }),
    )
    .max(OFFICES_MAX, `办事处不能超过${OFFICES_MAX}个`),
  /** The first contact is the 业务经理 the transfer payment page names. */
  contacts: z
    .array(
      z.object({
        name: filled('联系人姓名', 20),
        role: filled('负责事项', 20),
        phone: tel('联系电话'),
        email: filled('邮箱', 50).refine(isEmail, '邮箱格式不正确'),
      }),
    )
    .min(1, '请至少填写一位联系人')
    .max(CONTACTS_MAX, `联系人不能超过${CONTACTS_MAX}位`),
  icp: filled('ICP备案号', 30).refine(
    (s) => ICP_PATTERN.test(s),
    'ICP备案号格式不正确，如：苏ICP备20001234号-1',
  ),
  qr: z.object({ app: qr('下载APP'), mp: qr('关注公众号') }),
  about: z.object({
    intro: z
      .array(filled('公司简介', COMPANY_TEXT_MAX.paragraph))
      .min(1, '请填写公司简介')
      .max(INTRO_MAX, `公司简介不能超过${INTRO_MAX}段`),
    productLines: z
      .array(
        z.object({ title: filled('产品线名称', 20), text: filled('产品线说明', COMPANY_TEXT_MAX.lineText) }),
      )
      .min(1, '请至少填写一条主营产品')
      .max(PRODUCT_LINES_MAX, `主营产品不能超过${PRODUCT_LINES_MAX}条`),
  }),
})

export type CompanyFacts = z.output<typeof CompanySchema>

// The defaults live with the site's other facts (src/lib/site.ts, below the rules); held to the schema here.
const defaults: CompanyFacts = companyDefaults

/** How a list's items are named in a message: 第2位联系人：请填写联系电话. */
const ITEM_NAMES: Record<string, (n: number) => string> = {
  offices: (n) => `第${n}个办事处`,
  contacts: (n) => `第${n}位联系人`,
  intro: (n) => `第${n}段公司简介`,
  productLines: (n) => `第${n}条主营产品`,
}

/**
 * The facts as typed, checked: the first problem's message (naming the list item it is in) and
 * its field as a dotted path ('contacts.1.phone'), or the trimmed facts.
 * checkCompany({ ...facts, hotline: '12345' }) → { field: 'hotline', error: '服务热线格式不正确，…' }
 */
export function checkCompany(input: Input): Checked<CompanyFacts> {
  const r = CompanySchema.safeParse(input)
  if (r.success) return { error: null, field: null, value: r.data }
  const issue = r.error.issues[0]
  const path = issue?.path.map(String) ?? []
  const at = path.findIndex((p, i) => i > 0 && /^\d+$/.test(p) && ITEM_NAMES[path[i - 1] as string])
  const item = at > 0 ? ITEM_NAMES[path[at - 1] as string]?.(Number(path[at]) + 1) : undefined
  // Zod's own words (a wrong type, a missing object) are not for people: say the form is wrong.
  const message = issue && /[\u4e00-\u9fff]/.test(issue.message) ? issue.message : '公司信息格式不正确'
  return {
    error: item ? `${item}：${message}` : message,
    field: path.join('.'),
    value: null,
  }
}

/**
 * The stored facts, read leniently: a row written before a field existed gets that field's
 * default; a row that no longer passes the schema (changed by hand) gives the defaults, so the
 * site still builds. readCompany(undefined) → companyDefaults
 */
export function readCompany(stored: string | undefined): CompanyFacts {
  if (!stored) return defaults
  try {
    const r = CompanySchema.safeParse({ ...defaults, ...JSON.parse(stored) })
    return r.success ? r.data : defaults
  } catch {
    return defaults
  }
}
