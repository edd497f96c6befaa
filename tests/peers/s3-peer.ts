/**
 * A local S3-compatible object store for tests and trials: s3rver (from the registry) keeps the
 * objects, and a thin front checks what a real bucket (AWS, Ceph RGW, MinIO) would before handing
 * a request on:
 * - every request must be signed (SigV4, header or presigned query) with this peer's key, checked
 *   by this file's own SigV4 code (node:crypto, not the client SDK's signer, so a signing mistake
 *   the SDK shares cannot pass), and a presigned link must not have expired: s3rver alone accepts
 *   any signature; a wrong one is 403 SignatureDoesNotMatch, an unknown key InvalidAccessKeyId;
 * - nothing is public by default: an unsigned read passes only where the bucket policy the
 *   provider set (PutBucketPolicy, kept by this front) allows s3:GetObject to everyone; else 403
 *   AccessDenied. An anonymous read of a missing key is 403 too (no one may list the bucket), as
 *   real buckets answer; HEAD answers carry no body;
 * - the bucket answers browsers' CORS preflights (PUT of upload parts, GET) and exposes ETag, as
 *   the bucket CORS rule README "Going live" asks for.
 *
 *   npx node tests/peers/s3-peer.ts [port]   (prints the variables that point npm start at it)
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { readdir, readFile, rm, stat } from 'node:fs/promises'
import { Agent, createServer, type IncomingMessage, request, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import S3rver from 's3rver'

export interface S3Peer {
  /** The endpoint (S3_ENDPOINT): this front, path-style. */
  url: string
  bucket: string
  accessKeyId: string
  secretAccessKey: string
  /** Requests refused for their signature, oldest first: method and path. */
  refused: string[]
  /**
   * The code of ListParts on an upload that is gone: NoSuchUpload as AWS and MinIO answer, or
   * NoSuchKey as Ceph's RADOS Gateway does (set by a test).
   */
  goneUpload: 'NoSuchUpload' | 'NoSuchKey'
  /**
   * Whether the peer's key may list the bucket (s3:ListBucket): with it a missing key is 404, as
   * for a bucket's owner; without it (a key limited to Get/Put/Delete) 403 AccessDenied.
   */
  keyMayList: boolean
  /** The bucket policy the provider set (PutBucketPolicy), or null. */
  policy(): object | null
  /** The environment that points the portal at this peer (STORAGE=s3 …). */
  env(): Record<string, string>
  close(): Promise<void>
}

const REGION = 'us-east-1'
const CORS = `<CORSConfiguration><CORSRule>
  <AllowedOrigin>*</AllowedOrigin>
  <AllowedMethod>GET</AllowedMethod><AllowedMethod>PUT</AllowedMethod><AllowedMethod>HEAD</AllowedMethod>
  <AllowedHeader>*</AllowedHeader><ExposeHeader>ETag</ExposeHeader><MaxAgeSeconds>3000</MaxAgeSeconds>
</CORSRule></CORSConfiguration>`

/** SigV4's time format back to a Date: '20261126T061500Z' → 2026-11-26T06:15:00Z */
const amzDate = (s: string) =>
  new Date(
    `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}T${s.slice(9, 11)}:${s.slice(11, 13)}:${s.slice(13, 15)}Z`,
  )

const sha256Hex = (data: string) => createHash('sha256').update(data, 'utf8').digest('hex')
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data, 'utf8').digest()
/** RFC 3986 encoding, as SigV4 wants it (encodeURIComponent leaves !'()* alone). */
const rfc3986 = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)

/** The query as sent: each pair decoded (a '+' is a plus, not a space, in S3's requests). */
function rawQuery(url: string): [string, string][] {
  const q = url.includes('?') ? url.slice(url.indexOf('?') + 1) : ''
  return q
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const i = pair.indexOf('=')
      const [k, v] = i < 0 ? [pair, ''] : [pair.slice(0, i), pair.slice(i + 1)]
      return [decodeURIComponent(k), decodeURIComponent(v)]
    })
}

/**
 * The SigV4 signature of a request, from AWS's own description of it: the canonical request
 * (method, the path as sent, the sorted query without X-Amz-Signature, the signed headers, the
 * payload hash), the string to sign over its hash and the credential scope, and the key derived
 * from the secret by HMAC over the date, region, service and aws4_request.
 */
