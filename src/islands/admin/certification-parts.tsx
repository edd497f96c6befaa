/** A certification as staff see it: the submitted form and its private scans (issue 20). */
import { type ReactNode, useEffect, useState } from 'react'
import { certificationsApi, type StaffCertification } from '../../lib/api/admin-customers.ts'
import { formatDateTime } from '../../lib/format.ts'

/** One scan, fetched with the staff session and shown from a blob: URL; the full size opens on click. */
function Scan({ userId, label, path }: { userId: number; label: string; path: string }) {
  const [url, setUrl] = useState('')
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    let live = true
    let made = ''
    certificationsApi.scan(userId, path).then(
      (blob) => {
        made = URL.createObjectURL(blob)
        if (live) setUrl(made)
        else URL.revokeObjectURL(made)
      },
      () => live && setFailed(true),
    )
    return () => {
      live = false
      if (made) URL.revokeObjectURL(made)
    }
  }, [userId, path])
  return (
    <figure className="grid gap-1">
      <div className="flex h-48 w-full items-center justify-center overflow-hidden rounded-md border border-slate-200 bg-slate-50">
        {url ? (
          <a href={url} target="_blank" rel="noopener" title={`查看${label}原图`}>
            <img src={url} alt={label} className="max-h-48 object-contain" />
          </a>
        ) : (
          <span className="text-sm text-slate-500">{failed ? '文件不存在' : '加载中…'}</span>
        )}
      </div>
      <figcaption className="text-sm text-slate-600">{label}</figcaption>
    </figure>
  )
}

const Row = ({ label, children }: { label: string; children: ReactNode }) => (
  <div className="grid grid-cols-[6rem_1fr] gap-2 py-1">
    <dt className="text-slate-500">{label}</dt>
    <dd className="min-w-0 break-words text-slate-900">{children || '—'}</dd>
  </div>
)

/**
 * The form and, for staff who review certifications, the scans; others see that they exist.
 * <CertificationView c={cert} scans={may(me, 'certifications.review')} />
 */
export function CertificationView({ c, scans }: { c: StaffCertification; scans: boolean }) {
  return (
    <div className="grid gap-4">
      <dl className="grid gap-x-8 text-sm md:grid-cols-2">
        <Row label="状态">
          <span className={c.status === 2 ? 'font-medium text-amber-700' : ''}>{c.statusText}</span>
        </Row>
        <Row label="认证身份">{c.level ? c.levelText : ''}</Row>
        <Row label="联系人">{c.recName}</Row>
        <Row label="联系电话">{c.recTel}</Row>
        <Row label="邮箱">{c.email}</Row>
        <Row label="提交时间">{formatDateTime(c.submitTime)}</Row>
      </dl>
      {c.scans.length === 0 ? (
        <p className="text-sm text-slate-500">暂无证件扫描件</p>
      ) : scans ? (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {c.scans.map((s) => (
            <Scan key={`${s.label}:${s.path}`} userId={c.userId} label={s.label} path={s.path} />
          ))}
        </div>
      ) : (
        <p className="text-sm text-slate-500">证件扫描件 {c.scans.length} 张（仅认证审核人员可查看）</p>
      )}
    </div>
  )
}
