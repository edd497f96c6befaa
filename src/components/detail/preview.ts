/**
 * The course section preview (storefront §2 "A preview dialog for mp4 or pdf course items").
 *
 * Static HTML (CourseCatalogue.tsx): every section with a file has a 预览 link to the file (it
 * works without JavaScript) and the catalogue carries one empty native <dialog>. startPreview()
 * (from startDetail, enhance.ts) turns the links into buttons that open the dialog with
 * showModal(): titled with the section's title, an mp4 plays in a <video>, a pdf shows in an
 * <iframe> with a 下载讲义 link. Escape, 关闭 and a click on the backdrop close it; closing stops
 * the video, removes the view and hands focus back to the button. Sections a signed-in buyer unlocks later get their
 * button from previewButton() (buy.ts openSections).
 */

export type PreviewKind = 'mp4' | 'pdf'

/** What a preview control carries: the file's URL, its kind and the section's title. */
export interface PreviewFile {
  src: string
  kind: PreviewKind
  title: string
}

/** The look of the 预览 control, shared by the static link and the button it becomes. */
export const PREVIEW_CONTROL_CLASS =
  'inline-flex min-h-8 items-center rounded px-3 py-1 text-xs font-medium text-brand-700 ring-1 ring-brand-500/40 hover:bg-brand-50'

/** The accessible name of a section's 预览 control: starts with the visible word. */
export const previewLabel = (title: string): string => `预览：${title}`

/** A 预览 button for a section's file; the catalogue's click handler opens the dialog. */
export function previewButton(f: PreviewFile): HTMLButtonElement {
  const b = document.createElement('button')
  b.type = 'button'
  b.className = PREVIEW_CONTROL_CLASS
  b.dataset.preview = f.kind
  b.dataset.previewSrc = f.src
  b.dataset.previewTitle = f.title
  b.setAttribute('aria-haspopup', 'dialog')
  b.setAttribute('aria-label', previewLabel(f.title))
  b.textContent = '预览'
  return b
}

function fileOf(el: HTMLElement): PreviewFile | null {
  const src = el.dataset.previewSrc ?? el.getAttribute('href') ?? ''
  const kind = el.dataset.preview
  if (!src || (kind !== 'mp4' && kind !== 'pdf')) return null
  return { src, kind, title: el.dataset.previewTitle ?? '' }
}

function viewOf(f: PreviewFile): HTMLElement {
  if (f.kind === 'mp4') {
    const v = document.createElement('video')
    v.controls = true
    v.playsInline = true
    v.preload = 'metadata'
    v.src = f.src
    v.className = 'aspect-video w-full rounded bg-black'
    v.textContent = '您的浏览器无法播放此视频。'
    return v
  }
  const box = document.createElement('div')
  const frame = document.createElement('iframe')
  frame.src = f.src
  frame.title = `讲义：${f.title}`
  frame.className = 'h-[70vh] w-full rounded ring-1 ring-slate-200'
  const a = document.createElement('a')
  a.href = f.src
  a.download = ''
  a.target = '_blank'
  a.rel = 'noopener'
  a.className = 'mt-3 inline-block text-sm font-medium text-brand-700 hover:underline'
  a.textContent = '下载讲义'
  box.append(frame, a)
  return box
}

/** Brings every not yet started preview catalogue ([data-preview-scope]) under `root` to life. */
export function startPreview(root: ParentNode = document): void {
  for (const scope of root.querySelectorAll<HTMLElement>('[data-preview-scope]:not([data-on])')) {
    const dialog = scope.querySelector<HTMLDialogElement>('dialog[data-preview-dialog]')
    const heading = dialog?.querySelector<HTMLElement>('[data-preview-heading]')
    const body = dialog?.querySelector<HTMLElement>('[data-preview-body]')
    if (!dialog || !heading || !body || typeof dialog.showModal !== 'function') continue
    scope.dataset.on = '1'

    for (const a of scope.querySelectorAll<HTMLAnchorElement>('a[data-preview]')) {
      const f = fileOf(a)
      if (f) a.replaceWith(previewButton(f))
    }

    let opener: HTMLElement | null = null
    const open = (b: HTMLElement) => {
      const f = fileOf(b)
      if (!f) return
      opener = b
      heading.textContent = f.title
      body.replaceChildren(viewOf(f))
      dialog.showModal()
    }
    scope.addEventListener('click', (e) => {
      const b = (e.target as Element).closest<HTMLElement>('button[data-preview]')
      if (b && scope.contains(b)) open(b)
    })
    dialog.addEventListener('click', (e) => {
      // The dialog box itself has no padding: a click on the dialog element is on the backdrop.
      if (e.target === dialog || (e.target as Element).closest('[data-preview-close]')) dialog.close()
    })
    dialog.addEventListener('close', () => {
      // The view goes with the dialog: a video stops and stops loading, a PDF viewer unloads.
      for (const v of body.querySelectorAll('video')) v.pause()
      body.replaceChildren()
      if (opener?.isConnected) opener.focus()
      opener = null
    })
  }
}
