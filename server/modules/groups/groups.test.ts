/**
 * Customer groups and price lists (issue 40 item 2) through the real calls on both databases:
 * one product with one SKU priced at list (a plain buyer), member (a 9折 buyer) and group price
 * (a 9折 member of a group whose list says ¥80), with a coupon; the quote and the stored order
 * agree. A non-member gets no group price, nor does a member outside the list's dates. A
 * category percentage, the CSV of phones (each phone's result), the product page's buyer call,
 * the refusals, the audit and the permission.
 */
import { describe, expect, it } from 'vitest'
import type { OrderDetail, Quote } from '../../../src/lib/api/types.ts'
import { ownCategory, product } from '../../../tests/api/fixtures.ts'
import { startServer } from '../../../tests/api/harness.ts'
import { ADDRESS } from '../../../tests/api/orders.ts'
import { newUser } from '../../../tests/api/session.ts'
import { auditOf, staffSignIn } from '../../../tests/api/staff.ts'
import { markChanged } from '../../changes.ts'
import { dbTime } from '../../time.ts'

const h = startServer()
const HOUR = 3600_000
const at = (hours: number) => dbTime(new Date(h.now().getTime() + hours * HOUR)).slice(0, 16)
type Auth = Record<string, string>
type MyPrice = { skuId: number; myPrice: number; kind: string; label: string; groupTitle: string }

const marketing = () => staffSignIn(h, 'marketing')

async function buyer(discountTenths = 100) {
  const u = await newUser(h)
  await h.db.updateTable('users').set({ discount_tenths: discountTenths }).where('id', '=', u.id).execute()
  return u
}

async function group(auth: Auth, userIds: number[]) {
  const made = await h.post<{ id: number }>(
    '/api/admin/customer-groups',
    { name: `合作医院${Math.random().toString(36).slice(2, 10)}` },
    auth,
  )
  expect(made.http).toBe(200)
  const put = await h.send('PUT', `/api/admin/customer-groups/${made.data.id}/members`, { userIds }, auth)
  expect(put.http).toBe(200)
  return made.data.id
}

