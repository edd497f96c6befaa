/**
 * The product editor's calls (issue 21) on a real server and database: each field of
 * PATCH /api/admin/products/{id} reaches the public product call at once, the detail text goes
 * through the one sanitiser, bad input is refused in Chinese and changes nothing, a new product
 * (POST /api/admin/products) stays off the site until it is listed, the SKU's picture, the change
 * marks and the audit rows. Who may call what is the permission matrix's (staff/permissions.test.ts).
 */
import { describe, expect, it } from 'vitest'
import { LISTED, OFF_SHELF } from '../../../src/lib/constants.ts'
import { sanitizeRichText } from '../../../src/lib/html/sanitize.server.ts'
import { staffImage } from '../../../tests/api/files.ts'
import { product } from '../../../tests/api/fixtures.ts'
import { startServer } from '../../../tests/api/harness.ts'
import { auditOf, staffSignIn } from '../../../tests/api/staff.ts'
import { changesSince, latestChange } from '../../changes.ts'
import type { AdminProduct, AdminSku } from './catalog.admin-routes.ts'

const h = startServer()
type Paged<T> = { pageData: T[]; pageTotal: number }
type Detail = {
  id: number
  title: string
  subTitle: string
  tag: string
  classId: number | null
  imgurls: string
  params: { title: string; text: string }[]
  content: string
  priceMin: number
  shippingTemplateId: number | null
  shippingLabel: string | null
  buyLimit: number
  skuList: { id: number; title: string; price: number; stock: number; img: string }[]
}
type Auth = Record<string, string>

const detail = (id: number) => h.get<Detail>('/api/ProductSpu/GetProductSpu', { id })
const listing = async (q: Record<string, string>) =>
  (await h.get<Paged<{ id: number }>>('/api/ProductSpu/GetProductSpuPage', q)).data
const edit = (id: number, body: unknown, auth: Auth) =>
  h.send<AdminProduct>('PATCH', `/api/admin/products/${id}`, body, auth)

/** A product picture uploaded by staff: its path (staffImage throws unless it is taken). */
const upload = (auth: Auth, tail: string) => staffImage(h, 'products', auth, tail)

/** The demo's 标准运费 shipping template (a fee below ¥99): its id. */
const standardTemplate = async () =>
  (
    await h.db
      .selectFrom('shipping_templates')
      .select('id')
      .where('name', '=', '标准运费')
      .executeTakeFirstOrThrow()
  ).id

/** The product dictionary: its categories (ids) and tags (titles, ids), as the editor offers them. */
async function dictionary() {
  const r = await h.get<{ key: string; list: { id: number; title: string }[] }[]>(
    '/api/Classify/GetClassifyQuerys',
  )
  const of = (key: string) => r.data.find((g) => g.key === key)?.list ?? []
  return {
    classes: of('productClass'),
    tags: of('productTag').map((t) => t.title),
    tagIds: of('productTag').map((t) => t.id),
  }
}

/** A seeded listed product's category: one with others in it, so the recommendations stay full. */
const seededClass = async () =>
  Number(
    (
      await h.db
        .selectFrom('product_spus')
        .select('class_id')
        .where('ext', '=', LISTED)
        .where('is_show', '=', 1)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).class_id,
  )

