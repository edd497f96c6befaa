/**
 * 修改个人信息 (accounts §2, §5): nickname (max 20), one avatar, introduction with a counter out
 * of 150. The rules are src/lib/rules/profile.ts, the server's own; 修改成功, then the page reloads.
 */

import { type SubmitEvent, useEffect, useState } from 'react'
import type { Profile } from '../../lib/api/account.ts'
import { account } from '../../lib/api/browser.ts'
import { UPLOAD_HINT_MAX_MB } from '../../lib/constants.ts'
import { len } from '../../lib/rules/fields.ts'
import { checkProfile, INTRO_MAX, NICKNAME_MAX } from '../../lib/rules/profile.ts'
import { toast } from '../../lib/toast.ts'
import { Dialog } from '../common/Dialog.tsx'
import { Field, inputClass, RequiredMark } from '../common/Field.tsx'
import { DialogActions } from '../common/FormActions.tsx'
import { FormError } from '../common/FormError.tsx'
import { useRefusal } from '../common/form-errors.ts'
import { Uploader } from '../common/Uploader.tsx'

type Key = 'nickName' | 'avatarUrl' | 'content'
/** Every field's element id; the avatar's uploader is the group `profile-avatarUrl-group`. */
const idOf = (key: Key | 'ext') => `profile-${key}`

/**
 * "12/20", red once over the limit: inside a one-line field's corner, under a textarea (inside
 * one, a long introduction scrolled under it). Ours rather than Field's counter, whose grey is
 * too light for AA contrast.
 */
function Counter({ id, count, max, inline }: { id: string; count: number; max: number; inline?: boolean }) {
  return (
    <span
      id={id}
      className={`text-xs tabular-nums ${inline ? 'pointer-events-none absolute top-1/2 right-3 -translate-y-1/2' : 'mt-1 block text-right'} ${count > max ? 'text-red-600' : 'text-slate-500'}`}
    >
      {count}/{max}
    </span>
  )
}

export function ProfileDialog({
  open,
  onOpenChange,
  me,
  onSaved,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  me: Profile
  onSaved: () => Promise<void>
}) {
  const [form, setForm] = useState({ nickName: '', avatarUrl: '', content: '' })
  // The rule names the field it refuses (ext, not on the form, is the form's message).
  const { refuse, errorOf, formError, clear } = useRefusal(idOf)
  const [busy, setBusy] = useState(false)

  // Every opening starts from the profile as it is now.
  useEffect(() => {
    if (!open) return
    setForm({ nickName: me.nickName, avatarUrl: me.avatarUrl, content: me.content })
    clear()
  }, [open, me, clear])

  const set = (key: Key, value: string) => {
    setForm((f) => ({ ...f, [key]: value }))
    clear(key)
  }

  async function submit(e: SubmitEvent) {
    e.preventDefault()
    if (busy) return
    const checked = checkProfile({ ...form, ext: me.ext })
    if (checked.error !== null) {
      refuse(checked.field === 'ext' ? null : checked.field, checked.error)
      toast('error', checked.error)
      return
    }
    setBusy(true)
    try {
      await account.postUsersInfo(checked.value)
      toast('success', '修改成功')
      // The stored user (and so the nav) takes the new name and avatar before the reload.
      await onSaved().catch(() => {})
      setTimeout(() => location.reload(), 800)
    } catch {
      // The client has shown the server's message.
      setBusy(false)
    }
  }

  const described = (key: Key) => ({
    'aria-invalid': errorOf(key) !== null || undefined,
    'aria-describedby': `${idOf(key)}-error${key === 'avatarUrl' ? '' : ` ${idOf(key)}-count`}`,
  })

  return (
    <Dialog open={open} onOpenChange={(o) => !busy && onOpenChange(o)} title="修改个人信息" width="max-w-lg">
      <form onSubmit={submit} noValidate className="grid gap-3">
        <Field id="profile-nickName" label="昵称" required error={errorOf('nickName')}>
          <div className="relative">
            <input
              id="profile-nickName"
              className={`${inputClass} pr-16`}
              value={form.nickName}
              onChange={(e) => set('nickName', e.target.value)}
              placeholder="请输入昵称"
              autoComplete="nickname"
              {...described('nickName')}
            />
            <Counter id="profile-nickName-count" count={len(form.nickName)} max={NICKNAME_MAX} inline />
          </div>
        </Field>
        <fieldset className="grid min-w-0 gap-1 sm:grid-cols-[7rem_1fr] sm:items-start sm:gap-3">
          <legend className="sr-only">头像</legend>
          <span aria-hidden="true" className="pt-2 text-sm text-slate-600 sm:text-right">
            <RequiredMark />
            头像
          </span>
          <div id={`${idOf('avatarUrl')}-group`} className="min-w-0">
            <Uploader
              value={form.avatarUrl}
              onChange={(v) => set('avatarUrl', v)}
              limit={1}
              label="头像"
              hint={`图片须小于${UPLOAD_HINT_MAX_MB}MB`}
              invalid={errorOf('avatarUrl') !== null}
            />
            <FormError
              id={`${idOf('avatarUrl')}-error`}
              at="field"
              className="mt-1"
              message={errorOf('avatarUrl')}
            />
          </div>
        </fieldset>
        <Field id="profile-content" label="简介" required error={errorOf('content')}>
          <div>
            <textarea
              id="profile-content"
              className={`${inputClass} block min-h-28 resize-y`}
              value={form.content}
              onChange={(e) => set('content', e.target.value)}
              placeholder="介绍一下自己，例如擅长的领域"
              rows={4}
              {...described('content')}
            />
            <Counter id="profile-content-count" count={len(form.content)} max={INTRO_MAX} />
          </div>
        </Field>
        <FormError message={formError} />
        <DialogActions busy={busy} onCancel={() => onOpenChange(false)} label="确认" />
      </form>
    </Dialog>
  )
}
