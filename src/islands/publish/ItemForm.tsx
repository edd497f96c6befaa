import type { Profile } from '../../lib/api/account.ts'
import type { ClassifyItem } from '../../lib/api/types.ts'
import { ArticleStatus, MAX_TAGS } from '../../lib/constants.ts'
import { CERT_NEEDED, PayMode, TITLE_MAX } from '../../lib/rules/publish.ts'
import { BusyButton } from '../common/BusyButton.tsx'
import { FormError } from '../common/FormError.tsx'
import { Uploader } from '../common/Uploader.tsx'
import { CourseSections } from './CourseSections.tsx'
import { FileView, GroupRow } from './form-parts.tsx'
import { ChoiceRow, CityField, PaymentFields, TaskContactFields, TextRow, WideRow } from './PublishFields.tsx'
import {
  fieldId,
  KIND_INFO,
  MODE_VERB,
  type Mode,
  type PublishFormState,
  type PublishKind,
} from './publish-form.ts'
import { RichEditor } from './RichEditor.tsx'
import { usePublishForm } from './use-publish-form.ts'

/** The kind's dictionaries: its categories and tags, and the cities (accounts §3 Classification). */
export interface Dict {
  classes: ClassifyItem[]
  tags: ClassifyItem[]
  cities: ClassifyItem[]
}

/** The form of one post, task or course: the fields its kind has, then 发布 (or, viewing, 编辑). */
export function ItemForm({
  kind,
  me,
  id,
  mode,
  initial,
  dict,
  owner,
}: {
  kind: PublishKind
  me: Profile
  id: number | null
  mode: Mode
  initial: PublishFormState
  dict: Dict
  owner: boolean
}) {
  const info = KIND_INFO[kind]
  const viewing = mode === 'view'
  const ctl = usePublishForm({ kind, me, id, viewing, initial })
  const { form, set, errorOf } = ctl
  const noun = info.noun

  return (
    <form
      onSubmit={ctl.submit}
      onInput={ctl.edited}
      onChange={ctl.edited}
      noValidate
      aria-label={`${MODE_VERB[mode]}${noun}`}
      className="space-y-5"
    >
      {viewing && (
        <p className="rounded-md bg-slate-50 px-4 py-2.5 text-sm text-slate-600">
          当前为查看模式，内容不可修改。
        </p>
      )}
      {/* In the view mode one disabled fieldset makes every control read-only at once. */}
      <fieldset
        disabled={viewing}
        className="min-w-0 space-y-5 [&_input:disabled]:bg-slate-50 [&_select:disabled]:bg-slate-50"
      >
        <TextRow ctl={ctl} field="title" label={`${noun}标题`} max={TITLE_MAX} />

        <GroupRow id={fieldId('imgurl')} legend={`${noun}封面`} required error={errorOf('imgurl')}>
          {viewing ? (
            <FileView path={form.imgurl} label={`${noun}封面`} />
          ) : (
            <Uploader
              label={`${noun}封面`}
              value={form.imgurl}
              limit={1}
              invalid={errorOf('imgurl') !== null}
              onChange={(v) => set('imgurl', v)}
            />
          )}
        </GroupRow>

        <ChoiceRow
          field="classId"
          legend="所属分类"
          type="radio"
          required
          items={dict.classes}
          empty="暂无分类"
          error={errorOf('classId')}
          isChecked={(c) => form.classId === c.id}
          onPick={(c) => set('classId', c.id)}
        />

        <PaymentFields ctl={ctl} noun={noun} />

        {kind === ArticleStatus.task && <CityField ctl={ctl} cities={dict.cities} />}

        <ChoiceRow
          field="tag"
          legend={`${noun}标签`}
          type="checkbox"
          items={dict.tags}
          empty="暂无标签"
          error={ctl.tagError}
          hint={viewing ? undefined : `最多选择${MAX_TAGS}个，已选${form.tags.length}个`}
          isChecked={(t) => form.tags.includes(t.title)}
          onPick={(t) => ctl.toggleTag(t.title)}
        />

        {kind === ArticleStatus.task && <TaskContactFields ctl={ctl} />}

        <WideRow label={info.contentLabel}>
          <RichEditor
            id={fieldId('content')}
            label={info.contentLabel}
            value={form.content}
            invalid={errorOf('content') !== null}
            readOnly={viewing}
            onChange={(html) => set('content', html)}
          />
          <FormError
            id={`${fieldId('content')}-error`}
            at="field"
            className="mt-1 empty:hidden"
            message={errorOf('content')}
          />
        </WideRow>

        {kind === ArticleStatus.course && (
          <CourseSections
            sections={form.sections}
            onChange={(next) => ctl.setForm((f) => ({ ...f, sections: next(f.sections) }))}
            paid={form.free === PayMode.paid}
            readOnly={viewing}
            errorOf={errorOf}
            clear={ctl.clear}
          />
        )}
      </fieldset>

      {ctl.gate && (
        <div
          id="pub-gate"
          role="alert"
          className="rounded-md bg-amber-50 px-4 py-3 text-sm leading-6 text-amber-900 ring-1 ring-amber-200 sm:ml-[7.75rem]"
        >
          <p className="font-medium">{CERT_NEEDED}</p>
          <p>
            通过机构认证后即可发布课程。
            <a ref={ctl.gateLink} href="/account" className="font-medium text-brand-700 underline">
              去认证
            </a>
          </p>
        </div>
      )}

      <FormError id="pub-form-error" message={ctl.formError} className="sm:pl-[7.75rem]" />

      <div className="flex flex-wrap justify-end gap-2 border-t border-slate-100 pt-4 sm:pl-[7.75rem]">
        <a href={info.admin} className="btn-outline">
          {viewing ? `返回${info.adminLabel}` : '取消'}
        </a>
        {viewing && owner && id !== null && (
          <a href={`${info.form}?id=${id}`} className="btn-primary">
            编辑{noun}
          </a>
        )}
        {!viewing && (
          <BusyButton
            type="submit"
            className="btn-primary min-w-28"
            busy={ctl.busy || ctl.done}
            aria-busy={ctl.busy || undefined}
          >
            {ctl.done
              ? '发布成功'
              : ctl.busy
                ? '提交中…'
                : id === null
                  ? `${MODE_VERB.publish}${noun}`
                  : '保存修改'}
          </BusyButton>
        )}
      </div>
    </form>
  )
}
