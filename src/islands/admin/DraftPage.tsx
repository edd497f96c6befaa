/**
 * /admin/drafts/edit/?id=…: the 代客下单 editor (issue 40). Staff pick the customer (by phone or
 * name), the SKUs and quantities, one of the customer's addresses and invoice titles, and a
 * discount within their limit (src/lib/rules/draft-order.ts); the price preview is the server's
 * own pricing, refreshed as they type. 保存草稿 keeps it (a draft holds no stock); 发送给客户
 * places the order (stock held) and tells the customer by SMS and /message. A sent draft is read
 * only and links to its order, where finance records a transfer for it as for any order.
 */
import { useEffect, useState } from 'react'
import { type CustomerRow, customersApi, orderHref } from '../../lib/api/admin-customers.ts'
import {
  type DraftBody,
  type DraftChoices,
  type DraftPreview,
  type DraftSku,
  draftsApi,
} from '../../lib/api/admin-drafts.ts'
import { ApiRequestError } from '../../lib/api/http.ts'
import { formatMoney } from '../../lib/format.ts'
import { checkStaffDiscount, OPERATOR_DISCOUNT_MAX } from '../../lib/rules/draft-order.ts'
import { toast } from '../../lib/toast.ts'
import { PriceRows } from '../common/PriceRows.tsx'
import { useConfirm } from '../common/useConfirm.tsx'
import { detailPage } from './AdminShell.tsx'
import { DetailHeader, DetailLayout } from './detail/DetailLayout.tsx'
import { Section } from './detail/Section.tsx'
import { controlClass } from './form/Labeled.tsx'
import { useStaff } from './kit/staff.ts'
import { useUrlFilters } from './kit/useUrlFilters.ts'

interface Line {
  skuId: number
  title: string
  price: number
  quantity: string
}

const small = 'btn-outline px-3 py-1.5 text-sm'
const label = 'text-sm text-slate-700'

/** A search box with its button: Enter searches too. */
function Search({
  id,
  text,
  button,
  placeholder,
  onSearch,
}: {
  id: string
  text: string
  button: string
  placeholder: string
  onSearch: (q: string) => void
}) {
  const [q, setQ] = useState('')
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault()
        onSearch(q.trim())
      }}
    >
      <div className="grid min-w-0 flex-1 gap-1">
        <label htmlFor={id} className={label}>
          {text}
        </label>
        <input
          id={id}
          className={controlClass}
          value={q}
          placeholder={placeholder}
          onChange={(e) => setQ(e.target.value)}
        />
      </div>
      <button type="submit" className={small}>
        {button}
      </button>
    </form>
  )
}

