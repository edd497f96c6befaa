/**
 * 快递100's real-time query against the local peer (tests/peers/kuaidi100-peer.ts), which checks
 * the form encoding, the customer id and the sign as 快递100 does: the sign as documented, the
 * answer in our words, the receiver's phone for 顺丰, error answers in Chinese, a waybill asked at
 * most once per refresh interval, the last good tracking kept when 快递100 fails, and the check.
 */
import { execFile } from 'node:child_process'
import { randomInt } from 'node:crypto'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startServer, testClock } from '../../tests/api/harness.ts'
import { ops } from '../../tests/api/ops.ts'
import { placeOrder } from '../../tests/api/orders.ts'
import { newUser } from '../../tests/api/session.ts'
import { staffSignIn } from '../../tests/api/staff.ts'
import { type Kuaidi100Peer, peerSign, startKuaidi100Peer } from '../../tests/peers/kuaidi100-peer.ts'
import { childEnv, loadConfig } from '../config.ts'
import type { Waybill } from '../modules/fulfilment/fulfilment.routes.ts'
import { checkProviders } from './check.ts'
import type { LocusEntry } from './courier.ts'
import {
  KUAIDI100_REFRESH_MS,
  Kuaidi100Error,
  type Kuaidi100Settings,
  kuaidi100Courier,
  kuaidi100Sign,
} from './kuaidi100.ts'

let peer: Kuaidi100Peer
beforeAll(async () => {
  peer = await startKuaidi100Peer()
})
afterAll(() => peer.close())

/** The portal's 快递100 settings for the peer, with `change` applied: a wrong key, say. */
const settings = (change: Record<string, string> = {}) =>
  loadConfig({ ...peer.env(), ...change }).courier as Kuaidi100Settings
const courier = (change: Record<string, string> = {}) => kuaidi100Courier(settings(change))

const SHIPPED = new Date('2026-12-02T03:00:00Z')
const shipment = (company: string, number: string, phone?: string) => ({
  company,
  number,
  shippedAt: SHIPPED,
  city: '杭州市',
  area: '西湖区',
  phone,
})
/** A waybill number no other test asks about. */
/** A waybill number nobody used yet, in 顺丰's shape: SF and 13 digits (src/lib/couriers.ts). */
const fresh = (prefix: string) => `${prefix}${randomInt(10 ** 8, 10 ** 9 - 1)}${randomInt(1000, 9999)}`

// The courier's warnings (a failed ask, logged for the operator), kept from the test output.
const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
afterAll(() => warn.mockRestore())

describe('the sign', () => {
  it('is the upper-case MD5 of param + key + customer, as 快递100 documents it', () => {
    // Computed apart, with coreutils: printf '%s' "$param$key$customer" | md5sum
    const param = '{"com":"yunda","num":"3950055201640","phone":"8000","resultv2":"1"}'
    expect(kuaidi100Sign(param, 'sPDkey0001', 'TESTCUSTOMER0000000000000001')).toBe(
      '77BBE9C023E32104A3B181BA828E2E96',
    )
    // UTF-8 bytes, whatever the characters.
    expect(kuaidi100Sign('{"com":"shunfeng","num":"SF1460822157304","phone":"中文"}', 'kk', '顺C')).toBe(
      '8FC97B1D6E42A33B6346333012A601D7',
    )
    expect(peerSign(param, 'k', 'C')).toBe(kuaidi100Sign(param, 'k', 'C'))
  })

  it('is sent over the exact param, form-urlencoded, with the customer id', async () => {
    await courier().track(shipment('中通快递', '73100012345678', '139 0000 1234'), new Date())
    const r = peer.requests.at(-1)
    expect(r?.contentType).toBe('application/x-www-form-urlencoded')
    expect(Object.keys(r?.form ?? {}).sort()).toEqual(['customer', 'param', 'sign'])
    expect(r?.form.customer).toBe(peer.customer)
    // Only the last 4 digits of the receiver's phone leave the portal.
    expect(JSON.parse(r?.form.param ?? '')).toEqual({
      com: 'zhongtong',
      num: '73100012345678',
      phone: '1234',
      resultv2: '1',
    })
    expect(r?.form.sign).toBe(kuaidi100Sign(r?.form.param ?? '', peer.key, peer.customer))
  })
})

