/**
 * /admin/certifications/detail/?id=<userId>: one certification, its scans, and the decision
 * (issue 20): approve, or reject with the reason the applicant is told — confirmed first.
 */
import { type SubmitEvent, useState } from 'react'
import { refusalMessage } from '../../lib/api/admin.ts'
import { certificationsApi } from '../../lib/api/admin-customers.ts'
import { CertStatus } from '../../lib/constants.ts'
import { CERT_REASON_MAX, type CertDecision, checkCertDecision } from '../../lib/rules/certification.ts'
import { toast } from '../../lib/toast.ts'
import { BusyButton } from '../common/BusyButton.tsx'
import { Field, inputClass } from '../common/Field.tsx'
import { useConfirm } from '../common/useConfirm.tsx'
import { detailPage } from './AdminShell.tsx'
import { CertificationView } from './certification-parts.tsx'
import { DetailHeader, DetailLayout } from './detail/DetailLayout.tsx'
import { Section } from './detail/Section.tsx'
import { useLoad } from './kit/useLoad.ts'

const userIdOf = () => Number(new URLSearchParams(location.search).get('id')) || 0

function Decide({ userId, onDone }: { userId: number; onDone: (refusal?: string) => void }) {
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [confirmDialog, confirm] = useConfirm()

  const send = async (decision: CertDecision) => {
    const r = checkCertDecision({ decision, reason })
    if (r.error !== null) return setError(r.error)
    setError(null)
    // A rejection sends the applicant back to the form: asked first.
    if (
      decision === 'reject' &&
      !(await confirm({ title: '驳回认证', text: `确定要驳回该认证吗？用户将收到通知：${r.value.reason}` }))
    )
      return
    setBusy(true)
    try {
      await certificationsApi.decide(userId, r.value)
      toast('success', decision === 'approve' ? '已通过认证' : '已驳回认证')
      setReason('')
      onDone()
    } catch (e) {
      setError(refusalMessage(e))
      // Another reviewer may have decided meanwhile (该认证资料不在审核中): show what is true
      // now, with why this decision was not taken.
      onDone(refusalMessage(e))
    } finally {
      setBusy(false)
    }
  }
  const submit = (e: SubmitEvent) => e.preventDefault()
  return (
    <form onSubmit={submit} className="grid gap-4 rounded-lg bg-white p-5 shadow-sm" noValidate>
      <h2 className="text-base font-semibold">审核</h2>
      <Field id="cert-reason" label="原因 / 备注" error={error} count={reason.length} max={CERT_REASON_MAX}>
        <textarea
          id="cert-reason"
          className={inputClass}
          rows={3}
          maxLength={CERT_REASON_MAX}
          placeholder="驳回时必填，将通知用户"
          value={reason}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'cert-reason-error' : undefined}
          onChange={(e) => setReason(e.target.value)}
        />
      </Field>
      <div className="flex flex-wrap justify-end gap-2">
        <BusyButton type="button" className="btn-outline" busy={busy} onClick={() => send('reject')}>
          驳回
        </BusyButton>
        <BusyButton type="button" className="btn-primary" busy={busy} onClick={() => send('approve')}>
          通过
        </BusyButton>
      </div>
      {confirmDialog}
    </form>
  )
}

function Detail() {
  const [userId] = useState(userIdOf)
  const { data, loading, reload } = useLoad(() => certificationsApi.one(userId), String(userId))
  // A decision the server refused (another reviewer was first), said beside what was decided.
  const [refusal, setRefusal] = useState<string | null>(null)
  if (!userId) return <p className="rounded-lg bg-white p-6 text-slate-600">未指定用户</p>
  if (!data) return <p className="text-slate-500">{loading ? '加载中…' : '用户不存在'}</p>
  return (
    <DetailLayout
      header={
        <DetailHeader
          id="cert-who"
          title={data.nickName || `用户 ${data.userId}`}
          status={
            <span className="font-normal text-slate-500">
              {data.tel} · 编号 {data.userId} ·{' '}
              <a
                className="text-brand-700 hover:underline"
                href={`/admin/customers/detail/?id=${data.userId}`}
              >
                客户资料
              </a>
            </span>
          }
        />
      }
      side={
        data.status === CertStatus.reviewing ? (
          <Decide
            userId={userId}
            onDone={(why) => {
              setRefusal(why ?? null)
              reload()
            }}
          />
        ) : (
          <div className="grid gap-2 rounded-lg bg-white p-5 text-sm text-slate-600">
            {refusal && (
              <p role="alert" className="text-red-600">
                {refusal}
              </p>
            )}
            <p>该认证当前不在审核中（{data.statusText}）。</p>
          </div>
        )
      }
    >
      <Section>
        <CertificationView c={data} scans />
      </Section>
    </DetailLayout>
  )
}

export default detailPage(
  '认证审核',
  'certifications.review',
  { href: '/admin/certifications/', label: '返回认证审核' },
  Detail,
)
