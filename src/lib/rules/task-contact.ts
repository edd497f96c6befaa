/**
 * Who sees a task's contact details (issue 39 part 6): a paid task sells them, so its 联系人,
 * 联系电话 and 联系地址 are for its author and its buyers only. The public API (list, detail,
 * search) and the pre-rendered page leave them out altogether; a signed-in author or buyer gets
 * them from Article/GetArticleContact. A free task shows them to everyone, as it always did.
 */
import { ArticleStatus } from '../constants.ts'

/** What a reader who has not bought a paid task is shown (and refused with) in place of its contacts. */
export const CONTACT_LOCKED = '购买后可查看联系方式'

/** contactsSold({ status: 20, price: 9.9 }) → true: the task's contacts are withheld from non-buyers. */
export const contactsSold = (a: { status: number; price: number }) =>
  a.status === ArticleStatus.task && a.price > 0

/** seesContacts({ sold: true, author: false, bought: true }) → true: the author or a buyer. */
export const seesContacts = (who: { sold: boolean; author: boolean; bought: boolean }) =>
  !who.sold || who.author || who.bought