describe('tracking through 快递100 (COURIER=kuaidi100)', () => {
  it('maps the answer to our statuses and timeline, newest first', async () => {
    const t = await courier().track(shipment('顺丰速运', 'SF1460822157304', '13800138000'), new Date())
    expect(t.status).toBe('已签收')
    expect(t.locus.map((x) => x.status)).toEqual(['已签收', '派送中', '运输中', '已揽收'])
    expect(t.locus[0]).toEqual({
      upload_Time: '2026-12-03 14:21:08',
      status: '已签收',
      infoContent: '[杭州市]快件已签收，签收人：本人，如有疑问请电联快递员：王师傅【13912345678】',
      processInfo: '杭州市',
    } satisfies LocusEntry)
    const moving = await courier().track(shipment('中通快递', '73100012345678'), new Date())
    expect([moving.status, moving.locus.length]).toEqual(['运输中', 2])
    // Every company of ours has its 快递100 code.
    for (const [company, com] of [
      ['圆通速递', 'yuantong'],
      ['韵达快递', 'yunda'],
      ['京东物流', 'jd'],
    ] as const) {
      const num = fresh('9')
      peer.put({
        com,
        num,
        state: '5',
        data: [{ time: '2026-12-04 09:00:00', context: '派送中', location: '杭州市', status: '派件' }],
      })
      expect((await courier().track(shipment(company, num), new Date())).status).toBe('派送中')
    }
  })

  it('gives 顺丰 the receiver’s phone, without which it answers 408', async () => {
    const without = await courier()
      .track(shipment('顺丰速运', 'SF1460822157304'), new Date())
      .catch((e: unknown) => e)
    expect(without).toBeInstanceOf(Kuaidi100Error)
    expect((without as Kuaidi100Error).code).toBe('408')
    expect((without as Error).message).toBe(
      '快递100 答复 408：快递公司参数异常：验证码错误（单号与收件人手机号后四位不符）',
    )
    const wrong = courier().track(shipment('顺丰速运', 'SF1460822157304', '13800139999'), new Date())
    await expect(wrong).rejects.toThrow('408')
  })

  it('turns error answers into Chinese errors naming what to check', async () => {
    const ask = (c = courier(), number = '73100012345678') =>
      c.track(shipment('中通快递', number), new Date())
    await expect(ask(courier({ KUAIDI100_KEY: 'not-the-key' }))).rejects.toThrow(
      '快递100 答复 503：验证签名失败（签名错误：核对 KUAIDI100_KEY 与 KUAIDI100_CUSTOMER 是否配对）',
    )
    await expect(ask(courier({ KUAIDI100_CUSTOMER: 'ABCDEF' }))).rejects.toThrow(
      '快递100 答复 400：提交的数据不完整，或者贵公司没授权（核对 KUAIDI100_CUSTOMER',
    )
    await expect(ask(courier(), fresh('7'))).rejects.toThrow('快递100 答复 500：查询无结果，请隔段时间再查')
    peer.failNext('601', 'key已过期')
    await expect(ask()).rejects.toThrow('快递100 答复 601：key已过期（授权 key 已过期或没有可用单量')
    const closed = await startKuaidi100Peer()
    await closed.close()
    await expect(ask(courier({ KUAIDI100_URL: closed.url }))).rejects.toThrow(
      '未能连到快递100：检查网络与 KUAIDI100_URL',
    )
  })
})

describe('configuration of 快递100', () => {
  it('keeps the simulated courier by default and names each missing variable', () => {
    expect(loadConfig({}).courier).toEqual({ provider: 'simulated' })
    expect(() => loadConfig({ COURIER: 'kuaidi100' })).toThrow(
      /KUAIDI100_CUSTOMER: COURIER=kuaidi100 时必须设置 KUAIDI100_CUSTOMER[\s\S]*KUAIDI100_KEY: COURIER=kuaidi100 时必须设置 KUAIDI100_KEY/,
    )
    expect(() => loadConfig({ ...peer.env(), KUAIDI100_URL: 'ftp://x' })).toThrow(
      /KUAIDI100_URL 应为 http\(s\) 地址/,
    )
    expect(() => loadConfig({ COURIER: 'sf' })).toThrow(/COURIER 只能是 simulated 或 kuaidi100/)
    expect(settings()).toMatchObject({ provider: 'kuaidi100', customer: peer.customer, url: peer.url })
  })
})