describe('the product editor (PATCH /api/admin/products/{id})', () => {
  it('edits every field; the public product call answers them at once, marked and audited', async () => {
    const mk = await staffSignIn(h, 'marketing')
    const p = await product(h.db, [{ priceFen: 2500, stock: 3 }])
    expect((await detail(p.spuId)).status).toBe(200) // read once, so the read cache holds the old answer
    const { classes, tags } = await dictionary()
    const cls = classes.at(-1)?.id as number
    const others = tags.filter((t) => t !== '包邮').slice(0, 2)
    const img = await upload(mk.auth, `editor-${Math.random()}`)
    const seedImg = (await detail(p.spuId)).data.imgurls.split(',')[0] as string
    const title = `编辑器商品${Date.now()}`
    const content =
      '<h3>产品介绍</h3><p>这是<strong>新的</strong>详情。</p><img src="/uploads/a.png" alt="图">'
    const since = await latestChange(h.db)
    // What the editor sends and reads back unchanged.
    const kept = {
      title,
      subTitle: '新的副标题',
      brand: '测试品牌',
      model: 'AM-X100',
      params: [
        { title: '产地', text: '江苏南京' },
        { title: '包装', text: '独立包装' },
      ],
      classId: cls,
    }

    const r = await edit(
      p.spuId,
      {
        ...kept,
        tag: others.join(','),
        // The default template (migration 23's 包邮): the server adds the 包邮 tag.
        shippingTemplateId: null,
        imgurls: [img, seedImg],
        content,
      },
      mk.auth,
    )
    expect(r.http).toBe(200)
    expect(r.data).toMatchObject({
      ...kept,
      tag: [...others, '包邮'].join(','),
      freeShipping: true,
      shippingTemplateId: null,
      shippingLabel: '包邮',
      imgurls: `${img},${seedImg}`,
      content: sanitizeRichText(content),
    })
    const pub = (await detail(p.spuId)).data
    expect(pub).toMatchObject({
      title,
      subTitle: '新的副标题',
      classId: cls,
      tag: [...others, '包邮'].join(','),
      imgurls: `${img},${seedImg}`,
      content: sanitizeRichText(content),
    })
    // Brand and model stay what the public page and its structured data read: params' first entries.
    expect(pub.params).toEqual([
      { title: '品牌', text: '测试品牌' },
      { title: '型号', text: 'AM-X100' },
      { title: '产地', text: '江苏南京' },
      { title: '包装', text: '独立包装' },
    ])
    expect((await listing({ title, tag: '包邮' })).pageData.map((c) => c.id)).toEqual([p.spuId])
    expect((await changesSince(h.db, since)).tags).toEqual(
      expect.arrayContaining([`product:${p.spuId}`, 'list:product', 'home']),
    )

    // Only what is given changes: no brand any more, a template with a fee (so no 包邮 tag), the other tags kept.
    const standard = await standardTemplate()
    const less = await edit(p.spuId, { brand: '', shippingTemplateId: standard }, mk.auth)
    expect(less.data).toMatchObject({
      brand: '',
      model: 'AM-X100',
      tag: others.join(','),
      freeShipping: false,
      shippingTemplateId: standard,
      shippingLabel: '满¥99.00包邮',
    })
    const after = (await detail(p.spuId)).data
    expect(after.params.map((x) => x.title)).toEqual(['型号', '产地', '包装'])
    expect(after.tag).toBe(others.join(','))
    expect(after).toMatchObject({ shippingTemplateId: standard, shippingLabel: '满¥99.00包邮' })
    expect(after.title).toBe(title)
    expect((await listing({ title, tag: '包邮' })).pageTotal).toBe(0)

    const rows = await auditOf(h, `product:${p.spuId}`)
    expect(rows[0]).toMatchObject({
      staff: 'marketing',
      action: 'product.edit',
      before: { brand: '测试品牌', tags: [...others, '包邮'] },
      after: { brand: '', tags: others, shippingTemplateId: standard },
    })
    expect(Object.keys(rows[0]?.after as object).sort()).toEqual(['brand', 'shippingTemplateId', 'tags'])
    expect(rows[1]).toMatchObject({
      action: 'product.edit',
      before: { brand: expect.any(String), content: expect.stringContaining('<') },
      after: {
        title,
        brand: '测试品牌',
        model: 'AM-X100',
        classId: cls,
        imgurls: [img, seedImg],
        content: sanitizeRichText(content),
      },
    })
  })

  it('sanitises the detail text with the one sanitiser: no <script>, no onerror', async () => {
    const mk = await staffSignIn(h, 'marketing')
    const p = await product(h.db, [{ priceFen: 1000, stock: 1 }])
    const dirty =
      '<p onclick="steal()">好产品<script>alert(1)</script></p><img src="/uploads/a.png" onerror="alert(2)"><a href="javascript:alert(3)">链接</a>'
    const r = await edit(p.spuId, { content: dirty }, mk.auth)
    expect(r.http).toBe(200)
    const stored = (await detail(p.spuId)).data.content
    expect(stored).toBe(sanitizeRichText(dirty))
    expect(stored).toContain('好产品')
    expect(stored).toContain('<img src="/uploads/a.png"')
    for (const bad of ['<script', 'onerror', 'onclick', 'javascript:']) expect(stored).not.toContain(bad)
  })

  it('refuses bad input with the rule’s Chinese messages and changes nothing', async () => {
    const mk = await staffSignIn(h, 'marketing')
    const p = await product(h.db, [{ priceFen: 1000, stock: 1 }])
    const { tags, tagIds } = await dictionary()
    // A tag's id is no category's.
    const tagId = tagIds[0] as number
    const before = (await h.get<AdminProduct>(`/api/admin/products/${p.spuId}`, {}, mk.auth)).data
    const row = (n: number) => Array.from({ length: n }, (_, i) => ({ title: `参数${i}`, text: '值' }))
    for (const [body, msg] of [
      [{}, '请填写商品名称'],
      [{ title: ' ' }, '请填写商品名称'],
      [{ title: '长'.repeat(51) }, '商品名称不能超过50个字'],
      [{ subTitle: '长'.repeat(101) }, '副标题不能超过100个字'],
      [{ brand: '长'.repeat(21) }, '品牌不能超过20个字'],
      [{ model: 'M'.repeat(31) }, '型号不能超过30个字'],
      [{ classId: 'abc' }, '请选择商品分类'],
      [{ classId: 999999999 }, '请选择商品分类'],
      [{ classId: tagId }, '请选择商品分类'],
      [{ tag: '不存在的标签' }, '请从列表中选择标签'],
      [{ tag: [...tags, 'x', 'y'].slice(0, 6) }, '商品标签不能超过5个'],
      [{ shippingTemplateId: 'yes' }, '请选择运费模板'],
      [{ shippingTemplateId: 999999999 }, '请选择运费模板'],
      [{ orderLimit: -1 }, '每单限购应为 0 到 9999 的整数'],
      [{ orderLimit: '2.5' }, '每单限购应为 0 到 9999 的整数'],
      [{ orderLimit: 10_000 }, '每单限购应为 0 到 9999 的整数'],
      [{ imgurls: ['https://evil.example/x.png'] }, '商品图片的文件地址不正确，请重新上传'],
      [{ imgurls: 'javascript:alert(1)' }, '商品图片的文件地址不正确，请重新上传'],
      [{ imgurls: ['/uploads/u/00/never-uploaded.png'] }, '商品图片不存在，请重新上传'],
      [{ imgurls: Array.from({ length: 10 }, (_, i) => `/uploads/seed/${i}.png`) }, '商品图片不能超过9张'],
      [{ params: 'x' }, '规格参数格式不正确'],
      [{ params: [{ title: '', text: '值' }] }, '请填写第1项参数的名称'],
      [{ params: [{ title: '产地', text: '南京' }, { title: '包装' }] }, '请填写第2项参数的内容'],
      [{ params: [{ title: '长'.repeat(11), text: '值' }] }, '第1项参数的名称不能超过10个字'],
      [{ params: [{ title: '产地', text: '长'.repeat(101) }] }, '第1项参数的内容不能超过100个字'],
      [{ params: [{ title: '品牌', text: '测试品牌' }] }, '品牌请填在“品牌”一栏，不要写在规格参数里'],
      [{ params: row(21) }, '规格参数不能超过20项'],
      [{ content: 5 }, '商品详情格式不正确'],
      [{ content: `<p>${'长'.repeat(20_000)}</p>` }, '商品详情不能超过20000个字符'],
    ] as const) {
      const r = await edit(p.spuId, body, mk.auth)
      expect([JSON.stringify(body).slice(0, 60), r.http, r.data]).toEqual([
        JSON.stringify(body).slice(0, 60),
        400,
        msg,
      ])
    }
    const after = (await h.get<AdminProduct>(`/api/admin/products/${p.spuId}`, {}, mk.auth)).data
    expect(after).toEqual(before)
    expect((await edit(999999999, { title: '新' }, mk.auth)).data).toBe('商品不存在或已删除')
  })

  it('sets 每单限购: the product page’s buy limit follows, 0 gives the site-wide cap back (issue 39)', async () => {
    const mk = await staffSignIn(h, 'marketing')
    const p = await product(h.db, [{ priceFen: 1000, stock: 50 }])
    const saved = await edit(p.spuId, { orderLimit: '3' }, mk.auth)
    expect((saved.data as AdminProduct).orderLimit).toBe(3)
    // An anonymous answer may come from the read cache until it has seen the edit's mark (≤ 1 s).
    await expect.poll(async () => (await detail(p.spuId)).data.buyLimit).toBe(3)
    expect((await auditOf(h, `product:${p.spuId}`))[0]).toMatchObject({
      action: 'product.edit',
      before: { orderLimit: 0 },
      after: { orderLimit: 3 },
    })
    expect((await edit(p.spuId, { orderLimit: 0 }, mk.auth)).http).toBe(200)
    await expect.poll(async () => (await detail(p.spuId)).data.buyLimit).toBe(10)
  })

  it('a SKU gets its own picture through the staff image call; price and title stay', async () => {
    const mk = await staffSignIn(h, 'marketing')
    const p = await product(h.db, [{ priceFen: 1990, stock: 2 }])
    const sku = p.skuIds[0] as number
    const img = await upload(mk.auth, `sku-${Math.random()}`)
    const r = await h.send<AdminSku>('PATCH', `/api/admin/skus/${sku}`, { img }, mk.auth)
    expect([r.http, r.data]).toMatchObject([200, { id: sku, img, price: 19.9, title: '规格0' }])
    expect((await detail(p.spuId)).data.skuList[0]).toMatchObject({ id: sku, img, price: 19.9 })
    expect((await auditOf(h, `sku:${sku}`))[0]).toMatchObject({
      action: 'sku.edit',
      before: { img: 'a.jpg' },
      after: { img },
    })
    const bad = await h.send('PATCH', `/api/admin/skus/${sku}`, { img: 'javascript:alert(1)' }, mk.auth)
    expect([bad.http, bad.data]).toEqual([400, '规格图片的文件地址不正确，请重新上传'])
    const gone = await h.send('PATCH', `/api/admin/skus/${sku}`, { img: '/uploads/u/00/gone.png' }, mk.auth)
    expect([gone.http, gone.data]).toEqual([400, '规格图片不存在，请重新上传'])
    // The pinned shape is unchanged: an empty body still asks for the price.
    const none = await h.send('PATCH', `/api/admin/skus/${sku}`, {}, mk.auth)
    expect([none.http, none.data]).toEqual([400, '请填写价格'])
    const text = new Blob(['not a picture'])
    const form = new FormData()
    form.append('file', text, 'a.png')
    const refused = await fetch(`${h.base}/api/admin/products/images`, {
      method: 'POST',
      headers: { sign: h.sign(), ...mk.auth },
      body: form,
    })
    expect(await refused.json()).toEqual({ status: 400, data: '仅支持上传png、jpg、gif、webp文件' })
  })
})

