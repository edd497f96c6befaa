/**
 * Where browsers read stored files when they lie in a bucket (STORAGE=s3, issue 22), for the server
 * (server/providers/s3.ts) and the build (src/lib/build/env.ts, the pages' policy) alike: pure, so
 * the site's build needs no S3 client to know it.
 */

/** The settings that name a bucket's addresses (server/config.ts `s3`). */
export interface BucketPlace {
  endpoint: string
  bucket: string
  forcePathStyle: boolean
  publicUrl?: string | undefined
}

/**
 * The bucket's own address: path style endpoint/bucket, otherwise bucket.host (OSS and COS).
 * bucketAddress({ endpoint: 'https://oss-cn-hangzhou.aliyuncs.com', bucket: 'shop', forcePathStyle: false }) → 'https://shop.oss-cn-hangzhou.aliyuncs.com'
 */
export function bucketAddress(s: BucketPlace): string {
  const endpoint = s.endpoint.replace(/\/+$/, '')
  if (s.forcePathStyle) return `${endpoint}/${s.bucket}`
  const u = new URL(endpoint)
  return `${u.protocol}//${s.bucket}.${u.host}`
}

/** Where browsers read public objects: S3_PUBLIC_URL (a CDN) when set, else the bucket's own address. */
export const bucketUrl = (s: BucketPlace): string => s.publicUrl?.replace(/\/+$/, '') || bucketAddress(s)

/**
 * The origins the pages load stored files from: public ones from bucketUrl, private ones (a
 * presigned link, always to the bucket itself, never through a CDN) from bucketAddress.
 * fileOrigins({ endpoint: 'https://oss-cn-hangzhou.aliyuncs.com', bucket: 'shop', forcePathStyle: false, publicUrl: 'https://img.x.cn' })
 *   → ['https://img.x.cn', 'https://shop.oss-cn-hangzhou.aliyuncs.com']
 */
export function fileOrigins(s: BucketPlace | undefined): string[] {
  if (!s) return []
  return [...new Set([new URL(bucketUrl(s)).origin, new URL(bucketAddress(s)).origin])]
}

/**
 * The bucket of the S3_* variables when STORAGE=s3 (the same variables server/config.ts checks at
 * start), for the build, which reads the environment itself; undefined otherwise or when incomplete.
 */
export function bucketOfEnv(env: Record<string, string | undefined>): BucketPlace | undefined {
  if (env.STORAGE !== 's3' || !env.S3_ENDPOINT || !env.S3_BUCKET || !URL.canParse(env.S3_ENDPOINT))
    return undefined
  return {
    endpoint: env.S3_ENDPOINT,
    bucket: env.S3_BUCKET,
    forcePathStyle: env.S3_FORCE_PATH_STYLE === 'on',
    publicUrl: env.S3_PUBLIC_URL || undefined,
  }
}
