/**
 * A local stand-in for 快递100's real-time query (POST /poll/query.do) for tests and trials. It
 * checks each request as 快递100 does: a form-urlencoded POST, a customer id it knows, and the
 * sign — the upper-case MD5 of the raw param as it arrived, the key and the customer, computed
 * here on its own — then answers the waybills it knows with realistic routes (newest first, with
 * resultv2=1's route statuses), 408 to a 顺丰 waybill asked without the receiver's last 4 digits,
 * 500 查询无结果 for the others. A test can make the next answer an error of its choosing.
 *
 *   npx node tests/peers/kuaidi100-peer.ts [port]   (prints the variables that point npm start at it)
 */
import { createHash, randomBytes } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { readBody, serve } from './peer-kit.ts'

/** One route of a waybill, as 快递100 answers it. */
export interface PeerRoute {
  time: string
  context: string
  location: string
  /** resultv2=1's route status: 揽收, 在途, 派件, 签收 … */
  status: string
}

export interface PeerWaybill {
  com: string
  num: string
  /** The receiver's phone: 顺丰 answers only who gives its last 4 digits. */
  phone?: string
  /** 0 在途, 1 揽收, 3 签收, 5 派件 … */
  state: string
  /** Newest first. */
  data: PeerRoute[]
}

/** A request as it arrived: its content type and form fields. */
export interface PeerRequest {
  contentType: string
  form: Record<string, string>
}

export interface Kuaidi100Peer {
  url: string
  customer: string
  key: string
  /** Every request to /poll/query.do, oldest first. */
  requests: PeerRequest[]
  /** Accepted queries (sign and customer good) per waybill number. */
  asked(num: string): number
  /** Adds or replaces a waybill the peer knows. */
  put(w: PeerWaybill): void
  /** The next query answers this error (returnCode and message), as 快递100 does: HTTP 200. */
  failNext(returnCode: string, message: string): void
  /** The environment that points the portal at this peer (COURIER=kuaidi100 …). */
  env(): Record<string, string>
  close(): Promise<void>
}

/** The peer's own sign: MD5 over the bytes of param + key + customer, upper-case hex. */
export const peerSign = (param: string, key: string, customer: string) =>
  createHash('md5')
    .update(Buffer.from(param + key + customer, 'utf8'))
    .digest('hex')
    .toUpperCase()

/** 快递100's error answers, by returnCode (its 实时查询 documentation's table). */
export const ERRORS = {
  incomplete: { returnCode: '400', message: '提交的数据不完整，或者贵公司没授权' },
  noCompany: { returnCode: '400', message: '找不到对应公司' },
  phone: { returnCode: '408', message: '快递公司参数异常：验证码错误' },
  none: { returnCode: '500', message: '查询无结果，请隔段时间再查' },
  sign: { returnCode: '503', message: '验证签名失败' },
} as const

/** The companies 快递100 answers for here, by its codes. */
const KNOWN_COMS = new Set(['shunfeng', 'zhongtong', 'yuantong', 'yunda', 'jd'])

/** Two waybills every peer knows: a 顺丰 parcel signed for, a 中通 one on its way. */
export const SAMPLE_WAYBILLS: PeerWaybill[] = [
  {
    com: 'shunfeng',
    num: 'SF1460822157304',
    phone: '13800138000',
    state: '3',
    data: [
      {
        time: '2026-12-03 14:21:08',
        context: '[杭州市]快件已签收，签收人：本人，如有疑问请电联快递员：王师傅【13912345678】',
        location: '杭州市',
        status: '签收',
      },
      {
        time: '2026-12-03 08:02:45',
        context: '[杭州市]快件交给王师傅，正在派送途中（联系电话：13912345678）',
        location: '杭州市',
        status: '派件',
      },
      {
        time: '2026-12-02 22:40:12',
        context: '[杭州市]快件到达【杭州西湖集散中心】',
        location: '杭州市',
        status: '在途',
      },
      {
        time: '2026-12-02 11:16:37',
        context: '[苏州市]快件在【苏州工业园区营业点】已揽收',
        location: '苏州市',
        status: '揽收',
      },
    ],
  },
  {
    com: 'zhongtong',
    num: '73100012345678',
    state: '0',
    data: [
      {
        time: '2026-12-04 03:15:10',
        context: '[苏州市]快件已发往【杭州转运中心】',
        location: '苏州市',
        status: '在途',
      },
      {
        time: '2026-12-03 18:52:19',
        context: '[苏州市]【苏州园区】的李师傅已揽收',
        location: '苏州市',
        status: '揽收',
      },
    ],
  },
]

