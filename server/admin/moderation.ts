/**
 * Hiding what customers wrote (comments, product reviews) and showing it again, permission
 * `moderation`: one pattern for both. An item is hidden by `is_show = 0`, the flag every public
 * read already honours; customers cannot delete theirs, so `is_show = 0` is only ever an
 * operator's doing and restoring it is safe. The hide/restore calls of comments, reviews and
 * published articles are declared by `moderationCalls`.
 */

import type { SelectQueryBuilder } from 'kysely'
import type { Checked, Input } from '../../src/lib/rules/fields.ts'
import { checkReason, checkRestoreReason, MODERATION_TEXT_MAX } from '../../src/lib/rules/moderation.ts'
import { type ChangeTag, markChanged } from '../changes.ts'
import { answers, jsonBody, pagedOf, z } from '../contract/index.ts'
import { field, id, ruleBody } from '../contract/params.ts'
import type { Db } from '../db/index.ts'
import type { Page } from '../db/sql.ts'
import { refuse } from '../http.ts'
import { notify } from '../notify.ts'
import { dbTime } from '../time.ts'
import { adminRoute } from './admin-route.ts'
import { type Actor, audit } from './audit.ts'

/** What a kind of hideable item brings to `moderate`. */
export interface Hideable<Row extends { user_id: number; is_show: number }> {
  table: 'comments' | 'reviews'
  /** The audit's action is `${name}.hide` or `${name}.${restoreVerb}`, on `${name}:${id}`. */
  name: 'comment' | 'review'
  restoreVerb: 'restore' | 'show'
  /** 评论, 评价: the notification's title (评论已被隐藏 …). */
  noun: string
  notFound: string
  alreadyHidden: string
  notHidden: string
  find: (t: Db, id: number) => Promise<Row | undefined>
  /** The built page that shows it, if any. */
  page: (r: Row) => ChangeTag | null
  /** How the notification names it: 您在「…」的评论「…」. */
  quote: (r: Row) => string
}

/** excerpt('一二三…', 20): what a notification quotes of a comment or a review. */
export const excerpt = (s: string, n = 20) => ([...s].length > n ? `${[...s].slice(0, n).join('')}…` : s)

/**
 * Hides an item (hide: true) or shows it again, with the reason its writer reads in /message.
 * One conditional UPDATE (is_show must be what the act starts from), so of two operators the
 * second is told 409 and nothing else is written; its page is marked for the site builder, the
 * writer is told, and the act is audited, all in the one transaction. Answers the row as now.
 */
export async function moderate<Row extends { user_id: number; is_show: number }>(
  db: Db,
  kind: Hideable<Row>,
  actor: Actor,
  id: number,
  act: { hide: boolean; reason: string },
  now: Date,
): Promise<Row> {
  const at = dbTime(now)
  return db.transaction().execute(async (t) => {
    const found = await kind.find(t, id)
    if (!found) throw refuse(kind.notFound, 404)
    const changed = await t
      .updateTable(kind.table)
      .set({ is_show: act.hide ? 0 : 1 })
      .where('id', '=', id)
      .where('is_show', act.hide ? '=' : '<>', 1)
      .executeTakeFirst()
    if (changed.numUpdatedRows === 0n) throw refuse(act.hide ? kind.alreadyHidden : kind.notHidden, 409)
    const page = kind.page(found)
    if (page) await markChanged(t, [page], at)
    await notify(
      t,
      found.user_id,
      act.hide ? `${kind.noun}已被隐藏` : `${kind.noun}已恢复显示`,
      act.hide
        ? `${kind.quote(found)}已被隐藏。原因：${act.reason}`
        : `${kind.quote(found)}已恢复显示。${act.reason ? `说明：${act.reason}` : ''}`,
      now,
    )
    await audit(t, actor, now, {
      action: `${kind.name}.${act.hide ? 'hide' : kind.restoreVerb}`,
      target: `${kind.name}:${id}`,
      before: { hidden: !act.hide },
      after: { hidden: act.hide, reason: act.reason },
    })
    return { ...found, is_show: act.hide ? 0 : 1 }
  })
}

