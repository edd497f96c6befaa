import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { readdir, readFile, stat } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { describe, expect, inject, it } from 'vitest'
import {
  UPLOAD_DAILY_BYTES,
  UPLOAD_DAILY_FILES,
  UPLOAD_DAILY_MB,
  UPLOAD_MAX_MB,
  UPLOAD_QUOTA_REACHED,
  UPLOAD_TOO_BIG,
} from '../../../src/lib/constants.ts'
import { tinyPng, upload as uploadFile } from '../../../tests/api/files.ts'
import { startServer } from '../../../tests/api/harness.ts'
import { newUser } from '../../../tests/api/session.ts'
import { chinaDayStart, dbTime } from '../../time.ts'

const h = startServer()

const upload = (file: Blob, name: string, auth: Record<string, string> = {}, purpose?: string) =>
  uploadFile(h, file, name, auth, purpose)

describe('Upload/PostUpload', () => {
  it('stores a real PNG under a name of its own and serves it back', async () => {
    const u = await newUser(h)
    const png = tinyPng()
    const r = await upload(new Blob([png], { type: 'image/png' }), '../../我的 头像.png', u.auth)
    expect(r.http).toBe(200)
    const path = (r.body.data as { path: string }).path
    // Named by the bytes: the first 32 hex of their sha256, under a folder of the first two.
    const hash = createHash('sha256').update(png).digest('hex').slice(0, 32)
    expect(path).toBe(`/uploads/u/${hash.slice(0, 2)}/${hash}.png`)
    const onDisk = await readFile(join(inject('uploadDir'), path.replace(/^\/uploads\//, '')))
    expect(Buffer.compare(onDisk, Buffer.from(png))).toBe(0)
    const served = await fetch(`${h.base}${path}`)
    expect(served.status).toBe(200)
    expect(Buffer.from(await served.arrayBuffer()).equals(Buffer.from(png))).toBe(true)
    const row = await h.db
      .selectFrom('uploads')
      .select(['user_id', 'mime', 'size', 'original_name'])
      .where('path', '=', path)
      .executeTakeFirst()
    expect(row).toEqual({
      user_id: u.id,
      mime: 'image/png',
      size: png.length,
      original_name: '../../我的 头像.png',
    })
  })

  it('stores the same bytes once: a second upload, by anyone, answers the same path', async () => {
    const [a, b] = [await newUser(h), await newUser(h)]
    // Bytes of this test alone (a PNG with a tail), so no other upload shares the path.
    const bytes = Buffer.concat([tinyPng(), Buffer.from('same bytes twice')])
    const first = await upload(new Blob([bytes]), 'a.png', a.auth)
    const again = await upload(new Blob([bytes]), 'b.png', b.auth)
    expect([first.http, again.http]).toEqual([200, 200])
    const path = (first.body.data as { path: string }).path
    expect((again.body.data as { path: string }).path).toBe(path)
    const name = basename(path)
    const dir = dirname(join(inject('uploadDir'), path.replace(/^\/uploads\//, '')))
    // One file under that name and no temporary one left beside it, the bytes intact.
    expect((await readdir(dir)).filter((f) => f.includes(name.slice(0, 32)))).toEqual([name])
    expect((await readFile(join(dir, name))).equals(bytes)).toBe(true)
    const rows = await h.db.selectFrom('uploads').select(['user_id']).where('path', '=', path).execute()
    expect(rows).toEqual([{ user_id: a.id }])
    // Yet both are its owners (issue 13): each may use it in their own fields.
    const owners = await h.db.selectFrom('user_uploads').select('user_id').where('path', '=', path).execute()
    expect(owners.map((o) => o.user_id).sort()).toEqual([a.id, b.id].sort())
  })

  it('names the file by its bytes: a JPEG called .exe is stored as .jpg', async () => {
    const u = await newUser(h)
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0])
    const r = await upload(new Blob([jpeg]), 'photo.exe', u.auth)
    expect((r.body.data as { path: string }).path).toMatch(/\.jpg$/)
    const pdf = await upload(new Blob(['%PDF-1.4\n%%EOF\n']), 'notes.pdf', u.auth)
    expect((pdf.body.data as { path: string }).path).toMatch(/\.pdf$/)
  })

  it('refuses a text file named .png, an SVG, an empty file and a missing field', async () => {
    const u = await newUser(h)
    const refused = '仅支持上传png、jpg、jpeg、gif、webp图片和pdf、mp4文件'
    const text = await upload(new Blob(['hello, not an image'], { type: 'image/png' }), 'fake.png', u.auth)
    expect([text.http, text.body]).toEqual([400, { status: 400, data: refused }])
    const svg = await upload(
      new Blob(['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>']),
      'a.svg',
      u.auth,
    )
    expect(svg.body.data).toBe(refused)
    expect((await upload(new Blob([]), 'empty.png', u.auth)).body.data).toBe('请选择要上传的文件')
    const json = await h.post('/api/Upload/PostUpload', { file: 'x' }, u.auth)
    expect(json.data).toBe('请选择要上传的文件')
  })

  it('needs a session', async () => {
    const r = await upload(new Blob([tinyPng()]), 'a.png')
    expect([r.http, r.body.data]).toEqual([401, '请登录'])
  })

  it('refuses more than 20 MB with 413', async () => {
    const u = await newUser(h)
    const big = new Uint8Array(20 * 1024 * 1024 + 1)
    big.set(tinyPng())
    const r = await upload(new Blob([big]), 'big.png', u.auth)
    expect([r.http, r.body]).toEqual([413, { status: 413, data: '上传的内容不能超过20MB' }])
  })
})

/** `n` made-up uploads of `userId` at `at` (a stored time), `size` bytes each. */
async function pastUploads(userId: number, n: number, at: string, size = 1000) {
  const rows = Array.from({ length: n }, (_, i) => ({
    user_id: userId,
    path: `/uploads/u/00/${String(i).padStart(32, '0')}.png`,
    size,
    create_time: at,
  }))
  for (let i = 0; i < rows.length; i += 200)
    await h.db
      .insertInto('user_uploads')
      .values(rows.slice(i, i + 200))
      .execute()
}

const today = () => dbTime(h.now())
const yesterday = () => dbTime(new Date(chinaDayStart(h.now()) - 1000))
const owned = async (userId: number) =>
  Number(
    (
      await h.db
        .selectFrom('user_uploads')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
    ).n,
  )

describe('daily quota (issue 13)', () => {
  it(`takes ${UPLOAD_DAILY_FILES} files a China day and refuses the next with 429; yesterday's do not count`, async () => {
    const u = await newUser(h)
    await pastUploads(u.id, UPLOAD_DAILY_FILES, yesterday())
    await pastUploads(u.id, UPLOAD_DAILY_FILES - 1, today())
    const last = await upload(new Blob([tinyPng('quota last')]), 'a.png', u.auth)
    expect(last.http).toBe(200)
    const over = await upload(new Blob([tinyPng('quota over')]), 'b.png', u.auth)
    expect([over.http, over.body]).toEqual([429, { status: 429, data: UPLOAD_QUOTA_REACHED }])
    expect(UPLOAD_QUOTA_REACHED).toBe('今日上传已达上限（每天最多100个文件、共200MB），请明天再试')
    expect(await owned(u.id)).toBe(2 * UPLOAD_DAILY_FILES)
    // The same bytes again count again: they are sent and read again.
    const again = await upload(new Blob([tinyPng('quota last')]), 'a.png', u.auth)
    expect(again.http).toBe(429)
  })

  it(`refuses an upload that would pass ${UPLOAD_DAILY_MB} MB a day, and stops reading it`, async () => {
    const u = await newUser(h)
    const png = tinyPng('quota bytes')
    await pastUploads(u.id, 1, today(), UPLOAD_DAILY_BYTES - png.length - 10)
    const big = new Uint8Array(64 * 1024)
    big.set(png)
    const refused = await upload(new Blob([big]), 'big.png', u.auth)
    expect([refused.http, refused.body.data]).toEqual([429, UPLOAD_QUOTA_REACHED])
    const fits = await upload(new Blob([png]), 'small.png', u.auth)
    expect(fits.http).toBe(200)
    const full = await upload(new Blob([tinyPng('quota bytes 2')]), 'c.png', u.auth)
    expect([full.http, full.body.data]).toEqual([429, UPLOAD_QUOTA_REACHED])
  })

  it('lets parallel uploads pass the quota only as far as it goes (counted with the user locked)', async () => {
    const u = await newUser(h)
    await pastUploads(u.id, UPLOAD_DAILY_FILES - 2, today())
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => upload(new Blob([tinyPng(`parallel ${i}`)]), `${i}.png`, u.auth)),
    )
    expect(answers.map((a) => a.http).sort()).toEqual([200, 200, 429, 429, 429, 429])
    expect(await owned(u.id)).toBe(UPLOAD_DAILY_FILES)
  })
})

/** A full garbage collection, to see what the process holds rather than what it has yet to free. */
const collect = (() => {
  setFlagsFromString('--expose-gc')
  return runInNewContext('gc') as () => void
})()

/**
 * An upload sent chunked by a client in its own process (tests/api/stream-upload.ts), so what
 * this process holds is the server's alone; with `pauseMb` it waits after that much until finish().
 */
function streamUpload(auth: Record<string, string>, sizeMb: number, pauseMb?: number) {
  const args = [h.base + UPLOAD_CALL, h.sign(), auth.Authorization ?? '', String(sizeMb)]
  const child = spawn(process.execPath, [
    'tests/api/stream-upload.ts',
    ...args,
    ...(pauseMb ? [String(pauseMb)] : []),
  ])
  let out = ''
  child.stdout.on('data', (d) => {
    out += String(d)
  })
  const exited = new Promise((r) => child.on('exit', r))
  return {
    async finish() {
      child.stdin.write('go\n')
      await exited
      return JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as {
        http: number
        body: { data: { path: string } }
      }
    },
  }
}
const UPLOAD_CALL = '/api/Upload/PostUpload'

describe('bodies streamed to disk (issue 13)', () => {
  const MB = 1024 * 1024
  const incoming = () => join(dirname(inject('uploadDir')), 'private', '.incoming')
  /** The bytes of uploads being received now (the server writes them under the private tree). */
  const partBytes = async () => {
    const names = await readdir(incoming()).catch(() => [] as string[])
    let total = 0
    // Files only: resumable uploads keep their own folder here (resumable.ts), for other tests' uploads.
    for (const n of names) {
      const st = await stat(join(incoming(), n)).catch(() => null)
      if (st?.isFile()) total += st.size
    }
    return total
  }

  it('writes a 15 MB upload to disk while it arrives, holding no copy of it in memory', async () => {
    const u = await newUser(h)
    const held = () => {
      collect()
      const m = process.memoryUsage()
      return m.heapUsed + m.arrayBuffers
    }
    const before = held()
    const client = streamUpload(u.auth, 15, 10)
    // With the client paused after 10 MB, those 10 MB are already on disk (nothing waits for the
    // whole body), and the server holds far less than them: no copy of the body is kept.
    await expect.poll(partBytes, { timeout: 10_000 }).toBeGreaterThanOrEqual(10 * MB - 64 * 1024)
    expect(held() - before).toBeLessThan(3 * MB)
    const answer = await client.finish()
    expect(answer.http).toBe(200)
    const stored = join(inject('uploadDir'), answer.body.data.path.replace(/^\/uploads\//, ''))
    expect((await stat(stored)).size).toBe(15 * MB)
    await expect.poll(partBytes).toBe(0)
  })

  it('refuses a chunked body over 20 MB with 413 as soon as it passes the limit', async () => {
    const u = await newUser(h)
    const answer = await streamUpload(u.auth, UPLOAD_MAX_MB + 1).finish()
    // The server answers and stops reading; the client sees the answer, or the cut connection.
    if (answer.http !== 0)
      expect([answer.http, answer.body]).toEqual([413, { status: 413, data: UPLOAD_TOO_BIG }])
    expect(await owned(u.id)).toBe(0)
    await expect.poll(partBytes).toBe(0)
  })
})
