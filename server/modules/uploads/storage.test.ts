/**
 * Uploads, private scans and paid course files with STORAGE=s3 (issue 22), against the local S3
 * peer (tests/peers/s3-peer.ts), strict as real buckets are: it checks SigV4 signatures with its own
 * code and presigned expiry, opens nothing to anonymous readers but what the bucket policy the
 * provider sets allows (uploads/*), and answers 403 for missing public keys. The same calls as on local disk (uploads.test.ts,
 * private.test.ts, paid-files.test.ts); here the bytes must be in the bucket and nowhere on disk.
 */
import { createHash } from 'node:crypto'
import { existsSync, readdirSync } from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { DeleteBucketPolicyCommand, PutBucketPolicyCommand } from '@aws-sdk/client-s3'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { ArticleDetail } from '../../../src/lib/api/types.ts'
import { UPLOAD_DAILY_FILES, UPLOAD_QUOTA_REACHED } from '../../../src/lib/constants.ts'
import { buySection, publishTwoSectionCourse, seededPaidSection } from '../../../tests/api/courses.ts'
import { pathOf, tinyPng, upload, uploaded } from '../../../tests/api/files.ts'
import { startServer, testClock } from '../../../tests/api/harness.ts'
import { newUser } from '../../../tests/api/session.ts'
import { type S3Peer, startS3Peer } from '../../../tests/peers/s3-peer.ts'
import { type Config, defaultConfig, loadConfig } from '../../config.ts'
import { migrateStorage, OpsError, runOps } from '../../ops.ts'
import { checkProviders, PROVIDER_CHECKS } from '../../providers/check.ts'
import { objectKey, publicObjectUrl, type S3Settings, s3Client } from '../../providers/s3.ts'
import { copyToBucket, fileStore, objectSize, publicReadPolicy, putFile } from '../../providers/storage.ts'
import { dbTime } from '../../time.ts'
import { OWNER_LINK_SECONDS, PAID_FILE_URL_MINUTES } from './private-files.ts'

const clock = testClock()
let peer: S3Peer
let s3: S3Settings
// The peer keeps the server's clock, so a link the server presigns expires for the bucket when it should.
beforeAll(async () => {
  peer = await startS3Peer(0, clock.now)
  s3 = loadConfig(peer.env()).s3 as S3Settings
})
afterAll(() => peer?.close())

const h = startServer({ now: clock.now, config: () => ({ s3 }) })
const uploadDir = () => inject('uploadDir')
const privateDir = () => join(dirname(uploadDir()), 'private')
const dirs = (): Config => ({ ...defaultConfig({ uploadDir: uploadDir() }), s3 })
/** An object's address in the bucket, unsigned (as anyone on the Internet would ask it). */
const bare = (path: string) => `${peer.url}/${peer.bucket}/${objectKey(path)}`
const bytesOf = async (res: Response) => Buffer.from(await res.arrayBuffer())
const noFollow = (url: string, headers: Record<string, string> = {}) =>
  fetch(url, { redirect: 'manual', headers })

describe('storage migrate (npm run ops -- storage migrate)', () => {
  it('copies the seeded files to the bucket under their paths, and a second run copies nothing', async () => {
    const first = await copyToBucket(dirs(), s3, { only: 'seed' })
    expect(first.seen).toBeGreaterThan(50)
    expect(first.uploaded + first.present).toBe(first.seen)
    expect(first.skipped).toEqual([])
    const again = await copyToBucket(dirs(), s3, { only: 'seed' })
    expect(again).toMatchObject({ seen: first.seen, uploaded: 0, present: first.seen })

    // The whole command, over both trees: its counts, and the seed's files are all there already.
    const report = await migrateStorage(dirs())
    expect(report).toMatch(/^已复制到对象存储 http:\/\/127\.0\.0\.1:\d+\/portal：共 \d+ 个文件，上传 \d+ 个/)
    const seedFile = readdirSync(join(privateDir(), 'seed')).find((f) => f.endsWith('.pdf')) as string
    const local = await readFile(join(privateDir(), 'seed', seedFile))
    expect(await objectSize(s3, `/private/seed/${seedFile}`)).toBe(local.length)
    // Private seed files went up private: the bucket refuses them unsigned.
    expect((await fetch(bare(`/private/seed/${seedFile}`))).status).toBe(403)
  })

  it('refuses, saying why, where STORAGE is not s3', async () => {
    await expect(migrateStorage(defaultConfig())).rejects.toThrow(OpsError)
    await expect(migrateStorage(defaultConfig())).rejects.toThrow(/未启用对象存储：请先设置 STORAGE=s3/)
    // The command line reads the environment, which names no bucket here.
    const open = () => Promise.reject(new Error('no database needed'))
    await expect(runOps(['storage', 'migrate'], open)).rejects.toThrow(/未启用对象存储/)
    await expect(runOps(['storage', 'copy'], open)).rejects.toThrow(/用法/)
  })
})

