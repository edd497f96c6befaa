/**
 * Aliyun SMS against the local peer (tests/peers/sms-peer.ts), which checks every request's
 * ACS3-HMAC-SHA256 signature as the real gateway does: codes sent through it sign people in; a
 * forged or tampered request is refused; a provider's refusal reaches the user in Chinese, the
 * operator in the log, and leaves no usable code; a missing variable stops the start.
 */
import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { startServer, testClock } from '../../tests/api/harness.ts'
import { allowResend, latestCode, someIp, uniqueTel } from '../../tests/api/session.ts'
import { acs3Signature, type RawRequest, type SmsPeer, startSmsPeer } from '../../tests/peers/sms-peer.ts'
import { childEnv, loadConfig } from '../config.ts'
import { consumeCode, issueCode, SMS_MESSAGES, SMS_SEND_REFUSALS } from '../modules/accounts/sms-codes.ts'
import { checkProviders } from './check.ts'
import { logSms, smsProvider } from './sms.ts'

/** The default daily caps (config SMS_IP_DAILY_CAP, SMS_PHONE_DAILY_CAP). */
const CAPS = { perIpPerDay: 30, perPhonePerDay: 30 }

let peer: SmsPeer
beforeAll(async () => {
  peer = await startSmsPeer()
})
afterAll(() => peer.close())

/** The portal's settings for the peer, with `change` applied: a wrong secret, say. */
const aliyun = (change: Record<string, string> = {}) =>
  smsProvider(loadConfig({ ...peer.env(), ...change }).sms)
const clock = testClock()
const h = startServer({ now: clock.now, sms: () => aliyun() })
// The same peer, signed with a secret it does not know: what a forger (or a wrong key) sends.
const forged = startServer({ sms: () => aliyun({ ALIYUN_SMS_ACCESS_KEY_SECRET: 'NotTheSecret0000000000' }) })

const ask = (server: typeof h, tel: string) =>
  server.get<string>('/api/Account/GetAccountCodes', { tel }, { 'x-forwarded-for': someIp() })
const codeLogin = (tel: string, code: string) => h.post<unknown>('/api/Users/PostUsersCode', { tel, code })
const rowsOf = (tel: string) => h.db.selectFrom('sms_codes').selectAll().where('tel', '=', tel).execute()
/** The SendSms requests that reached the peer for `tel`, oldest first. */
const sendsTo = (tel: string) =>
  peer.requests.filter((r) => new URL(r.path, 'http://peer').searchParams.get('PhoneNumbers') === tel)
/** The code a request asked Aliyun to send. */
const codeIn = (r: RawRequest) =>
  JSON.parse(new URL(r.path, 'http://peer').searchParams.get('TemplateParam') ?? '{}').code as string

/** Sends a raw request to the peer (headers as given, host included) and reads its answer. */
function replay(r: RawRequest) {
  return new Promise<{ status: number; body: { Code: string } }>((resolve, reject) => {
    const target = new URL(peer.url)
    const req = request(
      { host: target.hostname, port: target.port, method: r.method, path: r.path, headers: r.headers },
      (res) => {
        let text = ''
        res.on('data', (c: Buffer) => {
          text += c
        })
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }))
      },
    )
    req.on('error', reject)
    req.end(r.body)
  })
}

// The operator's log lines (console.error), kept from the test output and read by the tests.
const log = vi.spyOn(console, 'error').mockImplementation(() => {})
afterEach(() => log.mockClear())
afterAll(() => log.mockRestore())
const logged = () => log.mock.calls.map((c: unknown[]) => c.join(' ')).join('\n')

describe('the local Aliyun peer', () => {
  it('computes the signature of the V3 signing example in Aliyun’s documentation', () => {
    const headers = {
      host: 'ecs.cn-shanghai.aliyuncs.com',
      'x-acs-action': 'RunInstances',
      'x-acs-content-sha256': 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      'x-acs-date': '2023-10-26T09:01:01Z',
      'x-acs-signature-nonce': 'd410180a5abf7fe235dd9b74aca91fc0',
      'x-acs-version': '2014-05-26',
    }
    const query = { ImageId: 'win2019_1809_x64_dtc_zh-cn_40G_alibase_20230811.vhd', RegionId: 'cn-shanghai' }
    const signature = acs3Signature(
      { method: 'POST', path: '/', query, headers, body: '' },
      Object.keys(headers),
      'YourAccessKeySecret',
    )
    expect(signature).toBe('e521358f7776c97df52e6b2891a8bc73026794a071b50c3323388c4e0df64804')
  })
})

