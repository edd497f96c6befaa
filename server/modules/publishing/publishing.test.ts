import { describe, expect, it } from 'vitest'
import type { ArticleDetail } from '../../../src/lib/api/types.ts'
import { SECTION_FILE_MAX_BYTES, SECTION_FILE_RULE } from '../../../src/lib/constants.ts'
import { pathOf, tinyMp4, tinyPdf, tinyPng, uploaded as uploadedBy } from '../../../tests/api/files.ts'
import { startServer } from '../../../tests/api/harness.ts'
import { newUser } from '../../../tests/api/session.ts'
import { changesSince, latestChange } from '../../changes.ts'

const h = startServer()
// Real files, uploaded by each publisher (publisher()): a field takes only its caller's uploads.
// Named by their bytes, so every publisher's upload of them is the same path.
const files = {
  cover: tinyPng('publishing cover'),
  video: tinyMp4('publishing video'),
  handout: tinyPdf('publishing handout'),
}
const cover = pathOf(files.cover, 'png')
const video = pathOf(files.video, 'mp4', 'private')
const handout = pathOf(files.handout, 'pdf')

type Detail = ArticleDetail

/** An upload record without sending the bytes (a file over 2 GB), owned by `userId`. */
async function uploaded(path: string, size: number, userId: number) {
  const at = '2026-11-22 10:00:00'
  await h.db
    .insertInto('uploads')
    .values({ user_id: userId, path, mime: 'video/mp4', size, create_time: at })
    .execute()
  await h.db.insertInto('user_uploads').values({ user_id: userId, path, size, create_time: at }).execute()
}

/** The first entries of a dictionary key, as the forms offer them. */
async function dict(key: string) {
  return h.db.selectFrom('classifies').select(['id', 'title']).where('ckey', '=', key).orderBy('id').execute()
}

/** A signed-in user; `certified` gives the institution level that may create courses. */
async function publisher(certified = true) {
  const u = await newUser(h)
  if (certified) await h.db.updateTable('users').set({ level: 20 }).where('id', '=', u.id).execute()
  await uploadedBy(h, files.cover, 'cover.png', u.auth)
  await uploadedBy(h, files.video, 'v.mp4', u.auth, 'private')
  // The handout public, so a paid section's file is seen leaving the public tree.
  await uploadedBy(h, files.handout, 'h.pdf', u.auth)
  return u
}

async function taskBody() {
  const [cls] = await dict('taskClass')
  const [tag1, tag2] = await dict('taskTag')
  const [city] = await dict('cityTag')
  return {
    status: 20,
    title: '种植手术跟台',
    imgurl: cover,
    classId: cls?.id,
    free: 1,
    price: '300',
    tag: `${tag1?.title},${tag2?.title}`,
    city: city?.title,
    postName: '王医生',
    tel: '13900001111',
    addressx: '朝阳区建国路1号',
    content: '<p>需要一名助手，<strong>周六</strong>全天。</p>',
  }
}

async function courseBody() {
  const [cls] = await dict('courseClass')
  return {
    status: 30,
    title: '根管治疗入门',
    imgurl: cover,
    classId: cls?.id,
    free: 1,
    price: '199.9',
    tag: '',
    content: '<h2>课程介绍</h2><p>从开髓到充填。</p>',
    list: [
      { title: '第1节 开髓', imgurl: video, status: 2, price: '', params: '125' },
      { title: '第2节 讲义', imgurl: handout, status: 1, price: '19.9', params: '' },
    ],
  }
}

async function postBody() {
  const [cls] = await dict('communityClass')
  return {
    status: 10,
    title: '一例前牙美学修复',
    imgurl: cover,
    classId: cls?.id,
    free: 2,
    content: '<p>病例分享</p>',
  }
}

/** The id of the caller's newest item of a kind, from their own list (isCreate=1). */
async function newest(auth: Record<string, string>, status: number) {
  const r = await h.get<{ pageData: { id: number; title: string; ext: string }[] }>(
    '/api/Article/GetArticlePage',
    { status, isCreate: 1 },
    auth,
  )
  const first = r.data.pageData[0]
  if (!first) throw new Error('nothing published')
  return first
}