export function sigV4(
  secret: string,
  o: {
    method: string
    url: string
    headers: IncomingMessage['headers']
    signedHeaders: string[]
    amzDate: string
    scope: string
    payloadHash: string
  },
): string {
  const path = o.url.split('?')[0] as string
  const query = rawQuery(o.url)
    .filter(([k]) => k !== 'X-Amz-Signature')
    .map(([k, v]) => [rfc3986(k), rfc3986(v)] as const)
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&')
  const value = (name: string) => {
    const v = o.headers[name]
    return (Array.isArray(v) ? v.join(',') : (v ?? '')).trim().replace(/\s+/g, ' ')
  }
  const canonical = [
    o.method,
    path,
    query,
    ...o.signedHeaders.map((h) => `${h}:${value(h)}`),
    '',
    o.signedHeaders.join(';'),
    o.payloadHash,
  ].join('\n')
  const toSign = ['AWS4-HMAC-SHA256', o.amzDate, o.scope, sha256Hex(canonical)].join('\n')
  const [date, region, service] = o.scope.split('/') as [string, string, string]
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), service), 'aws4_request')
  return createHmac('sha256', key).update(toSign, 'utf8').digest('hex')
}

const sameHex = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b))

/**
 * Whether a request carries a valid SigV4 signature of this key: 'ok', or the S3 code of its
 * refusal (InvalidAccessKeyId, SignatureDoesNotMatch, AccessDenied for an expired link), or
 * 'anonymous' when it carries none.
 */
function signature(
  keyId: string,
  secret: string,
  req: IncomingMessage,
  now: Date,
): 'ok' | 'anonymous' | 'InvalidAccessKeyId' | 'SignatureDoesNotMatch' | 'AccessDenied' {
  const url = req.url ?? '/'
  const query = Object.fromEntries(rawQuery(url))
  const method = req.method ?? 'GET'
  const presigned = query['X-Amz-Signature']
  if (presigned !== undefined) {
    const [id, ...scope] = (query['X-Amz-Credential'] ?? '').split('/')
    if (id !== keyId) return 'InvalidAccessKeyId'
    const date = amzDate(query['X-Amz-Date'] ?? '')
    const expires = Number(query['X-Amz-Expires'])
    if (Number.isNaN(date.getTime()) || !(expires > 0) || expires > 604800) return 'AccessDenied'
    if (date.getTime() + expires * 1000 < now.getTime()) return 'AccessDenied'
    const again = sigV4(secret, {
      method,
      url,
      headers: req.headers,
      signedHeaders: (query['X-Amz-SignedHeaders'] ?? '').split(';'),
      amzDate: query['X-Amz-Date'] ?? '',
      scope: scope.join('/'),
      payloadHash: 'UNSIGNED-PAYLOAD',
    })
    return sameHex(again, presigned) ? 'ok' : 'SignatureDoesNotMatch'
  }
  const auth = req.headers.authorization
  if (!auth) return 'anonymous'
  const m =
    /^AWS4-HMAC-SHA256 Credential=([^/,]+)\/([^,]+), ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
      auth,
    )
  if (!m) return 'AccessDenied'
  if (m[1] !== keyId) return 'InvalidAccessKeyId'
  const signedHeaders = (m[3] as string).split(';')
  // The host and the date must be among what was signed, as AWS requires.
  if (!signedHeaders.includes('host') || !signedHeaders.includes('x-amz-date')) return 'AccessDenied'
  const again = sigV4(secret, {
    method,
    url,
    headers: req.headers,
    signedHeaders,
    amzDate: String(req.headers['x-amz-date'] ?? ''),
    scope: m[2] as string,
    // The body's hash is what the client declared (UNSIGNED-PAYLOAD or the sha256): s3rver checks the bytes.
    payloadHash: String(req.headers['x-amz-content-sha256'] ?? ''),
  })
  return sameHex(again, m[4] as string) ? 'ok' : 'SignatureDoesNotMatch'
}

/** A bucket policy's statements, as far as this peer reads them. */
interface Statement {
  Effect?: string
  Principal?: string | { AWS?: string | string[] }
  Action?: string | string[]
  Resource?: string | string[]
}
const list = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v])
/** arn:aws:s3:::portal/uploads/* against arn:aws:s3:::portal/uploads/u/x.png ('*' any run, '?' one). */
const arnMatches = (pattern: string, arn: string) =>
  new RegExp(
    `^${pattern
      .split('')
      .map((c) => (c === '*' ? '.*' : c === '?' ? '.' : c.replace(/[.+^${}()|[\]\\]/g, '\\$&')))
      .join('')}$`,
  ).test(arn)

