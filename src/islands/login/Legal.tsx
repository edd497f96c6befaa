import { useEffect, useState } from 'react'
import { RichText } from '../../components/RichText.tsx'
import { api } from '../../lib/api/browser.ts'
import type { UsersConfigs } from '../../lib/api/types.ts'
import { site } from '../../lib/site.ts'
import { Dialog } from '../common/Dialog.tsx'

type Doc = 'agreement' | 'content'
const DOCS: Record<Doc, string> = { agreement: '用户协议', content: '隐私政策' }

/** Users/GetUsersConfigs, asked once, the first time someone opens either document. */
let configs: Promise<UsersConfigs> | undefined

/**
 * The legal dialogs of accounts §2: the user agreement (configuration `agreement`) and the
 * privacy policy (`content`), both titled with the company name.
 */
function LegalDialog({ doc, onClose }: { doc: Doc | null; onClose: () => void }) {
  const [loaded, setLoaded] = useState<UsersConfigs | null>(null)
  const [failed, setFailed] = useState(false)

  useEffect(() => {
    if (!doc || loaded) return
    let live = true
    setFailed(false)
    configs ??= api.getUsersConfigs()
    configs.then(
      (c) => live && setLoaded(c),
      () => {
        // Asked again next time; the client has toasted why it failed.
        configs = undefined
        if (live) setFailed(true)
      },
    )
    return () => {
      live = false
    }
  }, [doc, loaded])

  const html = doc && loaded ? loaded[doc] : ''
  return (
    <Dialog
      open={doc !== null}
      onOpenChange={(o) => !o && onClose()}
      title={site.name}
      description={doc ? DOCS[doc] : undefined}
      width="max-w-2xl"
    >
      <RichText
        html={html}
        className="text-sm"
        empty={
          <p className="py-8 text-center text-sm text-slate-500" role="status">
            {failed ? `${doc ? DOCS[doc] : ''}加载失败，请稍后重试` : loaded ? '暂无内容' : '正在加载…'}
          </p>
        }
      />
    </Dialog>
  )
}

/** The agreement line under the forms, with the two documents' links. */
export function LegalLinks({ action }: { action: string }) {
  const [doc, setDoc] = useState<Doc | null>(null)
  const link = (d: Doc) => (
    <button type="button" className="text-brand-700 hover:underline" onClick={() => setDoc(d)}>
      《{DOCS[d]}》
    </button>
  )
  return (
    <>
      <p className="mt-4 text-center text-xs leading-5 text-slate-500">
        {action}即表示您已阅读并同意{link('agreement')}和{link('content')}
      </p>
      <LegalDialog doc={doc} onClose={() => setDoc(null)} />
    </>
  )
}