describe('publishing a task, a course or a post (accounts §5)', () => {
  it('checks a task in the spec order, each with its message', async () => {
    const u = await publisher()
    const base = await taskBody()
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '' }, '请填写任务标题'],
      [{ title: '长'.repeat(21) }, '任务标题不能超过20个字'],
      [{ imgurl: '' }, '请上传任务封面'],
      [{ imgurl: 'https://evil.example/x.png' }, '任务封面的文件地址不正确'],
      [{ classId: '' }, '请选择所属分类'],
      [{ price: '' }, '请填写任务价格'],
      [{ price: '0' }, '请填写任务价格'],
      // Refused as typed, never rounded or made positive (price.ts).
      [{ price: '1.234' }, '价格最多两位小数'],
      [{ price: '99.999' }, '价格最多两位小数'],
      [{ price: '-1' }, '价格不能为负数'],
      [{ price: '12元' }, '价格须为数字'],
      [{ price: '123456789' }, '价格不能超过8位'],
      [{ city: '' }, '请选择城市'],
      [{ tag: 'a,b,c,d' }, '任务标签不得超过三个'],
      [{ postName: '' }, '请填写联系人名称'],
      [{ postName: '名'.repeat(21) }, '联系人名称不能超过20个字'],
      [{ tel: '' }, '请填写联系人电话'],
      [{ tel: '139000011112' }, '联系人电话不能超过11位'],
      [{ addressx: '' }, '请填写联系人地址'],
      [{ addressx: '址'.repeat(51) }, '联系人地址不能超过50个字'],
      [{ content: '' }, '请填写任务内容'],
      [{ content: `<p>${'字'.repeat(2000)}</p>` }, '内容不能超过2000个字符'],
      // The order: with everything wrong, the title is named first; then the cover.
      [{ title: '', imgurl: '', classId: '', city: '' }, '请填写任务标题'],
      [{ imgurl: '', classId: '', city: '', content: '' }, '请上传任务封面'],
      // The server's own checks after the rule: dictionaries and sanitised content.
      [{ classId: 999999 }, '请选择所属分类'],
      [{ city: '火星' }, '请选择城市'],
      [{ tag: '不存在的标签' }, '请从列表中选择标签'],
      [{ content: '<script>alert(1)</script>' }, '请填写任务内容'],
    ]
    for (const [patch, message] of cases) {
      const r = await h.post('/api/Article/PostArticleAppend', { ...base, ...patch }, u.auth)
      expect([r.http, r.data], JSON.stringify(patch)).toEqual([400, message])
    }
    const none = await h.db.selectFrom('articles').select('id').where('create_id', '=', u.id).execute()
    expect(none).toEqual([])
  })

  it('refuses a new course to an uncertified user first, then checks the course and its sections in order', async () => {
    const plain = await publisher(false)
    const base = await courseBody()
    const gated = await h.post('/api/Article/PostArticleAppend', { ...base, title: '' }, plain.auth)
    expect([gated.http, gated.data]).toEqual([400, '请先进行账号认证'])

    const u = await publisher()
    const big = `/uploads/u/bb/${'b'.repeat(32)}.pdf`
    await uploaded(big, SECTION_FILE_MAX_BYTES + 1, u.id)
    const section = base.list[1] as Record<string, unknown>
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '' }, '请填写课程标题'],
      [{ imgurl: '' }, '请上传课程封面'],
      [{ classId: '' }, '请选择所属分类'],
      [{ price: '' }, '请填写课程价格'],
      [{ tag: 'a,b,c,d' }, '课程标签不得超过三个'],
      [{ content: '' }, '请填写课程介绍'],
      [{ list: [] }, '请新增课程'],
      [{ list: [{ ...section, title: '' }] }, '请填写节的名称'],
      [{ list: [{ ...section, title: '节'.repeat(21) }] }, '节的名称不能超过20个字'],
      [{ list: [{ ...section, imgurl: '' }] }, '请上传课程内容'],
      [{ list: [{ ...section, imgurl: cover }] }, SECTION_FILE_RULE],
      [{ list: [{ ...section, price: '' }] }, '请填写课程价格'],
      [{ list: [{ ...section, price: '-1' }] }, '价格不能为负数'],
      [{ list: [{ ...section, price: '9.999' }] }, '价格最多两位小数'],
      [{ list: [{ ...section, params: '123456789' }] }, '时长须为数字，最多8位'],
      [{ list: [{ ...section, params: '12a' }] }, '时长须为数字，最多8位'],
      // The server's own: the file must be the caller's upload, at most 2 GB.
      [
        { list: [{ ...section, imgurl: `/uploads/u/99/${'9'.repeat(32)}.mp4` }] },
        '第1节的课程内容须为您本人上传的文件',
      ],
      [{ list: [{ ...section, imgurl: big }] }, SECTION_FILE_RULE],
    ]
    for (const [patch, message] of cases) {
      const r = await h.post('/api/Article/PostArticleAppend', { ...base, ...patch }, u.auth)
      expect([r.http, r.data], JSON.stringify(patch)).toEqual([400, message])
    }
  })

  it('lets a user with an approved certification (status 3) create a course', async () => {
    const u = await publisher(false)
    await h.db.updateTable('users').set({ status: 3, level: 10 }).where('id', '=', u.id).execute()
    const r = await h.post('/api/Article/PostArticleAppend', await courseBody(), u.auth)
    expect([r.http, r.data]).toEqual([200, '发布成功'])
  })

  it('checks a post in order; free sets the price to 0', async () => {
    const u = await publisher(false)
    const base = await postBody()
    for (const [patch, message] of [
      [{ title: '' }, '请填写帖子标题'],
      [{ imgurl: '' }, '请上传帖子封面'],
      [{ classId: 0 }, '请选择所属分类'],
      [{ free: 1, price: '' }, '请填写帖子价格'],
      [{ tag: 'a,b,c,d' }, '帖子标签不得超过三个'],
      [{ content: ' ' }, '请填写帖子介绍'],
    ] as const) {
      const r = await h.post('/api/Article/PostArticleAppend', { ...base, ...patch }, u.auth)
      expect([r.http, r.data], JSON.stringify(patch)).toEqual([400, message])
    }
    const r = await h.post('/api/Article/PostArticleAppend', { ...base, price: '88' }, u.auth)
    expect([r.http, r.data]).toEqual([200, '发布成功'])
    const row = await h.db
      .selectFrom('articles')
      .select(['price_fen', 'ext', 'status', 'brief'])
      .where('create_id', '=', u.id)
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ price_fen: 0, ext: '是', status: 10, brief: '<p>病例分享</p>' })
  })

  it('never gives a short paid post away whole: its derived brief, all a non-buyer reads, keeps half the text', async () => {
    const u = await publisher(false)
    const secret = '付费内容正文：第三步的参数是四十五度'
    const r = await h.post(
      '/api/Article/PostArticleAppend',
      { ...(await postBody()), free: 1, price: '10', content: `<p>${secret}</p>` },
      u.auth,
    )
    expect([r.http, r.data]).toEqual([200, '发布成功'])
    const mine = await newest(u.auth, 10)
    const seen = await h.get<Detail>('/api/Article/GetArticle', { id: mine.id })
    expect(seen.data.content).toBe(`<p>${secret.slice(0, 8)}…</p>`)
    expect(seen.data.content).not.toContain('四十五度')
  })

  it('stores a task sanitised and listed, visible at once to everyone', async () => {
    const u = await publisher(false)
    const body = await taskBody()
    const r = await h.post(
      '/api/Article/PostArticleAppend',
      {
        ...body,
        content: `${body.content}<img src=x onerror="alert(1)"><a href="javascript:alert(1)">x</a><p style="color:#e00;position:fixed">红</p>`,
      },
      u.auth,
    )
    expect([r.http, r.data]).toEqual([200, '发布成功'])
    const mine = await newest(u.auth, 20)
    const a = await h.get<Detail>('/api/Article/GetArticle', { id: mine.id })
    expect(a.data).toMatchObject({
      title: '种植手术跟台',
      price: 300,
      city: body.city,
      tag: body.tag,
      ext: '是',
      createId: u.id,
      contactLocked: 1,
    })
    // A paid task's contacts are its buyers' and its author's (issue 39): not in a stranger's answer.
    expect(JSON.stringify(a.data)).not.toContain('13900001111')
    const own = await h.get<Detail>('/api/Article/GetArticle', { id: mine.id }, u.auth)
    expect(own.data).toMatchObject({
      postName: '王医生',
      tel: '13900001111',
      addressx: '朝阳区建国路1号',
      contactLocked: 0,
    })
    expect(a.data.content).toBe(
      '<p>需要一名助手，<strong>周六</strong>全天。</p><a rel="noopener noreferrer nofollow" target="_blank">x</a><p style="color:#e00">红</p>',
    )
    expect(a.data.brief).toBe('<p>需要一名助手，周六全天。 x 红</p>')
    const listed = await h.get<{ pageData: { id: number }[] }>('/api/Article/GetArticlePage', {
      status: 20,
      title: '种植手术跟台',
    })
    expect(listed.data.pageData.map((p) => p.id)).toContain(mine.id)
  })

  it('edits only the owner’s item; a course keeps sold sections and matches the rest by id', async () => {
    const u = await publisher()
    expect((await h.post('/api/Article/PostArticleAppend', await courseBody(), u.auth)).data).toBe('发布成功')
    const { id } = await newest(u.auth, 30)
    const before = await h.get<Detail>('/api/Article/GetArticle', { id }, u.auth)
    expect(before.data.list.map((s) => [s.title, s.kind, s.status, s.price, s.params])).toEqual([
      ['第1节 开髓', 'mp4', 2, 0, 125],
      ['第2节 讲义', 'pdf', 1, 19.9, 0],
    ])
    expect(before.data.hits).toBe(125)
    const [first, second] = before.data.list
    if (!first || !second) throw new Error('two sections expected')

    const other = await publisher()
    const stolen = await h.post(
      '/api/Article/PostArticleUpdate',
      { ...(await courseBody()), id, title: '被改了' },
      other.auth,
    )
    expect([stolen.http, stolen.data]).toEqual([404, '内容不存在或已删除'])

    // Rename the first, drop the second, add a third.
    const edit = {
      ...(await courseBody()),
      id,
      title: '根管治疗进阶',
      list: [
        { id: first.id, title: '第1节 开髓（新）', imgurl: video, status: 2, params: '130' },
        { title: '第3节 充填', imgurl: video, status: 1, price: '9.9', params: '300' },
      ],
    }
    expect((await h.post('/api/Article/PostArticleUpdate', edit, u.auth)).data).toBe('发布成功')
    const after = await h.get<Detail>('/api/Article/GetArticle', { id }, u.auth)
    expect(after.data.title).toBe('根管治疗进阶')
    expect(after.data.hits).toBe(430)
    expect(after.data.list.map((s) => [s.id === first.id, s.title, s.price])).toEqual([
      [true, '第1节 开髓（新）', 0],
      [false, '第3节 充填', 9.9],
    ])

    // A bought section cannot be dropped: the edit is refused and nothing changes.
    const third = after.data.list[1]
    if (!third) throw new Error('third section expected')
    const buyer = await newUser(h)
    await h.db
      .insertInto('purchases')
      .values({
        user_id: buyer.id,
        article_id: id,
        section_id: third.id,
        order_id: null,
        create_time: '2026-11-22 10:00:00',
      })
      .execute()
    const dropSold = await h.post(
      '/api/Article/PostArticleUpdate',
      { ...edit, title: '不该保存', list: [edit.list[0]] },
      u.auth,
    )
    expect([dropSold.http, dropSold.data]).toEqual([400, '已有学员购买的节不能删除：「第3节 充填」'])
    const unchanged = await h.get<Detail>('/api/Article/GetArticle', { id }, u.auth)
    expect([unchanged.data.title, unchanged.data.list.length]).toEqual(['根管治疗进阶', 2])
  })

  it('reorders a course’s sections: each keeps its id, so a bought one keeps its buyers (issue 39)', async () => {
    const u = await publisher()
    expect((await h.post('/api/Article/PostArticleAppend', await courseBody(), u.auth)).data).toBe('发布成功')
    const { id } = await newest(u.auth, 30)
    const before = (await h.get<Detail>('/api/Article/GetArticle', { id }, u.auth)).data.list
    const [free, paid] = before
    if (!free || !paid) throw new Error('two sections expected')
    // A buyer pays for the paid section (¥19.90), then the author moves it to the top.
    const buyer = await newUser(h)
    await h.db.updateTable('users').set({ balance_fen: 1_990 }).where('id', '=', buyer.id).execute()
    const order = await h.post<number>(
      '/api/Orders/PostOrdersAppend',
      { list: [{ articleId: id, sectionId: paid.id }] },
      buyer.auth,
    )
    expect(
      (await h.get('/api/Orders/GetOrdersPay', { id: order.data, way: 'balance' }, buyer.auth)).data,
    ).toEqual({
      status: 20,
    })
    const body = await courseBody()
    const [freeBody, paidBody] = body.list
    const moved = {
      ...body,
      id,
      list: [
        { ...paidBody, id: paid.id },
        { ...freeBody, id: free.id },
      ],
    }
    expect((await h.post('/api/Article/PostArticleUpdate', moved, u.auth)).data).toBe('发布成功')
    const after = (await h.get<Detail>('/api/Article/GetArticle', { id }, buyer.auth)).data.list
    expect(after.map((s) => [s.id, s.title, s.unlock])).toEqual([
      [paid.id, '第2节 讲义', 1],
      [free.id, '第1节 开髓', 1],
    ])
    const bought = await h.db
      .selectFrom('purchases')
      .select(['section_id', 'order_id'])
      .where('user_id', '=', buyer.id)
      .execute()
    expect(bought).toEqual([{ section_id: paid.id, order_id: order.data }])
    // The author's sales still count it: one buyer, ¥19.90.
    const sales = await h.get<{ id: number; buyers: number; amount: number }[]>(
      '/api/Article/GetArticleSales',
      { status: 30 },
      u.auth,
    )
    expect(sales.data.map((r) => [r.id, r.buyers, r.amount])).toEqual([[id, 1, 19.9]])
  })

  it('toggles listing and deletes for the owner only; others get 404 and the item hides', async () => {
    const u = await publisher(false)
    expect((await h.post('/api/Article/PostArticleAppend', await postBody(), u.auth)).data).toBe('发布成功')
    const { id } = await newest(u.auth, 10)
    const other = await newUser(h)

    for (const [path, body] of [
      ['/api/Article/PostArticleExt', id],
      ['/api/Article/PostArticleDeleteIsshow', String(id)],
    ] as const) {
      const r = await h.post(path, body, other.auth)
      expect([r.http, r.data]).toEqual([404, '内容不存在或已删除'])
    }

    const before = await latestChange(h.db)
    const off = await h.post('/api/Article/PostArticleExt', id, u.auth)
    expect([off.http, off.data]).toEqual([200, '否'])
    // The change is marked for the site builder and the read cache.
    expect((await changesSince(h.db, before)).tags.sort()).toEqual(
      [`article:${id}`, 'home', 'list:10', `teacher:${u.id}`].sort(),
    )
    expect((await h.get('/api/Article/GetArticle', { id })).http).toBe(404)
    expect((await h.get('/api/Article/GetArticle', { id }, u.auth)).http).toBe(200)
    expect((await newest(u.auth, 10)).ext).toBe('否')
    const on = await h.post('/api/Article/PostArticleExt', { id }, u.auth)
    expect([on.http, on.data]).toEqual([200, '是'])
    expect((await h.get('/api/Article/GetArticle', { id })).http).toBe(200)

    // Two deletes at once: one succeeds, the other finds nothing left to delete.
    const both = await Promise.all([
      h.post('/api/Article/PostArticleDeleteIsshow', id, u.auth),
      h.post('/api/Article/PostArticleDeleteIsshow', id, u.auth),
    ])
    expect(both.map((r) => r.data).sort()).toEqual(['内容不存在或已删除', '删除成功'])
    expect((await h.get('/api/Article/GetArticle', { id }, u.auth)).http).toBe(404)
    const mine = await h.get<{ pageData: unknown[] }>(
      '/api/Article/GetArticlePage',
      { status: 10, isCreate: 1 },
      u.auth,
    )
    expect(mine.data.pageData).toEqual([])
  })

  it('needs a session for every write', async () => {
    for (const path of [
      '/api/Article/PostArticleAppend',
      '/api/Article/PostArticleUpdate',
      '/api/Article/PostArticleExt',
      '/api/Article/PostArticleDeleteIsshow',
    ]) {
      const r = await h.post(path, { id: 1, status: 10 })
      expect([path, r.http, r.data]).toEqual([path, 401, '请登录'])
    }
  })
})

