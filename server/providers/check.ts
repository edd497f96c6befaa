import { payWayName } from '../../src/lib/pay-ways.ts'
import type { Config } from '../config.ts'
import { courierProvider } from './courier.ts'
import { checkKuaidi100 } from './kuaidi100.ts'
import { ONLINE_WAYS, type OnlineWay, paymentProviders } from './payment.ts'
import { smsProvider } from './sms.ts'
import { checkStorage, fileStore } from './storage.ts'

/** What a provider answered to a harmless request: fine or not, and what the operator should read. */
export interface CheckResult {
  ok: boolean
  lines: string[]
}

/** One outside party of the portal, as `npm run ops -- providers check` asks it. */
export interface ProviderCheck {
  /** What the operator reads first: 短信, 支付宝, 对象存储 … */
  name: string
  /** Who answers under this configuration (阿里云 https://…, 本地日志). */
  who(config: Config): string
  /** Signs a request that changes nothing (sends no message, moves no money) and reads the answer. */
  run(config: Config): Promise<CheckResult>
}

/**
 * A payment way's check: its live provider is asked about a trade number that cannot exist. Its
 * signed answer that there is no such trade proves both keys (ours signed the request, theirs the
 * answer) and the app id. The sandbox holds no money and needs no check.
 */
function paymentCheck(way: OnlineWay): ProviderCheck {
  return {
    name: payWayName(way),
    who: (config) => paymentProviders(config).of(way).name,
    run: async (config) => {
      const provider = paymentProviders(config).of(way)
      if (provider.name === 'sandbox') return { ok: true, lines: ['本机沙箱（不收真钱，无需检查）'] }
      await provider.query(`CHECK${Date.now()}`)
      return { ok: true, lines: ['已应答，请求签名与应答验签正常'] }
    },
  }
}

/**
 * Every provider the check asks, in the order it prints them. A provider that goes live adds its
 * entry here (payments, storage …); one that is not configured answers what stands in for it.
 */
export const PROVIDER_CHECKS: readonly ProviderCheck[] = [
  {
    name: '短信',
    who: (config) => smsProvider(config.sms).name,
    run: (config) => smsProvider(config.sms).check(),
  },
  ...ONLINE_WAYS.map(paymentCheck),
  {
    name: '对象存储',
    who: (config) => fileStore(config).name,
    run: (config) => checkStorage(config, new Date()),
  },
  {
    name: '快递',
    who: (config) => courierProvider(config).name,
    run: async (config) =>
      config.courier.provider === 'kuaidi100'
        ? checkKuaidi100(config.courier)
        : {
            ok: true,
            lines: ['使用模拟快递：物流轨迹由本机模拟，不查询真实快递（COURIER=kuaidi100 接入快递100）'],
          },
  },
]

/**
 * Runs each check (one failing or throwing does not stop the others) and reports them:
 * '短信（阿里云 https://dysmsapi.aliyuncs.com）：正常\n  签名「…」：审核通过 …'
 */
export async function checkProviders(config: Config, checks: readonly ProviderCheck[] = PROVIDER_CHECKS) {
  let ok = true
  const report: string[] = []
  for (const check of checks) {
    const result = await check
      .run(config)
      .catch(
        (e: unknown): CheckResult => ({ ok: false, lines: [e instanceof Error ? e.message : String(e)] }),
      )
    ok &&= result.ok
    report.push(`${check.name}（${check.who(config)}）：${result.ok ? '正常' : '失败'}`)
    for (const line of result.lines) report.push(`  ${line}`)
  }
  return { ok, report: report.join('\n') }
}