/** A ¥100 SKU in a category of its own, and a stacking 满50减10 coupon of that category held by each buyer. */
async function setting() {
  const { classId } = await ownCategory(h.db)
  const p = await product(h.db, [{ priceFen: 10_000, stock: 50 }])
  await h.db.updateTable('product_spus').set({ class_id: classId }).where('id', '=', p.spuId).execute()
  const skuId = p.skuIds[0] as number
  const dates = {
    start_time: dbTime(new Date(h.now().getTime() - 24 * HOUR)),
    end_time: dbTime(new Date(h.now().getTime() + 24 * HOUR)),
  }
  const c = await h.db
    .insertInto('coupons')
    .values({
      title: '满50减10',
      kind: 'amount',
      threshold_fen: 5_000,
      amount_fen: 1_000,
      total_limit: 100,
      scope: 'category',
      scope_ids: String(classId),
      stacks_with_promotion: 1,
      ...dates,
      create_time: dates.start_time,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await markChanged(h.db, ['offers'], dates.start_time)
  const hold = async (userId: number) =>
    (
      await h.db
        .insertInto('user_coupons')
        .values({ coupon_id: c.id, user_id: userId, claim_time: dates.start_time })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id
  const body = (userCouponId: number, quantity = 1) => ({
    ...ADDRESS,
    list: [{ skuId, quantity }],
    userCouponId,
  })
  const quote = async (u: { auth: Auth }, held: number) =>
    (await h.post<Quote>('/api/Orders/PostOrdersQuote', body(held), u.auth)).data
  const order = async (u: { id: number; auth: Auth }, held: number) => {
    const r = await h.post<number>('/api/Orders/PostOrdersAppend', body(held), u.auth)
    expect(r.status).toBe(200)
    return (await h.get<OrderDetail>('/api/Orders/GetOrders', { id: r.data }, u.auth)).data
  }
  return { classId, spuId: p.spuId, skuId, hold, quote, order }
}

describe('the buyer pays the lowest of list, member and group price', () => {
  it('list vs member vs group price on one SKU, with a coupon: the quote and the stored order agree', async () => {
    const s = await setting()
    const m = await marketing()
    const plain = await buyer(100)
    const member = await buyer(90)
    const grouped = await buyer(90)
    const gid = await group(m.auth, [grouped.id])
    const list = await h.post<{ id: number }>(
      '/api/admin/price-lists',
      { groupId: gid, title: '合作医院价', prices: [{ skuId: s.skuId, price: 80 }] },
      m.auth,
    )
    expect(list.http).toBe(200)
    expect(list.data.id).toBeGreaterThan(0)

    const rows: [string, { id: number; auth: Auth }, number, number, number][] = [
      // who, buyer, member off, group off, total (coupon ¥10 off each)
      ['list', plain, 0, 0, 90],
      ['member', member, 10, 0, 80],
      ['group', grouped, 0, 20, 70],
    ]
    for (const [who, u, memberOff, groupOff, total] of rows) {
      const held = await s.hold(u.id)
      const q = await s.quote(u, held)
      expect([who, q.subtotal, q.memberOff, q.groupOff, q.coupon?.off, q.total]).toEqual([
        who,
        100,
        memberOff,
        groupOff,
        10,
        total,
      ])
      expect(q.groupTitle).toBe(groupOff > 0 ? '合作医院价' : '')
      const o = await s.order(u, held)
      expect([who, o.costPrice, o.memberOff, o.groupOff, o.couponOff, o.tolCost]).toEqual([
        who,
        100,
        memberOff,
        groupOff,
        10,
        total,
      ])
      expect(o.groupTitle).toBe(q.groupTitle)
    }

    // The product page's live call says the same per unit.
    const mine = async (u: { auth: Auth }) =>
      (await h.get<MyPrice[]>('/api/ProductSpu/GetMyPrices', { id: s.spuId }, u.auth)).data[0]
    expect(await mine(grouped)).toMatchObject({
      myPrice: 80,
      kind: 'group',
      label: '协议价',
      groupTitle: '合作医院价',
    })
    expect(await mine(member)).toMatchObject({ myPrice: 90, kind: 'member', label: '会员价' })
    expect(await mine(plain)).toMatchObject({ myPrice: 100, kind: 'list', label: '' })
    expect((await h.get('/api/ProductSpu/GetMyPrices', { id: s.spuId })).http).toBe(401)

    const trail = await auditOf(h, `price-list:${list.data.id}`)
    expect(trail[0]).toMatchObject({ action: 'pricelist.create' })
  })

  it('a group price above the member price leaves the member price', async () => {
    const s = await setting()
    const m = await marketing()
    const u = await buyer(85)
    const gid = await group(m.auth, [u.id])
    await h.post(
      '/api/admin/price-lists',
      { groupId: gid, title: '高价', prices: [{ skuId: s.skuId, price: 90 }] },
      m.auth,
    )
    const q = await s.quote(u, 0)
    expect([q.memberOff, q.groupOff, q.total]).toEqual([15, 0, 85])
  })

  it('outside its dates a list gives no group price; inside them it does', async () => {
    const s = await setting()
    const m = await marketing()
    const u = await buyer(100)
    const gid = await group(m.auth, [u.id])
    const ended = {
      groupId: gid,
      title: '已结束',
      prices: [{ skuId: s.skuId, price: 50 }],
      startTime: at(-48),
      endTime: at(-1),
    }
    const later = { groupId: gid, title: '未开始', prices: [{ skuId: s.skuId, price: 60 }], startTime: at(2) }
    expect((await h.post('/api/admin/price-lists', ended, m.auth)).http).toBe(200)
    expect((await h.post('/api/admin/price-lists', later, m.auth)).http).toBe(200)
    const q = await s.quote(u, 0)
    expect([q.groupOff, q.total]).toEqual([0, 100])
    const running = { groupId: gid, title: '进行中', prices: [{ skuId: s.skuId, price: 70 }], endTime: at(2) }
    expect((await h.post('/api/admin/price-lists', running, m.auth)).http).toBe(200)
    expect((await s.quote(u, 0)).groupOff).toBe(30)
    const lists = (
      await h.get<{ title: string; state: string }[]>('/api/admin/price-lists', { groupId: gid }, m.auth)
    ).data
    expect(lists.map((l) => [l.title, l.state])).toEqual([
      ['进行中', '进行中'],
      ['未开始', '未开始'],
      ['已结束', '已结束'],
    ])
  })

  it('a non-member gets no group price; a category percentage prices every SKU of it', async () => {
    const s = await setting()
    const m = await marketing()
    const inside = await buyer(100)
    const outside = await buyer(100)
    const gid = await group(m.auth, [inside.id])
    const r = await h.post(
      '/api/admin/price-lists',
      { groupId: gid, title: '分类75折', prices: [], categories: [{ classId: s.classId, percentOff: 25 }] },
      m.auth,
    )
    expect(r.http).toBe(200)
    expect([(await s.quote(inside, 0)).groupOff, (await s.quote(outside, 0)).groupOff]).toEqual([25, 0])
    // Removed from the group (PUT sets the members): the group price goes with it.
    await h.send('PUT', `/api/admin/customer-groups/${gid}/members`, { userIds: [] }, m.auth)
    expect((await s.quote(inside, 0)).groupOff).toBe(0)
  })
})

describe('groups and lists in the back office', () => {
  it('adds members by a CSV of phones, each phone with its result; unknown phones are reported, not fatal', async () => {
    const m = await marketing()
    const a = await buyer()
    const b = await buyer()
    const gid = await group(m.auth, [a.id])
    const csv = `手机号\n${a.tel}\n"${b.tel}"\n13000000000\n1380000\n${b.tel}\n`
    const r = await h.post<{ added: number; results: { phone: string; result: string; text: string }[] }>(
      `/api/admin/customer-groups/${gid}/members/csv`,
      { csv },
      m.auth,
    )
    expect(r.http).toBe(200)
    expect(r.data.added).toBe(1)
    expect(r.data.results.map((x) => [x.phone, x.text])).toEqual([
      [a.tel, '已在组内'],
      [b.tel, '已加入'],
      ['13000000000', '未找到该手机号的客户'],
      ['1380000', '手机号格式不正确'],
    ])
    const detail = await h.get<{ members: { userId: number }[] }>(
      `/api/admin/customer-groups/${gid}`,
      {},
      m.auth,
    )
    expect(detail.data.members.map((x) => x.userId).sort()).toEqual([a.id, b.id].sort())
    expect((await auditOf(h, `group:${gid}`)).map((x) => x.action)).toContain('group.members')
  })

  it('the same members set or added twice at once stay set once', async () => {
    const m = await marketing()
    const us = [await buyer(), await buyer(), await buyer()]
    const gid = await group(m.auth, [])
    const ids = us.map((u) => u.id)
    const puts = await Promise.all([
      h.send('PUT', `/api/admin/customer-groups/${gid}/members`, { userIds: ids }, m.auth),
      h.send('PUT', `/api/admin/customer-groups/${gid}/members`, { userIds: ids }, m.auth),
    ])
    expect(puts.map((p) => p.http)).toEqual([200, 200])
    const csv = us.map((u) => u.tel).join('\n')
    await Promise.all([
      h.post(`/api/admin/customer-groups/${gid}/members/csv`, { csv }, m.auth),
      h.post(`/api/admin/customer-groups/${gid}/members/csv`, { csv }, m.auth),
    ])
    const rows = await h.db
      .selectFrom('customer_group_members')
      .select('user_id')
      .where('group_id', '=', gid)
      .execute()
    expect(rows.map((r) => r.user_id).sort()).toEqual([...ids].sort())
  })

  it('refuses bad input in Chinese and keeps nothing; a taken name is 409; rename and delete', async () => {
    const m = await marketing()
    const s = await setting()
    const gid = await group(m.auth, [])
    const bad = async (body: Record<string, unknown>) =>
      (await h.post<string>('/api/admin/price-lists', { groupId: gid, title: '表', ...body }, m.auth)).data
    expect(await bad({ prices: [{ skuId: s.skuId, price: -1 }] })).toBe(`规格 ${s.skuId} 的协议价不能为负数`)
    expect(await bad({ prices: [{ skuId: s.skuId, price: 0 }] })).toBe(`规格 ${s.skuId} 的协议价须大于0`)
    expect(await bad({ prices: [{ skuId: s.skuId, price: 9.999 }] })).toBe(
      `规格 ${s.skuId} 的协议价最多两位小数`,
    )
    expect(await bad({ prices: [] })).toBe('请至少填写一个商品价格或分类折扣')
    expect(await bad({ prices: [{ skuId: 999_999_999, price: 5 }] })).toBe('规格 999999999 不存在')
    expect(await bad({ prices: [{ skuId: s.skuId, price: 5 }], startTime: at(2), endTime: at(1) })).toBe(
      '结束时间须晚于开始时间',
    )
    expect(await bad({ categories: [{ classId: s.classId, percentOff: 100 }] })).toContain('1到99')
    const none = await h.db.selectFrom('price_lists').select('id').where('group_id', '=', gid).execute()
    expect(none).toEqual([])

    const name = `经销商${Math.random().toString(36).slice(2, 10)}`
    expect((await h.send('PUT', `/api/admin/customer-groups/${gid}`, { name }, m.auth)).http).toBe(200)
    const dup = await h.post<string>('/api/admin/customer-groups', { name }, m.auth)
    expect([dup.http, dup.data]).toEqual([409, '客户组名称已存在'])
    expect((await h.post<string>('/api/admin/customer-groups', { name: ' ' }, m.auth)).data).toBe(
      '请填写客户组名称',
    )
    expect((await h.send('DELETE', `/api/admin/customer-groups/${gid}`, undefined, m.auth)).http).toBe(200)
    expect((await h.get(`/api/admin/customer-groups/${gid}`, {}, m.auth)).http).toBe(404)
  })

  it('is marketing’s: an operator is refused', async () => {
    const op = await staffSignIn(h, 'operator')
    expect((await h.post('/api/admin/customer-groups', { name: '运营不可建' }, op.auth)).http).toBe(403)
    expect((await h.get('/api/admin/price-lists', {}, op.auth)).http).toBe(403)
  })
})