describe('SMS codes through Aliyun (SMS_PROVIDER=aliyun)', () => {
  it('sends the code in the configured sign and template, and the code registers and signs in', async () => {
    const tel = uniqueTel()
    expect((await ask(h, tel)).data).toBe('短信已经发送到你的手机')
    const sent = peer.sent.filter((m) => m.phone === tel)
    expect(sent).toEqual([
      {
        phone: tel,
        signName: peer.signName,
        templateCode: peer.templateCode,
        params: { code: expect.any(String) },
      },
    ])
    const code = sent[0]?.params.code ?? ''
    expect(code).toMatch(/^\d{6}$/)
    expect(await latestCode(h, tel)).toBe(code)
    // Signed as the SDK signs today: V3, every x-acs-* header and host in the signature.
    const auth = sendsTo(tel)[0]?.headers.authorization ?? ''
    expect(auth).toMatch(/^ACS3-HMAC-SHA256 Credential=LTAI\w+,SignedHeaders=host;[^,]*x-acs-signature-nonce/)

    const password = 'secret123'
    const reg = await h.post('/api/Users/PostUsersRegistTel', { tel, code, password, okPassword: password })
    expect(reg.data).toBe('注册成功')
    allowResend(clock)
    expect((await ask(h, tel)).data).toBe('短信已经发送到你的手机')
    const login = await codeLogin(tel, peer.sent.filter((m) => m.phone === tel)[1]?.params.code ?? '')
    expect(login.status).toBe(200)
    expect(login.data).toMatchObject({ user: { tel } })
  })

  it('is refused by the peer when forged: a wrong secret, a changed parameter, a replay', async () => {
    const tel = uniqueTel()
    const r = await ask(forged, tel)
    expect([r.http, r.data]).toEqual([502, '短信发送失败，请稍后再试'])
    expect(await rowsOf(tel)).toEqual([])
    expect(peer.sent.filter((m) => m.phone === tel)).toEqual([])
    expect(logged()).toContain('SignatureDoesNotMatch')
    expect(logged()).toContain('ALIYUN_SMS_ACCESS_KEY_SECRET') // the operator's hint

    // A request the peer accepted, then altered on its way: another phone, another code.
    const good = uniqueTel()
    await ask(h, good)
    const original = sendsTo(good)[0]
    if (!original) throw new Error('no request reached the peer')
    const other = uniqueTel()
    const tampered = (from: string, to: string) => ({ ...original, path: original.path.replace(from, to) })
    expect((await replay(tampered(good, other))).body.Code).toBe('SignatureDoesNotMatch')
    const code = encodeURIComponent(codeIn(original))
    expect((await replay(tampered(code, '000000'))).body.Code).toBe('SignatureDoesNotMatch')
    // Unaltered, it is a replay: its nonce was spent by the real send.
    expect((await replay(original)).body.Code).toBe('SignatureNonceUsed')
    expect(peer.sent.filter((m) => m.phone === other || m.phone === good)).toHaveLength(1)
  })

  it('turns flow control into 短信发送过于频繁, logs it, leaves no code and no count', async () => {
    const tel = uniqueTel()
    expect((await ask(h, tel)).data).toBe('短信已经发送到你的手机')
    const first = await latestCode(h, tel)
    allowResend(clock)

    peer.failNext('isv.BUSINESS_LIMIT_CONTROL', '触发分钟级流控Permits:1')
    const r = await ask(h, tel)
    expect([r.http, r.data]).toEqual([429, SMS_SEND_REFUSALS.tooFrequent.message])
    expect(r.data).toBe('短信发送过于频繁，请稍后再试')
    // The operator's line: the code, Aliyun's request id, the phone masked — never whole.
    const line = logged()
    expect(line).toMatch(/isv\.BUSINESS_LIMIT_CONTROL（RequestId [0-9A-F-]{36}）：触发分钟级流控/)
    expect(line).toContain(`${tel.slice(0, 3)}****${tel.slice(7)}`)
    expect(line).not.toContain(tel)
    // Only the code that was sent is in the outbox; the refused one signs nobody in, the first still works.
    expect((await rowsOf(tel)).map((x) => x.code)).toEqual([first])
    const refused = codeIn(sendsTo(tel)[1] as RawRequest)
    if (refused !== first) expect((await codeLogin(tel, refused)).data).toBe(SMS_MESSAGES.wrong)

    // It did not count: asked again at once (no 60 s wait), the code goes out.
    expect((await ask(h, tel)).data).toBe('短信已经发送到你的手机')
    expect(await rowsOf(tel)).toHaveLength(2)
  })

  it('answers a number Aliyun calls illegal with 手机号格式不正确, and a lost connection with 短信发送失败', async () => {
    // 11 digits starting with 1 pass our own check; no carrier uses 100, so Aliyun refuses it.
    const bad = `100${String(Date.now()).slice(-8)}`
    const r = await ask(h, bad)
    expect([r.http, r.data]).toEqual([400, '手机号格式不正确'])
    expect(logged()).toContain('isv.MOBILE_NUMBER_ILLEGAL')
    expect(await rowsOf(bad)).toEqual([])

    const tel = uniqueTel()
    peer.dropNext()
    const lost = await ask(h, tel)
    expect([lost.http, lost.data]).toEqual([502, '短信发送失败，请稍后再试'])
    expect(logged()).toMatch(/network：.*ALIYUN_SMS_ENDPOINT/)
    expect(await rowsOf(tel)).toEqual([])
    // A code that never left cannot be used: there is none.
    expect((await codeLogin(tel, codeIn(sendsTo(tel)[0] as RawRequest))).data).toBe(SMS_MESSAGES.missing)
  })

  it('keeps no code while the message is on its way, and holds the minute against a second request', async () => {
    const tel = uniqueTel()
    let release = () => {}
    let started = () => {}
    const sending = new Promise<void>((r) => {
      started = r
    })
    const slow = {
      ...logSms,
      send: () => {
        started()
        return new Promise<void>((r) => {
          release = r
        })
      },
    }
    const issued = issueCode(h.db, tel, someIp(), clock.now(), slow, CAPS)
    await sending
    expect((await rowsOf(tel)).map((x) => x.code)).toEqual([''])
    await expect(consumeCode(h.db, tel, '', clock.now())).rejects.toThrow(SMS_MESSAGES.missing)
    await expect(issueCode(h.db, tel, someIp(), clock.now(), logSms, CAPS)).rejects.toMatchObject({
      status: 429,
    })
    release()
    const code = await issued
    expect((await rowsOf(tel)).map((x) => x.code)).toEqual([code])
  })
})