/** Whether `policy` lets anyone (Principal "*") do `action` on `arn`; an explicit Deny wins. */
function publicAllows(policy: { Statement?: Statement[] } | null, action: string, arn: string): boolean {
  let allowed = false
  for (const st of policy?.Statement ?? []) {
    const anyone =
      st.Principal === '*' || (typeof st.Principal === 'object' && list(st.Principal.AWS).includes('*'))
    const acts = list(st.Action).some((a) => a === action || a === 's3:*' || a === '*')
    const on = list(st.Resource).some((r) => arnMatches(r, arn))
    if (!(anyone && acts && on)) continue
    if (st.Effect === 'Deny') return false
    if (st.Effect === 'Allow') allowed = true
  }
  return allowed
}

/** Starts the peer on `port` (0: any free one), its objects in a folder of its own removed at close. */
export async function startS3Peer(port = 0, now = () => new Date()): Promise<S3Peer> {
  const dir = mkdtempSync(join(tmpdir(), 's3-peer-'))
  const bucket = 'portal'
  const accessKeyId = 'S3RVER'
  const secretAccessKey = 'S3RVER'
  const store = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: dir,
    configureBuckets: [{ name: bucket, configs: [CORS] }],
    // The front checks signatures (SigV4, which s3rver does not compute).
    allowMismatchedSignatures: true,
  })
  const inner = (await store.run()) as unknown as AddressInfo
  const refused: string[] = []
  // No kept-alive connections to s3rver: its close waits for every open one.
  const agent = new Agent({ keepAlive: false })

  /** The bucket's policy (PutBucketPolicy): none at first, so nothing is public. */
  let policy: { Statement?: Statement[] } | null = null

  /** S3's error answer: its XML with the code, or for HEAD the status alone (as S3 answers HEAD). */
  const fail = (req: IncomingMessage, res: ServerResponse, http: number, code: string, message: string) => {
    req.resume()
    if (req.method === 'HEAD') return res.writeHead(http).end()
    res.writeHead(http, { 'Content-Type': 'application/xml' })
    res.end(
      `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`,
    )
  }

  /**
   * Hands the request to s3rver. `hideMissing`: a read by someone who may not list the bucket
   * learns nothing of which keys exist: a missing key is 403 AccessDenied, as AWS and Ceph answer.
   */
  const pass = (req: IncomingMessage, res: ServerResponse, hideMissing = false) => {
    const out = request(
      { host: '127.0.0.1', port: inner.port, method: req.method, path: req.url, headers: req.headers, agent },
      (answer) => {
        if (hideMissing && answer.statusCode === 404) {
          answer.resume()
          return fail(req, res, 403, 'AccessDenied', 'Access Denied')
        }
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      },
    )
    out.on('error', () => res.writeHead(502).end())
    req.pipe(out)
  }

  /**
   * ListParts and AbortMultipartUpload, which s3rver lacks (it answers MethodNotAllowed), answered
   * from its own store: the parts of an upload lie in <dir>/<bucket>/._S3rver_uploads/<uploadId>/
   * as <n> and <n>.md5. Resumable uploads ask which parts the bucket has, and abandon uploads.
   */
  const multipart = async (req: IncomingMessage, res: ServerResponse, uploadId: string) => {
    const key = decodeURIComponent(new URL(req.url ?? '/', 'http://peer').pathname.slice(bucket.length + 2))
    const folder = join(dir, bucket, '._S3rver_uploads', uploadId)
    const names = await readdir(folder).catch(() => null)
    req.resume()
    if (!names) {
      res.writeHead(404, { 'Content-Type': 'application/xml' })
      res.end(
        `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${self.goneUpload}</Code><Message>The specified upload does not exist.</Message></Error>`,
      )
      return
    }
    if (req.method === 'DELETE') {
      await rm(folder, { recursive: true, force: true })
      res.writeHead(204).end()
      return
    }
    const numbers = names
      .filter((n) => /^\d+$/.test(n))
      .map(Number)
      .sort((a, b) => a - b)
    const parts = await Promise.all(
      numbers.map(async (n) => {
        const [info, md5] = await Promise.all([
          stat(join(folder, String(n))),
          readFile(join(folder, `${n}.md5`), 'utf8'),
        ])
        return `<Part><PartNumber>${n}</PartNumber><LastModified>${info.mtime.toISOString()}</LastModified><ETag>"${md5}"</ETag><Size>${info.size}</Size></Part>`
      }),
    )
    res.writeHead(200, { 'Content-Type': 'application/xml' })
    res.end(
      `<?xml version="1.0" encoding="UTF-8"?><ListPartsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Bucket>${bucket}</Bucket><Key>${key}</Key><UploadId>${uploadId}</UploadId><PartNumberMarker>0</PartNumberMarker><NextPartNumberMarker>${numbers.at(-1) ?? 0}</NextPartNumberMarker><MaxParts>10000</MaxParts><IsTruncated>false</IsTruncated>${parts.join('')}</ListPartsResult>`,
    )
  }

  /** GET/PUT/DELETE ?policy, signed: the bucket policy this front keeps. */
  const bucketPolicy = async (req: IncomingMessage, res: ServerResponse) => {
    if (req.method === 'PUT') {
      const chunks: Buffer[] = []
      for await (const c of req) chunks.push(c as Buffer)
      try {
        const parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'))
        if (!Array.isArray(parsed?.Statement)) throw new Error('no Statement')
        policy = parsed
      } catch {
        return fail(req, res, 400, 'MalformedPolicy', 'Policies must be valid JSON with a Statement list')
      }
      return res.writeHead(204).end()
    }
    if (req.method === 'DELETE') {
      policy = null
      req.resume()
      return res.writeHead(204).end()
    }
    if (!policy) return fail(req, res, 404, 'NoSuchBucketPolicy', 'The bucket policy does not exist')
    req.resume()
    res.writeHead(200, { 'Content-Type': 'application/json' })
    res.end(JSON.stringify(policy))
  }

  const front = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://peer')
    const path = url.pathname
    const uploadId = url.searchParams.get('uploadId')
    const ownMultipart = uploadId && (req.method === 'GET' || req.method === 'DELETE')
    if (req.method === 'OPTIONS') return pass(req, res)
    const verdict = signature(accessKeyId, secretAccessKey, req, now())
    if (verdict === 'anonymous') {
      // Anyone may read only what the bucket policy opens to everyone (s3:GetObject on the key).
      const key = decodeURIComponent(path.slice(bucket.length + 2))
      const read = (req.method === 'GET' || req.method === 'HEAD') && path.startsWith(`/${bucket}/`) && key
      const listed = publicAllows(policy, 's3:ListBucket', `arn:aws:s3:::${bucket}`)
      if (read && !url.search && publicAllows(policy, 's3:GetObject', `arn:aws:s3:::${bucket}/${key}`))
        return pass(req, res, !listed)
      refused.push(`${req.method} ${path}`)
      return fail(req, res, 403, 'AccessDenied', 'Access Denied')
    }
    if (verdict !== 'ok') {
      refused.push(`${req.method} ${path}`)
      return fail(
        req,
        res,
        403,
        verdict,
        verdict === 'SignatureDoesNotMatch'
          ? 'The request signature we calculated does not match the signature you provided.'
          : verdict === 'InvalidAccessKeyId'
            ? 'The AWS Access Key Id you provided does not exist in our records.'
            : 'Access Denied',
      )
    }
    if (url.searchParams.has('policy') && (path === `/${bucket}` || path === `/${bucket}/`))
      return bucketPolicy(req, res).catch(() => res.writeHead(500).end())
    if (ownMultipart) return multipart(req, res, uploadId).catch(() => res.writeHead(500).end())
    const reading = req.method === 'GET' || req.method === 'HEAD'
    return pass(req, res, reading && !self.keyMayList)
  })
  await new Promise<void>((resolve) => front.listen(port, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(front.address() as AddressInfo).port}`
  const self: S3Peer = {
    url,
    goneUpload: 'NoSuchUpload',
    keyMayList: true,
    policy: () => policy,
    bucket,
    accessKeyId,
    secretAccessKey,
    refused,
    env: () => ({
      STORAGE: 's3',
      S3_ENDPOINT: url,
      S3_REGION: REGION,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: accessKeyId,
      S3_SECRET_ACCESS_KEY: secretAccessKey,
      S3_FORCE_PATH_STYLE: 'on',
    }),
    async close() {
      front.closeAllConnections()
      await new Promise<void>((resolve) => front.close(() => resolve()))
      ;(store as unknown as { httpServer: import('node:http').Server }).httpServer.closeAllConnections()
      await store.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
  return self
}

if (import.meta.main) {
  const peer = await startS3Peer(Number(process.argv[2] ?? 0))
  console.log(`S3 peer on ${peer.url}; point the portal at it with:`)
  for (const [k, v] of Object.entries(peer.env())) console.log(`${k}=${v}`)
}