/**
 * moderator(COMMENT, commentOf): the kind's hide/restore call (`moderate`), answering the row as
 * its back-office list shows it.
 */
export const moderator =
  <Row extends { user_id: number; is_show: number }, T>(kind: Hideable<Row>, wire: (r: Row) => T) =>
  async (db: Db, actor: Actor, id: number, act: { hide: boolean; reason: string }, now: Date): Promise<T> =>
    wire(await moderate(db, kind, actor, id, act, now))

/** The filters every moderation list takes, besides its kind's own. */
export interface HideableSearch extends Page {
  /** One item by its id. */
  id?: number | undefined
  /** true: hidden only; false: shown only; absent: both. */
  hidden?: boolean | undefined
}

/**
 * A moderation list's query narrowed by HideableSearch's filters; `alias` names the hideable
 * table in it: hideableWhere(withArticle(db), 'm', s).
 */
// biome-ignore lint/suspicious/noExplicitAny: whatever the builder's joins are. (And {} is Kysely's "nothing selected yet".)
// biome-ignore lint/complexity/noBannedTypes: see above.
export function hideableWhere<Q extends SelectQueryBuilder<any, any, {}>>(
  base: Q,
  alias: string,
  s: HideableSearch,
): Q {
  let q = base
  if (s.id !== undefined) q = q.where(`${alias}.id`, '=', s.id) as Q
  if (s.hidden !== undefined) q = q.where(`${alias}.is_show`, s.hidden ? '<>' : '=', 1) as Q
  return q
}

/**
 * A kind's moderation calls: its back-office list (its filters and page, newest first) and the pair
 * of calls that take an item down and put it back, with the reason its writer reads:
 * moderationCalls({ path: 'comments', idLabel: '评论编号', item: ModeratedComment, writer: '评论人',
 * list: ['评论（含已隐藏的）…', z.object({ articleId: …, ...page })], down: ['hide', '隐藏评论…'],
 * up: ['restore', '恢复显示…'] }).
 */
export function moderationCalls<
  const Path extends string,
  const Down extends string,
  const Up extends string,
  T extends z.ZodType,
  Q extends z.ZodObject,
  DownBody extends { reason: string } = { reason: string },
  const DownDoc extends Record<string, ReturnType<typeof field>> = Record<never, never>,
>(c: {
  path: Path
  idLabel: string
  item: T
  writer: string
  list: [summary: string, filters: Q]
  down: [Down, string]
  up: [Up, string]
  /** The take-down's own rule and fields besides the reason (an article's 违规下架并退款); else checkReason. */
  downBody?: { check: (input: Input) => Checked<DownBody>; doc: DownDoc }
}) {
  const params = z.object({ id: id(c.idLabel) })
  const reasonDoc = { reason: field('string', `原因，至多${MODERATION_TEXT_MAX}字；${c.writer}在消息中看到`) }
  const call = <const A extends string, B, const D extends Record<string, ReturnType<typeof field>>>(
    [action, summary]: [A, string],
    check: (input: Input) => Checked<B>,
    doc: D,
  ) =>
    adminRoute('post', `/admin/${c.path}/{id}/${action}` as const, 'moderation', {
      summary,
      request: { params, body: jsonBody(ruleBody(check, { ...reasonDoc, ...doc })) },
      responses: answers(c.item, [401, 404, 409]),
    })
  const [summary, filters] = c.list
  return {
    list: adminRoute('get', `/admin/${c.path}` as const, 'moderation', {
      summary,
      request: { query: filters },
      responses: answers(pagedOf(c.item), [401]),
    }),
    // Without downBody, DownBody is its default { reason }: what checkReason answers.
    down: call(
      c.down,
      c.downBody?.check ?? (checkReason as (input: Input) => Checked<DownBody>),
      c.downBody?.doc ?? ({} as DownDoc),
    ),
    up: call(c.up, checkRestoreReason, {}),
  }
}
