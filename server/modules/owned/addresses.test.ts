import { describe, expect, it } from 'vitest'
import { addressForm } from '../../../tests/address.ts'
import { startServer } from '../../../tests/api/harness.ts'
import { demoUser, newUser } from '../../../tests/api/session.ts'

const h = startServer()

interface Address {
  id: number
  name: string
  tel: string
  province: string
  city: string
  area: string
  street: string
  addressDetail: string
  address: string
  status: number
  country: string
}

const form = addressForm({ status: 0 })

describe('UserAddress', () => {
  it('checks the address form in the spec order', async () => {
    const u = await newUser(h)
    const append = (b: Record<string, unknown>) => h.post('/api/UserAddress/PostUserAddressAppend', b, u.auth)
    const cases: [Record<string, unknown>, string][] = [
      [{}, '请填写收货人'],
      [{ ...form, name: '名'.repeat(21) }, '收货人不能超过20个字'],
      [{ ...form, tel: '' }, '请填写手机号'],
      [{ ...form, tel: '1391234567' }, '手机号格式不正确'],
      [{ ...form, area: '' }, '请选择省市区'],
      [{ ...form, street: '' }, '请选择所在街道'],
      [{ ...form, addressDetail: '' }, '请填写详细地址'],
      [{ ...form, addressDetail: '址'.repeat(101) }, '详细地址不能超过100个字'],
      [{ ...form, name: { $gt: '' } }, '请填写收货人'],
    ]
    for (const [b, message] of cases) {
      const r = await append(b)
      expect([r.http, r.data]).toEqual([400, message])
    }
  })

  it('adds, lists, reads, updates and deletes the own addresses, keeping one default', async () => {
    const u = await newUser(h)
    const list = async () => (await h.get<Address[]>('/api/UserAddress/GetUserAddressQuery', {}, u.auth)).data
    expect(await list()).toEqual([])

    expect(
      (await h.post('/api/UserAddress/PostUserAddressAppend', { ...form, status: 1 }, u.auth)).data,
    ).toBe('地址保存成功')
    // The region picker's comma-joined value fills the region fields.
    const picked = {
      ...form,
      province: '',
      city: '',
      area: '',
      street: '',
      address: '上海市,上海市,徐汇区,漕河泾街道',
    }
    await h.post('/api/UserAddress/PostUserAddressAppend', picked, u.auth)
    const [first, second] = await list()
    expect(first).toMatchObject({
      ...form,
      status: 1,
      country: '中国',
      address: '江苏省,苏州市,姑苏区,平江街道',
    })
    expect(second).toMatchObject({ province: '上海市', area: '徐汇区', street: '漕河泾街道', status: 0 })

    // Making the second the default clears the first.
    const update = await h.post(
      '/api/UserAddress/PostUserAddressUpdate',
      { ...second, addressDetail: '漕溪北路398号', status: 1 },
      u.auth,
    )
    expect(update.data).toBe('地址保存成功')
    const one = await h.get<Address>('/api/UserAddress/GetUserAddress', { id: second!.id }, u.auth)
    expect(one.data).toMatchObject({ addressDetail: '漕溪北路398号', status: 1 })
    expect((await list()).map((a) => [a.id, a.status])).toEqual([
      [second!.id, 1],
      [first!.id, 0],
    ])

    // The delete body is the id itself as a JSON string (accounts §7).
    const del = await h.post('/api/UserAddress/PostUserAddressDelete', String(second!.id), u.auth)
    expect([del.http, del.data]).toEqual([200, '地址删除成功'])
    expect((await list()).map((a) => a.id)).toEqual([first!.id])
    const gone = await h.get('/api/UserAddress/GetUserAddress', { id: second!.id }, u.auth)
    expect([gone.http, gone.data]).toEqual([404, '地址不存在'])
  })

  it("refuses another user's address with 404 and never shows or changes it", async () => {
    const owner = await demoUser(h, '13800000001')
    const stranger = await newUser(h)
    const [theirs] = (await h.get<Address[]>('/api/UserAddress/GetUserAddressQuery', {}, owner.auth)).data
    expect(theirs).toBeDefined()
    const id = theirs!.id
    const attempts = [
      await h.get('/api/UserAddress/GetUserAddress', { id }, stranger.auth),
      await h.post('/api/UserAddress/PostUserAddressUpdate', { ...form, id }, stranger.auth),
      await h.post('/api/UserAddress/PostUserAddressDelete', id, stranger.auth),
      await h.post('/api/UserAddress/PostUserAddressDelete', { id: String(id) }, stranger.auth),
    ]
    for (const r of attempts) {
      expect([r.http, r.status, r.data]).toEqual([404, 404, '地址不存在'])
    }
    const still = await h.get<Address>('/api/UserAddress/GetUserAddress', { id }, owner.auth)
    expect(still.data).toEqual(theirs)
    expect((await h.get<Address[]>('/api/UserAddress/GetUserAddressQuery', {}, stranger.auth)).data).toEqual(
      [],
    )
  })

  it('keeps at most 50, even when appends race (counted inside the transaction)', async () => {
    const u = await newUser(h)
    const append = () => h.post('/api/UserAddress/PostUserAddressAppend', form, u.auth)
    for (let i = 0; i < 47; i++) expect((await append()).http).toBe(200)
    const raced = await Promise.all(Array.from({ length: 10 }, append))
    expect(raced.filter((r) => r.http === 200)).toHaveLength(3)
    for (const r of raced.filter((r) => r.http !== 200)) expect(r.data).toBe('最多保存50个地址')
    const list = await h.get<Address[]>('/api/UserAddress/GetUserAddressQuery', {}, u.auth)
    expect(list.data).toHaveLength(50)
  })

  it('needs a session and a well-formed id', async () => {
    const u = await newUser(h)
    expect((await h.get('/api/UserAddress/GetUserAddressQuery')).http).toBe(401)
    expect((await h.post('/api/UserAddress/PostUserAddressAppend', form)).http).toBe(401)
    for (const id of ['abc', '0', '-1', '1.5', '']) {
      const r = await h.post('/api/UserAddress/PostUserAddressDelete', id, u.auth)
      expect([r.http, r.data]).toEqual([400, '请提供正确的编号'])
    }
    expect((await h.post('/api/UserAddress/PostUserAddressUpdate', form, u.auth)).data).toBe(
      '请提供正确的编号',
    )
  })
})