describe('kept tracking (waybills.tracked_at)', () => {
  const clock = testClock()
  const h = startServer({ now: clock.now, config: () => ({ courier: settings() }) })
  const ADDRESS_TEL = '13800138000'

  /** A paid order of a new buyer shipped from the back office with 顺丰 waybill `number`. */
  async function shipped(number: string) {
    const me = await newUser(h)
    const o = await placeOrder(h, me, { pay: 'balance', receiverTel: ADDRESS_TEL })
    const op = await staffSignIn(h, 'operator')
    const r = await h.post<{ waybills: unknown[] }>(
      `/api/admin/orders/${o.code}/ship`,
      { courier: 'sf', number },
      op.auth,
    )
    expect(r.http).toBe(200)
    const read = async () => (await h.get<Waybill[]>('/api/Express/GetWay', { id: o.id }, me.auth)).data[0]
    return { o, read }
  }
  const route = (time: string, context: string, status: string) => ({
    time,
    context,
    location: '杭州市',
    status,
  })

  it('needs a typed waybill: 快递100 books none', async () => {
    const me = await newUser(h)
    const o = await placeOrder(h, me, { pay: 'balance' })
    const op = await staffSignIn(h, 'operator')
    const r = await h.post(`/api/admin/orders/${o.code}/ship`, { courier: 'zto' }, op.auth)
    expect([r.http, r.data]).toEqual([400, `请填写运单号：快递100 ${peer.url} 只查询物流，不能下单取号`])
    const bad = await h.post(
      `/api/admin/orders/${o.code}/ship`,
      { courier: 'zto', number: '中文单号' },
      op.auth,
    )
    // The company's own format decides (one check, the same as the ship dialog's).
    expect([bad.http, bad.data]).toEqual([400, '中通运单号应为 12 或 14 位数字'])
    // The command line takes the number after the company; the simulated courier (its default
    // here) keeps a typed number rather than booking one.
    await expect(ops(h.db, ['ship', o.code, 'zto', 'x'])).rejects.toThrow('中通运单号应为 12 或 14 位数字')
    expect(await ops(h.db, ['ship', o.code, 'zto', '73100099998888'])).toBe(
      `订单 ${o.code} 已发货：中通快递 73100099998888`,
    )
  })

  it('asks 快递100 at most once per 30 minutes per waybill, and never after 已签收', async () => {
    const number = fresh('SF')
    peer.put({
      com: 'shunfeng',
      num: number,
      phone: ADDRESS_TEL,
      state: '1',
      data: [route('2026-12-04 10:00:00', '顺丰速运 已收取快件', '揽收')],
    })
    const { read } = await shipped(number)
    expect(peer.asked(number)).toBe(1) // shipping asked once
    const first = await read()
    expect(first).toMatchObject({ company: '顺丰速运', number, status: '已揽收' })
    clock.advance(29 * 60_000)
    peer.put({
      com: 'shunfeng',
      num: number,
      phone: ADDRESS_TEL,
      state: '0',
      data: [
        route('2026-12-04 12:00:00', '快件到达【杭州西湖集散中心】', '在途'),
        route('2026-12-04 10:00:00', '顺丰速运 已收取快件', '揽收'),
      ],
    })
    expect((await read())?.status).toBe('已揽收') // kept: not half an hour yet
    expect(peer.asked(number)).toBe(1)
    clock.advance(KUAIDI100_REFRESH_MS - 29 * 60_000)
    const second = await read()
    expect(second?.status).toBe('运输中')
    expect(JSON.parse(second?.locus ?? '[]')).toHaveLength(2)
    expect(peer.asked(number)).toBe(2)
    expect((await read())?.status).toBe('运输中')
    expect(peer.asked(number)).toBe(2)

    peer.put({
      com: 'shunfeng',
      num: number,
      phone: ADDRESS_TEL,
      state: '3',
      data: [route('2026-12-05 09:00:00', '快件已签收', '签收')],
    })
    clock.advance(KUAIDI100_REFRESH_MS)
    expect((await read())?.status).toBe('已签收')
    clock.advance(10 * KUAIDI100_REFRESH_MS)
    expect((await read())?.status).toBe('已签收')
    expect(peer.asked(number)).toBe(3)
  })

  it('keeps the last good tracking when 快递100 fails, and waits before asking again', async () => {
    const number = fresh('SF')
    peer.put({
      com: 'shunfeng',
      num: number,
      phone: ADDRESS_TEL,
      state: '5',
      data: [route('2026-12-04 10:00:00', '快件正在派送', '派件')],
    })
    const { o, read } = await shipped(number)
    const before = await read()
    expect(before?.status).toBe('派送中')
    clock.advance(KUAIDI100_REFRESH_MS)
    peer.failNext('502', '服务器繁忙')
    expect(await read()).toEqual(before)
    expect(peer.asked(number)).toBe(2)
    // The back office reads the same kept row, and the failed ask counts: no new question yet.
    const op = await staffSignIn(h, 'operator') // the half hour idled the first sign-in away
    const admin = await h.get<{ waybills: { status: string }[] }>(`/api/admin/orders/${o.code}`, {}, op.auth)
    expect(admin.data.waybills[0]?.status).toBe('派送中')
    expect(peer.asked(number)).toBe(2)
    expect(warn.mock.calls.flat().join('\n')).toContain('快递100 答复 502：服务器繁忙')
  })

  it('ships even when 快递100 knows the waybill not yet: 待揽收 until it does', async () => {
    const number = fresh('SF')
    const { read } = await shipped(number)
    expect(await read()).toMatchObject({ number, status: '待揽收', locus: '[]' })
    peer.put({
      com: 'shunfeng',
      num: number,
      phone: ADDRESS_TEL,
      state: '1',
      data: [route('2026-12-04 10:00:00', '已揽收', '揽收')],
    })
    clock.advance(KUAIDI100_REFRESH_MS)
    expect((await read())?.status).toBe('已揽收')
  })
})