function DraftEditor() {
  const me = useStaff()
  const [f, setF] = useUrlFilters({ id: '' })
  const draftId = Number(f.id) || 0
  const [customer, setCustomer] = useState<DraftChoices | null>(null)
  const [found, setFound] = useState<CustomerRow[] | null>(null)
  const [skus, setSkus] = useState<DraftSku[] | null>(null)
  const [lines, setLines] = useState<Line[]>([])
  const [discount, setDiscount] = useState('')
  const [addressId, setAddressId] = useState<number | null>(null)
  const [invoiceId, setInvoiceId] = useState<number | null>(null)
  const [sent, setSent] = useState<{ orderCode: string } | null>(null)
  const [loaded, setLoaded] = useState(draftId === 0)
  const [preview, setPreview] = useState<DraftPreview | null>(null)
  const [refusal, setRefusal] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [confirmDialog, confirm] = useConfirm()

  // An existing draft: its fields, with the titles and prices of its lines from the preview.
  useEffect(() => {
    if (!draftId) return
    void (async () => {
      const d = await draftsApi.one(draftId)
      setCustomer(d.customer)
      setDiscount(d.discountPercent ? String(d.discountPercent) : '')
      setAddressId(d.addressId)
      setInvoiceId(d.invoiceId)
      if (d.status === 10) setSent({ orderCode: d.orderCode })
      const p = await draftsApi.preview({ userId: d.userId, lines: d.lines }).catch(() => null)
      setLines(
        d.lines.map((l) => {
          const known = p?.lines.find((x) => x.skuId === l.skuId)
          return {
            skuId: l.skuId,
            title: known?.title ?? `规格 ${l.skuId}`,
            price: known?.price ?? 0,
            quantity: String(l.quantity),
          }
        }),
      )
      setLoaded(true)
    })()
  }, [draftId])

  const discountPercent = discount.trim() === '' ? 0 : Number(discount)
  const discountError = checkStaffDiscount(discountPercent, me.roles)
  const body = (): DraftBody | null =>
    customer
      ? {
          userId: customer.userId,
          lines: lines.map((l) => ({ skuId: l.skuId, quantity: Number(l.quantity) })),
          discountPercent,
          addressId,
          invoiceId,
        }
      : null

  // The live price: asked again 400 ms after the last change.
  const key = JSON.stringify(body())
  // biome-ignore lint/correctness/useExhaustiveDependencies: the body's text is what asks for a new price.
  useEffect(() => {
    const b = body()
    if (!b || b.lines.length === 0 || !loaded) {
      setPreview(null)
      setRefusal(null)
      return
    }
    if (discountError) {
      setRefusal(discountError)
      return
    }
    const timer = setTimeout(() => {
      draftsApi
        .preview(b)
        .then((p) => {
          setPreview(p)
          setRefusal(null)
        })
        .catch((e: unknown) => setRefusal(e instanceof ApiRequestError ? e.message : '价格计算失败'))
    }, 400)
    return () => clearTimeout(timer)
  }, [key, loaded])

  const pick = async (userId: number) => {
    const c = await draftsApi.customer(userId)
    setCustomer(c)
    setFound(null)
    setAddressId(c.addresses.find((a) => a.isDefault)?.id ?? c.addresses[0]?.id ?? null)
    setInvoiceId(null)
  }
  const add = (s: DraftSku) =>
    setLines((ls) =>
      ls.some((l) => l.skuId === s.skuId)
        ? ls.map((l) => (l.skuId === s.skuId ? { ...l, quantity: String(Number(l.quantity) + 1) } : l))
        : [...ls, { skuId: s.skuId, title: s.title, price: s.price, quantity: '1' }],
    )

  /** Saves the draft (new or edited) and answers its id, or null when refused (the toast says why). */
  const save = async (): Promise<number | null> => {
    const b = body()
    if (!b) return null
    try {
      const { id } = draftId ? await draftsApi.edit(draftId, b) : await draftsApi.create(b)
      if (!draftId) setF({ id: String(id) })
      return id
    } catch {
      return null
    }
  }
  const run = async (work: () => Promise<void>) => {
    setBusy(true)
    try {
      await work()
    } finally {
      setBusy(false)
    }
  }
  const saveOnly = () =>
    run(async () => {
      if ((await save()) !== null) toast('success', '草稿已保存')
    })
  const send = () =>
    run(async () => {
      if (!customer || !preview) return
      const ok = await confirm({
        title: '发送给客户',
        text: `将为 ${customer.nickName || customer.tel} 生成待付款订单（应付 ${formatMoney(preview.total)}，占用库存），并以短信和站内消息通知客户付款。`,
        action: '发送',
      })
      if (!ok) return
      const id = await save()
      if (id === null) return
      try {
        const { code } = await draftsApi.send(id)
        setSent({ orderCode: code })
        toast('success', `已发送给客户，订单号 ${code}`)
      } catch {
        // Refused (stock, the customer's unpaid orders): the toast says why; the draft stays.
      }
    })
  const remove = () =>
    run(async () => {
      if (!draftId || !(await confirm({ title: '删除草稿', text: '确定删除这张草稿吗？' }))) return
      try {
        await draftsApi.remove(draftId)
        toast('success', '草稿已删除')
        location.assign('/admin/drafts/')
      } catch {
        // Refused: the toast says why.
      }
    })

  if (!loaded) return <p className="text-slate-600">正在加载…</p>
  const locked = sent !== null
  const canSend = !locked && customer && lines.length > 0 && addressId !== null && preview && !refusal

  return (
    <DetailLayout
      data-draft-editor=""
      header={
        <DetailHeader
          id="draft-title"
          title={draftId ? `代客下单草稿 ${draftId}` : '新建代客订单'}
          status={<span data-draft-status>{locked ? '已发送' : '草稿'}</span>}
          actions={
            locked ? undefined : (
              <>
                {draftId > 0 && (
                  <button type="button" className={small} disabled={busy} onClick={remove}>
                    删除草稿
                  </button>
                )}
                <button
                  type="button"
                  className={small}
                  disabled={busy || !customer || lines.length === 0}
                  onClick={saveOnly}
                >
                  保存草稿
                </button>
                <button
                  type="button"
                  className="btn-primary px-4 py-1.5 text-sm"
                  disabled={busy || !canSend}
                  onClick={send}
                >
                  发送给客户
                </button>
              </>
            )
          }
        >
          {sent && (
            <p className="text-sm text-slate-700" data-draft-sent>
              已生成订单{' '}
              <a className="text-brand-700 hover:underline" href={orderHref(sent.orderCode)}>
                {sent.orderCode}
              </a>
              ，等待客户付款。客户对公转账后，由财务在订单页确认收款。
            </p>
          )}
        </DetailHeader>
      }
      side={
        <Section id="draft-price" title="价格预览">
          {refusal && (
            <p className="text-sm text-red-600" role="alert" data-draft-refusal>
              {refusal}
            </p>
          )}
          {preview && !refusal ? (
            <dl className="text-sm" data-draft-preview>
              <PriceRows
                p={{
                  subtotal: preview.subtotal,
                  memberOff: preview.memberOff,
                  discountText: preview.memberDiscount < 10 ? `${preview.memberDiscount}折` : null,
                  groupOff: preview.groupOff,
                  groupTitle: preview.groupTitle,
                  creditOff: 0,
                  promoOff: preview.promoOff,
                  promoTitle: preview.promoTitle,
                  couponOff: 0,
                  couponTitle: '',
                  staffOff: preview.staffOff,
                  offerNote: '',
                  shipping: preview.shipping,
                  total: preview.total,
                }}
                goods
                totalLabel="应付"
              />
            </dl>
          ) : (
            !refusal && <p className="text-sm text-slate-600">选择客户和商品后显示价格</p>
          )}
        </Section>
      }
    >
      <Section id="draft-customer" title="客户">
        {customer ? (
          <div className="flex flex-wrap items-center gap-2 text-sm" data-draft-customer>
            <span className="font-medium">{customer.nickName || '—'}</span>
            <span className="tabular-nums">{customer.tel}</span>
            <span className="text-slate-600">
              {customer.memberDiscount < 10 ? `会员${customer.memberDiscount}折` : '无会员折扣'}
            </span>
            {!locked && (
              <button type="button" className={small} onClick={() => setCustomer(null)}>
                更换客户
              </button>
            )}
          </div>
        ) : (
          <>
            <Search
              id="draft-customer-q"
              text="客户手机号或姓名"
              button="搜索客户"
              placeholder="如 13800000003"
              onSearch={async (q) =>
                setFound((await customersApi.find({ q, pageIndex: 0, pageSize: 10 })).pageData)
              }
            />
            {found && found.length === 0 && <p className="text-sm text-slate-600">没有找到客户</p>}
            {found && found.length > 0 && (
              <ul className="grid gap-1 text-sm">
                {found.map((c) => (
                  <li key={c.id} className="flex flex-wrap items-center gap-2">
                    <span>{c.nickName || c.realName || '—'}</span>
                    <span className="tabular-nums text-slate-600">{c.tel}</span>
                    <button type="button" className={small} onClick={() => void pick(c.id)}>
                      选择 {c.tel}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </Section>

      <Section id="draft-lines" title="商品">
        {!locked && (
          <>
            <Search
              id="draft-sku-q"
              text="商品名称"
              button="搜索商品"
              placeholder="商品或规格名称"
              onSearch={async (q) => setSkus(await draftsApi.skus(q))}
            />
            {skus && skus.length === 0 && <p className="text-sm text-slate-600">没有找到在售商品</p>}
            {skus && skus.length > 0 && (
              <ul className="grid max-h-64 gap-1 overflow-y-auto text-sm">
                {skus.map((s) => (
                  <li key={s.skuId} className="flex flex-wrap items-center gap-2">
                    <span className="min-w-0 flex-1 break-words">{s.title}</span>
                    <span className="tabular-nums">{formatMoney(s.price)}</span>
                    <span className={s.stock > 0 ? 'text-slate-600' : 'text-red-600'}>库存 {s.stock}</span>
                    <button
                      type="button"
                      className={small}
                      aria-label={`添加 ${s.title}`}
                      onClick={() => add(s)}
                    >
                      添加
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
        {lines.length === 0 ? (
          <p className="text-sm text-slate-600">还没有添加商品</p>
        ) : (
          <ul className="grid gap-2 text-sm" data-draft-lines>
            {lines.map((l) => (
              <li key={l.skuId} className="flex flex-wrap items-center gap-2 border-t border-slate-100 pt-2">
                <span className="min-w-0 flex-1 break-words">{l.title}</span>
                <span className="tabular-nums">{formatMoney(l.price)}</span>
                <input
                  aria-label={`${l.title} 数量`}
                  className={controlClass.replace('w-full', 'w-20')}
                  inputMode="numeric"
                  value={l.quantity}
                  disabled={locked}
                  onChange={(e) =>
                    setLines((ls) =>
                      ls.map((x) => (x.skuId === l.skuId ? { ...x, quantity: e.target.value } : x)),
                    )
                  }
                />
                {!locked && (
                  <button
                    type="button"
                    className={small}
                    aria-label={`移除 ${l.title}`}
                    onClick={() => setLines((ls) => ls.filter((x) => x.skuId !== l.skuId))}
                  >
                    移除
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </Section>

      {customer && (
        <Section id="draft-delivery" title="收货与发票">
          <div className="grid gap-1">
            <label htmlFor="draft-address" className={label}>
              收货地址
            </label>
            <select
              id="draft-address"
              className={controlClass}
              disabled={locked}
              value={addressId ?? ''}
              onChange={(e) => setAddressId(e.target.value ? Number(e.target.value) : null)}
            >
              <option value="">请选择收货地址</option>
              {customer.addresses.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.isDefault ? `[默认] ${a.text}` : a.text}
                </option>
              ))}
            </select>
            {customer.addresses.length === 0 && (
              <p className="text-xs text-red-600">客户还没有收货地址，请客户在“我的地址”中添加后再发送</p>
            )}
          </div>
          <div className="grid gap-1">
            <label htmlFor="draft-invoice" className={label}>
              发票抬头
            </label>
            <select
              id="draft-invoice"
              className={controlClass}
              disabled={locked}
              value={invoiceId ?? ''}
              onChange={(e) => setInvoiceId(e.target.value ? Number(e.target.value) : null)}
            >
              <option value="">不指定</option>
              {customer.invoices.map((i) => (
                <option key={i.id} value={i.id}>
                  {i.text}
                </option>
              ))}
            </select>
          </div>
          <div className="grid gap-1">
            <label htmlFor="draft-discount" className={label}>
              专属折扣（%）
            </label>
            <input
              id="draft-discount"
              className={`${controlClass} sm:max-w-40`}
              inputMode="decimal"
              disabled={locked}
              value={discount}
              placeholder="0"
              aria-describedby="draft-discount-hint"
              onChange={(e) => setDiscount(e.target.value)}
            />
            <p id="draft-discount-hint" className="text-xs text-slate-600">
              {me.roles.includes('admin')
                ? '在会员价、满减之后再减去的百分比；管理员可给 0 到 100%（不含）'
                : `在会员价、满减之后再减去的百分比；运营至多 ${OPERATOR_DISCOUNT_MAX}%`}
            </p>
          </div>
        </Section>
      )}
      {confirmDialog}
    </DetailLayout>
  )
}

export default detailPage(
  '代客下单',
  'orders.draft',
  { href: '/admin/drafts/', label: '返回代客下单列表' },
  DraftEditor,
)
