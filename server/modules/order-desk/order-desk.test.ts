/**
 * Issue 38 on a real server and database: finding any order by one text (each field, a product
 * title, no false hits, % and _ literal, names kept in step), staff's internal notes (refusals,
 * audited, never on the buyer's answers), the order's timeline, and the export of chosen orders.
 */
import { randomInt } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { startServer } from '../../../tests/api/harness.ts'
import { ADDRESS, ownSku, receivedOrder } from '../../../tests/api/orders.ts'
import { newUser } from '../../../tests/api/session.ts'
import { auditOf, staffSignIn } from '../../../tests/api/staff.ts'
import type { AdminOrder, AdminOrderRow } from './orders.admin-routes.ts'

const h = startServer()
type Staff = Awaited<ReturnType<typeof staffSignIn>>
type Customer = Awaited<ReturnType<typeof newUser>>
type Paged<T> = { pageData: T[]; pageTotal: number }

const codesOf = async (who: Staff, q: Record<string, string | number>) => {
  const r = await h.get<Paged<AdminOrderRow>>('/api/admin/orders', { pageSize: 50, ...q }, who.auth)
  expect(r.http).toBe(200)
  return r.data.pageData.map((o) => o.code).sort()
}
const orderOf = async (who: Staff, code: string) =>
  (await h.get<AdminOrder>(`/api/admin/orders/${code}`, {}, who.auth)).data

/** A random run of `n` characters of a rare CJK block, so the texts of other tests never hold it. */
const rare = (n: number) =>
  String.fromCodePoint(...Array.from({ length: n }, () => 0x4e00 + randomInt(0, 20_000)))
const digits = (n: number) => Array.from({ length: n }, () => randomInt(0, 10)).join('')

/** An order of `me` for one line titled `title`, to receiver `recName`/`recTel`. */
async function orderTitled(me: Customer, title: string, rec: { recName?: string; recTel?: string } = {}) {
  const skuId = await ownSku(h.db)
  const { spu_id } = await h.db
    .selectFrom('product_skus')
    .select('spu_id')
    .where('id', '=', skuId)
    .executeTakeFirstOrThrow()
  await h.db.updateTable('product_spus').set({ title }).where('id', '=', spu_id).execute()
  const placed = await h.post<number>(
    '/api/Orders/PostOrdersAppend',
    { ...ADDRESS, ...rec, list: [{ skuId, quantity: 1 }] },
    me.auth,
  )
  expect(placed.status).toBe(200)
  const o = await h.db
    .selectFrom('orders')
    .select(['id', 'code'])
    .where('id', '=', placed.data)
    .executeTakeFirstOrThrow()
  return { ...o, spuId: spu_id }
}

