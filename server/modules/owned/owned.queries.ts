import type { Insertable, Selectable, Updateable } from 'kysely'
import { OWNED_MAX } from '../../../src/lib/constants.ts'
import type { AddressForm } from '../../../src/lib/rules/address.ts'
import type { InvoiceForm, InvoiceType } from '../../../src/lib/rules/invoice.ts'
import { joinRegion } from '../../../src/lib/rules/region.ts'
import type { Db } from '../../db/index.ts'
import type { Database } from '../../db/schema.ts'
import { lockUser } from '../../db/sql.ts'
import { refuse } from '../../http.ts'

/** Tables whose rows belong to one user (user_id) and are deleted by clearing is_show. */
export type OwnedTable = 'addresses' | 'invoice_infos'

type Row<T extends OwnedTable> = Selectable<Database[T]>
/** The columns a form fills: all but the owner, the default flag, visibility and time. */
type Columns<T extends OwnedTable> = Omit<
  Insertable<Database[T]>,
  'id' | 'user_id' | 'status' | 'is_show' | 'create_time'
>

/**
 * The row `id` of `table` when it belongs to `userId`; otherwise a 404 with `notFound`, the same
 * answer whether the row is someone else's or does not exist, so ids of others leak nothing.
 */
export async function ownedRow<T extends OwnedTable>(
  db: Db,
  table: T,
  id: number,
  userId: number,
  notFound: string,
): Promise<Row<T>> {
  const row = await db
    // Kysely cannot type a query over a table named by a type parameter; the row is T's.
    .selectFrom(table as OwnedTable)
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('is_show', '=', 1)
    .executeTakeFirst()
  if (!row) throw refuse(notFound, 404)
  return row as Row<T>
}

/** One owned resource: its table, how a cleaned form is stored, how a row is answered. */
export interface OwnedStore<T extends OwnedTable, V extends { status: 0 | 1 }, A> {
  table: T
  columns: (v: V) => Columns<T>
  answer: (row: Row<T>) => A
  messages: { saved: string; deleted: string; notFound: string; full: string }
}

/** The contact and region columns an address and an invoice's mailing details store alike. */
const contactColumns = (v: AddressForm | InvoiceForm) => ({
  name: v.name,
  tel: v.tel,
  country: v.country,
  province: v.province,
  city: v.city,
  area: v.area,
  street: v.street,
})

export const addresses: OwnedStore<'addresses', AddressForm, ReturnType<typeof addressAnswer>> = {
  table: 'addresses',
  columns: (v) => ({
    ...contactColumns(v),
    address_detail: v.addressDetail,
  }),
  answer: addressAnswer,
  messages: {
    saved: '地址保存成功',
    deleted: '地址删除成功',
    notFound: '地址不存在',
    full: `最多保存${OWNED_MAX}个地址`,
  },
}

function addressAnswer(r: Row<'addresses'>) {
  return {
    id: r.id,
    name: r.name,
    tel: r.tel,
    province: r.province,
    city: r.city,
    area: r.area,
    street: r.street,
    addressDetail: r.address_detail,
    address: joinRegion(r),
    status: r.status,
    country: r.country,
  }
}

export const invoices: OwnedStore<'invoice_infos', InvoiceForm, ReturnType<typeof invoiceAnswer>> = {
  table: 'invoice_infos',
  columns: (v) => ({
    types: v.types,
    company_name: v.companyName,
    company_code: v.companyCode,
    company_address: v.companyAddress,
    company_tel: v.companyTel,
    bank: v.bank,
    account: v.account,
    ...contactColumns(v),
    addressx: v.addressx,
  }),
  answer: invoiceAnswer,
  messages: {
    saved: '发票保存成功',
    deleted: '发票删除成功',
    notFound: '发票信息不存在',
    full: `最多保存${OWNED_MAX}条发票信息`,
  },
}