describe('a free section made paid', () => {
  /** A course of the author's whose sections are free (status 2) or paid at ¥9.9, each file its own upload. */
  async function courseWith(
    u: Awaited<ReturnType<typeof publisher>>,
    list: { imgurl: string; paid: boolean }[],
  ) {
    const body = {
      ...(await courseBody()),
      title: `免费转收费${u.id}`,
      list: list.map((s, i) => ({
        title: `第${i + 1}节`,
        imgurl: s.imgurl,
        status: s.paid ? 1 : 2,
        price: s.paid ? '9.9' : '',
        params: '',
      })),
    }
    expect((await h.post('/api/Article/PostArticleAppend', body, u.auth)).data).toBe('发布成功')
    return { body, id: (await newest(u.auth, 30)).id }
  }
  const publicFile = async (path: string) => (await fetch(`${h.base}${path}`)).status

  it('leaves the public tree: its old address answers 404, and its buyers still get the file', async () => {
    const u = await publisher()
    const bytes = tinyPdf(`made paid ${u.id}`)
    const free = await uploadedBy(h, bytes, 'free.pdf', u.auth)
    const { body, id } = await courseWith(u, [{ imgurl: free, paid: false }])
    expect(await publicFile(free)).toBe(200)

    const paid = { ...body, id, list: body.list.map((s) => ({ ...s, status: 1, price: '9.9' })) }
    expect((await h.post('/api/Article/PostArticleUpdate', paid, u.auth)).data).toBe('发布成功')
    expect(await publicFile(free)).toBe(404)
    // The author (and whoever unlocks it) reads the private copy through a signed link.
    const mine = await h.get<Detail>('/api/Article/GetArticle', { id }, u.auth)
    expect(mine.data.list[0]?.imgurl).toBe(pathOf(bytes, 'pdf', 'private'))
    expect((await fetch(`${h.base}${mine.data.list[0]?.url ?? ''}`)).status).toBe(200)
    // The old address is no upload of theirs any more: refused, not saved broken.
    const stale = await h.post('/api/Article/PostArticleUpdate', { ...body, id }, u.auth)
    expect([stale.http, stale.data]).toEqual([400, '第1节的课程内容须为您本人上传的文件'])
  })

  it('keeps the public file while a free section, or another uploader, still has it', async () => {
    const u = await publisher()
    const bytes = tinyPdf(`kept public ${u.id}`)
    const file = await uploadedBy(h, bytes, 'both.pdf', u.auth)
    // The same file in a free section and a paid one.
    const { body, id } = await courseWith(u, [
      { imgurl: file, paid: false },
      { imgurl: file, paid: false },
    ])
    const oneMadePaid = { ...body, id, list: [body.list[0], { ...body.list[1], status: 1, price: '9.9' }] }
    expect((await h.post('/api/Article/PostArticleUpdate', oneMadePaid, u.auth)).data).toBe('发布成功')
    expect(await publicFile(file)).toBe(200)

    // Someone else uploaded the same bytes: theirs to use, so it stays.
    const other = await publisher()
    await uploadedBy(h, bytes, 'mine-too.pdf', other.auth)
    const allPaid = { ...body, id, list: body.list.map((s) => ({ ...s, status: 1, price: '9.9' })) }
    expect((await h.post('/api/Article/PostArticleUpdate', allPaid, u.auth)).data).toBe('发布成功')
    expect(await publicFile(file)).toBe(200)
  })
})
