import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { describe, expect, inject, it } from 'vitest'
import { pathOf, tinyPdf, tinyPng, upload, uploaded } from '../../../tests/api/files.ts'
import { startServer } from '../../../tests/api/harness.ts'
import { newUser } from '../../../tests/api/session.ts'
import { certFiles, OpsError, runOps } from '../../ops.ts'

const h = startServer()
const privateDir = () => join(dirname(inject('uploadDir')), 'private')

/** Upload/GetPrivateFile as the account page calls it. */
const getPrivate = (path: string, auth: Record<string, string> = {}) =>
  fetch(`${h.base}/api/Upload/GetPrivateFile?${new URLSearchParams({ path })}`, {
    headers: { sign: h.sign(), ...auth },
  })

describe('private uploads (issue 13: certification scans)', () => {
  it('keeps a private upload out of the public tree and serves it to its owner only', async () => {
    const [a, b] = [await newUser(h), await newUser(h)]
    const scan = tinyPng('licence of A')
    const path = await uploaded(h, scan, '营业执照.png', a.auth, 'private')
    expect(path).toBe(pathOf(scan, 'png', 'private'))
    const rest = path.replace(/^\/private\//, '')
    // On disk in the private folder, and nowhere under what /uploads serves.
    expect(await readFile(join(privateDir(), rest))).toEqual(scan)
    expect(existsSync(join(inject('uploadDir'), rest))).toBe(false)

    // No public URL answers it: not /uploads/…, not /private/… without a signed link, not a forged one.
    for (const url of [
      `/uploads/${rest}`,
      `/uploads/u/${rest.slice(2)}`,
      path,
      `${path}?e=9999999999&s=forged`,
      `/private/..%2f..%2fprivate/${rest}`,
    ]) {
      const res = await fetch(`${h.base}${url}`)
      expect([404, 403], url).toContain(res.status)
      expect(Buffer.from(await res.arrayBuffer()).includes(scan), url).toBe(false)
    }

    // Its owner reads it with the session; nobody else, with or without one.
    const mine = await getPrivate(path, a.auth)
    expect(mine.status).toBe(200)
    expect(mine.headers.get('content-type')).toBe('image/png')
    expect(mine.headers.get('cache-control')).toBe('private, no-store')
    expect(Buffer.from(await mine.arrayBuffer())).toEqual(scan)
    const theirs = await getPrivate(path, b.auth)
    expect([theirs.status, await theirs.json()]).toEqual([404, { status: 404, data: '文件不存在' }])
    const anonymous = await getPrivate(path)
    expect([anonymous.status, await anonymous.json()]).toEqual([401, { status: 401, data: '请登录' }])

    // Once B uploads the same bytes, B owns them too (ownership is per user and file).
    expect(await uploaded(h, scan, 'copy.png', b.auth, 'private')).toBe(path)
    expect((await getPrivate(path, b.auth)).status).toBe(200)
  })

  it('refuses paths that are not private files, and an unknown purpose', async () => {
    const u = await newUser(h)
    for (const [path, message] of [
      ['', '请提供文件路径'],
      ['/uploads/seed/a.png', '文件路径不正确'],
      ['/private/../portal.db', '文件路径不正确'],
      ['https://evil.example/a.png', '文件路径不正确'],
      ['//evil.example/a.png', '文件路径不正确'],
    ] as const) {
      const res = await getPrivate(path, u.auth)
      expect([res.status, await res.json()], path).toEqual([400, { status: 400, data: message }])
    }
    const missing = await getPrivate(`/private/u/00/${'0'.repeat(32)}.png`, u.auth)
    expect(missing.status).toBe(404)
    const odd = await upload(h, tinyPng('odd purpose'), 'a.png', u.auth, 'secret')
    expect([odd.http, odd.body.data]).toEqual([400, '上传用途须为public或private'])
  })

  it('takes certification scans only as the caller’s own private uploads', async () => {
    const [a, b] = [await newUser(h), await newUser(h)]
    const aScan = await uploaded(h, tinyPng('scan of A'), 'a.png', a.auth, 'private')
    const bScan = await uploaded(h, tinyPng('scan of B'), 'b.png', b.auth, 'private')
    const bPublic = await uploaded(h, tinyPng('public of B'), 'p.png', b.auth)
    const bPdf = await uploaded(h, tinyPdf('scan of B'), 'b.pdf', b.auth, 'private')
    const form = (img: string) => ({
      recName: '李医生',
      recTel: '13912345678',
      ownerImg: img,
      allowImg: bScan,
      codeImg: bScan,
      email: '',
    })
    const bind = (img: string) => h.post('/api/Users/PostUsersBind', { ext: form(img), level: 10 }, b.auth)
    expect((await bind(aScan)).data).toBe('营业执照须为您本人上传的图片')
    expect((await bind('https://tracker.example/pixel.png')).data).toBe('营业执照须为本站上传的图片')
    expect((await bind(bPublic)).data).toBe('营业执照须以私密方式重新上传')
    expect((await bind(bPdf)).data).toBe('营业执照须为本站上传的图片')
    expect((await h.get<{ status: number }>('/api/Users/GetUsersInfo', {}, b.auth)).data.status).toBe(0)
    expect((await bind(`${bScan},${bScan}`)).data).toBe('提交成功')
    const me = await h.get<{ ownerImg: string }>('/api/Users/GetUsersInfo', {}, b.auth)
    expect(me.data.ownerImg).toBe(`${bScan},${bScan}`)

    // The operator finds the files on disk (they have no public URL).
    const printed = await certFiles(h.db, b.id, { uploadDir: inject('uploadDir'), privateDir: privateDir() })
    expect(printed).toContain(`用户 ${b.id} 的认证资料（状态 2，医生）`)
    expect(printed).toContain(`营业执照：${join(privateDir(), bScan.replace(/^\/private\//, ''))}`)
    await expect(
      runOps(['cert-files', 'x'], () => Promise.reject(new Error('opened'))),
    ).rejects.toBeInstanceOf(OpsError)
  })
})

describe('whose files a field takes (issue 13)', () => {
  it('refuses another user’s upload and an off-site image as an avatar; keeps the current one', async () => {
    const [a, b] = [await newUser(h), await newUser(h)]
    const aPic = await uploaded(h, tinyPng('avatar of A'), 'a.png', a.auth)
    const bPic = await uploaded(h, tinyPng('avatar of B'), 'b.png', b.auth)
    const save = (avatarUrl: string) =>
      h.post('/api/Users/PostUsersInfo', { nickName: '小B', avatarUrl, content: '口腔医生' }, b.auth)
    expect((await save(aPic)).data).toBe('头像须为您本人上传的图片')
    expect((await save('https://tracker.example/pixel.gif')).data).toBe('头像须为本站上传的图片')
    expect((await save('//tracker.example/pixel.gif')).data).toBe('头像地址不正确')
    const bPdf = await uploaded(h, tinyPdf('not an avatar'), 'b.pdf', b.auth)
    expect((await save(bPdf)).data).toBe('头像须为本站上传的图片')
    const bPrivate = await uploaded(h, tinyPng('private of B'), 'p.png', b.auth, 'private')
    expect((await save(bPrivate)).data).toBe('头像须为本站上传的图片')
    // Site assets anyone may take; one's own upload; and, once saved, it stays acceptable.
    expect((await save('/avatar.svg')).data).toBe('修改成功')
    expect((await save(bPic)).data).toBe('修改成功')
    expect((await save(bPic)).data).toBe('修改成功')
    const info = await h.get<{ avatarUrl: string }>('/api/Users/GetUsersInfo', {}, b.auth)
    expect(info.data.avatarUrl).toBe(bPic)
  })

  it('refuses another user’s upload as an article’s cover, content image or course file', async () => {
    const [a, b] = [await newUser(h), await newUser(h)]
    await h.db.updateTable('users').set({ level: 20 }).where('id', '=', b.id).execute()
    const aPic = await uploaded(h, tinyPng('cover of A'), 'a.png', a.auth)
    const aFile = await uploaded(h, tinyPdf('handout of A'), 'a.pdf', a.auth, 'private')
    const bPic = await uploaded(h, tinyPng('cover of B'), 'b.png', b.auth)
    const bFile = await uploaded(h, tinyPdf('handout of B'), 'b.pdf', b.auth, 'private')
    const [cls] = await h.db.selectFrom('classifies').select('id').where('ckey', '=', 'courseClass').execute()
    const course = (patch: Record<string, unknown>) => ({
      status: 30,
      title: '借来的课程',
      imgurl: bPic,
      classId: cls?.id,
      free: 2,
      content: '<p>介绍</p>',
      list: [{ title: '第1节', imgurl: bFile, status: 2, params: '' }],
      ...patch,
    })
    const post = (patch: Record<string, unknown>) =>
      h.post('/api/Article/PostArticleAppend', course(patch), b.auth)
    expect((await post({ imgurl: aPic })).data).toBe('课程封面须为您本人上传的图片')
    expect((await post({ content: `<p>介绍</p><img src="${aPic}">` })).data).toBe(
      '正文中的图片须为您本人上传的图片',
    )
    expect((await post({ list: [{ title: '第1节', imgurl: aFile, status: 2, params: '' }] })).data).toBe(
      '第1节的课程内容须为您本人上传的文件',
    )
    const complaint = await h.post(
      '/api/Article/PostArticleAppend',
      { status: 50, brief: '借用别人的材料', imgurls: aPic },
      b.auth,
    )
    expect(complaint.data).toBe('材料须为您本人上传的文件')
    const mine = await h.db.selectFrom('articles').select('id').where('create_id', '=', b.id).execute()
    expect(mine).toEqual([])
    expect((await post({ content: `<p>介绍</p><img src="${bPic}">` })).data).toBe('发布成功')
  })
})