function invoiceAnswer(r: Row<'invoice_infos'>) {
  return {
    id: r.id,
    // Only checkInvoice writes this column, and it takes nothing but INVOICE_TYPES.
    types: r.types as InvoiceType,
    companyName: r.company_name,
    companyCode: r.company_code,
    companyAddress: r.company_address,
    companyTel: r.company_tel,
    bank: r.bank,
    account: r.account,
    name: r.name,
    tel: r.tel,
    address: joinRegion(r),
    addressx: r.addressx,
    province: r.province,
    city: r.city,
    area: r.area,
    street: r.street,
    status: r.status,
    country: r.country,
  }
}

/** The user's shown records, the default first, then newest first. */
export async function list<T extends OwnedTable, V extends { status: 0 | 1 }, A>(
  db: Db,
  store: OwnedStore<T, V, A>,
  userId: number,
): Promise<A[]> {
  const rows = await db
    .selectFrom(store.table as OwnedTable)
    .selectAll()
    .where('user_id', '=', userId)
    .where('is_show', '=', 1)
    .orderBy('status', 'desc')
    .orderBy('id', 'desc')
    .execute()
  return (rows as Row<T>[]).map(store.answer)
}

export async function one<T extends OwnedTable, V extends { status: 0 | 1 }, A>(
  db: Db,
  store: OwnedStore<T, V, A>,
  id: number,
  userId: number,
): Promise<A> {
  return store.answer(await ownedRow(db, store.table, id, userId, store.messages.notFound))
}

/** A new record, refused once the user keeps OWNED_MAX. */
export async function append<T extends OwnedTable, V extends { status: 0 | 1 }, A>(
  db: Db,
  store: OwnedStore<T, V, A>,
  userId: number,
  v: V,
  at: string,
): Promise<void> {
  const table: OwnedTable = store.table
  await db.transaction().execute(async (t) => {
    // Counted in the transaction, the user locked: concurrent appends cannot pass the cap together.
    await lockUser(t, userId)
    const count = await t
      .selectFrom(table)
      .select((e) => e.fn.countAll<number | string>().as('n'))
      .where('user_id', '=', userId)
      .where('is_show', '=', 1)
      .executeTakeFirstOrThrow()
    if (Number(count.n) >= OWNED_MAX) throw refuse(store.messages.full)
    const row = { ...store.columns(v), status: v.status, user_id: userId, create_time: at }
    const { id } = await t
      .insertInto(table)
      // As in ownedRow: the columns are T's, which Kysely cannot see through the type parameter.
      .values(row as Insertable<Database[OwnedTable]>)
      .returning('id')
      .executeTakeFirstOrThrow()
    if (v.status === 1) await clearDefault(t, table, userId, id)
  })
}

/** Overwrites the user's record `id` with the form; 404 when it is not theirs. */
export async function update<T extends OwnedTable, V extends { status: 0 | 1 }, A>(
  db: Db,
  store: OwnedStore<T, V, A>,
  userId: number,
  id: number,
  v: V,
): Promise<void> {
  const table: OwnedTable = store.table
  await ownedRow(db, table, id, userId, store.messages.notFound)
  await db.transaction().execute(async (t) => {
    const row = { ...store.columns(v), status: v.status }
    await t
      .updateTable(table)
      .set(row as Updateable<Database[OwnedTable]>)
      .where('id', '=', id)
      .execute()
    if (v.status === 1) await clearDefault(t, table, userId, id)
  })
}

/** Marking one record default clears the flag on the user's others. */
const clearDefault = (t: Db, table: OwnedTable, userId: number, keep: number) =>
  t.updateTable(table).set({ status: 0 }).where('user_id', '=', userId).where('id', '<>', keep).execute()

/** Hides the user's record `id` (orders that used it keep pointing at the row); 404 when not theirs. */
export async function hide<T extends OwnedTable, V extends { status: 0 | 1 }, A>(
  db: Db,
  store: OwnedStore<T, V, A>,
  userId: number,
  id: number,
): Promise<void> {
  const table: OwnedTable = store.table
  await ownedRow(db, table, id, userId, store.messages.notFound)
  await db.updateTable(table).set({ is_show: 0, status: 0 }).where('id', '=', id).execute()
}
