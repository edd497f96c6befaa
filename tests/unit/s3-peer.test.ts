import {
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  GetObjectCommand,
  PutObjectCommand,
  UploadPartCommand,
} from '@aws-sdk/client-s3'
import { getSignedUrl } from '@aws-sdk/s3-request-presigner'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../server/config.ts'
import { bucketUrl, publicObjectUrl, s3Client } from '../../server/providers/s3.ts'
import { ensurePublicReads, publicReadPolicy, s3Failure } from '../../server/providers/storage.ts'
import { type S3Peer, sigV4, startS3Peer } from '../peers/s3-peer.ts'

// The peer must refuse what a real bucket refuses, or the storage tests built on it prove nothing.
describe('the S3 peer and the client', () => {
  let peer: S3Peer
  let later = 0
  beforeAll(async () => {
    peer = await startS3Peer(0, () => new Date(Date.now() + later))
  })
  afterAll(() => peer?.close())

  const settings = () => loadConfig(peer.env()).s3 as NonNullable<ReturnType<typeof loadConfig>['s3']>

  it('keeps a signed write, serves public objects to anyone and private ones only signed', async () => {
    const s3 = s3Client(settings())
    const Bucket = peer.bucket
    await s3.send(new PutObjectCommand({ Bucket, Key: 'uploads/u/ab/a.txt', Body: 'public' }))
    await s3.send(new PutObjectCommand({ Bucket, Key: 'private/u/ab/b.txt', Body: 'secret' }))

    // No public reads until the bucket policy says so, as on a real bucket.
    const publicUrl = publicObjectUrl(settings(), '/uploads/u/ab/a.txt')
    expect((await fetch(publicUrl)).status).toBe(403)
    expect(peer.policy()).toBeNull()
    await ensurePublicReads(settings())
    expect(peer.policy()).toEqual(publicReadPolicy(Bucket))
    expect(await (await fetch(publicUrl)).text()).toBe('public')
    // A missing public key is 403 to anyone (no one may list the bucket); HEAD answers no body.
    const missing = await fetch(publicObjectUrl(settings(), '/uploads/u/ab/none.txt'))
    expect([missing.status, await missing.text()]).toEqual([
      403,
      expect.stringContaining('<Code>AccessDenied</Code>'),
    ])
    expect((await fetch(`${peer.url}/${Bucket}/private/u/ab/b.txt`)).status).toBe(403)
    expect((await fetch(`${peer.url}/${Bucket}/private/u/ab/b.txt`, { method: 'HEAD' })).status).toBe(403)
    // A listing or the policy itself is nobody's business.
    expect((await fetch(`${peer.url}/${Bucket}?list-type=2`)).status).toBe(403)
    expect((await fetch(`${peer.url}/${Bucket}?policy`)).status).toBe(403)

    const link = await getSignedUrl(s3, new GetObjectCommand({ Bucket, Key: 'private/u/ab/b.txt' }), {
      expiresIn: 60,
    })
    expect(await (await fetch(link)).text()).toBe('secret')
    // A forged signature, another object under the same signature, an expired link: refused.
    expect((await fetch(link.replace(/X-Amz-Signature=\w{4}/, 'X-Amz-Signature=0000'))).status).toBe(403)
    expect((await fetch(link.replace('b.txt', 'a.txt').replace('/private/', '/private/'))).status).toBe(403)
    later = 120_000
    expect((await fetch(link)).status).toBe(403)
    later = 0
  })

  // AWS's own examples (Signature Version 4, "Examples: Signature Calculations in AWS Signature Version 4"):
  // the peer's signer is its own code, so it must reproduce AWS's signatures, not the SDK's.
  it("computes AWS's documented SigV4 examples with its own code", () => {
    const secret = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY'
    const scope = '20130524/us-east-1/s3/aws4_request'
    const empty = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'
    expect(
      sigV4(secret, {
        method: 'GET',
        url: '/test.txt',
        headers: {
          host: 'examplebucket.s3.amazonaws.com',
          range: 'bytes=0-9',
          'x-amz-content-sha256': empty,
          'x-amz-date': '20130524T000000Z',
        },
        signedHeaders: ['host', 'range', 'x-amz-content-sha256', 'x-amz-date'],
        amzDate: '20130524T000000Z',
        scope,
        payloadHash: empty,
      }),
    ).toBe('f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41')
    expect(
      sigV4(secret, {
        method: 'GET',
        url: '/test.txt?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request&X-Amz-Date=20130524T000000Z&X-Amz-Expires=86400&X-Amz-SignedHeaders=host',
        headers: { host: 'examplebucket.s3.amazonaws.com' },
        signedHeaders: ['host'],
        amzDate: '20130524T000000Z',
        scope,
        payloadHash: 'UNSIGNED-PAYLOAD',
      }),
    ).toBe('aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404')
  })

  it('names what a bucket answered by its status where the answer had no body (HEAD)', () => {
    const bare = (status: number, name = 'UnknownError') => ({ name, $metadata: { httpStatusCode: status } })
    expect(s3Failure(bare(403))).toBe('HTTP 403 AccessDenied')
    expect(s3Failure(bare(404, 'NotFound'))).toBe('HTTP 404 NoSuchBucket')
    expect(s3Failure(bare(301))).toBe('HTTP 301 PermanentRedirect')
    expect(s3Failure(bare(403, 'SignatureDoesNotMatch'))).toBe('HTTP 403 SignatureDoesNotMatch')
    expect(s3Failure(Object.assign(new Error('connect ECONNREFUSED'), { name: 'Error' }))).toBe(
      'Error：connect ECONNREFUSED',
    )
  })

  it('refuses a write signed with another key', async () => {
    const wrong = s3Client({ ...settings(), secretAccessKey: 'not-the-key' })
    await expect(
      wrong.send(new PutObjectCommand({ Bucket: peer.bucket, Key: 'uploads/x.txt', Body: 'x' })),
    ).rejects.toThrow()
  })

  it('takes a multipart upload through presigned part links, as a browser sends it', async () => {
    const s3 = s3Client(settings())
    const Bucket = peer.bucket
    const Key = 'private/incoming/big.bin'
    const { UploadId } = await s3.send(new CreateMultipartUploadCommand({ Bucket, Key }))
    const parts = [Buffer.alloc(5 * 1024 * 1024, 1), Buffer.from('tail')]
    const done = []
    for (const [i, body] of parts.entries()) {
      const url = await getSignedUrl(
        s3,
        new UploadPartCommand({ Bucket, Key, UploadId, PartNumber: i + 1 }),
        {
          expiresIn: 600,
        },
      )
      const r = await fetch(url, { method: 'PUT', body, headers: { Origin: 'http://127.0.0.1:4321' } })
      expect(r.status).toBe(200)
      expect(r.headers.get('access-control-expose-headers')).toContain('ETag')
      done.push({ PartNumber: i + 1, ETag: r.headers.get('etag') as string })
    }
    await s3.send(
      new CompleteMultipartUploadCommand({ Bucket, Key, UploadId, MultipartUpload: { Parts: done } }),
    )
    const got = await s3.send(new GetObjectCommand({ Bucket, Key }))
    expect(Number(got.ContentLength)).toBe(5 * 1024 * 1024 + 4)
  })

  it('names the bucket address as OSS and COS want it', () => {
    expect(
      bucketUrl({
        endpoint: 'https://oss-cn-hangzhou.aliyuncs.com',
        bucket: 'shop',
        forcePathStyle: false,
        publicUrl: undefined,
      }),
    ).toBe('https://shop.oss-cn-hangzhou.aliyuncs.com')
    expect(
      bucketUrl({
        endpoint: 'http://127.0.0.1:9000',
        bucket: 'shop',
        forcePathStyle: true,
        publicUrl: undefined,
      }),
    ).toBe('http://127.0.0.1:9000/shop')
    expect(
      bucketUrl({
        endpoint: 'x',
        bucket: 'shop',
        forcePathStyle: true,
        publicUrl: 'https://cdn.example.com',
      }),
    ).toBe('https://cdn.example.com')
  })

  it('stops the start naming each missing S3 variable', () => {
    expect(() => loadConfig({ STORAGE: 's3', S3_BUCKET: 'b' })).toThrow(
      /S3_ENDPOINT[\s\S]*S3_ACCESS_KEY_ID[\s\S]*S3_SECRET_ACCESS_KEY/,
    )
    expect(loadConfig({}).s3).toBeUndefined()
  })
})
