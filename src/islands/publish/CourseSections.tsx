/**
 * The course's sections in the publish form (accounts §3 "Course section", §5): each with its
 * name (≤ 20), its content file (an mp4 or a pdf up to 2GB, sent in resumable parts), 收费/免费 and its price when the
 * course is paid, and its length in seconds, filled from the uploaded video's metadata.
 * 新增课程 adds one; each can be removed (after a confirm when it holds anything) and moved up or
 * down (issue 39): a section keeps its id when it moves, so its buyers stay with it; only its place
 * changes when the course is saved.
 */
import { SECTION_FILE_MAX_MB } from '../../lib/constants.ts'
import { SectionStatus } from '../../lib/rules/course.ts'
import { durationInput, type PublishField, SECTION_TITLE_MAX } from '../../lib/rules/publish.ts'
import { Field, inputClass, RequiredMark, TextField } from '../common/Field.tsx'
import { FormError } from '../common/FormError.tsx'
import { invalidProps } from '../common/form-errors.ts'
import { MEDIA_KINDS, Uploader } from '../common/Uploader.tsx'
import { useConfirm } from '../common/useConfirm.tsx'
import { Choice, FileView, GroupRow } from './form-parts.tsx'
import { fieldId, isPdf, newSection, type SectionForm } from './publish-form.ts'

type SectionKey = 'title' | 'imgurl' | 'price' | 'params'
/** The id of the 上移 (-1) or 下移 (1) button of the `n`th section, where focus goes after a move. */
const moveId = (by: -1 | 1, n: number) => `pub-section-${n}-${by < 0 ? 'up' : 'down'}`
const sectionField = (i: number, k: SectionKey): PublishField => `list.${i}.${k}`

export function CourseSections({
  sections,
  onChange,
  paid,
  readOnly,
  errorOf,
  clear,
}: {
  sections: SectionForm[]
  /** Hears the next list; called with a function of the latest one, as setState is. */
  onChange: (next: (prev: SectionForm[]) => SectionForm[]) => void
  /** Whether the course is paid: only then may a section be, and ask for a price. */
  paid: boolean
  readOnly: boolean
  errorOf: (field: PublishField) => string | null
  clear: (field?: PublishField) => void
}) {
  const [confirmDialog, confirm] = useConfirm()
  const listError = errorOf('list')

  const patch = (i: number, p: Partial<SectionForm>, field?: SectionKey) => {
    onChange((prev) => prev.map((s, k) => (k === i ? { ...s, ...p } : s)))
    clear(field ? sectionField(i, field) : undefined)
  }

  function add() {
    onChange((prev) => [...prev, newSection()])
    clear('list')
    // The new section's name is where the author continues.
    setTimeout(() => document.getElementById(fieldId(sectionField(sections.length, 'title')))?.focus(), 0)
  }

  async function remove(i: number) {
    const s = sections[i]
    if (!s) return
    if ((s.title || s.imgurl) && !(await confirm({ text: `确定要删除第${i + 1}节吗？` }))) return
    onChange((prev) => prev.filter((_, k) => k !== i))
    clear()
    // Focus stays in the list: on the next section's name, else on 新增课程.
    setTimeout(() => {
      const next = document.getElementById(fieldId(sectionField(Math.min(i, sections.length - 2), 'title')))
      ;(next ?? document.getElementById(fieldId('list')))?.focus()
    }, 0)
  }

  function move(i: number, by: -1 | 1) {
    const j = i + by
    if (j < 0 || j >= sections.length) return
    onChange((prev) => {
      const next = [...prev]
      const [a, b] = [next[i], next[j]]
      if (!a || !b) return prev
      next[i] = b
      next[j] = a
      return next
    })
    // Messages are kept by place: after a move they would name the wrong section.
    clear()
    // Focus follows the section to its new place, on the same button while it can go further.
    const n = j + 1
    const edge = by < 0 ? j === 0 : j === sections.length - 1
    // At the edge that button is disabled: focus goes to the other one.
    const focusBy: -1 | 1 = edge ? (by < 0 ? 1 : -1) : by
    setTimeout(() => document.getElementById(moveId(focusBy, n))?.focus(), 0)
  }

  return (
    <section aria-labelledby="pub-sections-heading" className="space-y-4 border-t border-slate-100 pt-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="pub-sections-heading" className="text-base font-semibold text-slate-900">
          <RequiredMark />
          课程目录
          <span className="ml-2 text-xs font-normal text-slate-500">共{sections.length}节</span>
        </h2>
      </div>

      {sections.length === 0 && (
        <p className="rounded-md bg-slate-50 px-4 py-6 text-center text-sm text-slate-500">
          还没有课程内容，点击“新增课程”添加第一节
        </p>
      )}

      <ol className="space-y-4">
        {sections.map((s, i) => (
          <li key={s.key}>
            <SectionFields
              section={s}
              index={i}
              paid={paid}
              readOnly={readOnly}
              errorOf={errorOf}
              patch={(p, field) => patch(i, p, field)}
              onMedia={(path, seconds) =>
                onChange((prev) =>
                  prev.map((x) =>
                    x.key === s.key && x.imgurl === path
                      ? { ...x, params: durationInput(String(seconds)) }
                      : x,
                  ),
                )
              }
              onRemove={() => void remove(i)}
              onMove={(by) => move(i, by)}
              last={i === sections.length - 1}
            />
          </li>
        ))}
      </ol>

      {!readOnly && (
        <div className="sm:pl-[7.75rem]">
          <button
            id={fieldId('list')}
            type="button"
            className="btn-outline"
            onClick={add}
            aria-describedby={listError ? `${fieldId('list')}-error` : undefined}
          >
            <span aria-hidden="true">＋</span>新增课程
          </button>
          <FormError
            id={`${fieldId('list')}-error`}
            at="field"
            className="mt-1 empty:hidden"
            message={listError}
          />
        </div>
      )}
      {confirmDialog}
    </section>
  )
}

