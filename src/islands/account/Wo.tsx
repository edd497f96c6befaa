/**
 * 个人中心 /wo (storefront §2): avatar, nickname, level title, membership stars and 等级说明,
 * the wallet's figures (余额 / 支出 / 收入), the edit-profile dialog and the transactions.
 */
import { useStore } from '@nanostores/react'
import { useEffect, useState } from 'react'
import { Avatar } from '../../components/AssetImg.tsx'
import type { Profile } from '../../lib/api/account.ts'
import { api } from '../../lib/api/browser.ts'
import { formatMoney } from '../../lib/format.ts'
import { $walletChanges } from '../../lib/stores/wallet.ts'
import { TopUp } from '../buying/TopUp.tsx'
import { AccountGate } from '../common/AccountGate.tsx'
import { LevelCard } from './LevelCard.tsx'
import { ProfileDialog } from './ProfileDialog.tsx'
import { Transactions } from './Transactions.tsx'

export function Wo() {
  return <AccountGate>{(me, reload) => <PersonalInfo me={me} reload={reload} />}</AccountGate>
}

interface LevelConfig {
  levels: unknown
  explanation: string | null
}

function PersonalInfo({ me, reload }: { me: Profile; reload: () => Promise<void> }) {
  const [editing, setEditing] = useState(false)
  const [config, setConfig] = useState<LevelConfig>({ levels: undefined, explanation: null })

  // A top-up paid on this page: the balance and the totals are fetched again.
  const walletChanges = useStore($walletChanges)
  useEffect(() => {
    if (walletChanges > 0) reload().catch(() => {})
  }, [walletChanges, reload])

  useEffect(() => {
    api
      .getUsersConfigs({ silent: true })
      .then((c) => setConfig({ levels: c.levels, explanation: c.imgurl ?? '' }))
      // Without the configuration the stars use the spec's thresholds and the dialog says so.
      .catch(() => setConfig({ levels: undefined, explanation: '' }))
  }, [])

  const stats = [
    { label: '余额', value: me.balance },
    { label: '支出', value: me.integral },
    { label: '收入', value: me.income },
  ]

  return (
    <div className="grid gap-6">
      <section aria-labelledby="wo-name" className="flex flex-wrap items-center gap-4">
        <Avatar
          path={me.avatarUrl}
          width={72}
          className="h-16 w-16 shrink-0 rounded-full bg-slate-100 object-cover ring-2 ring-white shadow sm:h-[72px] sm:w-[72px]"
        />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 id="wo-name" className="break-all text-lg font-semibold text-slate-900">
              {me.nickName || '用户'}
            </h2>
            {/* The level title for everyone (storefront §2): 医生/机构 once certified, else 游客. */}
            <span
              className="rounded bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700"
              data-level-title
            >
              {me.levelText || '游客'}
            </span>
            {me.discount > 0 && me.discount < 10 && (
              <span className="rounded bg-orange-50 px-2 py-0.5 text-xs font-medium text-accent-600">
                会员{me.discount}折
              </span>
            )}
          </div>
          <p className="mt-1 line-clamp-2 break-all text-sm text-slate-500">
            {me.content || '还没有填写简介'}
          </p>
        </div>
        <button type="button" className="btn-outline shrink-0" onClick={() => setEditing(true)}>
          <svg viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor" aria-hidden="true">
            <path d="M13.6 2.6a2 2 0 0 1 2.8 2.8l-9 9-3.9 1.1 1.1-3.9 9-9Z" />
          </svg>
          编辑资料
        </button>
      </section>

      <div className="grid gap-4 lg:grid-cols-[1fr_1.2fr]">
        <LevelCard
          stars={me.stars}
          integral={me.integral}
          levels={config.levels}
          explanation={config.explanation}
        />
        <section aria-labelledby="wo-wallet" className="rounded-lg p-4 ring-1 ring-slate-200">
          <div className="flex items-center justify-between gap-3">
            <h2 id="wo-wallet" className="text-base font-semibold text-slate-900">
              账户统计
            </h2>
            <div className="flex items-center gap-3">
              <a href="/coupon" className="text-sm text-brand-700 hover:underline">
                我的优惠券
              </a>
              <TopUp />
            </div>
          </div>
          <dl className="mt-3 grid grid-cols-3 divide-x divide-slate-100 text-center">
            {stats.map((s) => (
              <div key={s.label} className="min-w-0 px-1">
                <dt className="text-sm text-slate-500">{s.label}（元）</dt>
                <dd
                  className="mt-1 truncate text-lg font-semibold tabular-nums text-slate-900 sm:text-xl"
                  data-stat={s.label}
                >
                  {formatMoney(s.value)}
                </dd>
              </div>
            ))}
          </dl>
        </section>
      </div>

      <Transactions />

      <ProfileDialog open={editing} onOpenChange={setEditing} me={me} onSaved={reload} />
    </div>
  )
}
