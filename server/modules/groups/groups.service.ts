/**
 * Marketing's customer groups and price lists (issue 40 item 2, permission promotions.write).
 * Every write is one transaction with its audit row; setting members replaces them whole, so a
 * second identical call changes nothing, and adding by phones skips those already in.
 * The static pages are the same for everyone, so no write here marks a page: a member's price
 * is read live (group-prices.ts) by the quote, the order and the product page's buyer call.
 */
import { sql } from 'kysely'
import { fenToYuan } from '../../../src/lib/money.ts'
import { type PriceListInput, phonesOfCsv } from '../../../src/lib/rules/price-list.ts'
import { type Actor, audit } from '../../admin/audit.ts'
import type { Db } from '../../db/index.ts'
import { refuse } from '../../http.ts'
import { dbTime } from '../../time.ts'

export const GROUP_NOT_FOUND = '客户组不存在'
export const GROUP_NAME_TAKEN = '客户组名称已存在'
export const PRICE_LIST_NOT_FOUND = '价目表不存在'

export interface GroupRow {
  id: number
  name: string
  members: number
  priceLists: number
  createTime: string
}

export interface GroupMember {
  userId: number
  phone: string
  nickName: string
  joinTime: string
}

/** Every group with its counts, newest first. */
export async function listGroups(db: Db): Promise<GroupRow[]> {
  const rows = await db
    .selectFrom('customer_groups as g')
    .select([
      'g.id',
      'g.name',
      'g.create_time',
      (e) =>
        e
          .selectFrom('customer_group_members as m')
          .select(sql<number>`COUNT(*)`.as('n'))
          .whereRef('m.group_id', '=', 'g.id')
          .as('members'),
      (e) =>
        e
          .selectFrom('price_lists as l')
          .select(sql<number>`COUNT(*)`.as('n'))
          .whereRef('l.group_id', '=', 'g.id')
          .as('lists'),
    ])
    .orderBy('g.id', 'desc')
    .execute()
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    members: Number(r.members ?? 0),
    priceLists: Number(r.lists ?? 0),
    createTime: r.create_time,
  }))
}

async function groupOf(t: Db, id: number) {
  const g = await t.selectFrom('customer_groups').selectAll().where('id', '=', id).executeTakeFirst()
  if (!g) throw refuse(GROUP_NOT_FOUND, 404)
  return g
}

/** One group and its members, by join time. */
export async function groupDetail(db: Db, id: number) {
  const g = await groupOf(db, id)
  const members = await groupMembers(db, id)
  return { id: g.id, name: g.name, createTime: g.create_time, members }
}

