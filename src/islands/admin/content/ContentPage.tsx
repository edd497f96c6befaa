import { useState } from 'react'
import { adminPage } from '../AdminShell.tsx'
import { useUrlFilters } from '../kit/useUrlFilters.ts'
import { BuildStatusPanel } from './BuildStatusPanel.tsx'
import { CompanyForm } from './CompanyForm.tsx'
import { BannersEditor } from './editors/BannersEditor.tsx'
import { DictionariesEditor } from './editors/DictionariesEditor.tsx'
import { FaqEditor } from './editors/FaqEditor.tsx'
import { TextsEditor } from './editors/TextsEditor.tsx'

const TABS = [
  { id: 'banners', label: '广告图' },
  { id: 'faq', label: '常见问题' },
  { id: 'texts', label: '配置文本' },
  { id: 'dict', label: '字典' },
  { id: 'company', label: '公司信息' },
] as const

/** The last save that changed the public site, for the build panel to follow. */
type Saved = { tag: string; at: number } | null

function Content() {
  const [f, set] = useUrlFilters({ tab: 'banners' })
  const [saved, setSaved] = useState<Saved>(null)
  const onSaved = (tag: string) => setSaved({ tag, at: Date.now() })
  return (
    <div className="grid gap-4">
      <nav aria-label="站点内容" className="flex flex-wrap gap-2">
        {TABS.map((t) => (
          <button
            key={t.id}
            type="button"
            aria-current={f.tab === t.id ? 'page' : undefined}
            className={f.tab === t.id ? 'btn-primary' : 'btn-outline'}
            onClick={() => set({ tab: t.id })}
          >
            {t.label}
          </button>
        ))}
      </nav>
      <BuildStatusPanel saved={saved} />
      {f.tab === 'faq' ? (
        <FaqEditor onSaved={onSaved} />
      ) : f.tab === 'texts' ? (
        <TextsEditor onSaved={onSaved} />
      ) : f.tab === 'dict' ? (
        <DictionariesEditor onSaved={onSaved} />
      ) : f.tab === 'company' ? (
        <CompanyForm onSaved={onSaved} />
      ) : (
        <BannersEditor onSaved={onSaved} />
      )}
    </div>
  )
}

/**
 * /admin/content/: banners, FAQ, configuration texts, dictionaries and company facts (marketing);
 * every save audited and rebuilt. Banners, FAQ entries and the rich texts may first be saved as
 * drafts, previewed on /admin/preview/ and then published.
 */
export default adminPage('站点内容', 'content.write', Content)
