/** The sections of the company form, each one list or group of the facts. */
import type { ReactNode } from 'react'
import { type CompanyFacts, contentApi } from '../../../lib/api/admin-content.ts'
import {
  CONTACTS_MAX,
  INTRO_MAX,
  COMPANY_TEXT_MAX as MAX,
  OFFICES_MAX,
  PRODUCT_LINES_MAX,
} from '../../../lib/rules/company.ts'
import { Field } from '../../common/Field.tsx'
import { Add, type CompanyFormState, Item, idOf, Section, Text } from './company-fields.tsx'

type Props = { state: CompanyFormState }

export function BasicSections({ state: { bind } }: Props) {
  return (
    <>
      <Section id="co-basic" title="基本信息">
        <Text label="服务热线" {...bind('hotline')} hint="400号码、座机（如0512-62886688）或手机号" />
        <Text label="口号" {...bind('slogan')} max={MAX.slogan} />
        <Text label="网站简介" {...bind('description')} max={MAX.description} rows={3} />
        <Text label="ICP备案号" {...bind('icp')} />
      </Section>

      <Section id="co-postal" title="总部地址">
        <Text label="省份" {...bind('postal.region')} />
        <Text label="城市" {...bind('postal.locality')} />
        <Text label="详细地址" {...bind('postal.street')} max={MAX.address} />
      </Section>
    </>
  )
}

/**
 * A list of the facts (offices, contacts, paragraphs, product lines): each row in its own box with
 * 删除, then the button that adds a `blank` row, disabled at `max`. A refusal about the list as a
 * whole (path) stands under that button.
 */
function Rows<T>({
  state: { form, edit, at },
  path,
  list,
  legend,
  add,
  max,
  blank,
  children,
}: Props & {
  path: string
  /** The list in the facts, the one `path` names. */
  list: (facts: CompanyFacts) => T[]
  legend: (n: number) => string
  add: string
  max: number
  blank: () => T
  children: (i: number) => ReactNode
}) {
  return (
    <>
      {list(form).map((_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id of their own; their values are held in the form.
        <Item key={i} legend={legend(i + 1)} onRemove={() => edit((d) => list(d).splice(i, 1))}>
          {children(i)}
        </Item>
      ))}
      <Add
        path={path}
        label={add}
        full={list(form).length >= max}
        error={at(path)}
        onAdd={() => edit((d) => list(d).push(blank()))}
      />
    </>
  )
}

export function OfficesSection({ state }: Props) {
  const { bind } = state
  return (
    <Section id="co-offices" title="办事处">
      <Rows
        state={state}
        path="offices"
        list={(d) => d.offices}
        legend={(n) => `第${n}个办事处`}
        add="添加办事处"
        max={OFFICES_MAX}
        blank={() => ({ name: '', address: '' })}
      >
        {(i) => (
          <>
            <Text label="名称" {...bind(`offices.${i}.name`)} />
            <Text label="地址" {...bind(`offices.${i}.address`)} max={MAX.address} />
          </>
        )}
      </Rows>
    </Section>
  )
}

export function ContactsSection({ state }: Props) {
  const { bind } = state
  return (
    <Section id="co-contacts" title="联系人" note="第一位联系人是对公转账支付页上的业务经理。">
      <Rows
        state={state}
        path="contacts"
        list={(d) => d.contacts}
        legend={(n) => `第${n}位联系人`}
        add="添加联系人"
        max={CONTACTS_MAX}
        blank={() => ({ name: '', role: '', phone: '', email: '' })}
      >
        {(i) => (
          <>
            <Text label="姓名" {...bind(`contacts.${i}.name`)} />
            <Text label="负责事项" {...bind(`contacts.${i}.role`)} />
            <Text label="电话" {...bind(`contacts.${i}.phone`)} type="tel" />
            <Text label="邮箱" {...bind(`contacts.${i}.email`)} type="email" />
          </>
        )}
      </Rows>
    </Section>
  )
}

const QR = [
  { key: 'app', label: '下载APP' },
  { key: 'mp', label: '关注公众号' },
] as const

export function QrSection({ state: { form, edit, bind, at } }: Props) {
  const upload = async (key: 'app' | 'mp', file: File | undefined) => {
    if (!file) return
    const path = await contentApi.uploadImage(file, file.name).catch(() => null)
    if (path) edit((d) => Object.assign(d.qr[key], { image: path }))
  }
  return (
    <Section id="co-qr" title="页脚二维码" note="上传了二维码图片时页脚显示该图片，否则按链接生成二维码。">
      {QR.map(({ key, label }) => {
        const q = form.qr[key]
        const fileId = idOf(`qr.${key}.image`)
        return (
          <fieldset key={key} className="grid gap-3 rounded-md border border-slate-200 p-3">
            <legend className="px-1 text-sm font-medium text-slate-800">{label}</legend>
            <Text
              label="链接"
              {...bind(`qr.${key}.link`)}
              required={false}
              error={at(`qr.${key}.link`) ?? at(`qr.${key}`)}
              hint="完整网址（https://…）或本站路径（/…）"
            />
            <Field id={fileId} label="二维码图片" error={at(`qr.${key}.image`)}>
              <div className="flex flex-wrap items-center gap-3">
                {q.image && (
                  <img
                    src={q.image}
                    alt={`当前${label}二维码`}
                    className="h-20 w-20 rounded border object-contain"
                  />
                )}
                <input
                  id={fileId}
                  type="file"
                  accept="image/png,image/jpeg,image/gif,image/webp"
                  aria-invalid={at(`qr.${key}.image`) ? true : undefined}
                  aria-describedby={at(`qr.${key}.image`) ? `${fileId}-error` : undefined}
                  onChange={(e) => upload(key, e.target.files?.[0])}
                />
                {q.image && (
                  <button
                    type="button"
                    className="btn-outline"
                    onClick={() => edit((d) => Object.assign(d.qr[key], { image: '' }))}
                  >
                    移除图片<span className="sr-only">（{label}）</span>
                  </button>
                )}
              </div>
            </Field>
          </fieldset>
        )
      })}
    </Section>
  )
}

export function AboutSection({ state }: Props) {
  const { bind } = state
  return (
    <Section id="co-about" title="关于页">
      <h3 className="text-sm font-medium text-slate-700">公司简介</h3>
      <Rows
        state={state}
        path="about.intro"
        list={(d) => d.about.intro}
        legend={(n) => `公司简介第${n}段`}
        add="添加段落"
        max={INTRO_MAX}
        blank={() => ''}
      >
        {(i) => <Text label="段落" {...bind(`about.intro.${i}`)} max={MAX.paragraph} rows={3} />}
      </Rows>
      <h3 className="mt-2 text-sm font-medium text-slate-700">主营产品</h3>
      <Rows
        state={state}
        path="about.productLines"
        list={(d) => d.about.productLines}
        legend={(n) => `第${n}条主营产品`}
        add="添加主营产品"
        max={PRODUCT_LINES_MAX}
        blank={() => ({ title: '', text: '' })}
      >
        {(i) => (
          <>
            <Text label="名称" {...bind(`about.productLines.${i}.title`)} />
            <Text label="说明" {...bind(`about.productLines.${i}.text`)} max={MAX.lineText} />
          </>
        )}
      </Rows>
    </Section>
  )
}