/** One section's fields: its name, its content file, 收费/免费 and price when the course is paid, its length. */
function SectionFields({
  section: s,
  index: i,
  paid,
  readOnly,
  errorOf,
  patch,
  onMedia,
  onRemove,
  onMove,
  last,
}: {
  section: SectionForm
  index: number
  paid: boolean
  readOnly: boolean
  errorOf: (field: PublishField) => string | null
  patch: (p: Partial<SectionForm>, field?: SectionKey) => void
  /** A video uploaded: its path and length in seconds. */
  onMedia: (path: string, seconds: number) => void
  onRemove: () => void
  /** Moves it one place up (-1) or down (1). */
  onMove: (by: -1 | 1) => void
  /** Whether it is the last section (it cannot move down). */
  last: boolean
}) {
  const n = i + 1
  const err = (k: SectionKey) => errorOf(sectionField(i, k))
  const id = (k: SectionKey) => fieldId(sectionField(i, k))
  const sectionPaid = paid && s.status === SectionStatus.paid
  const pdf = isPdf(s.imgurl)
  return (
    <fieldset className="rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200 sm:p-4">
      <legend className="sr-only">第{n}节</legend>
      <div className="mb-3 flex items-center justify-between gap-2">
        <span aria-hidden="true" className="text-sm font-semibold text-slate-800">
          第{n}节
        </span>
        {!readOnly && (
          <div className="flex items-center gap-1">
            {(
              [
                [-1, '上移', i === 0],
                [1, '下移', last],
              ] as const
            ).map(([by, text, off]) => (
              <button
                key={by}
                id={moveId(by, n)}
                type="button"
                className="rounded px-2 py-1 text-sm text-slate-600 hover:bg-slate-100 focus-visible:bg-slate-100 disabled:text-slate-300 disabled:hover:bg-transparent"
                onClick={() => onMove(by)}
                disabled={off}
                aria-label={`${text}第${n}节`}
              >
                {text}
              </button>
            ))}
            <button
              type="button"
              className="rounded px-2 py-1 text-sm text-red-600 hover:bg-red-50 focus-visible:bg-red-50"
              onClick={onRemove}
              aria-label={`删除第${n}节`}
            >
              删除
            </button>
          </div>
        )}
      </div>
      <div className="space-y-4">
        <Field
          id={id('title')}
          label="名称"
          required
          error={err('title')}
          count={[...s.title].length}
          max={SECTION_TITLE_MAX}
        >
          <input
            id={id('title')}
            className={inputClass}
            value={s.title}
            maxLength={SECTION_TITLE_MAX}
            placeholder="请填写节的名称"
            readOnly={readOnly}
            onChange={(e) => patch({ title: e.target.value }, 'title')}
            {...invalidProps(id('title'), err('title'))}
          />
        </Field>

        <GroupRow id={id('imgurl')} legend="课程内容" required error={err('imgurl')}>
          {readOnly ? (
            <FileView path={s.imgurl} label={`第${n}节课程内容`} />
          ) : (
            <Uploader
              label={`第${n}节课程内容`}
              kinds={MEDIA_KINDS}
              maxMb={SECTION_FILE_MAX_MB}
              // Private until published: a paid section's file is what is sold (issue 13).
              private
              // Lectures of hundreds of MB: in parts that survive a dropped link or a reload (issue 22).
              resumable
              value={s.imgurl}
              invalid={err('imgurl') !== null}
              onChange={(v) => patch({ imgurl: v, ...(v ? {} : { params: '' }) }, 'imgurl')}
              onMedia={(path, meta) => onMedia(path, meta.duration)}
            />
          )}
        </GroupRow>

        {paid && (
          <GroupRow id={`pub-list-${i}-status`} legend="收费方式" error={null}>
            <div className="flex flex-wrap gap-2">
              {(
                [
                  [SectionStatus.paid, '收费'],
                  [SectionStatus.free, '免费'],
                ] as const
              ).map(([v, text]) => (
                <Choice
                  key={v}
                  type="radio"
                  name={`pub-section-${s.key}-status`}
                  checked={s.status === v}
                  onChange={() => patch({ status: v }, 'price')}
                >
                  {text}
                </Choice>
              ))}
            </div>
          </GroupRow>
        )}

        {sectionPaid && (
          <TextField
            id={id('price')}
            label="价格（元）"
            required
            error={err('price')}
            narrow
            inputMode="decimal"
            value={s.price}
            placeholder="请填写课程价格"
            readOnly={readOnly}
            // Kept as typed: the publish rule refuses a malformed price with a message (price.ts).
            onValue={(v) => patch({ price: v }, 'price')}
          />
        )}

        {!pdf && (
          <TextField
            id={id('params')}
            label="时长（秒）"
            error={err('params')}
            narrow
            inputMode="numeric"
            value={s.params}
            placeholder="上传视频后自动填写"
            readOnly={readOnly}
            onValue={(v) => patch({ params: durationInput(v) }, 'params')}
          />
        )}
      </div>
    </fieldset>
  )
}