export async function startKuaidi100Peer(opts: { port?: number } = {}): Promise<Kuaidi100Peer> {
  const customer = randomBytes(16).toString('hex').toUpperCase()
  const key = randomBytes(6).toString('base64url')
  const waybills = new Map<string, PeerWaybill>()
  const counts = new Map<string, number>()
  const requests: PeerRequest[] = []
  let failure: { returnCode: string; message: string } | null = null
  const put = (w: PeerWaybill) => waybills.set(`${w.com} ${w.num}`, structuredClone(w))
  for (const w of SAMPLE_WAYBILLS) put(w)

  const answer = (res: ServerResponse, body: object) => {
    res.writeHead(200, { 'content-type': 'application/json;charset=UTF-8' })
    res.end(JSON.stringify(body))
  }
  const refuse = (res: ServerResponse, e: { returnCode: string; message: string }) =>
    answer(res, { result: false, returnCode: e.returnCode, message: e.message })

  const handle = async (req: IncomingMessage, res: ServerResponse, url: URL) => {
    if (url.pathname !== '/poll/query.do') return res.writeHead(404).end()
    const body = await readBody(req)
    const contentType = req.headers['content-type'] ?? ''
    // The raw value of each field as it was encoded: the sign covers param exactly as sent.
    const form = Object.fromEntries(new URLSearchParams(body))
    requests.push({ contentType, form })
    if (req.method !== 'POST' || !contentType.startsWith('application/x-www-form-urlencoded'))
      return refuse(res, ERRORS.incomplete)
    const { customer: who, sign, param } = form
    if (!who || !sign || !param) return refuse(res, ERRORS.incomplete)
    if (who !== customer) return refuse(res, ERRORS.incomplete)
    if (sign !== peerSign(param, key, customer)) return refuse(res, ERRORS.sign)
    let p: { com?: unknown; num?: unknown; phone?: unknown; resultv2?: unknown }
    try {
      p = JSON.parse(param)
    } catch {
      return refuse(res, ERRORS.incomplete)
    }
    if (typeof p.com !== 'string' || typeof p.num !== 'string' || !p.num)
      return refuse(res, ERRORS.incomplete)
    if (!KNOWN_COMS.has(p.com)) return refuse(res, ERRORS.noCompany)
    counts.set(p.num, (counts.get(p.num) ?? 0) + 1)
    if (failure) {
      const f = failure
      failure = null
      return refuse(res, f)
    }
    const w = waybills.get(`${p.com} ${p.num}`)
    if (!w) return refuse(res, ERRORS.none)
    const phone = typeof p.phone === 'string' ? p.phone.replace(/\D/g, '') : ''
    if (w.com === 'shunfeng' && (phone.length < 4 || !w.phone?.endsWith(phone.slice(-4))))
      return refuse(res, ERRORS.phone)
    const v2 = p.resultv2 !== undefined && p.resultv2 !== '0' && p.resultv2 !== 0
    answer(res, {
      message: 'ok',
      nu: w.num,
      ischeck: w.state === '3' ? '1' : '0',
      condition: 'F00',
      com: w.com,
      status: '200',
      state: w.state,
      data: w.data.map((r) => ({
        time: r.time,
        ftime: r.time,
        context: r.context,
        location: r.location,
        ...(v2 ? { status: r.status, areaName: r.location } : {}),
      })),
    })
  }

  const server = await serve(handle, opts.port)
  return {
    url: server.base,
    customer,
    key,
    requests,
    asked: (num) => counts.get(num) ?? 0,
    put,
    failNext(returnCode, message) {
      failure = { returnCode, message }
    },
    env: () => ({
      COURIER: 'kuaidi100',
      KUAIDI100_CUSTOMER: customer,
      KUAIDI100_KEY: key,
      KUAIDI100_URL: server.base,
    }),
    close: server.close,
  }
}

if (import.meta.main) {
  const peer = await startKuaidi100Peer({ port: Number(process.argv[2] ?? 0) })
  console.log(`快递100本地替身：${peer.url}\n用这些变量启动门户：`)
  for (const [k, v] of Object.entries(peer.env())) console.log(`${k}=${v}`)
  console.log('它认识的运单：')
  for (const w of SAMPLE_WAYBILLS)
    console.log(`  ${w.com} ${w.num}${w.phone ? `（收件人手机 ${w.phone}）` : ''}`)
}
