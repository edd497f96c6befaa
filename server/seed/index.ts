import { readFileSync } from 'node:fs'
import {
  ArticleStatus,
  BannerPosition,
  ClassifyKey,
  type ClassifyKeyName,
  LISTED,
  UNLISTED,
} from '../../src/lib/constants.ts'
import { fenToYuan } from '../../src/lib/money.ts'
import { hashPassword } from '../auth/password.ts'
import type { Db, Param } from '../db/index.ts'
import { dbTime } from '../time.ts'
import { type Icon, placeholderMp4, SeedFiles, tinyPdf } from './images.ts'
import { Random } from './random.ts'
import {
  AGREEMENT,
  BRANDS,
  CITIES,
  CITY_ADDRESSES,
  CLASSIFIES,
  COMMENTS,
  COMPLAINTS,
  COURSE_AUDIENCE,
  COURSE_FORMATS,
  COURSE_PARAGRAPHS,
  COURSE_SECTION_TITLES,
  COURSE_TOPICS,
  FAQS,
  GIVEN_NAMES,
  LEVEL_HTML,
  NICKNAMES,
  NOTICES,
  POST_PARAGRAPHS,
  POST_TITLES,
  PRIVACY,
  PRODUCT_LINES,
  type ProductLine,
  REPLIES,
  SURNAMES,
  TASK_PARAGRAPHS,
  TASK_TITLES,
  TEACHERS,
} from './text.ts'

export interface SeedOptions {
  /** Products to create (default 60). */
  products?: number
  /** Courses, posts and tasks together (default 135, a third each). */
  articles?: number
  /** The seed's "today"; a fixed date by default so two runs give the same data. */
  now?: Date
  /** Seed images and course files are written under `${uploadDir}/seed`. */
  uploadDir: string
  log?: (s: string) => void
}

export interface SeedSummary {
  regions: number
  classifies: number
  banners: number
  users: number
  products: number
  skus: number
  courses: number
  posts: number
  tasks: number
  faqs: number
  complaints: number
  sections: number
  comments: number
  likes: number
  addresses: number
  invoices: number
  orders: number
  orderItems: number
  purchases: number
  transactions: number
  waybills: number
  notifications: number
  configs: number
  files: number
}

export const DEMO_PASSWORD = 'demo1234'

/** Accounts to sign in with on a seeded site (all with DEMO_PASSWORD). */
export const DEMO_ACCOUNTS: readonly { role: string; tel: string; password: string }[] = [
  // 500 yuan balance, orders in every status, addresses, invoices, two bought courses
  { role: '普通用户', tel: '13800000001', password: DEMO_PASSWORD },
  // level 10, certified, 9折
  { role: '认证医生', tel: '13800000002', password: DEMO_PASSWORD },
  // level 20, certified, may publish courses, 8折
  { role: '认证机构', tel: '13800000003', password: DEMO_PASSWORD },
  // three customers with orders
  { role: '推荐人', tel: '13800000004', password: DEMO_PASSWORD },
  { role: '讲师（王医生）', tel: '13800000011', password: DEMO_PASSWORD },
  { role: '推荐人的客户', tel: '13800000021', password: DEMO_PASSWORD },
]

/** The default "today" of the seed. */
export const SEED_DATE = new Date(2026, 9, 1, 10, 0, 0)

const DAY = 24 * 3600 * 1000
/** PostgreSQL allows 65535 parameters per statement; SQLite's default limit is 32766. */
const MAX_PARAMS = 30000
const MAX_ROWS = 1000
/** Above these counts images come from a fixed pool instead of one file per item. */
const OWN_IMAGE_LIMIT = 300

type Val = string | number | null
type Row = Record<string, Val>

/** Rows of one table, kept in memory with their ids until they are written in one batch. */
class Table {
  readonly name: string
  readonly rows: Row[] = []
  constructor(name: string) {
    this.name = name
  }
  /** add({...}) → the id the row will have (ids are assigned here: the database is empty). */
  add(row: Row): number {
    const id = this.rows.length + 1
    this.rows.push({ id, ...row })
    return id
  }
}

/** Multi-row INSERTs, as many rows per statement as the parameter limit allows. */
async function insertRows(db: Db, table: string, rows: readonly Row[]): Promise<number> {
  const first = rows[0]
  if (!first) return 0
  const cols = Object.keys(first)
  const per = Math.max(1, Math.min(MAX_ROWS, Math.floor(MAX_PARAMS / cols.length)))
  const tuple = `(${cols.map(() => '?').join(', ')})`
  for (let i = 0; i < rows.length; i += per) {
    const chunk = rows.slice(i, i + per)
    const params: Param[] = []
    for (const r of chunk) {
      for (const c of cols) {
        const v = r[c]
        if (v === undefined) throw new Error(`seed: ${table}.${c} missing in row ${JSON.stringify(r)}`)
        params.push(v)
      }
    }
    await db.run(
      `INSERT INTO ${table} (${cols.join(', ')}) VALUES ${chunk.map(() => tuple).join(', ')}`,
      params,
    )
  }
  return rows.length
}

/** True once the database has users, i.e. it was seeded or is in use. */
export async function isSeeded(db: Db): Promise<boolean> {
  return (await db.get('SELECT id FROM users LIMIT 1')) !== undefined
}

function at<T>(list: readonly T[], i: number): T {
  const v = list[i]
  if (v === undefined) throw new Error(`seed: index ${i} out of range`)
  return v
}

function must<T>(v: T | undefined, what: string): T {
  if (v === undefined) throw new Error(`seed: ${what} not found`)
  return v
}

interface PcaNode {
  c: string
  n: string
  ch?: PcaNode[]
}

const readJson = <T>(rel: string): T => JSON.parse(readFileSync(new URL(rel, import.meta.url), 'utf8')) as T

/** 39.9 / 298 / 12800: prices as a shop would write them, in fen. */
function nicePrice(yuan: number): number {
  if (yuan >= 1000) return Math.round(yuan / 100) * 10000
  if (yuan >= 100) return (Math.round(yuan / 10) * 10 - 2) * 100
  return Math.max(1, Math.round(yuan)) * 100 - 10
}

const ARTICLE_PRICES = [
  990, 1990, 2990, 4900, 9900, 19900, 29900, 49900, 69900, 99900, 129900, 199900, 299900,
]
const POST_PRICES = [990, 1990, 2990, 4900, 9900]
const TASK_PRICES = [5000, 10000, 20000, 30000, 50000, 80000, 100000, 200000, 299900]

const html = {
  p: (s: string) => `<p>${s}</p>`,
  h3: (s: string) => `<h3>${s}</h3>`,
  ul: (items: readonly string[]) => `<ul>${items.map((s) => `<li>${s}</li>`).join('')}</ul>`,
  img: (src: string, alt: string) => `<p><img src="${src}" alt="${alt}"></p>`,
}

interface SkuInfo {
  id: number
  spuId: number
  title: string
  priceFen: number
  stock: number
  img: string
}
interface SpuInfo {
  id: number
  title: string
  subTitle: string
  tag: string
  img: string
  priceMinFen: number
  listed: boolean
  line: ProductLine
  skus: SkuInfo[]
}
interface ArticleInfo {
  id: number
  status: number
  title: string
  subTitle: string
  imgurl: string
  tag: string
  priceFen: number
  createId: number | null
  created: Date
  listed: boolean
  sections: { id: number; title: string; priceFen: number; paid: boolean }[]
}
interface AddressInfo {
  name: string
  tel: string
  province: string
  city: string
  area: string
  street: string
  detail: string
}

/**
 * Fills an empty, migrated database with a coherent demo: regions, dictionaries, banners,
 * users, products, courses/posts/tasks, and the orders, wallet and messages of the demo
 * accounts. Deterministic: the same options give the same rows and files.
 */
