import { describe, expect, it } from 'vitest'
import { pathOf, tinyPng, uploaded } from '../../../tests/api/files.ts'
import { startServer } from '../../../tests/api/harness.ts'
import { newUser } from '../../../tests/api/session.ts'

const h = startServer()
const bytes = tinyPng('complaint material')
const file = pathOf(bytes, 'png')

describe('complaints (Article/PostArticleAppend, status 50)', () => {
  it('checks content, files and their limits in the spec order', async () => {
    const u = await newUser(h)
    const post = (b: Record<string, unknown>) =>
      h.post('/api/Article/PostArticleAppend', { status: 50, ...b }, u.auth)
    const cases: [Record<string, unknown>, string][] = [
      [{}, '请填写投诉内容'],
      [{ imgurls: file }, '请填写投诉内容'],
      [{ brief: '物流太慢' }, '请上传材料'],
      [{ brief: '慢'.repeat(101) }, '请上传材料'],
      [{ brief: '慢'.repeat(101), imgurls: file }, '投诉内容不能超过100个字'],
      [{ brief: '物流太慢', imgurls: [file, file, file].join(',') }, '最多上传2个文件'],
      [{ brief: '物流太慢', imgurls: 'javascript:alert(1)' }, '材料的文件地址不正确'],
    ]
    for (const [b, message] of cases) {
      const r = await post(b)
      expect([r.http, r.data]).toEqual([400, message])
    }
  })

  it('stores a complaint as an unlisted article for the operator', async () => {
    const u = await newUser(h)
    await uploaded(h, bytes, 'photo.png', u.auth)
    const r = await h.post(
      '/api/Article/PostArticleAppend',
      { status: 50, brief: '收到的手套尺码不对', imgurls: `${file},${file}`, postName: '李医生', imgurl: '' },
      u.auth,
    )
    expect([r.http, r.data]).toEqual([200, '提交成功'])
    const row = await h.db
      .selectFrom('articles')
      .select(['status', 'brief', 'imgurls', 'imgurl', 'post_name', 'tel', 'ext'])
      .where('create_id', '=', u.id)
      .executeTakeFirst()
    expect(row).toEqual({
      status: 50,
      brief: '收到的手套尺码不对',
      imgurls: `${file},${file}`,
      imgurl: file,
      post_name: '李医生',
      tel: u.tel,
      ext: '否',
    })
  })

  it('refuses kinds that cannot be published, and needs a session', async () => {
    const u = await newUser(h)
    for (const status of [40, 60, '', 'x']) {
      const r = await h.post('/api/Article/PostArticleAppend', { status, title: 't' }, u.auth)
      expect([r.http, r.data]).toEqual([400, '暂不支持发布此类型内容'])
    }
    const anonymous = await h.post('/api/Article/PostArticleAppend', { status: 50 })
    expect([anonymous.http, anonymous.data]).toEqual([401, '请登录'])
    for (const bad of ['[1,2]', '"text"', 'null', '{"brief": ']) {
      const res = await fetch(`${h.base}/api/Article/PostArticleAppend`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', sign: h.sign(), ...u.auth },
        body: bad,
      })
      expect([res.status, await res.json()]).toEqual([400, { status: 400, data: '请求内容格式不正确' }])
    }
  })

  it('refuses an oversized body with 413', async () => {
    const u = await newUser(h)
    const r = await h.post(
      '/api/Article/PostArticleAppend',
      { status: 50, brief: 'x'.repeat(2 * 1024 * 1024) },
      u.auth,
    )
    expect([r.http, r.data]).toEqual([413, '请求内容过大'])
  })
})
