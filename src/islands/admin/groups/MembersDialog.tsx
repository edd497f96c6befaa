/**
 * A customer group's members (issue 40): who is in it (phone, nickname, since when), each
 * removable, and 按手机号添加 — phones pasted or a CSV file read into the box, one a line — with
 * each phone's result listed after (已加入, 已在组内, 未找到该手机号的客户, 手机号格式不正确): an
 * unknown phone is reported, the others are added all the same.
 */
import { type ChangeEvent, useEffect, useState } from 'react'
import { refusalMessage } from '../../../lib/api/admin.ts'
import { type AdminGroupDetail, groupsApi, type PhoneResult } from '../../../lib/api/admin-groups.ts'
import { toast } from '../../../lib/toast.ts'
import { Dialog } from '../../common/Dialog.tsx'
import { FieldControl } from '../form/FieldControl.tsx'

export function MembersDialog({ id, close }: { id: number; close: () => void }) {
  const [group, setGroup] = useState<AdminGroupDetail | null>(null)
  const [csv, setCsv] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [results, setResults] = useState<PhoneResult[] | null>(null)
  const [busy, setBusy] = useState(false)
  const load = () => groupsApi.group(id).then(setGroup, (e) => setError(refusalMessage(e)))
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once per group.
  useEffect(() => {
    load()
  }, [id])

  const readFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0]
    if (file) setCsv(await file.text())
  }
  const add = async () => {
    if (!csv.trim()) return setError('请粘贴或上传手机号（每行一个）')
    setBusy(true)
    setError(null)
    try {
      const r = await groupsApi.addPhones(id, csv)
      setResults(r.results)
      toast('success', `已加入 ${r.added} 位客户`)
      setCsv('')
      await load()
    } catch (err) {
      setError(refusalMessage(err))
    } finally {
      setBusy(false)
    }
  }
  const remove = async (userId: number) => {
    if (!group) return
    try {
      await groupsApi.setMembers(
        id,
        group.members.map((m) => m.userId).filter((u) => u !== userId),
      )
      toast('success', '已移出客户组')
      await load()
    } catch (err) {
      toast('error', refusalMessage(err))
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(o) => !o && close()}
      title={`客户组成员：${group?.name ?? ''}`}
      width="max-w-2xl"
    >
      <div className="grid gap-4">
        <section aria-labelledby="add-phones">
          <h3 id="add-phones" className="mb-2 text-sm font-medium text-slate-700">
            按手机号添加
          </h3>
          <FieldControl
            id="group-phones"
            label="手机号"
            rows={5}
            value={csv}
            onChange={(v) => {
              setCsv(v)
              setError(null)
            }}
            error={error}
            hint="每行一个，可直接粘贴 CSV（第一列为手机号，可带表头）；未找到的手机号会逐个列出，不影响其余"
          />
          <div className="mt-2 flex flex-wrap items-center gap-3 sm:pl-[7.75rem]">
            <label className="btn-secondary cursor-pointer px-3 py-1.5 text-sm">
              选择 CSV 文件
              <input
                type="file"
                accept=".csv,.txt,text/csv,text/plain"
                className="sr-only"
                onChange={readFile}
              />
            </label>
            <button type="button" className="btn-primary px-4 py-1.5 text-sm" disabled={busy} onClick={add}>
              加入客户组
            </button>
          </div>
          {results && (
            <ul className="mt-3 grid gap-1 text-sm" aria-label="导入结果" data-phone-results>
              {results.map((r) => (
                <li
                  key={r.phone}
                  className="flex flex-wrap justify-between gap-2 rounded bg-slate-50 px-2 py-1"
                >
                  <span className="tabular-nums">
                    {r.phone}
                    {r.nickName && <span className="ml-2 text-slate-500">{r.nickName}</span>}
                  </span>
                  <span
                    className={
                      r.result === 'added'
                        ? 'text-emerald-700'
                        : r.result === 'already'
                          ? 'text-slate-600'
                          : 'text-red-700'
                    }
                  >
                    {r.text}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="members-now">
          <h3 id="members-now" className="mb-2 text-sm font-medium text-slate-700">
            现有成员（{group?.members.length ?? 0}）
          </h3>
          <div className="max-h-72 overflow-auto rounded border border-slate-200">
            <table className="w-full text-sm">
              <caption className="sr-only">客户组成员</caption>
              <thead className="bg-slate-50 text-left text-slate-600">
                <tr>
                  <th className="px-2 py-1.5 font-normal">手机号</th>
                  <th className="px-2 py-1.5 font-normal">昵称</th>
                  <th className="hidden px-2 py-1.5 font-normal sm:table-cell">加入时间</th>
                  <th className="px-2 py-1.5 font-normal">
                    <span className="sr-only">操作</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {group?.members.map((m) => (
                  <tr key={m.userId} className="border-t border-slate-100">
                    <td className="px-2 py-1.5 tabular-nums">{m.phone}</td>
                    <td className="break-all px-2 py-1.5">{m.nickName}</td>
                    <td className="hidden px-2 py-1.5 text-xs text-slate-500 sm:table-cell">
                      {m.joinTime.slice(0, 16)}
                    </td>
                    <td className="px-2 py-1.5 text-right">
                      <button
                        type="button"
                        className="text-red-700 hover:underline"
                        aria-label={`移出 ${m.phone}`}
                        onClick={() => remove(m.userId)}
                      >
                        移出
                      </button>
                    </td>
                  </tr>
                ))}
                {group && group.members.length === 0 && (
                  <tr>
                    <td colSpan={4} className="px-2 py-3 text-center text-slate-500">
                      还没有成员
                    </td>
                  </tr>
                )}
              </tbody>
            </table>
          </div>
        </section>
      </div>
    </Dialog>
  )
}