export async function seed(db: Db, opts: SeedOptions): Promise<SeedSummary> {
  const log = opts.log ?? (() => {})
  if (await isSeeded(db))
    throw new Error('数据库已有用户数据，不能重复初始化（seed needs an empty database）')
  const started = Date.now()
  const now = opts.now ?? SEED_DATE
  const rnd = new Random(20200601)
  const files = new SeedFiles(opts.uploadDir)
  const nProducts = Math.max(0, Math.floor(opts.products ?? 66))
  const nArticles = Math.max(0, Math.floor(opts.articles ?? 135))
  const time = (d: Date) => dbTime(d)
  const ago = (days: number) => new Date(now.getTime() - days * DAY)
  /** A moment in the last `days` days, never in the future. */
  const within = (days: number) => new Date(now.getTime() - Math.floor(rnd.next() * days * DAY))
  const after = (d: Date, maxDays: number) =>
    new Date(Math.min(now.getTime(), d.getTime() + Math.floor(rnd.next() * maxDays * DAY) + 60000))

  const t = {
    regions: [] as Row[],
    classifies: new Table('classifies'),
    banners: new Table('banners'),
    users: new Table('users'),
    spus: new Table('product_spus'),
    skus: new Table('product_skus'),
    articles: new Table('articles'),
    sections: new Table('course_sections'),
    comments: new Table('comments'),
    likes: new Table('user_likes'),
    addresses: new Table('addresses'),
    invoices: new Table('invoice_infos'),
    orders: new Table('orders'),
    items: new Table('order_items'),
    purchases: new Table('purchases'),
    wallet: new Table('wallet_transactions'),
    waybills: new Table('waybills'),
    notifications: new Table('notifications'),
    configs: [] as Row[],
  }

  // --- regions --------------------------------------------------------------------------
  const pca = readJson<PcaNode[]>('../../src/lib/regions/pca.json')
  const streets = readJson<Record<string, string[]>>('./streets.json')
  for (const p of pca) {
    t.regions.push({ code: p.c, name: p.n, parent_code: null, level: 1 })
    for (const c of p.ch ?? []) {
      t.regions.push({ code: c.c, name: c.n, parent_code: p.c, level: 2 })
      for (const a of c.ch ?? []) t.regions.push({ code: a.c, name: a.n, parent_code: c.c, level: 3 })
    }
  }
  for (const [area, names] of Object.entries(streets)) {
    names.forEach((name, i) => {
      t.regions.push({ code: `${area}${String(i + 1).padStart(3, '0')}`, name, parent_code: area, level: 4 })
    })
  }
  /** A real address: the names must match the regions table so the picker can show it. */
  const place = (province: string, city: string, area: string, streetIndex: number) => {
    const p = must(
      pca.find((x) => x.n === province),
      province,
    )
    const c = must(
      p.ch?.find((x) => x.n === city),
      city,
    )
    const a = must(
      c.ch?.find((x) => x.n === area),
      area,
    )
    const list = must(streets[a.c], `${area} streets`)
    return { province, city, area, street: at(list, streetIndex % list.length) }
  }

  // --- dictionaries ---------------------------------------------------------------------
  const classId = new Map<string, number>()
  for (const key of Object.keys(ClassifyKey) as ClassifyKeyName[]) {
    CLASSIFIES[key].forEach((title, i) => {
      classId.set(`${key}:${title}`, t.classifies.add({ ckey: ClassifyKey[key], title, sort: i + 1 }))
    })
  }
  const cid = (key: ClassifyKeyName, title: string) => must(classId.get(`${key}:${title}`), `${key} ${title}`)
  const tags = (key: ClassifyKeyName) => rnd.pickSome(CLASSIFIES[key], rnd.int(1, 3)).join(',')

  // --- users ----------------------------------------------------------------------------
  const avatarPool = Array.from({ length: 8 }, (_, i) =>
    files.image(`avatar-${i + 1}`, { kind: 'avatar', title: '', icon: 'person', key: `avatar${i * 7}` }),
  )
  const certImg = files.image('cert-licence', {
    kind: 'cover',
    title: '资质证明',
    subtitle: '示例图片',
    icon: 'doc',
  })
  const salts = new Random(7)
  const hashes = new Map<string, Promise<string>>()
  for (const a of DEMO_ACCOUNTS) hashes.set(a.tel, hashPassword(a.password, salts.bytes(16)))

  const userNick = new Map<number, string>()
  const addUser = async (u: {
    tel: string
    nick: string
    real?: string
    avatar: string
    content?: string
    level?: number
    status?: number
    cert?: string
    discount?: number
    balanceFen?: number
    integralFen?: number
    incomeFen?: number
    introducerId?: number | null
    teacher?: boolean
    created: Date
  }) => {
    const id = t.users.rows.length + 1
    const hash = hashes.get(u.tel)
    t.users.add({
      code: `U${String(id).padStart(6, '0')}`,
      tel: u.tel,
      password_hash: hash ? await hash : null,
      nick_name: u.nick,
      real_name: u.real ?? '',
      avatar_url: u.avatar,
      content: u.content ?? '',
      ext: '',
      level: u.level ?? 0,
      status: u.status ?? 0,
      cert_ext: u.cert ?? '',
      discount: u.discount ?? 10,
      balance_fen: u.balanceFen ?? 0,
      integral_fen: u.integralFen ?? 0,
      income_fen: u.incomeFen ?? 0,
      introducer_id: u.introducerId ?? null,
      is_teacher: u.teacher ? 1 : 0,
      create_time: time(u.created),
    })
    userNick.set(id, u.nick)
    return id
  }
  const certForm = (name: string, tel: string, email: string) =>
    JSON.stringify({
      recName: name,
      recTel: tel,
      ownerImg: certImg,
      allowImg: certImg,
      codeImg: certImg,
      email,
    })

  const plainId = await addUser({
    tel: '13800000001',
    nick: '小周',
    real: '周明',
    avatar: at(avatarPool, 0),
    content: '苏州的一名口腔全科医生，正在学习隐形矫治。',
    balanceFen: 50000,
    integralFen: 350000,
    created: ago(420),
  })
  const doctorId = await addUser({
    tel: '13800000002',
    nick: '陈医生',
    real: '陈立',
    avatar: files.image('avatar-doctor', { kind: 'avatar', title: '陈', icon: 'person' }),
    content: '口腔正畸主治医师，关注数字化正畸。',
    level: 10,
    status: 3,
    cert: certForm('陈立', '13800000002', 'chenli@example.com'),
    discount: 9,
    integralFen: 6000000,
    created: ago(500),
  })
  const institutionId = await addUser({
    tel: '13800000003',
    nick: '苏州微笑口腔门诊部',
    real: '苏州微笑口腔门诊部有限公司',
    avatar: files.image('avatar-institution', { kind: 'avatar', title: '微笑', icon: 'person' }),
    content: '苏州工业园区的综合口腔门诊，开设正畸、种植、儿牙专科。',
    level: 20,
    status: 3,
    cert: certForm('何经理', '13800000003', 'clinic@example.com'),
    discount: 8,
    integralFen: 25000000,
    created: ago(600),
  })
  const introducerId = await addUser({
    tel: '13800000004',
    nick: '推广经理老杨',
    real: '杨帆',
    avatar: at(avatarPool, 1),
    content: '负责江苏区域的客户服务与推广。',
    integralFen: 120000,
    created: ago(550),
  })
  const teacherIds: number[] = []
  for (const [i, tc] of TEACHERS.entries()) {
    teacherIds.push(
      await addUser({
        tel: `138000000${11 + i}`,
        nick: tc.nick,
        real: tc.real,
        avatar: files.image(`avatar-teacher-${i + 1}`, {
          kind: 'avatar',
          title: tc.real.slice(0, 1),
          icon: 'person',
          key: tc.nick,
        }),
        content: tc.intro,
        level: 10,
        status: 3,
        discount: 9,
        integralFen: at([800000, 5200000, 1500000, 11000000, 300000, 2600000], i),
        teacher: true,
        created: ago(640 - i * 20),
      }),
    )
  }
  const customerIds: number[] = []
  for (let i = 0; i < 3; i++) {
    customerIds.push(
      await addUser({
        tel: `138000000${21 + i}`,
        nick: at(['苏州康美口腔', '南京牙医小陆', '无锡德馨诊所'], i),
        real: at(['钱程', '陆远', '孙德馨'], i),
        avatar: at(avatarPool, 2 + i),
        introducerId,
        discount: i === 0 ? 9 : 10,
        integralFen: at([5600000, 420000, 90000], i),
        created: ago(300 - i * 40),
      }),
    )
  }
  const INTEGRALS = [0, 60000, 180000, 450000, 2600000, 7500000, 15000000, 32000000]
  const memberIds: number[] = []
  for (const [i, nick] of NICKNAMES.entries()) {
    const integral = at(INTEGRALS, i % INTEGRALS.length)
    memberIds.push(
      await addUser({
        tel: `1390000${String(1001 + i)}`,
        nick,
        real: `${at(SURNAMES, i % SURNAMES.length)}${at(GIVEN_NAMES, (i * 5) % GIVEN_NAMES.length)}`,
        avatar: at(avatarPool, i % avatarPool.length),
        level: i % 5 === 0 ? 10 : 0,
        status: i % 5 === 0 ? 3 : i % 7 === 3 ? 2 : 0,
        discount: integral >= 20000000 ? 8 : integral >= 5000000 ? 9 : 10,
        integralFen: integral,
        created: ago(370 + i * 11),
      }),
    )
  }
  const authors = [plainId, doctorId, institutionId, ...memberIds]
  log(`users: ${t.users.rows.length}`)

  // --- products -------------------------------------------------------------------------
  const ownProductImages = nProducts <= OWN_IMAGE_LIMIT
  const DETAIL_CAPTIONS = ['细节展示', '包装清单', '使用场景', '品质认证']
  const detailImages = PRODUCT_LINES.map((line, li) =>
    DETAIL_CAPTIONS.map((caption, k) =>
      files.image(`product-c${li + 1}-${k + 1}`, {
        kind: 'square',
        title: line.cls,
        subtitle: caption,
        icon: line.icon,
        key: `${line.cls}${k}`,
      }),
    ),
  )
  const lineOrder = rnd.shuffle(Array.from({ length: nProducts }, (_, i) => i % PRODUCT_LINES.length))
  const productTitles = new Set<string>()
  const productDrafts = lineOrder.map((li, i) => {
    const line = at(PRODUCT_LINES, li)
    let title = ''
    let type = ''
    let brand = at(BRANDS, 0)
    let model = ''
    for (let attempt = 0; attempt < 8 && (!title || productTitles.has(title)); attempt++) {
      type = rnd.pick(line.types)
      brand = rnd.pick(BRANDS)
      model = `${brand.code}-${String.fromCharCode(65 + rnd.int(0, 25))}${rnd.int(100, 999)}`
      title = `${brand.name} ${type} ${model}`
    }
    if (productTitles.has(title)) title = `${title}-${i + 1}`
    productTitles.add(title)
    return { li, line, title, type, brand, model, created: within(365) }
  })
  productDrafts.sort((a, b) => a.created.getTime() - b.created.getTime())
  const spus: SpuInfo[] = []
  for (const [i, d] of productDrafts.entries()) {
    const { line } = d
    const id = t.spus.rows.length + 1
    const main = ownProductImages
      ? files.image(`product-${id}`, {
          kind: 'square',
          title: d.type,
          subtitle: `${d.brand.name} ${d.model}`,
          icon: line.icon,
        })
      : files.image(`product-p${d.li + 1}-${(i % 5) + 1}`, {
          kind: 'square',
          title: at(line.types, (i % 5) % line.types.length),
          subtitle: line.cls,
          icon: line.icon,
          key: `${line.cls}${i % 5}`,
        })
    const details = rnd.pickSome(at(detailImages, d.li), rnd.int(1, 3))
    const imgs = [main, ...details]
    const subTitle = rnd.pick(line.subTitles)
    const base = nicePrice(rnd.int(line.price[0], line.price[1]))
    const skuCount = rnd.int(1, line.skus.length)
    const skus: SkuInfo[] = []
    for (let k = 0; k < skuCount; k++) {
      const [skuTitle, param, mult] = at(line.skus, k)
      const price = k === 0 ? base : nicePrice((base * mult) / 100)
      const stock = rnd.chance(0.08) ? 0 : rnd.int(5, 500)
      const img = at(imgs, k % imgs.length)
      const skuId = t.skus.add({
        spu_id: id,
        title: skuTitle,
        param,
        price_fen: price,
        stock,
        img,
        sort: k + 1,
      })
      skus.push({ id: skuId, spuId: id, title: skuTitle, priceFen: price, stock, img })
    }
    const priceMin = Math.min(...skus.map((s) => s.priceFen))
    const isDrug = line.cls === '麻醉注射剂'
    const params = [
      { title: '品牌', text: d.brand.name },
      { title: '型号', text: d.model },
      { title: '规格', text: skus.map((s) => s.title).join(' / ') },
      ...line.spec.map(([title, text]) => ({ title, text })),
      { title: '产地', text: line.origin },
      isDrug
        ? { title: '批准文号', text: `国药准字H${rnd.digits(8)}` }
        : { title: '注册证号', text: `苏械注准20${rnd.int(19, 25)}${rnd.digits(7)}` },
    ]
    const content = [
      html.h3('产品介绍'),
      html.p(`${d.title}是${d.brand.name}推出的${line.cls}产品：${subTitle}。`),
      html.img(main, d.type),
      html.h3('产品特点'),
      html.ul(rnd.pickSome(line.features, 3)),
      html.h3('规格参数'),
      html.ul(line.spec.map(([k, v]) => `${k}：${v}`)),
      html.h3('售后服务'),
      html.p('本产品由平台自营仓库发货，支持开具增值税发票。如有质量问题，签收后7天内可在订单中申请售后。'),
    ].join('')
    // Every 16th product is taken off the shelf, so the demo shows what unlisted means.
    const listed = i % 16 !== 15
    const isShow = i % 29 === 28 ? 0 : 1
    const tag = tags('productTag')
    t.spus.add({
      title: d.title,
      sub_title: subTitle,
      tag,
      class_id: cid('productClass', line.cls),
      imgurls: imgs.join(','),
      desdep_propicture: details.join(','),
      params: JSON.stringify(params),
      content,
      price_min_fen: priceMin,
      sales: Math.floor(rnd.next() ** 2 * 5000),
      ext: listed ? LISTED : UNLISTED,
      is_show: isShow,
      create_id: null,
      create_time: time(d.created),
    })
    spus.push({
      id,
      title: d.title,
      subTitle,
      tag,
      img: main,
      priceMinFen: priceMin,
      listed: listed && isShow === 1,
      line,
      skus,
    })
  }
  log(`products: ${spus.length}, skus: ${t.skus.rows.length}`)

  // --- articles -------------------------------------------------------------------------
  const nCourses = Math.ceil(nArticles / 3)
  const nPosts = Math.ceil((nArticles - nCourses) / 2)
  const nTasks = nArticles - nCourses - nPosts
  const ownCovers = nArticles <= OWN_IMAGE_LIMIT
  const video = files.file('course-video.mp4', placeholderMp4)
  const handout = files.file('course-handout.pdf', () =>
    tinyPdf('Course handout - sample file of the dental portal demo'),
  )
  const titleSet = new Set<string>()
  /** Titles stay unique and at most 20 characters; repeats get a 第N期 suffix. */
  const uniqueTitle = (make: () => string, series: boolean) => {
    let title = make()
    for (let i = 0; i < 12 && titleSet.has(title); i++) title = make()
    const base = title
    for (let n = 2; titleSet.has(title); n++) {
      const suffix = series ? `（第${n}期）` : `（${n}）`
      title = `${base.slice(0, 20 - suffix.length)}${suffix}`
    }
    titleSet.add(title)
    return title.slice(0, 20)
  }
  const coverIcon: Record<number, Icon> = { 30: 'play', 10: 'chat', 20: 'briefcase' }
  const teacherFor: Record<string, number[]> = {
    正畸培训: [at(teacherIds, 0)],
    种植培训: [at(teacherIds, 1)],
    麻醉与镇痛: [at(teacherIds, 2)],
    数字化口腔: [at(teacherIds, 3)],
    诊所经营: [at(teacherIds, 4)],
    儿童口腔: [at(teacherIds, 5)],
    牙体牙髓: [at(teacherIds, 0), at(teacherIds, 3)],
  }
  /** Every third item of a kind is free. */
  const priceOf = (list: readonly number[], i: number) => (i % 3 === 1 ? 0 : rnd.pick(list))

  interface Draft {
    status: number
    title: string
    subTitle: string
    cls: string
    classKey: ClassifyKeyName | null
    tag: string
    city: string
    priceFen: number
    paragraphs: string[]
    brief: string
    createId: number | null
    created: Date
    hitsTrue: number
    extMore: number
    listed: boolean
    postName: string
    tel: string
    addressx: string
    sectionTitles: string[]
    extraImages: number
    /** Comments get attached to the first posts and tasks only, so big seeds stay fast. */
    commentable: boolean
  }
  const articleDrafts: Draft[] = []
  const courseClasses = Object.keys(COURSE_TOPICS)
  for (let i = 0; i < nCourses; i++) {
    const cls = at(courseClasses, i % courseClasses.length)
    const topics = must(COURSE_TOPICS[cls], cls)
    let topic = ''
    const title = uniqueTitle(() => {
      topic = rnd.pick(topics)
      return `${topic}${rnd.pick(COURSE_FORMATS)}`.slice(0, 20)
    }, true)
    const priceFen = priceOf(ARTICLE_PRICES, i)
    const count = rnd.int(2, 8)
    const sectionTitles = ['课程导读', ...rnd.pickSome(COURSE_SECTION_TITLES.slice(1), count - 1)]
    const author = rnd.chance(0.1) ? institutionId : rnd.pick(must(teacherFor[cls], cls))
    const tag = tags('courseTag')
    const learners = rnd.int(20, 3000)
    articleDrafts.push({
      status: ArticleStatus.course,
      title,
      subTitle: `${userNick.get(author) ?? ''}主讲 · 共${count}节`,
      cls,
      classKey: 'courseClass',
      tag,
      city: tag.includes('线下工作坊') ? rnd.pick(CITIES) : '',
      priceFen,
      paragraphs: COURSE_PARAGRAPHS.map((p) => p.replaceAll('{t}', topic)),
      brief: must(COURSE_PARAGRAPHS[0], 'course paragraph').replaceAll('{t}', topic),
      createId: author,
      created: within(365),
      hitsTrue: learners,
      extMore: priceFen > 0 ? Math.floor(learners * (0.4 + rnd.next() * 0.5)) : learners,
      listed: i % 20 !== 7 && !rnd.chance(0.05),
      postName: '',
      tel: '',
      addressx: '',
      sectionTitles,
      extraImages: 0,
      commentable: false,
    })
  }
  const postClasses = Object.keys(POST_TITLES)
  for (let i = 0; i < nPosts; i++) {
    const cls = at(postClasses, i % postClasses.length)
    const title = uniqueTitle(() => rnd.pick(must(POST_TITLES[cls], cls)), false)
    const paragraphs = rnd.pickSome(POST_PARAGRAPHS, rnd.int(3, 5))
    const author = i < 2 ? plainId : rnd.pick(authors)
    const readers = rnd.int(0, 800)
    const priceFen = priceOf(POST_PRICES, i)
    articleDrafts.push({
      status: ArticleStatus.post,
      title,
      subTitle: `${cls} · ${userNick.get(author) ?? ''}`,
      cls,
      classKey: 'communityClass',
      tag: tags('communityTag'),
      city: rnd.pick(CITIES),
      priceFen,
      paragraphs,
      brief: at(paragraphs, 0).slice(0, 60),
      createId: author,
      created: within(365),
      hitsTrue: readers,
      extMore: priceFen > 0 ? Math.floor(readers / 4) : 0,
      listed: i === 1 ? false : !rnd.chance(0.05),
      postName: '',
      tel: '',
      addressx: '',
      sectionTitles: [],
      extraImages: rnd.int(0, 2),
      commentable: i < 150,
    })
  }
  const taskClasses = Object.keys(TASK_TITLES)
  const taskCities = rnd.shuffle(Array.from({ length: nTasks }, (_, i) => at(CITIES, i % CITIES.length)))
  for (let i = 0; i < nTasks; i++) {
    const cls = at(taskClasses, i % taskClasses.length)
    const city = at(taskCities, i)
    const title = uniqueTitle(() => rnd.pick(must(TASK_TITLES[cls], cls)).replace('{c}', city), false)
    const paragraphs = rnd.pickSome(TASK_PARAGRAPHS, rnd.int(3, 4))
    const author = i === 0 ? plainId : rnd.chance(0.4) ? institutionId : rnd.pick(authors)
    const joined = rnd.int(0, 60)
    articleDrafts.push({
      status: ArticleStatus.task,
      title,
      subTitle: `${city} · ${cls}`,
      cls,
      classKey: 'taskClass',
      tag: tags('taskTag'),
      city,
      priceFen: priceOf(TASK_PRICES, i),
      paragraphs,
      brief: at(paragraphs, 0).slice(0, 60),
      createId: author,
      created: within(365),
      hitsTrue: joined,
      extMore: joined,
      listed: !rnd.chance(0.05),
      postName: `${rnd.pick(SURNAMES)}${rnd.pick(['经理', '医生', '老师', '女士', '先生'])}`,
      tel: `13${rnd.int(5, 9)}${rnd.digits(8)}`,
      addressx: must(CITY_ADDRESSES[city], city),
      sectionTitles: [],
      extraImages: 0,
      commentable: i < 150,
    })
  }
  for (const [i, [q, a]] of FAQS.entries()) {
    articleDrafts.push({
      ...blankDraft(ArticleStatus.faq, q, ago(400 - i)),
      brief: a,
    })
  }
  for (const [i, text] of COMPLAINTS.entries()) {
    const author = i === 0 ? plainId : at(memberIds, i)
    articleDrafts.push({
      ...blankDraft(ArticleStatus.complaint, text.slice(0, 20), ago(20 - i * 5)),
      brief: text,
      createId: author,
      postName: userNick.get(author) ?? '',
      extraImages: 1,
    })
  }
  articleDrafts.sort((a, b) => a.created.getTime() - b.created.getTime())

  const coverPool = (status: number, cls: string, n: number) =>
    files.image(`cover-${status}-${cls}-${n}`, {
      kind: 'cover',
      title: cls,
      subtitle: `示例封面 ${n}`,
      icon: coverIcon[status] ?? 'doc',
    })
  const articles: ArticleInfo[] = []
  const commentTargets: ArticleInfo[] = []
  for (const d of articleDrafts) {
    const id = t.articles.rows.length + 1
    const listedKind = d.status === 10 || d.status === 20 || d.status === 30
    let cover = ''
    if (listedKind) {
      cover = ownCovers
        ? files.image(`cover-${id}`, {
            kind: 'cover',
            title: d.title,
            subtitle: d.cls,
            icon: coverIcon[d.status] ?? 'doc',
          })
        : coverPool(d.status, d.cls, (id % 3) + 1)
    } else if (d.status === ArticleStatus.complaint) {
      cover = files.image('complaint-photo', {
        kind: 'cover',
        title: '问题截图',
        subtitle: '投诉建议附件',
        icon: 'doc',
      })
    }
    const extras = Array.from({ length: d.extraImages }, (_, k) =>
      d.status === ArticleStatus.complaint ? cover : coverPool(d.status, d.cls, ((id + k + 1) % 3) + 1),
    )
    const imgurls = d.status === ArticleStatus.complaint ? extras : [cover, ...extras].filter(Boolean)
    let content = ''
    if (d.status === ArticleStatus.course) {
      content = [
        html.h3('课程简介'),
        ...d.paragraphs.slice(0, 3).map(html.p),
        html.img(cover, d.title),
        html.h3('适合人群'),
        html.ul(rnd.pickSome(COURSE_AUDIENCE, 3)),
        html.h3('课程安排'),
        html.ul(d.sectionTitles.map((s, k) => `第${k + 1}节 ${s}`)),
        ...d.paragraphs.slice(3).map(html.p),
      ].join('')
    } else if (d.status === ArticleStatus.post) {
      content = [
        html.p(at(d.paragraphs, 0)),
        html.img(cover, d.title),
        ...d.paragraphs.slice(1).map(html.p),
      ].join('')
    } else if (d.status === ArticleStatus.task) {
      content = [html.h3('任务详情'), ...d.paragraphs.map(html.p), html.img(cover, d.title)].join('')
    }
    // Course length is the sum of its videos; sections are written below.
    const sections: ArticleInfo['sections'] = []
    let duration = 0
    const paidCourse = d.priceFen > 0
    d.sectionTitles.forEach((title, k) => {
      const isPdf = title === '课后讲义' || (k > 0 && rnd.chance(0.2))
      const seconds = isPdf ? 0 : rnd.int(300, 2700)
      duration += seconds
      const paid = paidCourse && k > 0
      const priceFen = paid
        ? Math.max(990, Math.round(((d.priceFen / (d.sectionTitles.length - 1)) * 1.2) / 100) * 100 - 10)
        : 0
      const sid = t.sections.add({
        article_id: id,
        sort: k + 1,
        title: `第${k + 1}节 ${title}`.slice(0, 20),
        imgurl: isPdf ? handout : video,
        status: paid ? 1 : 2,
        price_fen: priceFen,
        params: seconds,
      })
      sections.push({ id: sid, title: `第${k + 1}节 ${title}`.slice(0, 20), priceFen, paid })
    })
    const updated = after(d.created, 20)
    t.articles.add({
      status: d.status,
      title: d.title,
      sub_title: d.subTitle,
      imgurl: cover,
      imgurls: imgurls.join(','),
      tag: d.tag,
      class_id: d.classKey ? cid(d.classKey, d.cls) : null,
      city: d.city,
      price_fen: d.priceFen,
      content,
      brief: d.brief,
      hits: duration,
      hits_true: d.hitsTrue,
      ext_more: d.extMore,
      ext: d.listed ? LISTED : UNLISTED,
      is_show: 1,
      post_name: d.postName,
      tel: d.tel,
      addressx: d.addressx,
      create_id: d.createId,
      create_time: time(d.created),
      update_time: time(updated),
    })
    const info: ArticleInfo = {
      id,
      status: d.status,
      title: d.title,
      subTitle: d.subTitle,
      imgurl: cover,
      tag: d.tag,
      priceFen: d.priceFen,
      createId: d.createId,
      created: d.created,
      listed: d.listed,
      sections,
    }
    articles.push(info)
    if (d.commentable && d.listed) commentTargets.push(info)
  }
  const ofKind = (status: number) => articles.filter((a) => a.status === status)
  log(
    `articles: ${articles.length} (courses ${nCourses}, posts ${nPosts}, tasks ${nTasks}), sections: ${t.sections.rows.length}`,
  )

  // --- comments -------------------------------------------------------------------------
  const commentImg = files.image('comment-photo', {
    kind: 'cover',
    title: '病例照片',
    subtitle: '评论配图',
    icon: 'tooth',
  })
  const others = (not: number | null) => authors.filter((u) => u !== not)
  const addComment = (
    articleId: number,
    userId: number,
    content: string,
    when: Date,
    parentId: number | null,
  ) =>
    t.comments.add({
      article_id: articleId,
      parent_id: parentId,
      user_id: userId,
      content,
      imgurl: rnd.chance(0.08) ? commentImg : '',
      status: 10,
      is_show: 1,
      create_time: time(when),
    })
  const kindOf = (a: ArticleInfo) => (a.status === ArticleStatus.task ? 'task' : 'post')
  const some = <T>(list: readonly T[], n: number) => rnd.shuffle([...list]).slice(0, n)
  for (const a of commentTargets) {
    if (!rnd.chance(0.6)) continue
    const kind = kindOf(a)
    let when = a.created
    for (const text of some(COMMENTS[kind], rnd.int(1, 4))) {
      when = after(when, 10)
      const top = addComment(a.id, rnd.pick(others(a.createId)), text, when, null)
      if (!rnd.chance(0.5)) continue
      let replyAt = when
      for (const reply of some(REPLIES[kind], rnd.int(1, 2))) {
        replyAt = after(replyAt, 3)
        const replier = a.createId !== null && rnd.chance(0.6) ? a.createId : rnd.pick(others(a.createId))
        addComment(a.id, replier, reply, replyAt, top)
      }
    }
  }
  // The plain user's own comments with replies, for the "comments" tab of /message.
  for (const a of commentTargets.filter((x) => x.createId !== plainId).slice(0, 4)) {
    const kind = kindOf(a)
    const when = after(a.created, 10)
    const top = addComment(a.id, plainId, rnd.pick(COMMENTS[kind]), when, null)
    const [first = '', second = ''] = some(REPLIES[kind], 2)
    const firstAt = after(when, 3)
    addComment(a.id, a.createId ?? rnd.pick(memberIds), first, firstAt, top)
    addComment(a.id, rnd.pick(others(plainId)), second, after(firstAt, 3), top)
  }
  log(`comments: ${t.comments.rows.length}`)

  // --- favourites -----------------------------------------------------------------------
  const money = (fen: number) => fenToYuan(fen).toFixed(2)
  const listedSpus = spus.filter((s) => s.listed && s.skus.some((k) => k.stock > 0))
  const likeArticle = (userId: number, a: ArticleInfo) =>
    t.likes.add({
      user_id: userId,
      tag_id: a.id,
      status: a.status,
      title: a.title,
      sub_title: a.subTitle,
      imgurl: a.imgurl,
      urls: `/detail/${a.id}/`,
      ext: money(a.priceFen),
      ext_flag: a.tag,
      create_time: time(within(90)),
    })
  const likeProduct = (userId: number, s: SpuInfo) =>
    t.likes.add({
      user_id: userId,
      tag_id: s.id,
      status: 40,
      title: s.title,
      sub_title: s.subTitle,
      imgurl: s.img,
      urls: `/productdetail/${s.id}/`,
      ext: money(s.priceMinFen),
      ext_flag: s.tag,
      create_time: time(within(90)),
    })
  const listedOf = (status: number) => ofKind(status).filter((a) => a.listed)
  for (const [userId, n] of [
    [plainId, 3],
    [doctorId, 2],
    [institutionId, 2],
  ] as const) {
    for (const a of rnd.pickSome(listedOf(ArticleStatus.course), n)) likeArticle(userId, a)
    for (const a of rnd.pickSome(listedOf(ArticleStatus.post), n - 1)) likeArticle(userId, a)
    for (const a of rnd.pickSome(listedOf(ArticleStatus.task), n - 1)) likeArticle(userId, a)
    for (const s of rnd.pickSome(listedSpus, n)) likeProduct(userId, s)
  }

  // --- addresses and invoices -----------------------------------------------------------
  const addAddress = (userId: number, a: AddressInfo, isDefault: boolean) => {
    t.addresses.add({
      user_id: userId,
      name: a.name,
      tel: a.tel,
      country: '中国',
      province: a.province,
      city: a.city,
      area: a.area,
      street: a.street,
      address_detail: a.detail,
      status: isDefault ? 1 : 0,
      create_time: time(within(300)),
    })
    return a
  }
  const plainAddresses = [
    addAddress(
      plainId,
      {
        name: '周明',
        tel: '13800000001',
        ...place('江苏省', '苏州市', '姑苏区', 0),
        detail: '人民路1288号金城大厦1506室',
      },
      true,
    ),
    addAddress(
      plainId,
      {
        name: '周明',
        tel: '13800000001',
        ...place('上海市', '上海市', '徐汇区', 2),
        detail: '漕溪北路398号汇智大厦12楼',
      },
      false,
    ),
    addAddress(
      plainId,
      {
        name: '王丽',
        tel: '13912345678',
        ...place('浙江省', '杭州市', '西湖区', 1),
        detail: '文三路259号昌地火炬大厦3号楼5层',
      },
      false,
    ),
  ]
  const customerAddresses = [
    addAddress(
      at(customerIds, 0),
      {
        name: '钱程',
        tel: '13800000021',
        ...place('江苏省', '苏州市', '吴中区', 3),
        detail: '东吴北路98号康美口腔2楼',
      },
      true,
    ),
    addAddress(
      at(customerIds, 1),
      {
        name: '陆远',
        tel: '13800000022',
        ...place('江苏省', '南京市', '鼓楼区', 1),
        detail: '中山北路88号3幢1202室',
      },
      true,
    ),
    addAddress(
      at(customerIds, 2),
      {
        name: '孙德馨',
        tel: '13800000023',
        ...place('江苏省', '无锡市', '梁溪区', 0),
        detail: '人民中路139号德馨诊所',
      },
      true,
    ),
  ]
  addAddress(
    doctorId,
    {
      name: '陈立',
      tel: '13800000002',
      ...place('江苏省', '南京市', '玄武区', 0),
      detail: '珠江路88号新世界中心A座2105',
    },
    true,
  )
  addAddress(
    institutionId,
    {
      name: '何经理',
      tel: '13800000003',
      ...place('江苏省', '苏州市', '苏州工业园区', 0),
      detail: '星湖街328号创意产业园11幢',
    },
    true,
  )

  const invoicePlace = at(plainAddresses, 0)
  const invoiceId = t.invoices.add({
    user_id: plainId,
    types: '电子普通发票',
    company_name: '姑苏区周明口腔诊所',
    company_code: '92320508MA1W8K3L2X',
    company_address: '苏州市姑苏区人民路1288号',
    company_tel: '05126523018',
    bank: '中国工商银行苏州观前支行',
    account: '1102020509000123456',
    name: '周明',
    tel: '13800000001',
    country: '中国',
    province: invoicePlace.province,
    city: invoicePlace.city,
    area: invoicePlace.area,
    street: invoicePlace.street,
    addressx: invoicePlace.detail,
    status: 1,
    create_time: time(ago(200)),
  })
  t.invoices.add({
    user_id: plainId,
    types: '增值税专用发票',
    company_name: '苏州明德口腔医疗有限公司',
    company_code: '91320508MA27Q5RX3H',
    company_address: '苏州市姑苏区干将西路566号',
    company_tel: '05126876542',
    bank: '招商银行苏州分行营业部',
    account: '512907334410801',
    name: '周明',
    tel: '13800000001',
    country: '中国',
    province: invoicePlace.province,
    city: invoicePlace.city,
    area: invoicePlace.area,
    street: invoicePlace.street,
    addressx: invoicePlace.detail,
    status: 0,
    create_time: time(ago(150)),
  })

  // --- orders, payments, purchases ------------------------------------------------------
  let orderSeq = 0
  let walletSeq = 0
  const ymd = (d: Date) => time(d).slice(0, 10).replaceAll('-', '')
  const userDiscount = (userId: number) => Number(t.users.rows[userId - 1]?.discount ?? 10)
  interface Line {
    title: string
    imgurl: string
    priceFen: number
    quantity: number
    spuId?: number
    skuId?: number
    articleId?: number
    sectionId?: number
  }
  const addWaybill = (orderId: number, shipped: Date, signed: Date | null, a: AddressInfo | undefined) => {
    const city = a?.city ?? '苏州市'
    const hub = city.replace(/市$/, '')
    const steps: { at: Date; status: string; info: string; process: string }[] = [
      {
        at: shipped,
        status: '已揽收',
        info: '快件已由【苏州工业园区营业点】揽收',
        process: '顺丰速运已收取快件',
      },
      {
        at: new Date(shipped.getTime() + 5 * 3600000),
        status: '运输中',
        info: '快件已发往【苏州转运中心】',
        process: '快件在【苏州转运中心】完成分拣',
      },
      {
        at: new Date(shipped.getTime() + 20 * 3600000),
        status: '运输中',
        info: `快件已到达【${hub}集散中心】`,
        process: `快件到达【${hub}集散中心】，准备发往派送网点`,
      },
    ]
    if (signed) {
      steps.push(
        {
          at: new Date(signed.getTime() - 4 * 3600000),
          status: '派送中',
          info: '快递员正在派送途中，请保持电话畅通',
          process: `【${a?.area ?? hub}营业点】派件员正在为您派件`,
        },
        {
          at: signed,
          status: '已签收',
          info: '快件已签收，签收人：本人',
          process: '您的快件已签收，感谢使用顺丰速运',
        },
      )
    }
    const locus = steps
      .filter((s) => s.at.getTime() <= now.getTime())
      .reverse()
      .map((s) => ({
        upload_Time: time(s.at),
        status: s.status,
        infoContent: s.info,
        processInfo: s.process,
      }))
    t.waybills.add({
      order_id: orderId,
      company: '顺丰速运',
      number: `SF${rnd.digits(13)}`,
      status: signed ? '已签收' : '运输中',
      locus: JSON.stringify(locus),
      create_time: time(shipped),
    })
  }
  const addOrder = (o: {
    userId: number
    status: number
    lines: Line[]
    created: Date
    address?: AddressInfo
    payWay?: string
    types?: number
    afterRemarks?: string
    invoiceId?: number
  }) => {
    const discount = userDiscount(o.userId)
    const cost = o.lines.reduce((s, l) => s + l.priceFen * l.quantity, 0)
    const tol = Math.round((cost * discount) / 10)
    const paid = o.status !== 10 && o.status !== 100
    const payTime = paid ? after(o.created, 0.02) : null
    const wayTime = payTime && (o.status === 30 || o.status === 40) && o.address ? after(payTime, 2) : null
    const finishTime = o.status === 40 ? (wayTime ? after(wayTime, 4) : payTime) : null
    const a = o.address
    const id = t.orders.add({
      code: `D${ymd(o.created)}${String(++orderSeq).padStart(4, '0')}`,
      user_id: o.userId,
      status: o.status,
      types: o.types ?? 0,
      cost_price_fen: cost,
      tol_cost_fen: tol,
      discount,
      rec_name: a?.name ?? '',
      rec_tel: a?.tel ?? '',
      rec_province: a?.province ?? '',
      rec_city: a?.city ?? '',
      rec_area: a?.area ?? '',
      rec_street: a?.street ?? '',
      rec_address: a ? [a.province, a.city, a.area, a.street].join(',') : '',
      rec_addressx: a?.detail ?? '',
      nick_name: userNick.get(o.userId) ?? '',
      after_remarks: o.afterRemarks ?? '',
      after_imgs: o.afterRemarks ? commentImg : '',
      invoice_id: o.invoiceId ?? null,
      pay_way: paid ? (o.payWay ?? 'balance') : '',
      create_time: time(o.created),
      pay_time: payTime ? time(payTime) : null,
      way_time: wayTime ? time(wayTime) : null,
      finish_time: finishTime ? time(finishTime) : null,
    })
    for (const l of o.lines) {
      t.items.add({
        order_id: id,
        spu_id: l.spuId ?? null,
        sku_id: l.skuId ?? null,
        article_id: l.articleId ?? null,
        section_id: l.sectionId ?? null,
        title: l.title,
        imgurl: l.imgurl,
        price_fen: l.priceFen,
        quantity: l.quantity,
      })
    }
    if (wayTime) addWaybill(id, wayTime, o.status === 40 && finishTime ? finishTime : null, a)
    return { id, code: String(t.orders.rows[id - 1]?.code), tol, payTime, payWay: o.payWay ?? 'balance' }
  }
  /** Lines of in-stock SKUs up to `maxFen` each: a person buys consumables, not three scanners. */
  const productLines = (n: number, maxFen: number): Line[] => {
    const affordable = listedSpus.filter((s) => s.skus.some((k) => k.stock > 0 && k.priceFen <= maxFen))
    return rnd.pickSome(affordable, n).map((s) => {
      const sku = rnd.pick(s.skus.filter((k) => k.stock > 0 && k.priceFen <= maxFen))
      return {
        title: `${s.title} ${sku.title}`,
        imgurl: sku.img,
        priceFen: sku.priceFen,
        quantity: sku.priceFen < 50000 ? rnd.int(1, 3) : 1,
        spuId: s.id,
        skuId: sku.id,
      }
    })
  }
  const expense = (
    userId: number,
    order: { id: number; code: string; tol: number; payTime: Date | null },
  ) => {
    t.wallet.add({
      user_id: userId,
      create_id: userId,
      order_id: order.id,
      tag: 1,
      groups: 10,
      title: `余额支付订单${order.code}`,
      price_fen: order.tol,
      code: `R${ymd(order.payTime ?? now)}${String(++walletSeq).padStart(5, '0')}`,
      status: 20,
      create_time: time(order.payTime ?? now),
    })
    return order.tol
  }

  let spent = 0
  const plain = at(plainAddresses, 0)
  const orderPlans: {
    status: number
    days: number
    n: number
    way: string
    types?: number
    after?: string
    invoice?: number
  }[] = [
    { status: 100, days: 60, n: 1, way: 'alipay' },
    { status: 40, days: 40, n: 3, way: 'alipay', invoice: invoiceId },
    { status: 40, days: 25, n: 1, way: 'balance', types: 10, after: '收到的商品外包装破损，申请换货' },
    { status: 30, days: 9, n: 2, way: 'wechat' },
    { status: 20, days: 5, n: 1, way: 'balance' },
    { status: 10, days: 2, n: 2, way: '' },
  ]
  for (const p of orderPlans) {
    const lines = productLines(p.n, 300000)
    if (lines.length > 0) {
      const o = addOrder({
        userId: plainId,
        status: p.status,
        lines,
        created: ago(p.days),
        address: p.status === 30 ? at(plainAddresses, 1) : plain,
        payWay: p.way,
        types: p.types,
        afterRemarks: p.after,
        invoiceId: p.invoice,
      })
      if (o.payTime && p.way === 'balance') spent += expense(plainId, o)
    }
  }
  // Two whole courses and one single section bought by the plain user.
  const paidCourses = listedOf(ArticleStatus.course).filter((a) => a.priceFen > 0 && a.createId !== plainId)
  const bought = paidCourses.slice(0, 2)
  if (bought.length > 0) {
    const o = addOrder({
      userId: plainId,
      status: 40,
      lines: bought.map((a) => ({
        title: a.title,
        imgurl: a.imgurl,
        priceFen: a.priceFen,
        quantity: 1,
        articleId: a.id,
      })),
      created: ago(50),
      payWay: 'balance',
    })
    spent += expense(plainId, o)
    for (const a of bought)
      t.purchases.add({
        user_id: plainId,
        article_id: a.id,
        section_id: null,
        order_id: o.id,
        create_time: time(o.payTime ?? now),
      })
  }
  const single = paidCourses[2]
  const section = single?.sections.find((s) => s.paid)
  if (single && section) {
    const o = addOrder({
      userId: plainId,
      status: 40,
      lines: [
        {
          title: `${single.title} ${section.title}`,
          imgurl: single.imgurl,
          priceFen: section.priceFen,
          quantity: 1,
          articleId: single.id,
          sectionId: section.id,
        },
      ],
      created: ago(18),
      payWay: 'wechat',
    })
    t.purchases.add({
      user_id: plainId,
      article_id: single.id,
      section_id: section.id,
      order_id: o.id,
      create_time: time(o.payTime ?? now),
    })
  }
  // Recharges that leave exactly the demo balance of 500 yuan.
  const plainBalance = Number(t.users.rows[plainId - 1]?.balance_fen ?? 0)
  const recharges: [number, number][] = [
    [120, plainBalance + spent - 20000],
    [10, 20000],
  ]
  for (const [days, fen] of recharges) {
    const when = ago(days)
    t.wallet.add({
      user_id: plainId,
      create_id: plainId,
      order_id: null,
      tag: 2,
      groups: 30,
      title: '余额充值',
      price_fen: fen,
      code: `R${ymd(when)}${String(++walletSeq).padStart(5, '0')}`,
      status: 20,
      create_time: time(when),
    })
  }

  // The introducer's customers and the commission on their paid orders.
  let commission = 0
  const statuses = [40, 30, 20, 40, 10, 40]
  for (const [i, userId] of customerIds.entries()) {
    for (let k = 0; k < 2; k++) {
      const status = at(statuses, (i * 2 + k) % statuses.length)
      const lines = productLines(rnd.int(1, 3), 3000000)
      if (lines.length > 0) {
        const o = addOrder({
          userId,
          status,
          lines,
          created: ago(rnd.int(3, 150)),
          address: at(customerAddresses, i),
          payWay: rnd.pick(['alipay', 'wechat', 'union']),
        })
        if (!o.payTime) continue
        const fen = Math.round(o.tol * 0.05)
        commission += fen
        t.wallet.add({
          user_id: introducerId,
          create_id: userId,
          order_id: o.id,
          tag: 2,
          groups: 20,
          title: `推荐佣金：${userNick.get(userId) ?? ''}`,
          price_fen: fen,
          code: `R${ymd(o.payTime)}${String(++walletSeq).padStart(5, '0')}`,
          status: 20,
          create_time: time(o.payTime),
        })
      }
    }
  }
  const introducerRow = must(t.users.rows[introducerId - 1], 'introducer')
  introducerRow.income_fen = commission
  introducerRow.balance_fen = commission
  // Cumulative spending is at least what the seeded paid orders add up to.
  const paidBy = new Map<number, number>()
  for (const o of t.orders.rows) {
    if (o.pay_time === null) continue
    paidBy.set(Number(o.user_id), (paidBy.get(Number(o.user_id)) ?? 0) + Number(o.tol_cost_fen))
  }
  for (const [userId, fen] of paidBy) {
    const row = must(t.users.rows[userId - 1], `user ${userId}`)
    if (Number(row.integral_fen) < fen) row.integral_fen = fen
  }
  log(
    `orders: ${t.orders.rows.length}, wallet: ${t.wallet.rows.length}, purchases: ${t.purchases.rows.length}`,
  )

  // --- notifications --------------------------------------------------------------------
  for (const [i, [title, content]] of NOTICES.entries()) {
    t.notifications.add({ user_id: null, title, content, create_time: time(ago(90 - i * 20)) })
  }
  const shipped = t.orders.rows.find((o) => o.user_id === plainId && o.status === 30)
  const personal: [number, string, string, number][] = [
    [plainId, '余额充值成功', '您已成功充值200.00元，可用于购买商品和课程。', 10],
    [plainId, '订单已发货', `您的订单${String(shipped?.code ?? '')}已由顺丰速运发出，请注意查收。`, 8],
    [plainId, '课程购买成功', '您购买的课程已解锁，可在“课程管理”中查看。', 50],
    [plainId, '您的评论收到了新回复', '有用户回复了您的评论，快去看看吧。', 3],
    [doctorId, '认证审核通过', '恭喜，您的医生认证已审核通过。', 400],
    [institutionId, '认证审核通过', '恭喜，您的机构认证已审核通过，现在可以发布课程、任务和社区内容。', 500],
  ]
  for (const [userId, title, content, days] of personal) {
    t.notifications.add({ user_id: userId, title, content, create_time: time(ago(days)) })
  }

  // --- banners --------------------------------------------------------------------------
  const firstOf = (cls: string) => spus.find((s) => s.listed && s.line.cls === cls)?.id
  const productUrl = (cls: string) => {
    const id = firstOf(cls)
    return id ? `/productdetail/${id}/` : '/product'
  }
  const courseBy = (teacherId: number) => {
    const c = listedOf(ArticleStatus.course).find((a) => a.createId === teacherId)
    return c ? `/detail/${c.id}/` : '/course'
  }
  const bannerPlan: [string, string, string, Icon, string][] = [
    [
      BannerPosition.home,
      '隐形矫治 自信微笑',
      '数字化方案设计 · 医用级膜片 · 全程可控',
      'tooth',
      productUrl('隐形矫治器'),
    ],
    [
      BannerPosition.home,
      '无痛麻醉 舒适诊疗',
      '计算机控制推注，儿童与恐惧患者的友好选择',
      'syringe',
      productUrl('无痛麻醉注射仪'),
    ],
    [
      BannerPosition.home,
      '名师课程 限时优惠',
      '正畸 · 种植 · 麻醉 · 数字化，系统提升临床能力',
      'play',
      '/course',
    ],
    [
      BannerPosition.products,
      '口内扫描仪 新品上市',
      '真彩三维成像，全口扫描约1分钟',
      'scanner',
      productUrl('口内扫描仪'),
    ],
    [BannerPosition.products, '诊所耗材 囤货季', '常用耗材批量采购，机构专享阶梯价', 'box', '/product'],
    [BannerPosition.tasks, '同城任务 高效对接', '招聘、设备维护、病例会诊，一站发布', 'briefcase', '/task'],
    [BannerPosition.shares, '病例分享 共同成长', '和全国同行交流临床经验', 'chat', '/association'],
    [BannerPosition.courses, '数字化口腔系列课', '从口扫取模到椅旁修复', 'scanner', '/course'],
    [
      BannerPosition.courses,
      '正畸进阶训练营',
      '王医生主讲，拔牙病例方案设计',
      'play',
      courseBy(at(teacherIds, 0)),
    ],
    [BannerPosition.coursePage, '买课送讲义', '付费课程均附PDF讲义，可下载复习', 'doc', '/course'],
    [BannerPosition.productPage, '机构采购 专享折扣', '认证机构享会员折扣与月结服务', 'shield', '/product'],
  ]
  bannerPlan.forEach(([position, title, subtitle, icon, urls], i) => {
    const imgurl = files.image(`banner-${i + 1}`, {
      kind: 'banner',
      title,
      subtitle,
      icon,
      key: `${title}${i}`,
    })
    t.banners.add({ position, imgurl, urls, title, sort: i + 1, is_show: 1 })
  })

  // --- configuration --------------------------------------------------------------------
  t.configs.push(
    { ckey: 'agreement', value: `<h2>用户服务协议</h2>${AGREEMENT.join('')}` },
    { ckey: 'content', value: `<h2>隐私政策</h2>${PRIVACY.join('')}` },
    { ckey: 'imgurl', value: LEVEL_HTML },
    {
      ckey: 'levels',
      value: JSON.stringify({
        stars: [2000, 50000, 100000, 200000],
        altStars: [50000, 100000, 200000, 400000],
        upgradeTexts: [2000, 5000, 10000, 20000],
      }),
    },
  )

  // --- write ----------------------------------------------------------------------------
  const built = Date.now()
  log(`generated in ${built - started} ms (${files.count} files); writing to ${db.dialect}`)
  const ordered: Table[] = [
    t.classifies,
    t.users,
    t.spus,
    t.skus,
    t.articles,
    t.sections,
    t.comments,
    t.likes,
    t.addresses,
    t.invoices,
    t.orders,
    t.items,
    t.purchases,
    t.wallet,
    t.waybills,
    t.notifications,
    t.banners,
  ]
  await db.tx(async (tx) => {
    await insertRows(tx, 'regions', t.regions)
    for (const table of ordered) await insertRows(tx, table.name, table.rows)
    await insertRows(tx, 'configs', t.configs)
    if (tx.dialect === 'pg') {
      // Ids were given explicitly, so the sequences must be moved past them.
      for (const table of ordered) {
        await tx.get(
          `SELECT setval(pg_get_serial_sequence('${table.name}', 'id'), COALESCE((SELECT MAX(id) FROM ${table.name}), 0) + 1, false)`,
        )
      }
    }
  })
  log(`written in ${Date.now() - built} ms`)

  return {
    regions: t.regions.length,
    classifies: t.classifies.rows.length,
    banners: t.banners.rows.length,
    users: t.users.rows.length,
    products: t.spus.rows.length,
    skus: t.skus.rows.length,
    courses: ofKind(ArticleStatus.course).length,
    posts: ofKind(ArticleStatus.post).length,
    tasks: ofKind(ArticleStatus.task).length,
    faqs: ofKind(ArticleStatus.faq).length,
    complaints: ofKind(ArticleStatus.complaint).length,
    sections: t.sections.rows.length,
    comments: t.comments.rows.length,
    likes: t.likes.rows.length,
    addresses: t.addresses.rows.length,
    invoices: t.invoices.rows.length,
    orders: t.orders.rows.length,
    orderItems: t.items.rows.length,
    purchases: t.purchases.rows.length,
    transactions: t.wallet.rows.length,
    waybills: t.waybills.rows.length,
    notifications: t.notifications.rows.length,
    configs: t.configs.length,
    files: files.count,
  }
}

/** The fields of an FAQ or complaint draft that the listed kinds fill in. */
function blankDraft(status: number, title: string, created: Date) {
  return {
    status,
    title,
    subTitle: '',
    cls: '',
    classKey: null,
    tag: '',
    city: '',
    priceFen: 0,
    paragraphs: [] as string[],
    brief: '',
    createId: null as number | null,
    created,
    hitsTrue: 0,
    extMore: 0,
    listed: true,
    postName: '',
    tel: '',
    addressx: '',
    sectionTitles: [] as string[],
    extraImages: 0,
    commentable: false,
  }
}