describe('npm run ops -- providers check', () => {
  const courierLines = (report: string) => report.slice(report.indexOf('快递（'))

  it('asks 快递100 about one waybill and prints 正常 or its message', async () => {
    const good = await checkProviders(loadConfig(peer.env()))
    expect(courierLines(good.report)).toBe(
      `快递（快递100 ${peer.url}）：正常\n  授权与签名正常（中通快递 73100000000000 查询无结果，测试单号本就不存在）`,
    )
    const known = await checkProviders(
      loadConfig({ ...peer.env(), KUAIDI100_CHECK_WAYBILL: 'zto 73100012345678' }),
    )
    expect(courierLines(known.report)).toBe(
      `快递（快递100 ${peer.url}）：正常\n  授权与签名正常，中通快递 73100012345678：运输中\n  2026-12-04 03:15:10 [苏州市]快件已发往【杭州转运中心】`,
    )
    const wrongKey = await checkProviders(loadConfig({ ...peer.env(), KUAIDI100_KEY: 'wrong' }))
    expect(wrongKey.ok).toBe(false)
    expect(courierLines(wrongKey.report)).toContain('：失败\n  快递100 答复 503：验证签名失败（签名错误')
    expect(wrongKey.report).not.toContain(peer.key)
    const badWaybill = await checkProviders(loadConfig({ ...peer.env(), KUAIDI100_CHECK_WAYBILL: '平安 1' }))
    expect(courierLines(badWaybill.report)).toContain('KUAIDI100_CHECK_WAYBILL 应为「快递公司 单号」')
    const simulated = await checkProviders(loadConfig({}))
    expect(courierLines(simulated.report)).toBe(
      '快递（模拟快递）：正常\n  使用模拟快递：物流轨迹由本机模拟，不查询真实快递（COURIER=kuaidi100 接入快递100）',
    )
  })

  it('exits 1 when 快递100 refuses the sign', async () => {
    const bad = await promisify(execFile)(process.execPath, ['server/ops.ts', 'providers', 'check'], {
      env: childEnv({ ...peer.env(), KUAIDI100_KEY: 'wrong' }),
      timeout: 45_000,
    }).catch((e: { code: number; stderr: string }) => e)
    expect(bad).toMatchObject({ code: 1 })
    expect((bad as { stderr: string }).stderr).toContain('验证签名失败')
  }, 60_000)
})
