/**
 * 账号认证 (storefront §2/§4/§5, accounts §2 "Certification status panel", §4): status 0 is
 * the verification form; 1 or 4 no data yet; 2 under the administrator's review, with a way
 * back to the form; 3 certified, with the upload features opened.
 */
import { Fragment, type ReactNode, type SubmitEvent, useId, useState } from 'react'
import type { Profile } from '../../lib/api/account.ts'
import { account } from '../../lib/api/browser.ts'
import {
  CertLevel,
  type CertLevelCode,
  CertLevelText,
  CertStatus,
  isCertLevel,
  UPLOAD_HINT_MAX_MB,
} from '../../lib/constants.ts'
import { maskPhone, splitList } from '../../lib/format.ts'
import {
  CERT_CONTACT_MAX,
  CERT_EMAIL_MAX,
  CERT_IMAGES_MAX,
  type CertField,
  checkCertification,
} from '../../lib/rules/certification.ts'
import { toast } from '../../lib/toast.ts'
import { AccountGate } from '../common/AccountGate.tsx'
import { BusyButton } from '../common/BusyButton.tsx'
import { RequiredMark, TextField } from '../common/Field.tsx'
import { FormActions } from '../common/FormActions.tsx'
import { FormError } from '../common/FormError.tsx'
import { useFileSrc } from '../common/file-src.ts'
import { useRefusal } from '../common/form-errors.ts'
import { Uploader } from '../common/Uploader.tsx'
import { useSend } from '../common/useSend.ts'
import { Notice } from './list-parts.tsx'

export function Certification() {
  return <AccountGate>{(me, reload) => <CertificationScreen me={me} reload={reload} />}</AccountGate>
}

type Level = CertLevelCode

/**
 * The identity chosen before 修改认证资料, kept in this browser: the server forgets it with the
 * status (a level of its own would count as certified), and a reload of the form should not.
 */
const levelKey = (userId: number) => `cert-level:${userId}`
function keptLevel(userId: number): Level | null {
  const n = Number(globalThis.localStorage?.getItem(levelKey(userId)))
  return isCertLevel(n) ? n : null
}

function CertificationScreen({ me, reload }: { me: Profile; reload: () => Promise<void> }) {
  // 1 or 4 (no data) offers the form without a status change: submitting is allowed from there.
  const [filling, setFilling] = useState(false)
  const [lastLevel, setLastLevel] = useState<Level | null>(() =>
    isCertLevel(me.level) ? me.level : keptLevel(me.id),
  )
  const { busy, send } = useSend()

  async function modify() {
    await send(async () => {
      if (isCertLevel(me.level)) {
        setLastLevel(me.level)
        globalThis.localStorage?.setItem(levelKey(me.id), String(me.level))
      }
      await account.postUsersBindReset()
      await reload()
    })
  }

  if (me.status === CertStatus.form || filling) {
    return (
      <CertificationForm
        me={me}
        level={isCertLevel(me.level) ? me.level : lastLevel}
        onSubmitted={async () => {
          setFilling(false)
          globalThis.localStorage?.removeItem(levelKey(me.id))
          await reload()
        }}
        onCancel={me.status === CertStatus.form ? undefined : () => setFilling(false)}
      />
    )
  }

  if (me.status === CertStatus.reviewing) {
    return (
      <Notice
        tone="waiting"
        title="资料审核中"
        actions={
          <BusyButton type="button" className="btn-outline" onClick={modify} busy={busy}>
            修改认证资料
          </BusyButton>
        }
      >
        <p>您提交的{CertLevelText[me.level] ?? ''}认证资料正在由管理员审核，审核结果会通过消息中心通知您。</p>
        <Submitted me={me} />
      </Notice>
    )
  }

  if (me.status === CertStatus.approved) {
    return (
      <Notice
        tone="done"
        title="已认证"
        actions={
          <a href="/postcourse" className="btn-primary">
            上传课程
          </a>
        }
      >
        <p>
          认证身份：
          <strong className="font-semibold text-slate-900">{me.levelText || CertLevelText[me.level]}</strong>
        </p>
        <p>已为您开通课程、任务和社区的上传功能。</p>
        <Submitted me={me} />
      </Notice>
    )
  }

  return (
    <Notice
      title="暂无认证数据"
      actions={
        <>
          <button type="button" className="btn-primary" onClick={() => setFilling(true)}>
            填写认证资料
          </button>
          <a href="/invoice" className="btn-outline">
            添加发票信息
          </a>
        </>
      }
    >
      <p>完成机构或医生认证后，可上传课程、任务和社区内容；开具发票前请先添加发票信息。</p>
    </Notice>
  )
}

