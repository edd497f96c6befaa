/**
 * What marketing types on the customer-group and price-list screens (issue 40 item 2). The back
 * office's forms check with these before sending; the admin calls check again with the same
 * functions, then what only the database knows (that the group, SKUs and categories exist).
 * Money in fen, times as stored ('2026-12-07 09:30:00', China time), or null for open.
 */
import { type Checked, type Input, len, passed, refusal, text } from './fields.ts'
import { isPhone } from './phone.ts'
import { checkPrice } from './price.ts'
import { storedTime } from './promotion.ts'

export const GROUP_NAME_MAX = 20
export const PRICE_LIST_TITLE_MAX = 30
/** SKU prices and category percentages of one list: a whole catalogue's worth, not a typo's. */
export const PRICE_LIST_ROWS_MAX = 2000
/** Members set at once, and phones in one CSV. */
export const MEMBERS_MAX = 5000

export interface PriceListInput {
  groupId: number
  title: string
  prices: { skuId: number; priceFen: number }[]
  categories: { classId: number; percentOff: number }[]
  startTime: string | null
  endTime: string | null
}

export type PriceListField = 'groupId' | 'title' | 'prices' | 'categories' | 'startTime' | 'endTime'

const no = <F extends string>(field: F, error: string) => ({ ...refusal(field, error), value: null })
const positiveId = (v: unknown) => {
  const s = typeof v === 'number' || typeof v === 'string' ? String(v).trim() : ''
  return /^[1-9]\d{0,9}$/.test(s) ? Number(s) : null
}

/** checkGroupName({ name: ' 合作医院 ' }) → { name: '合作医院' }; empty or over 20 characters is refused. */
export function checkGroupName(input: Input): Checked<{ name: string }, 'name'> {
  const name = text(input, 'name')
  if (!name) return no('name', '请填写客户组名称')
  if (len(name) > GROUP_NAME_MAX) return no('name', `客户组名称不能超过${GROUP_NAME_MAX}个字`)
  return passed({ name })
}

/** checkMembers({ userIds: [3, 7, 3] }) → { userIds: [3, 7] }: whole ids, repeats dropped; [] empties the group. */
export function checkMembers(input: Input): Checked<{ userIds: number[] }, 'userIds'> {
  const raw = input.userIds
  if (!Array.isArray(raw)) return no('userIds', '请提供客户编号列表')
  if (raw.length > MEMBERS_MAX) return no('userIds', `一次最多设置${MEMBERS_MAX}位客户`)
  const ids: number[] = []
  for (const v of raw) {
    const id = positiveId(v)
    if (id === null) return no('userIds', `客户编号“${String(v)}”不正确`)
    if (!ids.includes(id)) ids.push(id)
  }
  return passed({ userIds: ids })
}

/**
 * The phones of a pasted or uploaded CSV: the first cell of every line (other columns, a name
 * say, are left alone), trimmed of quotes and spaces; a header (手机号, phone) and empty lines are
 * skipped, repeats kept once. Each first cell that is no mobile number comes back in `bad`, so
 * the screen can say so line by line.
 * phonesOfCsv('手机号,姓名\n13800000001,张三\n1380000\n') → { phones: ['13800000001'], bad: ['1380000'] }
 */
export function phonesOfCsv(csv: string): { phones: string[]; bad: string[] } {
  const phones: string[] = []
  const bad: string[] = []
  for (const line of csv.replace(/^\uFEFF/, '').split(/\r?\n/)) {
    const v = (line.split(/[,，;\t]/)[0] ?? '').trim().replace(/^"|"$/g, '').trim()
    if (!v || /^(手机号?码?|电话|phone|mobile|tel)$/i.test(v)) continue
    if (!isPhone(v)) bad.push(v)
    else if (!phones.includes(v)) phones.push(v)
  }
  return { phones, bad }
}