describe('configuration of Aliyun SMS', () => {
  it('keeps the log provider by default and names each missing variable, never a value', () => {
    expect(loadConfig({}).sms).toEqual({ provider: 'log' })
    expect(() => loadConfig({ SMS_PROVIDER: 'aliyun' })).toThrow(
      /ALIYUN_SMS_ACCESS_KEY_ID: SMS_PROVIDER=aliyun 时必须设置 ALIYUN_SMS_ACCESS_KEY_ID[\s\S]*ALIYUN_SMS_ACCESS_KEY_SECRET[\s\S]*ALIYUN_SMS_SIGN_NAME[\s\S]*ALIYUN_SMS_TEMPLATE_CODE/,
    )
    const secret = 'TopSecretValue0123456789'
    const env = { ...peer.env(), ALIYUN_SMS_ACCESS_KEY_ID: ' ', ALIYUN_SMS_ACCESS_KEY_SECRET: secret }
    const message = (() => {
      try {
        loadConfig(env)
      } catch (e) {
        return (e as Error).message
      }
    })()
    expect(message).toContain('ALIYUN_SMS_ACCESS_KEY_ID')
    expect(message).not.toContain('ALIYUN_SMS_ACCESS_KEY_SECRET')
    expect(message).not.toContain(secret)
    expect(() => loadConfig({ ...peer.env(), ALIYUN_SMS_ENDPOINT: 'ftp://x' })).toThrow(/ALIYUN_SMS_ENDPOINT/)
    expect(() => loadConfig({ SMS_PROVIDER: 'tencent' })).toThrow(/SMS_PROVIDER 只能是 log 或 aliyun/)
  })

  it('stops npm start with a message naming the missing variable', async () => {
    const secret = 'TopSecretValue0123456789'
    // Were the configuration taken, the start would write here, not in the project's data/.
    const dir = mkdtempSync(join(tmpdir(), 'sms-start-'))
    const failed = await promisify(execFile)(process.execPath, ['server/main.ts', '--no-build'], {
      env: childEnv({
        ...peer.env(),
        ALIYUN_SMS_SIGN_NAME: '',
        ALIYUN_SMS_ACCESS_KEY_SECRET: secret,
        DATABASE_URL: '',
        SQLITE_FILE: join(dir, 'portal.db'),
        UPLOAD_DIR: join(dir, 'uploads'),
        DIST_DIR: join(dir, 'dist'),
      }),
      timeout: 45_000,
    }).catch((e: { code: number; stderr: string }) => e)
    expect(failed).toMatchObject({ code: 1 })
    const stderr = (failed as { stderr: string }).stderr
    expect(stderr).toContain('启动失败')
    expect(stderr).toContain('ALIYUN_SMS_SIGN_NAME: SMS_PROVIDER=aliyun 时必须设置 ALIYUN_SMS_SIGN_NAME')
    expect(stderr).not.toContain(secret)
    rmSync(dir, { recursive: true, force: true })
  }, 60_000)
})