/** What was sent for review: the contact and the scans, so the user recognises their submission. */
function Submitted({ me }: { me: Profile }) {
  if (!me.recName && !me.recTel) return null
  return (
    <dl className="mx-auto mt-4 inline-grid grid-cols-[auto_auto] gap-x-3 gap-y-1 rounded-md bg-slate-50 px-4 py-3 text-left">
      <dt className="text-slate-500">联系人</dt>
      <dd className="text-slate-800">{me.recName}</dd>
      <dt className="text-slate-500">联系电话</dt>
      <dd className="text-slate-800">{/^1\d{10}$/.test(me.recTel) ? maskPhone(me.recTel) : me.recTel}</dd>
      {IMAGES.map(({ key, label }) =>
        splitList(me[key]).length ? (
          <Fragment key={key}>
            <dt className="text-slate-500">{label}</dt>
            <dd className="flex flex-wrap gap-2">
              {[...new Set(splitList(me[key]))].map((path, i) => (
                <Scan key={path} path={path} alt={`${label} ${i + 1}`} />
              ))}
            </dd>
          </Fragment>
        ) : null,
      )}
    </dl>
  )
}

/** One submitted scan: private, so fetched with the session (issue 13), never from a public URL. */
function Scan({ path, alt }: { path: string; alt: string }) {
  const src = useFileSrc(path)
  return src ? (
    <img src={src} alt={alt} className="h-16 w-16 rounded object-cover ring-1 ring-slate-200" />
  ) : (
    <span role="img" aria-label={alt} className="block h-16 w-16 animate-pulse rounded bg-slate-200" />
  )
}

type Key = CertField

const IDENTITIES: { level: Level; label: string; hint: string }[] = [
  { level: CertLevel.institution, label: '机构', hint: '医院、门诊、诊所等医疗机构' },
  { level: CertLevel.doctor, label: '医生', hint: '持有执业证书的医生' },
]

/** Who to reach about the application, in the form's order; the e-mail is optional. */
const CONTACT: {
  key: 'recName' | 'recTel' | 'email'
  label: string
  type: 'text' | 'tel' | 'email'
  autoComplete: string
  placeholder: string
  max: number
  required: boolean
}[] = [
  {
    key: 'recName',
    label: '联系人',
    type: 'text',
    autoComplete: 'name',
    placeholder: '请填写联系人姓名',
    max: CERT_CONTACT_MAX,
    required: true,
  },
  {
    key: 'recTel',
    label: '联系电话',
    type: 'tel',
    autoComplete: 'tel',
    placeholder: '手机或座机号码',
    max: CERT_CONTACT_MAX,
    required: true,
  },
  {
    key: 'email',
    label: '电子邮箱',
    type: 'email',
    autoComplete: 'email',
    placeholder: '选填，用于接收审核结果',
    max: CERT_EMAIL_MAX,
    required: false,
  },
]

const IMAGES: { key: 'ownerImg' | 'allowImg' | 'codeImg'; label: string }[] = [
  { key: 'ownerImg', label: '营业执照' },
  { key: 'allowImg', label: '医疗机构执业许可证' },
  { key: 'codeImg', label: '法人身份证盖章' },
]