/** A time of the list: blank is open (null); else yyyy-mm-dd hh:mm. */
function optionalTime(input: Input, key: 'startTime' | 'endTime', noun: string) {
  if (!text(input, key)) return { time: null, error: null }
  const time = storedTime(input[key])
  return time ? { time, error: null } : { time: null, error: `${noun}格式不正确，应为yyyy-mm-dd hh:mm` }
}

/**
 * checkPriceList({ groupId: 1, title: '合作医院价', prices: [{ skuId: 12, price: 80 }],
 * categories: [{ classId: 3, percentOff: 15 }], startTime: '', endTime: '2026-12-31 23:59' })
 * → prices in fen, percentages 1–99 whole, times stored or null. A price must be positive with
 * at most two decimals; each SKU and category once; at least one price or percentage.
 */
export function checkPriceList(input: Input): Checked<PriceListInput, PriceListField> {
  const groupId = positiveId(input.groupId)
  if (groupId === null) return no('groupId', '请选择客户组')
  const title = text(input, 'title')
  if (!title) return no('title', '请填写价目表名称')
  if (len(title) > PRICE_LIST_TITLE_MAX) return no('title', `价目表名称不能超过${PRICE_LIST_TITLE_MAX}个字`)
  const rawPrices = input.prices ?? []
  const rawClasses = input.categories ?? []
  if (!Array.isArray(rawPrices) || !rawPrices.every((r) => typeof r === 'object' && r !== null))
    return no('prices', '商品价格格式不正确，应为 [{ skuId, price }]')
  if (!Array.isArray(rawClasses) || !rawClasses.every((r) => typeof r === 'object' && r !== null))
    return no('categories', '分类折扣格式不正确，应为 [{ classId, percentOff }]')
  if (rawPrices.length > PRICE_LIST_ROWS_MAX) return no('prices', `商品价格不能超过${PRICE_LIST_ROWS_MAX}项`)
  if (rawClasses.length > PRICE_LIST_ROWS_MAX)
    return no('categories', `分类折扣不能超过${PRICE_LIST_ROWS_MAX}项`)
  const prices: PriceListInput['prices'] = []
  for (const [i, r] of (rawPrices as Input[]).entries()) {
    const skuId = positiveId(r.skuId)
    if (skuId === null) return no('prices', `第${i + 1}项的规格编号不正确`)
    if (prices.some((p) => p.skuId === skuId)) return no('prices', `规格 ${skuId} 重复了`)
    if (text(r, 'price') === '') return no('prices', `请填写规格 ${skuId} 的协议价`)
    const p = checkPrice(r.price, `规格 ${skuId} 的协议价`)
    if (p.error !== null) return no('prices', p.error)
    if (p.fen <= 0) return no('prices', `规格 ${skuId} 的协议价须大于0`)
    prices.push({ skuId, priceFen: p.fen })
  }
  const categories: PriceListInput['categories'] = []
  for (const [i, r] of (rawClasses as Input[]).entries()) {
    const classId = positiveId(r.classId)
    if (classId === null) return no('categories', `第${i + 1}项的分类不正确`)
    if (categories.some((c) => c.classId === classId)) return no('categories', `分类 ${classId} 重复了`)
    const pct = text(r, 'percentOff')
    if (!/^\d{1,2}$/.test(pct) || Number(pct) < 1)
      return no('categories', `分类 ${classId} 的折扣须为1到99之间的整数（减百分之几）`)
    categories.push({ classId, percentOff: Number(pct) })
  }
  if (prices.length === 0 && categories.length === 0) return no('prices', '请至少填写一个商品价格或分类折扣')
  const start = optionalTime(input, 'startTime', '开始时间')
  if (start.error !== null) return no('startTime', start.error)
  const end = optionalTime(input, 'endTime', '结束时间')
  if (end.error !== null) return no('endTime', end.error)
  if (start.time && end.time && end.time.slice(0, 16) <= start.time.slice(0, 16))
    return no('endTime', '结束时间须晚于开始时间')
  return passed({ groupId, title, prices, categories, startTime: start.time, endTime: end.time })
}
