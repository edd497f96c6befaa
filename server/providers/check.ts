import type { Config } from '../config.ts'
import { smsProvider } from './sms.ts'

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
 * Every provider the check asks, in the order it prints them. A provider that goes live adds its
 * entry here (payments, storage …); one that is not configured answers what stands in for it.
 */
export const PROVIDER_CHECKS: readonly ProviderCheck[] = [
  {
    name: '短信',
    who: (config) => smsProvider(config.sms).name,
    run: (config) => smsProvider(config.sms).check(),
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
