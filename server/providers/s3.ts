import { S3Client } from '@aws-sdk/client-s3'
import { bucketUrl } from '../../src/lib/files-base.ts'
import type { Config } from '../config.ts'

/**
 * Object storage through the S3 API (STORAGE=s3; README "Going live"): Aliyun OSS, Tencent COS,
 * MinIO and AWS all speak it, so one client (`@aws-sdk/client-s3`) serves them all. A stored path
 * keeps the shape it has on local disk ('/uploads/u/3f/….png', '/private/u/8c/….mp4'): the
 * database, the built pages and the ownership checks never learn where the bytes lie, and
 * `npm run ops -- storage migrate` can move a running site without rewriting a row.
 */
export type S3Settings = NonNullable<Config['s3']>

const clients = new WeakMap<S3Settings, S3Client>()

/** The one client of these settings (its connections are pooled, so made once). */
export function s3Client(s: S3Settings): S3Client {
  let client = clients.get(s)
  if (!client) {
    client = new S3Client({
      endpoint: s.endpoint,
      region: s.region,
      forcePathStyle: s.forcePathStyle,
      credentials: { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey },
      // OSS and COS reject the SDK's newer default checksums on some calls; asked only where required.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    })
    clients.set(s, client)
  }
  return client
}

/** The object key of a stored path: objectKey('/uploads/u/3f/x.png') → 'uploads/u/3f/x.png' */
export const objectKey = (path: string) => path.replace(/^\/+/, '')

/** Where browsers read public objects (S3_PUBLIC_URL, else the bucket's address): src/lib/files-base.ts. */
export { bucketUrl }

/** A public file's address: publicObjectUrl(s, '/uploads/u/3f/x.png') → 'https://cdn.example.com/uploads/u/3f/x.png' */
export const publicObjectUrl = (s: S3Settings, path: string) => `${bucketUrl(s)}/${objectKey(path)}`