describe('new products (POST /api/admin/products)', () => {
  it('starts unlisted with its first SKU at stock 0, marking no page until listed; then it is in the listing, search and its page', async () => {
    const mk = await staffSignIn(h, 'marketing')
    const title = `新建商品${Date.now()}${Math.random().toString(36).slice(2, 6)}`
    const since = await latestChange(h.db)
    const r = await h.post<AdminProduct>(
      '/api/admin/products',
      { title, skuTitle: '标准装', price: '88.5' },
      mk.auth,
    )
    expect(r.http).toBe(200)
    expect(r.data).toMatchObject({
      title,
      listed: false,
      priceMin: 88.5,
      stock: 0,
      skuCount: 1,
      brand: '',
      params: [],
      content: '',
      imgurls: '',
      skus: [{ title: '标准装', price: 88.5, stock: 0 }],
      // No template given: the default, 包邮, whose tag it carries.
      shippingTemplateId: null,
      shippingLabel: '包邮',
      tag: '包邮',
    })
    const standard = await standardTemplate()
    const fee = await h.post<AdminProduct>(
      '/api/admin/products',
      { title: `${title}运费`, skuTitle: '标准装', price: '10', shippingTemplateId: standard },
      mk.auth,
    )
    expect(fee.data).toMatchObject({ shippingTemplateId: standard, shippingLabel: '满¥99.00包邮', tag: '' })
    const id = r.data.id
    const sku = r.data.skus[0]?.id as number
    expect((await auditOf(h, `product:${id}`))[0]).toMatchObject({
      staff: 'marketing',
      action: 'product.create',
      after: { title, listed: false, sku: { id: sku, title: '标准装', price: 88.5, stock: 0 } },
    })

    // Unlisted: on no public page.
    const off = await detail(id)
    expect([off.http, off.data]).toEqual([404, OFF_SHELF])
    expect((await listing({ title })).pageTotal).toBe(0)

    // Filled in like the other products (tests that read the newest product expect one), stocked, listed.
    const seedImg = (
      await h.db.selectFrom('product_spus').select('imgurls').where('id', '=', 1).executeTakeFirstOrThrow()
    ).imgurls.split(',')[0] as string
    await edit(
      id,
      {
        subTitle: '新品上市',
        brand: '测试品牌',
        model: 'AM-N1',
        params: [{ title: '产地', text: '江苏南京' }],
        classId: await seededClass(),
        imgurls: [seedImg],
        content: '<h3>产品介绍</h3><p>新建的商品。</p>',
      },
      mk.auth,
    )
    const stocked = await h.post<{ stock: number }>(
      `/api/admin/skus/${sku}/stock`,
      { delta: 20, reason: '首批入库' },
      mk.auth,
    )
    expect(stocked.data.stock).toBe(20)
    // Prepared while unlisted: no public page shows it, so nothing asked the site to rebuild.
    expect((await changesSince(h.db, since)).tags).not.toContain(`product:${id}`)
    const beforeListing = await latestChange(h.db)
    const on = await h.post<AdminProduct>(`/api/admin/products/${id}/listing`, { listed: true }, mk.auth)
    expect([on.http, on.data.listed]).toEqual([200, true])
    expect((await changesSince(h.db, beforeListing)).tags).toEqual(
      expect.arrayContaining([`product:${id}`, 'list:product', 'home']),
    )

    const pub = await detail(id)
    expect(pub.http).toBe(200)
    expect(pub.data).toMatchObject({
      title,
      subTitle: '新品上市',
      priceMin: 88.5,
      skuList: [{ id: sku, title: '标准装', price: 88.5, stock: 20 }],
    })
    // The listing and the search (the same call with the typed words as its title filter).
    expect((await listing({ title })).pageData.map((c) => c.id)).toEqual([id])
  })

  it('refuses a new product without a title, a first SKU or a good price, in Chinese, creating nothing', async () => {
    const mk = await staffSignIn(h, 'marketing')
    const title = `不该建成${Math.random()}`
    for (const [body, msg] of [
      [{ skuTitle: '标准装', price: '1' }, '请填写商品名称'],
      [{ title: '长'.repeat(51), skuTitle: '标准装', price: '1' }, '商品名称不能超过50个字'],
      [{ title, price: '1' }, '请填写规格名称'],
      [{ title, skuTitle: '标准装' }, '请填写价格'],
      [{ title, skuTitle: '标准装', price: '-1' }, '价格不能为负数'],
      [{ title, skuTitle: '标准装', price: '1.234' }, '价格最多两位小数'],
      [{ title, skuTitle: '标准装', price: '1', shippingTemplateId: 'x' }, '请选择运费模板'],
      [{ title, skuTitle: '标准装', price: '1', shippingTemplateId: 999999999 }, '请选择运费模板'],
    ] as const) {
      const r = await h.post('/api/admin/products', body, mk.auth)
      expect([r.http, r.data]).toEqual([400, msg])
    }
    const made = await h.get<Paged<unknown>>('/api/admin/products', { title }, mk.auth)
    expect(made.data.pageTotal).toBe(0)
  })
})
