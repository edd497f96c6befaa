/**
 * Tab 公司信息 of /admin/content/ (issue 21): the company facts the public pages show — hotline,
 * head-office address, offices, contacts, the ICP number, the footer's two QR codes and the about
 * page's texts. The form checks with the server's own schema (src/lib/rules/company.ts) before
 * saving, shows the message under the field it is about and moves the focus there; a save
 * rebuilds every page (the facts are in the footer).
 */
import { type FormEvent, useState } from 'react'
import { type CompanyFacts, contentApi } from '../../../lib/api/admin-content.ts'
import { checkCompany } from '../../../lib/rules/company.ts'
import { toast } from '../../../lib/toast.ts'
import { BusyButton } from '../../common/BusyButton.tsx'
import { useLoad } from '../kit/useLoad.ts'
import { idOf, useCompanyForm } from './company-fields.tsx'
import {
  AboutSection,
  BasicSections,
  ContactsSection,
  OfficesSection,
  QrSection,
} from './company-sections.tsx'

export function CompanyForm({ onSaved }: { onSaved: (tag: string) => void }) {
  const { data } = useLoad(() => contentApi.company(), '')
  if (!data) return <p className="text-slate-500">正在加载…</p>
  return <Editor initial={data} onSaved={onSaved} />
}

function Editor({ initial, onSaved }: { initial: CompanyFacts; onSaved: (tag: string) => void }) {
  const state = useCompanyForm(initial)
  const [busy, setBusy] = useState(false)
  const save = async (e: FormEvent) => {
    e.preventDefault()
    const r = checkCompany(state.form)
    if (r.error !== null) {
      state.setRefused({ field: r.field, message: r.error })
      // A QR code's "link or image" is about the pair: its link field takes the focus.
      const el = document.getElementById(idOf(r.field)) ?? document.getElementById(idOf(`${r.field}.link`))
      el?.focus()
      return
    }
    state.setRefused(null)
    setBusy(true)
    try {
      const saved = await contentApi.saveCompany(r.value).catch(() => null)
      if (!saved) return
      state.setForm(saved)
      toast('success', '公司信息已保存')
      onSaved('company')
    } finally {
      setBusy(false)
    }
  }
  return (
    <form className="grid gap-4" onSubmit={save} noValidate aria-label="公司信息">
      <BasicSections state={state} />
      <OfficesSection state={state} />
      <ContactsSection state={state} />
      <QrSection state={state} />
      <AboutSection state={state} />
      <div className="flex justify-end">
        <BusyButton type="submit" className="btn-primary" busy={busy}>
          {busy ? '正在保存…' : '保存公司信息'}
        </BusyButton>
      </div>
    </form>
  )
}