describe('finding any order (q on GET /api/admin/orders)', () => {
  it('matches the code, the buyer, the receiver and any line title, and nothing else', async () => {
    const op = await staffSignIn(h, 'operator')
    const me = await newUser(h)
    const nick = `昵${rare(4)}`
    const real = `实${rare(3)}`
    await h.db
      .updateTable('users')
      .set({ nick_name: nick, real_name: real })
      .where('id', '=', me.id)
      .execute()
    const title = `种植体${rare(4)}Ab型`
    const recName = `收${rare(3)}`
    const recTel = `139${digits(8)}`
    const o = await orderTitled(me, title, { recName, recTel })
    const other = await orderTitled(me, `刮治器${rare(4)}`)

    expect(await codesOf(op, { q: o.code })).toEqual([o.code])
    expect(await codesOf(op, { q: o.code.slice(3, 14) })).toContain(o.code)
    expect(await codesOf(op, { q: me.tel })).toEqual([o.code, other.code].sort())
    expect(await codesOf(op, { q: nick.slice(1) })).toEqual([o.code, other.code].sort())
    expect(await codesOf(op, { q: real })).toEqual([o.code, other.code].sort())
    expect(await codesOf(op, { q: recName })).toEqual([o.code])
    expect(await codesOf(op, { q: recTel.slice(2) })).toEqual([o.code])
    // A product title's fragment, case-insensitive; of 1 and 2 characters too.
    expect(await codesOf(op, { q: title.slice(3, 9) })).toEqual([o.code])
    expect(await codesOf(op, { q: 'ab型' })).toContain(o.code)
    expect(await codesOf(op, { q: title.slice(4, 6) })).toEqual([o.code])
    expect(await codesOf(op, { q: title.slice(5, 6), tel: me.tel })).toEqual([o.code])
    // Combined with the other filters, and the code and tel filters as before.
    expect(await codesOf(op, { q: title.slice(3, 9), status: 20 })).toEqual([])
    expect(await codesOf(op, { q: title.slice(3, 9), status: 10, code: o.code })).toEqual([o.code])
    expect(await codesOf(op, { code: o.code })).toEqual([o.code])
    // The search's count alone comes from its index: the same as with any other filter beside it.
    const total = async (q: Record<string, string>) =>
      (await h.get<Paged<AdminOrderRow>>('/api/admin/orders', q, op.auth)).data.pageTotal
    for (const q of [me.tel, nick.slice(1, 2), '1'])
      expect(await total({ q })).toBe(await total({ q, from: '2000-01-01' }))
    // Control characters are no search.
    expect(await total({ q: '\u0007' })).toBe(await total({}))
    expect(await codesOf(op, { tel: recTel })).toEqual([o.code])

    // No false hits: across two fields (the receiver's name then phone), or text nobody has.
    expect(await codesOf(op, { q: `${recName.slice(-1)}${recTel.slice(0, 2)}` })).toEqual([])
    expect(await codesOf(op, { q: rare(5) })).toEqual([])
    expect(await codesOf(op, { q: rare(1), tel: me.tel })).toEqual([])
    // Blank is no search.
    expect(await codesOf(op, { q: '  ', tel: me.tel })).toEqual([o.code, other.code].sort())
    const long = await h.get('/api/admin/orders', { q: 'x'.repeat(51) }, op.auth)
    expect([long.http, long.data]).toEqual([400, '搜索内容不能超过50个字符'])
  })

  it('takes % and _ as themselves', async () => {
    const op = await staffSignIn(h, 'operator')
    const me = await newUser(h)
    const tag = rare(3)
    const pct = await orderTitled(me, `牙线${tag}_5%装`)
    const plain = await orderTitled(me, `牙线${tag}x55装`)
    expect(await codesOf(op, { q: `${tag}_5%` })).toEqual([pct.code])
    expect(await codesOf(op, { q: '_5%', tel: me.tel })).toEqual([pct.code])
    expect(await codesOf(op, { q: '%', tel: me.tel })).toEqual([pct.code])
    expect(await codesOf(op, { q: '_', tel: me.tel })).toEqual([pct.code])
    expect(await codesOf(op, { q: `${tag}x5` })).toEqual([plain.code])
    expect(await codesOf(op, { q: '"', tel: me.tel })).toEqual([])
    expect(await codesOf(op, { q: `"${tag}` })).toEqual([])
  })

  it('follows the buyer when their phone or names change, and the demo orders are found by title', async () => {
    const op = await staffSignIn(h, 'operator')
    const me = await newUser(h)
    const o = await orderTitled(me, `探针${rare(4)}`)
    const before = `旧${rare(3)}`
    const after = `新${rare(3)}`
    await h.db.updateTable('users').set({ nick_name: before }).where('id', '=', me.id).execute()
    expect(await codesOf(op, { q: before })).toEqual([o.code])
    await h.db.updateTable('users').set({ nick_name: after }).where('id', '=', me.id).execute()
    expect(await codesOf(op, { q: before })).toEqual([])
    expect(await codesOf(op, { q: after })).toEqual([o.code])
    const tel = `136${digits(8)}`
    await h.db.updateTable('users').set({ tel }).where('id', '=', me.id).execute()
    expect(await codesOf(op, { q: tel })).toEqual([o.code])

    // The seed's orders (placed before migration 34's triggers on a migrated database, or after):
    // each is found by its first line's title.
    const seeded = await h.db
      .selectFrom('order_items as i')
      .innerJoin('orders as o', 'o.id', 'i.order_id')
      .select(['o.code', 'i.title'])
      .orderBy('o.id')
      .limit(3)
      .execute()
    expect(seeded.length).toBeGreaterThan(0)
    for (const s of seeded) expect(await codesOf(op, { q: s.title, code: s.code })).toEqual([s.code])
  })
})

describe('exporting the chosen orders (codes on the export)', () => {
  it('answers exactly those orders, at most 500 codes', async () => {
    const fin = await staffSignIn(h, 'finance')
    const me = await newUser(h)
    const a = await orderTitled(me, `印模${rare(3)}`)
    const b = await orderTitled(me, `印模${rare(3)}`)
    await orderTitled(me, `印模${rare(3)}`)
    const csv = async (q: string) => {
      const res = await fetch(`${h.base}/api/admin/orders/export?${q}`, {
        headers: { sign: h.sign(), ...fin.auth },
      })
      return { status: res.status, text: (await res.text()).replace(/^\uFEFF/, '') }
    }
    const chosen = await csv(`codes=${a.code},${b.code}`)
    expect(chosen.status).toBe(200)
    const lines = chosen.text.trimEnd().split('\r\n')
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual([b.code, a.code])
    const listed = await codesOf(fin, { codes: `${a.code},${b.code}` })
    expect(listed).toEqual([a.code, b.code].sort())
    const many = Array.from({ length: 501 }, (_, i) => `D${i}`).join(',')
    expect(await csv(`codes=${many}`)).toMatchObject({ status: 400 })
    const tooMany = await h.get('/api/admin/orders/export', { codes: many }, fin.auth)
    expect(tooMany.data).toBe('一次最多导出500个订单')
    const bad = await h.get('/api/admin/orders/export', { codes: `${a.code},a'b` }, fin.auth)
    expect([bad.http, bad.data]).toEqual([400, '订单号不正确'])
    const ok500 = Array.from({ length: 499 }, (_, i) => `D${i}`)
      .concat(a.code)
      .join(',')
    const all = await csv(`codes=${ok500}`)
    expect(all.text.trimEnd().split('\r\n')).toHaveLength(2)
  })
})

