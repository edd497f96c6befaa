import { type SubmitEvent, useEffect, useRef, useState } from 'react'
import type { Profile } from '../../lib/api/account.ts'
import { publishing } from '../../lib/api/browser.ts'
import { ApiRequestError } from '../../lib/api/http.ts'
import { MAX_TAGS } from '../../lib/constants.ts'
import type { Input } from '../../lib/rules/fields.ts'
import { CERT_NEEDED, checkPublish, mayCreateCourse, type PublishField } from '../../lib/rules/publish.ts'
import { toast } from '../../lib/toast.ts'
import { useRefusal } from '../common/form-errors.ts'
import { useLeaveGuard } from '../common/useLeaveGuard.ts'
import {
  bodyOf,
  fieldId,
  KIND_INFO,
  type PublishFormState,
  type PublishKind,
  REDIRECT_AFTER_MS,
  serverField,
} from './publish-form.ts'

/** The refusal's element: the payment radios answer for the body's `status`. */
export const idOf = (f: PublishField) => (f === 'status' ? 'pub-free' : fieldId(f))

/**
 * The publish form's state and its submit flow: the one rule (checkPublish) before sending, the
 * server's refusal shown by its field, the course gate's notice, 发布成功 and 2 s later the kind's
 * admin list. Leaving with unsent edits asks first.
 */
export function usePublishForm(o: {
  kind: PublishKind
  me: Profile
  id: number | null
  viewing: boolean
  initial: PublishFormState
}) {
  const info = KIND_INFO[o.kind]
  const [form, setForm] = useState(o.initial)
  const { refuse, clear, errorOf, formError } = useRefusal<PublishField>(idOf)
  /** The 4th tag refused: said by the tag group, without moving focus off the box just ticked. */
  const [tagNote, setTagNote] = useState<string | null>(null)
  /** The course gate said no (accounts §5): the notice with the way to certification. */
  const [gate, setGate] = useState(false)
  const gateLink = useRef<HTMLAnchorElement>(null)
  const [busy, setBusy] = useState(false)
  const [done, setDone] = useState(false)
  // Typed into (any field, the editor, an upload): leaving before 发布 asks first, so a long
  // post is not lost to a stray reload or link. Sent, it goes freely.
  const [edited, setEdited] = useState(false)
  useLeaveGuard(edited && !done)

  const set = <K extends keyof PublishFormState>(k: K, v: PublishFormState[K], field?: PublishField) => {
    setForm((f) => ({ ...f, [k]: v }))
    clear(field ?? (k as PublishField))
  }

  useEffect(() => {
    if (!gate) return
    gateLink.current?.focus({ preventScroll: true })
    gateLink.current?.scrollIntoView({ block: 'center', behavior: 'smooth' })
  }, [gate])

  /** Shows a refusal by its field; `toasted` when the client has already toasted it. */
  function show(field: PublishField | 'gate' | null, message: string, toasted = false) {
    if (!toasted) toast('error', message)
    if (field === 'gate' || message === CERT_NEEDED) {
      clear()
      setGate(true)
      return
    }
    refuse(field, message)
    // The editor's area is no form control, so focusField does not focus it: done here.
    if (field === 'content') document.getElementById(fieldId('content'))?.focus()
  }

  function toggleTag(title: string) {
    setTagNote(null)
    if (form.tags.includes(title)) {
      set(
        'tags',
        form.tags.filter((t) => t !== title),
        'tag',
      )
      return
    }
    if (form.tags.length >= MAX_TAGS) {
      setTagNote(`${info.noun}标签不得超过三个`)
      return
    }
    set('tags', [...form.tags, title], 'tag')
  }

  async function submit(e: SubmitEvent) {
    e.preventDefault()
    if (o.viewing || busy || done) return
    setGate(false)
    const body = bodyOf(o.kind, form)
    const r = checkPublish(body as unknown as Input, { isNew: o.id === null, gate: mayCreateCourse(o.me) })
    if (r.error !== null) {
      show(r.field, r.error)
      return
    }
    clear()
    setBusy(true)
    try {
      if (o.id === null) await publishing.publish(body)
      else await publishing.update({ ...body, id: o.id })
      toast('success', '发布成功')
      setDone(true)
      setTimeout(() => location.assign(info.admin), REDIRECT_AFTER_MS)
    } catch (err) {
      // The client has toasted the server's message; it is shown by its field as well. What was
      // typed stays as it was.
      if (err instanceof ApiRequestError && err.status !== 401)
        show(serverField(err.message), err.message, true)
    } finally {
      setBusy(false)
    }
  }

  return {
    form,
    setForm,
    set,
    clear,
    errorOf,
    formError,
    tagError: errorOf('tag') ?? tagNote,
    toggleTag,
    gate,
    gateLink,
    busy,
    done,
    edited: () => setEdited(true),
    submit,
  }
}

export type PublishFormCtl = ReturnType<typeof usePublishForm>
