/**
 * 投诉建议 /suggest (accounts §2, §5): the text (counter out of 100) and up to 2 files under
 * 2MB; rules from src/lib/rules/complaint.ts, posted as an article of status 50; 提交成功
 * and the form starts over.
 */

import { type SubmitEvent, useState } from 'react'
import type { Profile } from '../../lib/api/account.ts'
import { account } from '../../lib/api/browser.ts'
import { UPLOAD_HINT_MAX_MB } from '../../lib/constants.ts'
import {
  COMPLAINT_FILES_MAX,
  COMPLAINT_TEXT_MAX,
  type ComplaintField,
  checkComplaint,
} from '../../lib/rules/complaint.ts'
import { len } from '../../lib/rules/fields.ts'
import { toast } from '../../lib/toast.ts'
import { AccountGate } from '../common/AccountGate.tsx'
import { BusyButton } from '../common/BusyButton.tsx'
import { inputClass, RequiredMark } from '../common/Field.tsx'
import { FormError } from '../common/FormError.tsx'
import { useRefusal } from '../common/form-errors.ts'
import { Uploader } from '../common/Uploader.tsx'
import { useSend } from '../common/useSend.ts'

/** The element of each field the rule may refuse; the uploader is a group. */
const ID: Record<ComplaintField, string> = { brief: 'suggest-content', imgurls: 'suggest-files' }

/** Photos and scans: what the upload call takes, without video. */
const MATERIAL_ACCEPT = '.png,.jpeg,.jpg,.gif,.pdf,image/png,image/jpeg,image/gif,application/pdf'

export function Suggest() {
  return <AccountGate>{(me) => <ComplaintForm me={me} />}</AccountGate>
}

function ComplaintForm({ me }: { me: Profile }) {
  const [content, setContent] = useState('')
  const [files, setFiles] = useState('')
  // The rule names the field it refuses: its message shows there and focus moves to it.
  const { refuse, errorOf, clear } = useRefusal((field: ComplaintField) => ID[field])
  const { busy, send } = useSend()
  // A new key gives a fresh uploader after a successful submit.
  const [round, setRound] = useState(0)

  async function submit(e: SubmitEvent) {
    e.preventDefault()
    if (busy) return
    const checked = checkComplaint({ brief: content, imgurls: files })
    if (checked.error !== null) {
      refuse(checked.field, checked.error)
      toast('error', checked.error)
      return
    }
    await send(async () => {
      const { files: list } = checked.value
      await account.postComplaint({
        brief: checked.value.content,
        imgurls: list.join(','),
        postName: me.nickName,
        imgurl: list[0] ?? '',
      })
      toast('success', '提交成功')
      setContent('')
      setFiles('')
      clear()
      setRound((n) => n + 1)
    })
  }

  const over = len(content) > COMPLAINT_TEXT_MAX
  return (
    <form onSubmit={submit} noValidate className="grid max-w-2xl gap-5">
      <p className="text-sm text-slate-600">
        对商品、订单、课程或平台服务有任何意见，请告诉我们，我们会尽快核实处理并与您联系。
      </p>
      <div>
        <label htmlFor="suggest-content" className="mb-1 block text-sm font-medium text-slate-700">
          <RequiredMark />
          投诉内容
        </label>
        <textarea
          id="suggest-content"
          className={`${inputClass} min-h-36 resize-y`}
          rows={6}
          value={content}
          placeholder="请详细描述您遇到的问题或建议"
          onChange={(e) => {
            setContent(e.target.value)
            clear('brief')
          }}
          aria-invalid={over || errorOf('brief') !== null || undefined}
          aria-describedby={`suggest-count ${ID.brief}-error`}
        />
        <FormError id={`${ID.brief}-error`} at="field" message={errorOf('brief')} />
        <p
          id="suggest-count"
          className={`mt-1 text-right text-xs ${over ? 'text-red-600' : 'text-slate-500'}`}
          aria-live="polite"
        >
          {len(content)}/{COMPLAINT_TEXT_MAX}
        </p>
      </div>
      <fieldset id={`${ID.imgurls}-group`} className="min-w-0">
        <legend className="mb-2 text-sm font-medium text-slate-700">
          <RequiredMark />
          上传材料
        </legend>
        <Uploader
          key={round}
          value={files}
          onChange={(v) => {
            setFiles(v)
            clear('imgurls')
          }}
          limit={COMPLAINT_FILES_MAX}
          accept={MATERIAL_ACCEPT}
          label="材料"
          hint={`文件须小于${UPLOAD_HINT_MAX_MB}MB，支持图片和PDF`}
          invalid={errorOf('imgurls') !== null}
        />
        <FormError
          id={`${ID.imgurls}-error`}
          at="field"
          className="mt-1 empty:hidden"
          message={errorOf('imgurls')}
        />
      </fieldset>
      <div>
        <BusyButton type="submit" className="btn-primary min-w-28" busy={busy}>
          {busy ? '提交中…' : '提交'}
        </BusyButton>
      </div>
    </form>
  )
}