describe('internal notes (POST /api/admin/orders/{code}/notes)', () => {
  it('adds a note for whoever reads orders, audited, newest first, never shown to the buyer', async () => {
    const op = await staffSignIn(h, 'operator')
    const fin = await staffSignIn(h, 'finance')
    const me = await newUser(h)
    const o = await orderTitled(me, `车针${rare(3)}`)
    const note = (who: Staff, text: unknown) =>
      h.post<AdminOrder | string>(`/api/admin/orders/${o.code}/notes`, { text }, who.auth)

    const first = await note(op, '  买家电话确认：周五前发货  ')
    expect(first.http).toBe(200)
    expect((first.data as AdminOrder).notes).toMatchObject([
      { staff: 'operator', text: '买家电话确认：周五前发货' },
    ])
    const second = await note(fin, '发票抬头待确认')
    const notes = (second.data as AdminOrder).notes
    expect(notes.map((n) => [n.staff, n.text])).toEqual([
      ['finance', '发票抬头待确认'],
      ['operator', '买家电话确认：周五前发货'],
    ])
    expect(notes[0]?.at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/)
    expect((await auditOf(h, `order:${o.code}`))[0]).toMatchObject({
      staff: 'finance',
      action: 'order.note',
      after: { note: '发票抬头待确认' },
    })

    for (const [text, message] of [
      ['', '请填写备注内容'],
      ['   ', '请填写备注内容'],
      ['字'.repeat(501), '备注不能超过500个字'],
    ] as const) {
      const r = await note(op, text)
      expect([r.http, r.data]).toEqual([400, message])
    }
    expect((await note(op, '字'.repeat(500))).http).toBe(200)
    const missing = await h.post('/api/admin/orders/D000/notes', { text: '无' }, op.auth)
    expect([missing.http, missing.data]).toEqual([404, '订单不存在'])
    const marketing = await staffSignIn(h, 'marketing')
    expect((await note(marketing, '无权')).http).toBe(403)

    // The buyer's own answers never carry them.
    for (const [path, q] of [
      ['/api/Orders/GetOrders', { id: o.id }],
      ['/api/Orders/GetOrdersPage', { pageIndex: 0, pageSize: 10 }],
    ] as const) {
      const r = await h.get(path, q, me.auth)
      expect(r.status).toBe(200)
      expect(JSON.stringify(r.data)).not.toContain('发票抬头待确认')
      expect(JSON.stringify(r.data)).not.toContain('notes')
    }
  })
})

describe("the order's timeline", () => {
  it('tells placed → paid → shipped (with its track) → received, then notes, oldest first', async () => {
    const op = await staffSignIn(h, 'operator')
    const me = await newUser(h)
    const o = await receivedOrder(h, me)
    await h.post(`/api/admin/orders/${o.code}/notes`, { text: '已回访' }, op.auth)
    const order = await orderOf(op, o.code)
    const t = order.timeline
    const steps = t.filter((e) => e.kind !== 'track')
    expect(steps.map((e) => [e.kind, e.actor])).toEqual([
      ['placed', '买家'],
      ['paid', '买家'],
      ['shipped', 'ops'],
      ['received', '买家'],
      ['note', 'operator'],
    ])
    expect(steps[1]?.text).toMatch(/^余额支付付款 100\.00 元（付款单 .+）$/)
    // Each parcel says what it holds (issue 38).
    const [item] = order.items
    expect(steps[2]?.text).toBe(
      `发货：${order.waybills[0]?.company} ${order.waybills[0]?.number}（${item?.title} × ${item?.quantity}）`,
    )
    expect(steps[4]?.text).toBe('备注：已回访')
    expect(t.map((e) => e.at)).toEqual([...t.map((e) => e.at)].sort())
    // The kept track, each milestone after the shipment, by the system.
    const track = t.filter((e) => e.kind === 'track')
    expect(track.length).toBe(order.waybills[0]?.locus.length)
    for (const e of track) expect(e.actor).toBe('系统')
    // Goods lines link to their product.
    expect(order.items[0]).toMatchObject({ articleId: null })
    expect(order.items[0]?.spuId).toBeGreaterThan(0)
  })
})
