/** The back office's customer lookup (issue 20): what staff with customers.read see of a customer. */
import { describe, expect, it } from 'vitest'
import { startServer } from '../../../tests/api/harness.ts'
import { demoUser } from '../../../tests/api/session.ts'
import { staffSignIn } from '../../../tests/api/staff.ts'
import type { CustomerDetail, CustomerRow } from './customers.routes.ts'

const h = startServer()

type Paged<T> = { pageData: T[]; pageTotal: number }

describe('customer lookup (customers.read)', () => {
  it('finds a customer by part of the phone, by name and by id; shows profile, orders, wallet, addresses, certification', async () => {
    const op = await staffSignIn(h, 'operator')
    const demo = await demoUser(h, '13800000001')
    const find = async (q: string) =>
      (await h.get<Paged<CustomerRow>>('/api/admin/customers', { q, pageSize: 100 }, op.auth)).data.pageData
    expect((await find('00000001')).map((c) => c.id)).toContain(demo.id)
    expect((await find('周明')).map((c) => c.id)).toContain(demo.id)
    expect((await find(String(demo.id)))[0]).toMatchObject({ id: demo.id, tel: '13800000001' })
    expect(await find('没有这个人')).toEqual([])
    // A LIKE wildcard is matched literally.
    expect(await find('%')).toEqual([])

    const d = await h.get<CustomerDetail>(`/api/admin/customers/${demo.id}`, {}, op.auth)
    expect(d.data).toMatchObject({ id: demo.id, nickName: '小周', certification: { userId: demo.id } })
    const orders = await h.get<Paged<{ code: string }>>(`/api/admin/customers/${demo.id}/orders`, {}, op.auth)
    const own = await h.get<Paged<{ code: string }>>('/api/Orders/GetOrdersPage', {}, demo.auth)
    expect(orders.data.pageTotal).toBeGreaterThan(0)
    expect(orders.data).toEqual(own.data)
    const wallet = await h.get<Paged<unknown>>(`/api/admin/customers/${demo.id}/wallet`, {}, op.auth)
    expect(wallet.data).toEqual((await h.get('/api/Recharge/GetRechargePage', {}, demo.auth)).data)
    const addresses = await h.get<unknown[]>(`/api/admin/customers/${demo.id}/addresses`, {}, op.auth)
    expect(addresses.data).toEqual((await h.get('/api/UserAddress/GetUserAddressQuery', {}, demo.auth)).data)
    expect(addresses.data.length).toBeGreaterThan(0)

    for (const path of ['', '/orders', '/wallet', '/addresses'])
      expect((await h.get(`/api/admin/customers/999999999${path}`, {}, op.auth)).http).toBe(404)
    const marketing = await staffSignIn(h, 'marketing')
    expect((await h.get('/api/admin/customers', {}, marketing.auth)).http).toBe(403)
    expect((await h.get('/api/admin/customers', {}, demo.auth)).http).toBe(401)
  })
})