async function groupMembers(db: Db, id: number): Promise<GroupMember[]> {
  const rows = await db
    .selectFrom('customer_group_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['u.id', 'u.tel', 'u.nick_name', 'm.create_time'])
    .where('m.group_id', '=', id)
    .orderBy('m.create_time')
    .orderBy('u.id')
    .execute()
  return rows.map((r) => ({
    userId: r.id,
    phone: r.tel ?? '',
    nickName: r.nick_name,
    joinTime: r.create_time,
  }))
}

async function nameFree(t: Db, name: string, except = 0) {
  const taken = await t
    .selectFrom('customer_groups')
    .select('id')
    .where('name', '=', name)
    .where('id', '!=', except)
    .executeTakeFirst()
  if (taken) throw refuse(GROUP_NAME_TAKEN, 409)
}

/** Two staff naming two groups alike at once: the unique index decides, and the loser hears 409. */
const nameRace = (e: unknown) => {
  const err = e as { code?: unknown; message?: unknown }
  if (err.code === '23505' || /UNIQUE constraint failed/i.test(String(err.message ?? '')))
    throw refuse(GROUP_NAME_TAKEN, 409)
  throw e
}

/** createGroup(db, actor, { name: '合作医院' }, now) → { id }; a name taken is refused (409). */
export async function createGroup(db: Db, actor: Actor, v: { name: string }, now: Date) {
  return db
    .transaction()
    .execute(async (t) => {
      await nameFree(t, v.name)
      const { id } = await t
        .insertInto('customer_groups')
        .values({ name: v.name, create_time: dbTime(now) })
        .returning('id')
        .executeTakeFirstOrThrow()
      await audit(t, actor, now, { action: 'group.create', target: `group:${id}`, after: { name: v.name } })
      return { id }
    })
    .catch(nameRace)
}

export async function renameGroup(db: Db, actor: Actor, id: number, v: { name: string }, now: Date) {
  return db
    .transaction()
    .execute(async (t) => {
      const g = await groupOf(t, id)
      await nameFree(t, v.name, id)
      await t.updateTable('customer_groups').set({ name: v.name }).where('id', '=', id).execute()
      await audit(t, actor, now, {
        action: 'group.rename',
        target: `group:${id}`,
        before: { name: g.name },
        after: { name: v.name },
      })
      return { id }
    })
    .catch(nameRace)
}

/** Deletes the group, its members and its price lists: their buyers pay list or member prices again. */
export async function deleteGroup(db: Db, actor: Actor, id: number, now: Date) {
  return db.transaction().execute(async (t) => {
    const g = await groupOf(t, id)
    const lists = await t.selectFrom('price_lists').select('id').where('group_id', '=', id).execute()
    const listIds = lists.map((l) => l.id)
    if (listIds.length) {
      await t.deleteFrom('price_list_prices').where('list_id', 'in', listIds).execute()
      await t.deleteFrom('price_list_categories').where('list_id', 'in', listIds).execute()
      await t.deleteFrom('price_lists').where('id', 'in', listIds).execute()
    }
    const members = await t.deleteFrom('customer_group_members').where('group_id', '=', id).executeTakeFirst()
    await t.deleteFrom('customer_groups').where('id', '=', id).execute()
    await audit(t, actor, now, {
      action: 'group.delete',
      target: `group:${id}`,
      before: { name: g.name, members: Number(members.numDeletedRows), priceLists: listIds.length },
    })
    return { id }
  })
}

/**
 * setMembers(db, actor, 1, [3, 7], now): the group's members become exactly these customers
 * (PUT: the same call twice leaves the same members). Unknown ids are refused, naming them.
 */
export async function setMembers(db: Db, actor: Actor, id: number, userIds: number[], now: Date) {
  return db.transaction().execute(async (t) => {
    await groupOf(t, id)
    const found = userIds.length
      ? await t.selectFrom('users').select('id').where('id', 'in', userIds).execute()
      : []
    const known = new Set(found.map((u) => u.id))
    const missing = userIds.filter((u) => !known.has(u))
    if (missing.length) throw refuse(`客户不存在：${missing.slice(0, 10).join('、')}`)
    const before = await t
      .selectFrom('customer_group_members')
      .select('user_id')
      .where('group_id', '=', id)
      .execute()
    const had = new Set(before.map((m) => m.user_id))
    const gone = [...had].filter((u) => !known.has(u))
    const added = userIds.filter((u) => !had.has(u))
    if (gone.length)
      await t
        .deleteFrom('customer_group_members')
        .where('group_id', '=', id)
        .where('user_id', 'in', gone)
        .execute()
    if (added.length)
      await t
        .insertInto('customer_group_members')
        .values(added.map((u) => ({ group_id: id, user_id: u, create_time: dbTime(now) })))
        .onConflict((oc) => oc.doNothing())
        .execute()
    if (gone.length || added.length)
      await audit(t, actor, now, {
        action: 'group.members',
        target: `group:${id}`,
        before: { removed: gone },
        after: { added },
      })
    return { id, members: userIds.length }
  })
}

export type PhoneResult = 'added' | 'already' | 'unknown' | 'invalid'
export const PHONE_RESULT_TEXT: Record<PhoneResult, string> = {
  added: '已加入',
  already: '已在组内',
  unknown: '未找到该手机号的客户',
  invalid: '手机号格式不正确',
}

/**
 * addMembersByPhones(db, actor, 1, '手机号\n13800000001\n13999999999', now): each phone's
 * result — 已加入, 已在组内, 未找到该手机号的客户, 手机号格式不正确. Unknown and bad phones are
 * reported, not fatal: the others are added in one transaction.
 */
export async function addMembersByPhones(db: Db, actor: Actor, id: number, csv: string, now: Date) {
  const { phones, bad } = phonesOfCsv(csv)
  if (phones.length === 0 && bad.length === 0) throw refuse('请粘贴或上传手机号（每行一个）')
  return db.transaction().execute(async (t) => {
    await groupOf(t, id)
    const users = phones.length
      ? await t.selectFrom('users').select(['id', 'tel', 'nick_name']).where('tel', 'in', phones).execute()
      : []
    const byPhone = new Map(users.map((u) => [u.tel ?? '', u]))
    const inGroup = new Set(
      (
        await t
          .selectFrom('customer_group_members')
          .select('user_id')
          .where('group_id', '=', id)
          .where('user_id', 'in', users.length ? users.map((u) => u.id) : [0])
          .execute()
      ).map((m) => m.user_id),
    )
    const rows = phones.map((phone) => {
      const u = byPhone.get(phone)
      const result: PhoneResult = !u ? 'unknown' : inGroup.has(u.id) ? 'already' : 'added'
      return { phone, userId: u?.id ?? null, nickName: u?.nick_name ?? '', result }
    })
    const added = rows.filter((r) => r.result === 'added').map((r) => r.userId as number)
    if (added.length) {
      await t
        .insertInto('customer_group_members')
        .values(added.map((u) => ({ group_id: id, user_id: u, create_time: dbTime(now) })))
        .onConflict((oc) => oc.doNothing())
        .execute()
      await audit(t, actor, now, { action: 'group.members', target: `group:${id}`, after: { added } })
    }
    const all = [
      ...rows,
      ...bad.map((phone) => ({ phone, userId: null, nickName: '', result: 'invalid' as PhoneResult })),
    ]
    return {
      added: added.length,
      results: all.map((r) => ({ ...r, text: PHONE_RESULT_TEXT[r.result] })),
    }
  })
}

/** 未开始, 进行中 or 已结束 at `at`; open dates count as always started / never ending. */
export function listState(l: { start_time: string | null; end_time: string | null }, at: string) {
  if (l.start_time && at < l.start_time) return '未开始' as const
  if (l.end_time && at > l.end_time) return '已结束' as const
  return '进行中' as const
}

/** The price lists, of one group or all, newest first, with their counts and state at `at`. */
export async function listPriceLists(db: Db, groupId: number | undefined, at: string) {
  let q = db
    .selectFrom('price_lists as l')
    .innerJoin('customer_groups as g', 'g.id', 'l.group_id')
    .select([
      'l.id',
      'l.group_id',
      'g.name as group_name',
      'l.title',
      'l.start_time',
      'l.end_time',
      'l.create_time',
      (e) =>
        e
          .selectFrom('price_list_prices as p')
          .select(sql<number>`COUNT(*)`.as('n'))
          .whereRef('p.list_id', '=', 'l.id')
          .as('prices'),
      (e) =>
        e
          .selectFrom('price_list_categories as c')
          .select(sql<number>`COUNT(*)`.as('n'))
          .whereRef('c.list_id', '=', 'l.id')
          .as('categories'),
    ])
    .orderBy('l.id', 'desc')
  if (groupId !== undefined) q = q.where('l.group_id', '=', groupId)
  const rows = await q.execute()
  return rows.map((r) => ({
    id: r.id,
    groupId: r.group_id,
    groupName: r.group_name,
    title: r.title,
    startTime: r.start_time ?? '',
    endTime: r.end_time ?? '',
    state: listState(r, at),
    prices: Number(r.prices ?? 0),
    categories: Number(r.categories ?? 0),
    createTime: r.create_time,
  }))
}

/** One price list with each SKU's group price beside its list price, and its category percentages. */
export async function priceListDetail(db: Db, id: number, at: string) {
  const l = await db
    .selectFrom('price_lists as l')
    .innerJoin('customer_groups as g', 'g.id', 'l.group_id')
    .select(['l.id', 'l.group_id', 'g.name as group_name', 'l.title', 'l.start_time', 'l.end_time'])
    .where('l.id', '=', id)
    .executeTakeFirst()
  if (!l) throw refuse(PRICE_LIST_NOT_FOUND, 404)
  const [prices, categories] = await Promise.all([
    db
      .selectFrom('price_list_prices as p')
      .leftJoin('product_skus as k', 'k.id', 'p.sku_id')
      .leftJoin('product_spus as s', 's.id', 'k.spu_id')
      .select(['p.sku_id', 'p.price_fen', 'k.price_fen as list_fen', 'k.title as sku_title', 's.title'])
      .where('p.list_id', '=', id)
      .orderBy('p.sku_id')
      .execute(),
    db
      .selectFrom('price_list_categories as c')
      .leftJoin('classifies as k', 'k.id', 'c.class_id')
      .select(['c.class_id', 'c.percent_off', 'k.title'])
      .where('c.list_id', '=', id)
      .orderBy('c.class_id')
      .execute(),
  ])
  return {
    id: l.id,
    groupId: l.group_id,
    groupName: l.group_name,
    title: l.title,
    startTime: l.start_time ?? '',
    endTime: l.end_time ?? '',
    state: listState(l, at),
    prices: prices.map((p) => ({
      skuId: p.sku_id,
      price: fenToYuan(Number(p.price_fen)),
      listPrice: p.list_fen === null ? null : fenToYuan(Number(p.list_fen)),
      title: [p.title, p.sku_title].filter(Boolean).join(' '),
    })),
    categories: categories.map((c) => ({
      classId: c.class_id,
      percentOff: c.percent_off,
      title: c.title ?? '',
    })),
  }
}

/** The group, SKUs and categories a list names must exist: refused naming the first that does not. */
async function checkRefs(t: Db, v: PriceListInput) {
  await groupOf(t, v.groupId)
  const skuIds = v.prices.map((p) => p.skuId)
  if (skuIds.length) {
    const found = await t
      .selectFrom('product_skus')
      .select('id')
      .where('id', 'in', skuIds)
      .where('removed_time', 'is', null)
      .execute()
    const known = new Set(found.map((k) => k.id))
    const missing = skuIds.find((s) => !known.has(s))
    if (missing !== undefined) throw refuse(`规格 ${missing} 不存在`)
  }
  const classIds = v.categories.map((c) => c.classId)
  if (classIds.length) {
    const found = await t.selectFrom('classifies').select('id').where('id', 'in', classIds).execute()
    const known = new Set(found.map((k) => k.id))
    const missing = classIds.find((c) => !known.has(c))
    if (missing !== undefined) throw refuse(`商品分类 ${missing} 不存在`)
  }
}

async function writeRows(t: Db, id: number, v: PriceListInput) {
  await t.deleteFrom('price_list_prices').where('list_id', '=', id).execute()
  await t.deleteFrom('price_list_categories').where('list_id', '=', id).execute()
  if (v.prices.length)
    await t
      .insertInto('price_list_prices')
      .values(v.prices.map((p) => ({ list_id: id, sku_id: p.skuId, price_fen: p.priceFen })))
      .execute()
  if (v.categories.length)
    await t
      .insertInto('price_list_categories')
      .values(v.categories.map((c) => ({ list_id: id, class_id: c.classId, percent_off: c.percentOff })))
      .execute()
}

/** What the audit keeps of a list: yuan, as the screen shows it. */
const listFacts = (v: PriceListInput) => ({
  groupId: v.groupId,
  title: v.title,
  prices: v.prices.map((p) => ({ skuId: p.skuId, price: fenToYuan(p.priceFen) })),
  categories: v.categories,
  startTime: v.startTime,
  endTime: v.endTime,
})

export async function createPriceList(db: Db, actor: Actor, v: PriceListInput, now: Date) {
  return db.transaction().execute(async (t) => {
    await checkRefs(t, v)
    const { id } = await t
      .insertInto('price_lists')
      .values({
        group_id: v.groupId,
        title: v.title,
        start_time: v.startTime,
        end_time: v.endTime,
        create_time: dbTime(now),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await writeRows(t, id, v)
    await audit(t, actor, now, {
      action: 'pricelist.create',
      target: `price-list:${id}`,
      after: listFacts(v),
    })
    return { id }
  })
}

/** The whole list again (PUT): its group, title, dates, prices and percentages. */
export async function editPriceList(db: Db, actor: Actor, id: number, v: PriceListInput, now: Date) {
  const before = await priceListDetail(db, id, dbTime(now))
  return db.transaction().execute(async (t) => {
    await checkRefs(t, v)
    const changed = await t
      .updateTable('price_lists')
      .set({ group_id: v.groupId, title: v.title, start_time: v.startTime, end_time: v.endTime })
      .where('id', '=', id)
      .executeTakeFirst()
    if (Number(changed.numUpdatedRows) !== 1) throw refuse(PRICE_LIST_NOT_FOUND, 404)
    await writeRows(t, id, v)
    await audit(t, actor, now, {
      action: 'pricelist.edit',
      target: `price-list:${id}`,
      before: {
        groupId: before.groupId,
        title: before.title,
        prices: before.prices.map((p) => ({ skuId: p.skuId, price: p.price })),
        categories: before.categories.map((c) => ({ classId: c.classId, percentOff: c.percentOff })),
        startTime: before.startTime || null,
        endTime: before.endTime || null,
      },
      after: listFacts(v),
    })
    return { id }
  })
}

export async function deletePriceList(db: Db, actor: Actor, id: number, now: Date) {
  return db.transaction().execute(async (t) => {
    const l = await t.selectFrom('price_lists').selectAll().where('id', '=', id).executeTakeFirst()
    if (!l) throw refuse(PRICE_LIST_NOT_FOUND, 404)
    await t.deleteFrom('price_list_prices').where('list_id', '=', id).execute()
    await t.deleteFrom('price_list_categories').where('list_id', '=', id).execute()
    await t.deleteFrom('price_lists').where('id', '=', id).execute()
    await audit(t, actor, now, {
      action: 'pricelist.delete',
      target: `price-list:${id}`,
      before: { groupId: l.group_id, title: l.title },
    })
    return { id }
  })
}