function CertificationForm({
  me,
  level: initialLevel,
  onSubmitted,
  onCancel,
}: {
  me: Profile
  level: Level | null
  onSubmitted: () => Promise<void>
  onCancel?: () => void
}) {
  const uid = useId()
  const id = (k: Key) => `${uid}-${k}`
  const [level, setLevel] = useState<Level | null>(initialLevel)
  const [form, setForm] = useState({
    recName: me.recName ?? '',
    recTel: me.recTel ?? '',
    email: me.email ?? '',
    ownerImg: me.ownerImg ?? '',
    allowImg: me.allowImg ?? '',
    codeImg: me.codeImg ?? '',
  })
  // The rule names the field it refuses: its message shows there and focus moves to it.
  const { refuse, errorOf, clear } = useRefusal(id)
  const { busy, send } = useSend()
  const set = (k: keyof typeof form, v: string) => {
    setForm((f) => ({ ...f, [k]: v }))
    clear(k)
  }

  async function submit(e: SubmitEvent) {
    e.preventDefault()
    const result = checkCertification({ ...form, level: level ?? '' })
    if (result.error !== null) {
      refuse(result.field, result.error)
      // Storefront §5: each message is an error toast; it also stays by its field.
      toast('error', result.error)
      return
    }
    clear()
    await send(async () => {
      const { level: chosen, ...cert } = result.value
      await account.postUsersBind(cert, chosen)
      toast('success', '提交成功')
      await onSubmitted()
    })
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <p className="rounded-md bg-brand-50 px-4 py-3 text-sm leading-6 text-brand-900">
        认证通过后即可上传课程、任务和社区内容。请如实填写，资料仅用于平台审核，上传的证件仅您本人和审核人员可见。
      </p>

      <Row id={id('level')} label="认证身份" required error={errorOf('level')}>
        <div role="radiogroup" aria-labelledby={`${id('level')}-label`} className="grid gap-2 sm:grid-cols-2">
          {IDENTITIES.map((o, i) => (
            <label
              key={o.level}
              className={`flex cursor-pointer items-start gap-3 rounded-md border px-3 py-2.5 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500 ${level === o.level ? 'border-brand-500 bg-brand-50' : errorOf('level') ? 'border-red-400' : 'border-slate-300 hover:border-brand-500'}`}
            >
              <input
                id={i === 0 ? id('level') : undefined}
                type="radio"
                name={`${uid}-level`}
                className="mt-1 h-4 w-4 accent-brand-700"
                checked={level === o.level}
                onChange={() => {
                  setLevel(o.level)
                  clear('level')
                }}
                aria-describedby={errorOf('level') ? `${id('level')}-error` : undefined}
              />
              <span>
                <span
                  className={`block text-sm ${level === o.level ? 'font-semibold text-brand-700' : 'text-slate-800'}`}
                >
                  {o.label}
                </span>
                <span className="block text-xs text-slate-500">{o.hint}</span>
              </span>
            </label>
          ))}
        </div>
      </Row>

      {CONTACT.map((c) => (
        <TextField
          key={c.key}
          id={id(c.key)}
          label={c.label}
          required={c.required}
          error={errorOf(c.key)}
          type={c.type}
          value={form[c.key]}
          maxLength={c.max}
          autoComplete={c.autoComplete}
          placeholder={c.placeholder}
          onValue={(v) => set(c.key, v)}
        />
      ))}

      {IMAGES.map((img) => (
        <Row key={img.key} id={id(img.key)} label={img.label} required error={errorOf(img.key)}>
          <Uploader
            label={img.label}
            value={form[img.key]}
            onChange={(v) => set(img.key, v)}
            limit={CERT_IMAGES_MAX}
            hint={`图片须小于${UPLOAD_HINT_MAX_MB}MB`}
            invalid={errorOf(img.key) !== null}
            private
          />
        </Row>
      ))}

      <FormActions
        busy={busy}
        label="提交认证"
        busyLabel="提交中…"
        onCancel={onCancel}
        className="flex flex-wrap justify-end gap-2 border-t border-slate-100 pt-4 sm:pl-[7.75rem]"
        submitClass="btn-primary min-w-28"
      />
    </form>
  )
}

/**
 * A form row like Field, for controls that are groups (radios, uploaders): its label names
 * the group, and the row itself takes focus when its message shows.
 */
function Row({
  id,
  label,
  required,
  error,
  children,
}: {
  id: string
  label: string
  required?: boolean
  error: string | null
  children: ReactNode
}) {
  return (
    <div className="grid gap-1 sm:grid-cols-[7rem_1fr] sm:items-start sm:gap-3">
      <span id={`${id}-label`} className="pt-2 text-sm text-slate-600 sm:text-right">
        {required && <RequiredMark />}
        {label}
      </span>
      <div id={`${id}-group`} className="min-w-0 sm:pt-0.5">
        {children}
        <FormError id={`${id}-error`} at="field" className="mt-1 empty:hidden" message={error} />
      </div>
    </div>
  )
}
