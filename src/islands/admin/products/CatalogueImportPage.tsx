/**
 * /admin/products/import/: 导入导出 (issue 40). Export the catalogue as CSV or XLSX (one row per
 * SKU), change prices, stock or titles in Excel, and import the file back: 预览 lists each row's
 * result (what it changes, or why it is refused), then 导入 applies only the good rows in one
 * audited batch. Stock is set in bulk the same way, with the reason the stock book records.
 */
import { type FormEvent, useState } from 'react'
import { catalogApi } from '../../../lib/api/admin-catalog.ts'
import { STOCK_REASON_MAX } from '../../../lib/rules/stock.ts'
import { toast } from '../../../lib/toast.ts'
import { adminPage } from '../AdminShell.tsx'
import { Section } from '../detail/Section.tsx'
import { controlClass, Labeled } from '../form/Labeled.tsx'
import { stockHistoryHref } from '../kit/hrefs.ts'
import { RowResults } from '../kit/RowResults.tsx'
import { saveFile, today } from '../kit/save-file.ts'

type Answer = Awaited<ReturnType<typeof catalogApi.importCatalogue>>
type Format = 'csv' | 'xlsx'

/** The file as the import call takes it: CSV as text, XLSX as base64. */
async function fileBody(file: File): Promise<{ format: Format; file: string }> {
  if (!/\.xlsx$/i.test(file.name)) return { format: 'csv', file: await file.text() }
  const bytes = new Uint8Array(await file.arrayBuffer())
  let binary = ''
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return { format: 'xlsx', file: btoa(binary) }
}

function Results({ answer }: { answer: Answer }) {
  const rows = [...answer.rows].sort((a, b) => Number(a.ok) - Number(b.ok) || a.row - b.row)
  return (
    <RowResults
      caption="每行的导入结果"
      nameHeader="规格编号"
      rows={rows.map((r) => ({
        row: r.row,
        ok: r.ok,
        name:
          r.skuId && r.ok ? (
            <a className="text-brand-700 hover:underline" href={stockHistoryHref(r.skuId)}>
              {r.skuId}
            </a>
          ) : (
            (r.skuId ?? '—')
          ),
        text: r.ok && r.changes.length ? r.changes.join('；') : r.message,
        state: r.ok ? (r.changes.length ? 'change' : 'same') : 'failed',
      }))}
    />
  )
}

function CatalogueImport() {
  const [file, setFile] = useState<File | null>(null)
  const [reason, setReason] = useState('')
  const [busy, setBusy] = useState(false)
  const [answer, setAnswer] = useState<Answer | null>(null)

  const download = async (format: Format) => {
    try {
      saveFile(await catalogApi.exportCatalogue(format), `products-${today()}.${format}`)
    } catch {
      // Refused: the client has toasted why.
    }
  }
  const send = async (apply: boolean) => {
    if (!file) return toast('error', '请选择要导入的文件')
    setBusy(true)
    try {
      const r = await catalogApi.importCatalogue({ ...(await fileBody(file)), apply, reason: reason.trim() })
      setAnswer(r)
      if (apply)
        toast(r.bad ? 'error' : 'success', `已导入 ${r.good} 行${r.bad ? `，${r.bad} 行有错误未导入` : ''}`)
    } catch {
      // Refused as a whole (not the file's format, no 规格编号 column): the client has toasted why.
    } finally {
      setBusy(false)
    }
  }
  const preview = (e: FormEvent) => {
    e.preventDefault()
    void send(false)
  }

  return (
    <div className="grid gap-4">
      <Section id="catalogue-export" title="导出商品">
        <p className="text-sm text-slate-700">
          每个规格一行：商品编号、规格编号、商品名称、规格名称、价格（元）、库存、上架。用 Excel
          修改后按原格式导入。
        </p>
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn-outline px-3 py-1.5 text-sm" onClick={() => download('csv')}>
            下载 CSV
          </button>
          <button type="button" className="btn-outline px-3 py-1.5 text-sm" onClick={() => download('xlsx')}>
            下载 Excel（XLSX）
          </button>
        </div>
      </Section>
      <Section id="catalogue-import" title="导入商品">
        <form onSubmit={preview} className="grid gap-4" noValidate>
          <p className="text-sm text-slate-700">
            按“规格编号”找到规格，修改其价格、库存、规格名称和商品名称；空单元格不改。先预览每行的结果，再导入正确的行，有错误的行不导入。
          </p>
          <Labeled
            label="文件（CSV 或 XLSX）"
            control={(id) => (
              <input
                id={id}
                type="file"
                accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                className="max-w-full text-sm"
                onChange={(e) => {
                  setFile(e.target.files?.[0] ?? null)
                  setAnswer(null)
                }}
              />
            )}
          />
          <Labeled
            label="库存调整原因"
            control={(id) => (
              <input
                id={id}
                className={controlClass}
                maxLength={STOCK_REASON_MAX}
                placeholder="批量导入"
                value={reason}
                onChange={(e) => setReason(e.target.value)}
              />
            )}
          />
          <div className="flex flex-wrap gap-2">
            <button type="submit" className="btn-outline px-4 py-2 text-sm" disabled={busy}>
              预览
            </button>
            {answer && !answer.applied && answer.good > 0 && (
              <button
                type="button"
                className="btn-primary px-4 py-2 text-sm"
                disabled={busy}
                onClick={() => void send(true)}
              >
                导入 {answer.good} 行
              </button>
            )}
          </div>
        </form>
        {answer && (
          <div className="grid gap-2">
            <p className="text-sm text-slate-700" data-import-summary>
              {answer.applied ? '已导入' : '将导入'} {answer.good} 行，无变化 {answer.unchanged} 行，有错误{' '}
              {answer.bad} 行
            </p>
            <Results answer={answer} />
          </div>
        )}
      </Section>
    </div>
  )
}

export default adminPage('导入导出', 'catalog.write', CatalogueImport)