describe('public uploads in the bucket', () => {
  it('puts an upload in the bucket, readable at its public URL and through /uploads/, never on disk', async () => {
    const u = await newUser(h)
    const png = tinyPng('s3 public upload')
    const path = await uploaded(h, png, 'a.png', u.auth)
    expect(path).toBe(pathOf(png, 'png'))
    expect(existsSync(join(uploadDir(), path.replace(/^\/uploads\//, '')))).toBe(false)
    // No body left behind in the incoming folder.
    const incoming = join(privateDir(), '.incoming')
    expect(readdirSync(incoming).filter((f) => f.endsWith('.part'))).toEqual([])

    const direct = await fetch(publicObjectUrl(s3, path))
    expect(direct.status).toBe(200)
    expect(direct.headers.get('content-type')).toBe('image/png')
    expect(direct.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(await bytesOf(direct)).toEqual(png)
    // Every /uploads/ address a page or a rich text holds still works, one redirect away.
    const moved = await noFollow(`${h.base}${path}`)
    expect([moved.status, moved.headers.get('location')]).toEqual([302, publicObjectUrl(s3, path)])
    expect(await bytesOf(await fetch(`${h.base}${path}`))).toEqual(png)
    // A path that is no public upload is not sent anywhere.
    expect((await noFollow(`${h.base}/uploads/a%20b.png`)).status).toBe(404)
  })

  it('stores the same bytes once: a second upload, by anyone, answers the same path and object', async () => {
    const [a, b] = [await newUser(h), await newUser(h)]
    const png = tinyPng('s3 same bytes')
    const first = await uploaded(h, png, 'x.png', a.auth)
    const before = (await fetch(bare(first))).headers.get('last-modified')
    await new Promise((r) => setTimeout(r, 1100))
    expect(await uploaded(h, png, 'y.png', b.auth)).toBe(first)
    // Not written again (the bucket's time of the object is the first upload's).
    expect((await fetch(bare(first))).headers.get('last-modified')).toBe(before)
  })

  it('keeps the daily quota as on disk: the one past it is refused and never reaches the bucket', async () => {
    const u = await newUser(h)
    const at = dbTime(h.now())
    const rows = Array.from({ length: UPLOAD_DAILY_FILES - 1 }, (_, i) => ({
      user_id: u.id,
      path: `/uploads/u/00/${String(i).padStart(32, '1')}.png`,
      size: 1000,
      create_time: at,
    }))
    await h.db.insertInto('user_uploads').values(rows).execute()
    expect((await upload(h, tinyPng('s3 quota last'), 'a.png', u.auth)).http).toBe(200)
    const over = tinyPng('s3 quota over')
    const refused = await upload(h, over, 'b.png', u.auth)
    expect([refused.http, refused.body]).toEqual([429, { status: 429, data: UPLOAD_QUOTA_REACHED }])
    expect(await objectSize(s3, pathOf(over, 'png'))).toBeNull()
  })

  it('puts a large file up in parts read from disk, the whole of it', async () => {
    // Its own folder: uploads.test.ts counts what lies in .incoming.
    const dir = await mkdtemp(join(tmpdir(), 'storage-parts-'))
    const file = join(dir, 'parts.bin')
    const bytes = Buffer.alloc(5 * 1024 * 1024 + 4321)
    for (let i = 0; i < bytes.length; i += 4096) bytes.writeUInt32BE(i, i)
    await writeFile(file, bytes)
    const path = `/private/u/ff/${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}.pdf`
    await putFile(s3, path, file, bytes.length, 5 * 1024 * 1024)
    expect(await objectSize(s3, path)).toBe(bytes.length)
    const r = await fetch((await fileStore(dirs()).privateLink(path, 60, h.now())) as string)
    expect((await bytesOf(r)).equals(bytes)).toBe(true)
    // putFile reads the file and leaves it: the caller's to remove (keepFile's store.put does).
    expect(existsSync(file)).toBe(true)
    await rm(dir, { recursive: true, force: true })
  })
})

/** Upload/GetPrivateFile as the account page calls it, its redirect not followed. */
const getPrivate = (path: string, auth: Record<string, string> = {}) =>
  noFollow(`${h.base}/api/Upload/GetPrivateFile?${new URLSearchParams({ path })}`, {
    sign: h.sign(),
    ...auth,
  })

describe('private files in the bucket', () => {
  it('hands a certification scan to its owner only, by a short-lived presigned link', async () => {
    const [a, b] = [await newUser(h), await newUser(h)]
    const scan = tinyPng('s3 licence of A')
    const path = await uploaded(h, scan, '营业执照.png', a.auth, 'private')
    expect(path).toBe(pathOf(scan, 'png', 'private'))
    expect(existsSync(join(privateDir(), path.replace(/^\/private\//, '')))).toBe(false)

    // The bucket refuses it unsigned, under either tree's name; so does our own /private/.
    expect((await fetch(bare(path))).status).toBe(403)
    // Under the public tree it is missing: real buckets answer 403 there (no one may list them), as
    // the peer does; some answer 404. Either is a missing file, and no bytes.
    expect([403, 404]).toContain((await fetch(bare(path.replace(/^\/private\//, '/uploads/')))).status)
    expect((await noFollow(`${h.base}${path}`)).status).toBe(403)

    const mine = await getPrivate(path, a.auth)
    expect(mine.status).toBe(302)
    expect(mine.headers.get('cache-control')).toBe('no-store')
    const link = mine.headers.get('location') as string
    expect(link.startsWith(bare(path))).toBe(true)
    expect(link).toContain(`X-Amz-Expires=${OWNER_LINK_SECONDS}`)
    const got = await fetch(link)
    expect([got.status, got.headers.get('cache-control')]).toEqual([200, 'private, no-store'])
    expect(await bytesOf(got)).toEqual(scan)

    // Another user and a visitor: as on disk, 404 and 401, and no link.
    const theirs = await getPrivate(path, b.auth)
    expect([theirs.status, await theirs.json()]).toEqual([404, { status: 404, data: '文件不存在' }])
    expect((await getPrivate(path)).status).toBe(401)

    // The link is short-lived: the bucket refuses it once expired.
    clock.advance((OWNER_LINK_SECONDS + 60) * 1000)
    expect((await fetch(link)).status).toBe(403)
    const fresh = (await getPrivate(path, a.auth)).headers.get('location') as string
    expect(await bytesOf(await fetch(fresh))).toEqual(scan)
  })

  it('gives a paid section’s buyer a working link to the file in the bucket, a non-buyer none', async () => {
    // A listed paid course of the seed: its file was copied to the bucket by storage migrate above.
    const section = await seededPaidSection(h.db)
    await copyToBucket(dirs(), s3, { only: 'seed' })
    const bytes = await readFile(join(privateDir(), section.imgurl.replace(/^\/private\//, '')))
    const [buyer, other] = [await newUser(h), await newUser(h)]
    const article = (auth: Record<string, string>) =>
      h
        .get<ArticleDetail>('/api/Article/GetArticle', { id: section.article_id }, auth)
        .then((r) => r.data.list.find((s) => s.id === section.id))

    expect(await article(other.auth)).toMatchObject({ unlock: 0, imgurl: '', url: '' })
    await buySection(h, buyer, section)
    const url = (await article(buyer.auth))?.url ?? ''
    expect(url).toMatch(/^\/private\/seed\/.+\?e=\d+&s=[\w-]+$/)

    // The signed link answers a redirect to a presigned one for as long as a fresh link works.
    const moved = await noFollow(`${h.base}${url}`)
    expect([moved.status, moved.headers.get('cache-control')]).toEqual([302, 'no-store'])
    const link = moved.headers.get('location') as string
    expect(link.startsWith(bare(section.imgurl))).toBe(true)
    expect(link).toContain(`X-Amz-Expires=${PAID_FILE_URL_MINUTES * 60}`)
    const served = await fetch(link)
    expect(served.status).toBe(200)
    expect(served.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/)
    expect((await bytesOf(served)).equals(bytes)).toBe(true)
    // A video seeks by ranges, now from the bucket.
    const part = await fetch(link, { headers: { Range: 'bytes=0-9' } })
    expect(part.status).toBe(206)
    expect((await bytesOf(part)).equals(bytes.subarray(0, 10))).toBe(true)
    // The presigned link names this object only; edited, the bucket refuses it.
    expect((await fetch(link.replace(/X-Amz-Signature=\w{4}/, 'X-Amz-Signature=0000'))).status).toBe(403)

    // Both expire: our signed link (403 here) and the bucket's presigned one (403 there).
    clock.advance((PAID_FILE_URL_MINUTES + 2) * 60_000)
    const expired = await noFollow(`${h.base}${url}`)
    expect([expired.status, await expired.text()]).toEqual([403, '403 链接无效或已过期，请刷新页面后重试'])
    expect((await fetch(link)).status).toBe(403)
  })

  it('publishing copies a paid section’s public file into the private tree inside the bucket', async () => {
    const { freeVideo, paidPdf } = await publishTwoSectionCourse(h, 's3 ', '对象存储里的文件去向')
    // The free one is public now, for anyone; the paid one private, refused unsigned.
    const free = await fetch(bare(pathOf(freeVideo, 'mp4')))
    expect([free.status, free.headers.get('cache-control')]).toEqual([
      200,
      'public, max-age=31536000, immutable',
    ])
    expect(await bytesOf(free)).toEqual(freeVideo)
    expect(await objectSize(s3, pathOf(paidPdf, 'pdf', 'private'))).toBe(paidPdf.length)
    expect((await fetch(bare(pathOf(paidPdf, 'pdf', 'private')))).status).toBe(403)
    // Its public object, the author's alone and named by nothing now, is gone from the bucket.
    expect(await objectSize(s3, pathOf(paidPdf, 'pdf'))).toBeNull()
  })
})

describe('providers check (npm run ops -- providers check)', () => {
  const storage = PROVIDER_CHECKS.filter((c) => c.name === '对象存储')

  it('asks the bucket and writes and removes a probe, saying who answered', async () => {
    const { ok, report } = await checkProviders(dirs(), storage)
    expect(ok).toBe(true)
    expect(report).toMatch(
      /^对象存储（对象存储 http:\/\/127\.0\.0\.1:\d+\/portal）：正常\n {2}存储桶 portal 已应答/,
    )
    const probe = /探测对象 (\.check\/\S+?)）/.exec(report)?.[1] as string
    expect(await objectSize(s3, `/${probe}`)).toBeNull()
  })

  it('fails on a wrong key, naming no secret', async () => {
    const wrong = { ...dirs(), s3: { ...s3, secretAccessKey: 'not-the-secret-key' } }
    const { ok, report } = await checkProviders(wrong, storage)
    expect(ok).toBe(false)
    expect(report).toContain('对象存储（对象存储 ')
    expect(report).not.toContain('not-the-secret-key')
    // HeadBucket's 403 has no body: the code comes from the probe's write, never UnknownError.
    expect(report).toContain('异常：访问存储桶（HeadBucket）失败，存储桶应答 HTTP 403 SignatureDoesNotMatch')
  })

  it('names the HTTP status and S3 code of an unknown bucket and an unknown key id', async () => {
    const other = await checkProviders({ ...dirs(), s3: { ...s3, bucket: 'no-such-bucket' } }, storage)
    expect(other.ok).toBe(false)
    expect(other.report).toContain('存储桶应答 HTTP 404 NoSuchBucket')
    const stranger = await checkProviders({ ...dirs(), s3: { ...s3, accessKeyId: 'AKIDSTRANGER' } }, storage)
    expect(stranger.report).toContain('HTTP 403 InvalidAccessKeyId')
    expect(stranger.report).not.toContain('UnknownError')
  })

  it('reads a public probe anonymously, and says 异常 when uploads/ is not public', async () => {
    const { report } = await checkProviders(dirs(), storage)
    expect(report).toContain(`uploads/ 下的公开对象可匿名读取（${peer.url}/portal/uploads/.check/`)
    // The policy removed by hand (the provider set it once, at the first public write).
    const client = s3Client(s3)
    await client.send(new DeleteBucketPolicyCommand({ Bucket: s3.bucket }))
    try {
      const closed = await checkProviders(dirs(), storage)
      expect(closed.ok).toBe(false)
      expect(closed.report).toMatch(
        /^对象存储（.*）：失败\n {2}存储桶 portal 已应答.*\n {2}异常：uploads\/ 下的公开对象无法匿名读取（http:\/\/127\.0\.0\.1:\d+\/portal\/uploads\/\.check\/\S+：HTTP 403 AccessDenied）/,
      )
      // Its probe is gone all the same.
      const probe = /(uploads\/\.check\/[^：]+)：/.exec(closed.report)?.[1] as string
      expect(await objectSize(s3, `/${probe}`)).toBeNull()
    } finally {
      await client.send(
        new PutBucketPolicyCommand({
          Bucket: s3.bucket,
          Policy: JSON.stringify(publicReadPolicy(s3.bucket)),
        }),
      )
    }
  })

  it('treats a missing object alike when the key may not list the bucket (403, not 404)', async () => {
    peer.keyMayList = false
    try {
      expect(await objectSize(s3, '/uploads/u/00/not-there.png')).toBeNull()
      // An upload still goes up: its size check reads 403 as "not there".
      const u = await newUser(h)
      const png = tinyPng('s3 key without ListBucket')
      const path = await uploaded(h, png, 'n.png', u.auth)
      expect(await objectSize(s3, path)).toBe(png.length)
    } finally {
      peer.keyMayList = true
    }
  })

  it('says local disk needs no check', async () => {
    const { ok, report } = await checkProviders(defaultConfig({ uploadDir: uploadDir() }), storage)
    expect([ok, report.split('\n')[0]]).toEqual([true, `对象存储（本地磁盘 ${uploadDir()}）：正常`])
  })
})
