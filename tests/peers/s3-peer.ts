/**
 * A local S3-compatible object store for tests and trials: s3rver (from the registry) keeps the
 * objects, and a thin front checks what a real bucket would before handing a request on:
 * - every request must be signed (SigV4, header or presigned query) with this peer's key, and a
 *   presigned link must not have expired: s3rver alone accepts any signature;
 * - the bucket answers browsers' CORS preflights (PUT of upload parts, GET) and exposes ETag, as
 *   the bucket CORS rule README "Going live" asks for;
 * - public objects (keys under uploads/) may also be read anonymously, as a public-read prefix or
 *   a CDN allows; private ones (private/…) only through a signed request.
 *
 *   npx node tests/peers/s3-peer.ts [port]   (prints the variables that point npm start at it)
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { readdir, readFile, rm, stat } from 'node:fs/promises'
import { Agent, createServer, type IncomingMessage, request, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Sha256 } from '@aws-crypto/sha256-js'
import { SignatureV4 } from '@smithy/signature-v4'
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

/** Whether a request carries a valid SigV4 signature of `signer`'s key, recomputed from its own parts. */
async function signedBy(
  signer: SignatureV4,
  keyId: string,
  req: IncomingMessage,
  now: Date,
): Promise<boolean> {
  const url = new URL(req.url ?? '/', 'http://peer')
  const query: Record<string, string> = {}
  for (const [k, v] of url.searchParams) query[k] = v
  const headers: Record<string, string> = {}
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers[k] = v
  const base = {
    method: req.method ?? 'GET',
    protocol: 'http:',
    hostname: url.hostname,
    path: url.pathname,
    headers,
    query,
  }
  const presigned = query['X-Amz-Signature']
  if (presigned) {
    const date = amzDate(query['X-Amz-Date'] ?? '')
    const expires = Number(query['X-Amz-Expires'])
    if (Number.isNaN(date.getTime()) || !(expires > 0) || date.getTime() + expires * 1000 < now.getTime())
      return false
    const signedHeaders = (query['X-Amz-SignedHeaders'] ?? 'host').split(';')
    // What presign adds itself goes; x-amz-* headers it hoisted into the query go back to headers.
    const added = [
      'X-Amz-Signature',
      'X-Amz-Algorithm',
      'X-Amz-Credential',
      'X-Amz-Date',
      'X-Amz-Expires',
      'X-Amz-SignedHeaders',
    ]
    const hoisted = Object.entries(query).filter(([k]) => /^x-amz-/i.test(k) && !added.includes(k))
    const again = await signer.presign(
      {
        ...base,
        query: Object.fromEntries(Object.entries(query).filter(([k]) => !/^x-amz-/i.test(k))),
        headers: {
          ...Object.fromEntries(Object.entries(headers).filter(([k]) => signedHeaders.includes(k))),
          ...Object.fromEntries(hoisted),
        },
      },
      { signingDate: date, expiresIn: expires },
    )
    return again.query?.['X-Amz-Signature'] === presigned
  }
  const auth = headers.authorization ?? ''
  const m = /Credential=([^/]+)\/[^,]*, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]+)/.exec(auth)
  if (!m) return false
  const signedHeaders = (m[2] as string).split(';')
  const again = await signer.sign(
    {
      ...base,
      headers: Object.fromEntries(Object.entries(headers).filter(([k]) => signedHeaders.includes(k))),
      // The body's hash is what the client declared (UNSIGNED-PAYLOAD or the sha256): s3rver checks the bytes.
      body: undefined,
    },
    { signingDate: amzDate(headers['x-amz-date'] ?? '') },
  )
  return m[1] === keyId && (again.headers.authorization ?? '').endsWith(`Signature=${m[3]}`)
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
  const signer = new SignatureV4({
    service: 's3',
    region: REGION,
    credentials: { accessKeyId, secretAccessKey },
    sha256: Sha256,
    uriEscapePath: false,
  })
  const refused: string[] = []
  // No kept-alive connections to s3rver: its close waits for every open one.
  const agent = new Agent({ keepAlive: false })

  const pass = (req: IncomingMessage, res: ServerResponse) => {
    const out = request(
      { host: '127.0.0.1', port: inner.port, method: req.method, path: req.url, headers: req.headers, agent },
      (answer) => {
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

  const front = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://peer')
    const path = url.pathname
    const uploadId = url.searchParams.get('uploadId')
    const ownMultipart = uploadId && (req.method === 'GET' || req.method === 'DELETE')
    const publicRead =
      (req.method === 'GET' || req.method === 'HEAD') && path.startsWith(`/${bucket}/uploads/`)
    if (req.method === 'OPTIONS' || publicRead) return pass(req, res)
    signedBy(signer, accessKeyId, req, now()).then(
      (ok) => {
        if (ok && ownMultipart) return multipart(req, res, uploadId).catch(() => res.writeHead(500).end())
        if (ok) return pass(req, res)
        refused.push(`${req.method} ${path}`)
        req.resume()
        res.writeHead(403, { 'Content-Type': 'application/xml' })
        res.end(
          '<?xml version="1.0" encoding="UTF-8"?><Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>',
        )
      },
      () => res.writeHead(500).end(),
    )
  })
  await new Promise<void>((resolve) => front.listen(port, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(front.address() as AddressInfo).port}`
  const self: S3Peer = {
    url,
    goneUpload: 'NoSuchUpload',
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
