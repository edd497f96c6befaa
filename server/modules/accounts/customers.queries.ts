import { sql } from 'kysely'
import { fenToYuan } from '../../../src/lib/money.ts'
import type { Db } from '../../db/index.ts'
import { eq, likeContains, type Page, type Paged, textLike } from '../../db/sql.ts'
import { refuse } from '../../http.ts'
import { certifiedPerson, staffCertification } from './certification.ts'
import type { CustomerDetail, CustomerRow } from './customers.routes.ts'
import { ownProfile } from './profile.queries.ts'

/**
 * Customers for the back office's lookup, newest first (the user of an id asked for first). `q` is a user id (digits: that id, or a
 * phone containing them), or a part of the phone, nick name or real name.
 * await findCustomers(db, '1380000', { pageIndex: 0, pageSize: 20 })
 */
export async function findCustomers(db: Db, q: string | undefined, page: Page): Promise<Paged<CustomerRow>> {
  const text = q?.trim() ?? ''
  const id = /^\d{1,10}$/.test(text) ? Number(text) : null
  let base = db.selectFrom('users')
  if (text) {
    const like = likeContains(text)
    base = base.where((e) =>
      e.or([
        ...(id === null ? [] : [eq('id', id)]),
        textLike('tel', like),
        textLike('nick_name', like),
        textLike('real_name', like),
      ]),
    )
  }
  const [count, rows] = await Promise.all([
    base.select(sql<number>`COUNT(*)`.as('n')).executeTakeFirst(),
    base
      .select([
        'id',
        'code',
        'tel',
        'nick_name',
        'real_name',
        'level',
        'status',
        'balance_fen',
        'create_time',
      ])
      // The user of that id first: digits are a phone's too.
      .orderBy(sql`CASE WHEN id = ${id ?? 0} THEN 0 ELSE 1 END`)
      .orderBy('id', 'desc')
      .limit(page.pageSize)
      .offset(page.pageIndex * page.pageSize)
      .execute(),
  ])
  return {
    ...page,
    pageTotal: Number(count?.n ?? 0),
    pageData: rows.map((r) => ({
      id: r.id,
      code: r.code,
      ...certifiedPerson(r),
      balance: fenToYuan(r.balance_fen),
      createTime: r.create_time,
    })),
  }
}

/** Refuses with 404 用户不存在 unless the user exists. */
export async function requireCustomer(db: Db, userId: number) {
  const r = await db
    .selectFrom('users')
    .select(['id', 'create_time', 'introducer_id'])
    .where('id', '=', userId)
    .executeTakeFirst()
  if (!r) throw refuse('用户不存在', 404)
  return r
}

/** A customer as staff see them: what they see of themselves, and their certification. */
export async function customerDetail(db: Db, userId: number): Promise<CustomerDetail> {
  const r = await requireCustomer(db, userId)
  const [profile, certification] = await Promise.all([ownProfile(db, userId), staffCertification(db, userId)])
  return { ...profile, createTime: r.create_time, introducerId: r.introducer_id, certification }
}
