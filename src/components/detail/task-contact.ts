/**
 * A paid task's contacts on its built page (issue 39 part 6). The page is built for visitors, so
 * it holds no contact value at all (TaskContact renders [data-task-contact] with only the city and
 * 购买后可查看联系方式); for a signed-in reader this asks Article/GetArticleContact, which answers
 * the task's author and its buyers, and puts the contacts in. Anyone else keeps the prompt: the
 * call is silent, its 403 is the expected answer for them.
 */
import type { ArticleContact } from '../../lib/api/types.ts'
import { storedUser } from '../../lib/session.ts'

/** The rows TaskContact would have rendered, as plain DOM (the page runs without React). */
function contactRows(c: ArticleContact): Node[] {
  const rows: [string, Node | string][] = []
  if (c.postName) rows.push(['联系人', c.postName])
  if (c.tel) {
    const a = document.createElement('a')
    a.href = `tel:${c.tel}`
    a.className = 'text-brand-700 hover:underline'
    a.textContent = c.tel
    rows.push(['联系电话', a])
  }
  if (c.addressx) rows.push(['联系地址', c.addressx])
  return rows.map(([k, v]) => {
    const row = document.createElement('div')
    row.className = 'contents'
    const dt = document.createElement('dt')
    dt.className = 'text-slate-500'
    dt.textContent = k
    const dd = document.createElement('dd')
    dd.className = 'break-words text-slate-800'
    dd.append(v)
    row.append(dt, dd)
    return row
  })
}

/** Fills in the contacts of every locked task under `root` the signed-in reader may see. */
export function startTaskContact(root: ParentNode = document): void {
  if (!storedUser()) return
  for (const list of root.querySelectorAll<HTMLElement>('[data-task-contact]:not([data-on])')) {
    list.dataset.on = '1'
    const id = Number(list.dataset.taskContact)
    import('../../lib/api/browser.ts')
      .then(({ api }) => api.getArticleContact(id, { silent: true }))
      .then(
        (c) => {
          list.append(...contactRows(c))
          list.closest('section')?.querySelector('[data-contact-locked]')?.remove()
        },
        () => {},
      )
  }
}
