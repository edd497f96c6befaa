import { describe, expect, it } from 'vitest'
import { startServer } from '../../../tests/api/harness.ts'
import { demoUser, newUser } from '../../../tests/api/session.ts'
import { invoiceInfo } from '../../../tests/invoice-info.ts'

const h = startServer()

interface Invoice {
  id: number
  types: string
  companyName: string
  status: number
  address: string
  addressx: string
}

const form = invoiceInfo({ types: '增值税专用发票', companyName: '苏州明德口腔医疗有限公司', status: 1 })

describe('UserInvoice', () => {
  it('checks the invoice form in order', async () => {
    const u = await newUser(h)
    const cases: [Record<string, unknown>, string][] = [
      [{ ...form, types: '纸质发票' }, '请选择发票类型'],
      [{ ...form, companyName: '' }, '请填写公司名称'],
      [{ ...form, companyName: '公'.repeat(21) }, '公司名称不能超过20个字'],
      [{ ...form, companyCode: '' }, '请填写税号'],
      [{ ...form, companyCode: '9'.repeat(41) }, '税号应为18位统一社会信用代码'],
      [{ ...form, companyCode: '91320508MA27Q5RX3H' }, '税号校验位不正确，请核对'],
      [{ ...form, companyAddress: '' }, '请填写注册地址'],
      [{ ...form, companyTel: '' }, '请填写注册电话'],
      [{ ...form, companyTel: '1'.repeat(21) }, '注册电话不能超过20位'],
      [{ ...form, companyTel: '12345' }, '注册电话格式不正确'],
      [{ ...form, bank: '' }, '请填写开户银行'],
      [{ ...form, bank: '银'.repeat(31) }, '开户银行不能超过30个字'],
      [{ ...form, account: '' }, '请填写银行账号'],
      [{ ...form, account: '1'.repeat(31) }, '银行账号应为8至30位数字'],
      [{ ...form, account: '5129 0733 4410 801' }, '银行账号应为8至30位数字'],
      [{ ...form, name: '' }, '请填写收票人'],
      [{ ...form, name: '名'.repeat(11) }, '收票人不能超过10个字'],
      [{ ...form, tel: '' }, '请填写收票人手机号'],
      [{ ...form, tel: '0512687654' }, '收票人手机号格式不正确'],
      [{ ...form, city: '' }, '请选择省市区'],
      [{ ...form, addressx: '' }, '请填写详细地址'],
      [{ ...form, addressx: '址'.repeat(101) }, '详细地址不能超过100个字'],
    ]
    for (const [b, message] of cases) {
      const r = await h.post('/api/UserInvoice/PostUserInvoiceAppend', b, u.auth)
      expect([r.http, r.data]).toEqual([400, message])
    }
  })

  it('asks a 电子普通发票 only for the title, the tax id and its receiver', async () => {
    const u = await newUser(h)
    const plain = {
      types: '电子普通发票',
      companyName: '周明口腔诊所',
      companyCode: '92320508MA1W8K3L2Y',
      name: '周明',
      tel: '13800000001',
    }
    expect((await h.post('/api/UserInvoice/PostUserInvoiceAppend', plain, u.auth)).data).toBe('发票保存成功')
    const r = await h.post(
      '/api/UserInvoice/PostUserInvoiceAppend',
      { ...plain, companyCode: '92320508MA1W8K3L2X' },
      u.auth,
    )
    expect([r.http, r.data]).toEqual([400, '税号校验位不正确，请核对'])
    // The special invoice still needs everything.
    const vat = await h.post(
      '/api/UserInvoice/PostUserInvoiceAppend',
      { ...plain, types: '增值税专用发票' },
      u.auth,
    )
    expect([vat.http, vat.data]).toEqual([400, '请填写注册地址'])
  })

  it('adds, updates, keeps one default and deletes', async () => {
    const u = await newUser(h)
    const list = async () => (await h.get<Invoice[]>('/api/UserInvoice/GetUserInvoiceQuery', {}, u.auth)).data
    expect((await h.post('/api/UserInvoice/PostUserInvoiceAppend', form, u.auth)).data).toBe('发票保存成功')
    await h.post(
      '/api/UserInvoice/PostUserInvoiceAppend',
      { ...form, types: '电子普通发票', status: 1 },
      u.auth,
    )
    const [newest, older] = await list()
    // A 电子普通发票 keeps only what it asks for: title, tax id, receiver (README "Invoices").
    expect(newest).toMatchObject({
      types: '电子普通发票',
      status: 1,
      companyCode: '91320508MA27Q5RX32',
      name: '周明',
      bank: '',
      account: '',
      address: '',
      addressx: '',
    })
    expect(older).toMatchObject({ types: '增值税专用发票', status: 0, addressx: '人民路1288号' })

    const r = await h.post(
      '/api/UserInvoice/PostUserInvoiceUpdate',
      { ...form, id: older!.id, companyName: '明德口腔' },
      u.auth,
    )
    expect(r.data).toBe('发票保存成功')
    const one = await h.get<Invoice>('/api/UserInvoice/GetUserInvoice', { id: older!.id }, u.auth)
    expect(one.data).toMatchObject({ companyName: '明德口腔', status: 1 })
    expect((await list()).find((i) => i.id === newest!.id)?.status).toBe(0)

    expect((await h.post('/api/UserInvoice/PostUserInvoiceDelete', String(newest!.id), u.auth)).data).toBe(
      '发票删除成功',
    )
    expect((await list()).map((i) => i.id)).toEqual([older!.id])
  })

  it("refuses another user's invoice with 404, and its owner may still delete one an order used", async () => {
    const owner = await demoUser(h, '13800000001')
    const stranger = await newUser(h)
    const used = await h.db
      .selectFrom('orders')
      .select('invoice_id')
      .where('user_id', '=', owner.id)
      .where('invoice_id', 'is not', null)
      .executeTakeFirstOrThrow()
    const id = used.invoice_id!
    for (const r of [
      await h.get('/api/UserInvoice/GetUserInvoice', { id }, stranger.auth),
      await h.post('/api/UserInvoice/PostUserInvoiceUpdate', { ...form, id }, stranger.auth),
      await h.post('/api/UserInvoice/PostUserInvoiceDelete', String(id), stranger.auth),
    ]) {
      expect([r.http, r.data]).toEqual([404, '发票信息不存在'])
    }
    const stored = () =>
      h.db
        .selectFrom('invoice_infos')
        .select(['company_name', 'is_show'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    const row = await stored()
    expect(row.is_show).toBe(1)

    // The order keeps pointing at it: deleting hides it from the list, the row stays.
    expect((await h.post('/api/UserInvoice/PostUserInvoiceDelete', id, owner.auth)).data).toBe('发票删除成功')
    expect(await stored()).toEqual({ company_name: row.company_name, is_show: 0 })
    const list = (await h.get<Invoice[]>('/api/UserInvoice/GetUserInvoiceQuery', {}, owner.auth)).data
    expect(list.some((i) => i.id === id)).toBe(false)
  })
})