describe('npm run ops -- providers check', () => {
  it('asks Aliyun about the sign and template, sending nothing, and says what answered', async () => {
    const before = peer.sent.length
    const good = await checkProviders(loadConfig(peer.env()))
    expect(good.ok).toBe(true)
    expect(good.report).toContain(`短信（阿里云 ${peer.url}）：正常`)
    expect(good.report).toContain(`签名「${peer.signName}」：审核通过`)
    expect(good.report).toContain(`模板 ${peer.templateCode}「验证码」：审核通过：您的验证码为`)
    expect(good.report).not.toContain(peer.accessKeySecret)

    const wrongKey = await checkProviders(
      loadConfig({ ...peer.env(), ALIYUN_SMS_ACCESS_KEY_SECRET: 'x'.repeat(30) }),
    )
    expect(wrongKey.ok).toBe(false)
    expect(wrongKey.report).toContain('：失败')
    expect(wrongKey.report).toContain('SignatureDoesNotMatch')
    const wrongTemplate = await checkProviders(
      loadConfig({ ...peer.env(), ALIYUN_SMS_TEMPLATE_CODE: 'SMS_1' }),
    )
    expect(wrongTemplate.report).toMatch(/isv\.SMS_TEMPLATE_ILLEGAL.*ALIYUN_SMS_TEMPLATE_CODE/)
    expect(peer.sent.length).toBe(before)

    const local = await checkProviders(loadConfig({}))
    expect(local).toEqual({ ok: true, report: expect.stringContaining('短信（本地日志）：正常') })
  })

  it('exits 0 when every provider answers and 1 when one does not', async () => {
    const run = (env: Record<string, string>) =>
      promisify(execFile)(process.execPath, ['server/ops.ts', 'providers', 'check'], {
        env: childEnv(env),
        timeout: 45_000,
      }).then(
        (r) => ({ code: 0, out: r.stdout }),
        (e: { code: number; stderr: string }) => ({ code: e.code, out: e.stderr }),
      )
    const ok = await run(peer.env())
    expect(ok.code).toBe(0)
    expect(ok.out).toContain('审核通过')
    const bad = await run({ ...peer.env(), ALIYUN_SMS_SIGN_NAME: '别人的签名' })
    expect(bad.code).toBe(1)
    expect(bad.out).toContain('isv.SMS_SIGN_ILLEGAL')
  }, 100_000) // two processes that load the whole server: slow on a busy machine
})
