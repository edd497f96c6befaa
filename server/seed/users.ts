/** The demo accounts, the lecturers, the introducer's customers and the community members. */
import { CertLevel, CertStatus } from '../../src/lib/constants.ts'
import { hashPassword } from '../modules/accounts/password.ts'
import { at, Discount, type SeedContext, Table, VISITOR_LEVEL } from './common.ts'
import { svg } from './images.ts'
import { Random } from './random.ts'
import { GIVEN_NAMES, NICKNAMES, SURNAMES, TEACHERS } from './text.ts'

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

/** The salts of the demo password hashes come from their own sequence. */
const SALT_SEED = 7
const SALT_BYTES = 16
/** Cumulative spending (integral, fen) of the members, in turn, and the discount it earns. */
const MEMBER_INTEGRALS = [0, 60000, 180000, 450000, 2600000, 7500000, 15000000, 32000000]
const EIGHTY_PERCENT_FROM = 20000000
const NINETY_PERCENT_FROM = 5000000

export interface SeedUsers {
  table: Table<'users'>
  /** Who owns which private file (user_uploads): the scans here, the paid sections' files in articles.ts. */
  owners: Table<'user_uploads'>
  /** nick(id) → the user's nick name. */
  nick(id: number): string
  plainId: number
  doctorId: number
  institutionId: number
  introducerId: number
  teacherIds: number[]
  customerIds: number[]
  memberIds: number[]
  /** Who writes posts and comments: the plain user, the doctor, the institution and the members. */
  authors: number[]
}

export async function seedUsers(ctx: SeedContext): Promise<SeedUsers> {
  const { files, ago, time } = ctx
  const table = new Table('users')
  const avatarPool = Array.from({ length: 8 }, (_, i) =>
    files.image(`avatar-${i + 1}`, { kind: 'avatar', title: '', icon: 'person', key: `avatar${i * 7}` }),
  )
  // The certified accounts' scans are private like anyone's (issue 13): only they see them.
  const certSvg = svg({ kind: 'cover', title: '资质证明', subtitle: '示例图片', icon: 'doc' })
  const certImg = ctx.privateFiles.file('cert-licence.svg', () => certSvg)
  const owners = new Table('user_uploads')
  const ownsCert = (userId: number) =>
    owners.add({
      user_id: userId,
      path: certImg,
      size: Buffer.byteLength(certSvg),
      create_time: time(ago(30)),
    })
  const salts = new Random(SALT_SEED)
  const hashes = new Map<string, Promise<string>>()
  for (const a of DEMO_ACCOUNTS) hashes.set(a.tel, hashPassword(a.password, salts.bytes(SALT_BYTES)))

  const nicks = new Map<number, string>()
  const addUser = async (u: {
    tel: string
    nick: string
    real?: string
    avatar: string
    content?: string
    level?: number
    status?: number
    cert?: string
    /** When the form was submitted (reviewing ones: the reviewer's queue shows it). */
    certAt?: Date
    discount?: number
    balanceFen?: number
    integralFen?: number
    incomeFen?: number
    introducerId?: number | null
    teacher?: boolean
    created: Date
  }) => {
    const id = table.size + 1
    const hash = hashes.get(u.tel)
    table.add({
      code: `U${String(id).padStart(6, '0')}`,
      tel: u.tel,
      password_hash: hash ? await hash : null,
      nick_name: u.nick,
      real_name: u.real ?? '',
      avatar_url: u.avatar,
      content: u.content ?? '',
      ext: '',
      level: u.level ?? VISITOR_LEVEL,
      status: u.status ?? CertStatus.form,
      cert_ext: u.cert ?? '',
      cert_time: u.certAt ? time(u.certAt) : null,
      discount: u.discount ?? Discount.none,
      discount_tenths: (u.discount ?? Discount.none) * 10,
      balance_fen: u.balanceFen ?? 0,
      integral_fen: u.integralFen ?? 0,
      income_fen: u.incomeFen ?? 0,
      introducer_id: u.introducerId ?? null,
      is_teacher: u.teacher ? 1 : 0,
      create_time: time(u.created),
    })
    nicks.set(id, u.nick)
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
    level: CertLevel.doctor,
    status: CertStatus.approved,
    cert: certForm('陈立', '13800000002', 'chenli@example.com'),
    discount: Discount.tenPercent,
    integralFen: 6000000,
    created: ago(500),
  })
  ownsCert(doctorId)
  const institutionId = await addUser({
    tel: '13800000003',
    nick: '苏州微笑口腔门诊部',
    real: '苏州微笑口腔门诊部有限公司',
    avatar: files.image('avatar-institution', { kind: 'avatar', title: '微笑', icon: 'person' }),
    content: '苏州工业园区的综合口腔门诊，开设正畸、种植、儿牙专科。',
    level: CertLevel.institution,
    status: CertStatus.approved,
    cert: certForm('何经理', '13800000003', 'clinic@example.com'),
    discount: Discount.twentyPercent,
    integralFen: 25000000,
    created: ago(600),
  })
  ownsCert(institutionId)
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
        level: CertLevel.doctor,
        status: CertStatus.approved,
        discount: Discount.tenPercent,
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
        discount: i === 0 ? Discount.tenPercent : Discount.none,
        integralFen: at([5600000, 420000, 90000], i),
        created: ago(300 - i * 40),
      }),
    )
  }
  const memberIds: number[] = []
  for (const [i, nick] of NICKNAMES.entries()) {
    const integral = at(MEMBER_INTEGRALS, i % MEMBER_INTEGRALS.length)
    const tel = `1390000${String(1001 + i)}`
    const real = `${at(SURNAMES, i % SURNAMES.length)}${at(GIVEN_NAMES, (i * 5) % GIVEN_NAMES.length)}`
    // Every fifth member is a certified doctor; some others wait for review, with a form and
    // scans to review as a submission leaves them (the identity asked for, its time).
    const reviewing = i % 5 !== 0 && i % 7 === 3
    const id = await addUser({
      tel,
      nick,
      real,
      avatar: at(avatarPool, i % avatarPool.length),
      level: i % 5 === 0 || reviewing ? CertLevel.doctor : VISITOR_LEVEL,
      status: i % 5 === 0 ? CertStatus.approved : reviewing ? CertStatus.reviewing : CertStatus.form,
      ...(reviewing
        ? { cert: certForm(real, tel, `member${1001 + i}@example.com`), certAt: ago(2 + i) }
        : {}),
      discount:
        integral >= EIGHTY_PERCENT_FROM
          ? Discount.twentyPercent
          : integral >= NINETY_PERCENT_FROM
            ? Discount.tenPercent
            : Discount.none,
      integralFen: integral,
      created: ago(370 + i * 11),
    })
    if (reviewing) ownsCert(id)
    memberIds.push(id)
  }
  ctx.log(`users: ${table.size}`)
  return {
    table,
    owners,
    nick: (id) => nicks.get(id) ?? '',
    plainId,
    doctorId,
    institutionId,
    introducerId,
    teacherIds,
    customerIds,
    memberIds,
    authors: [plainId, doctorId, institutionId, ...memberIds],
  }
}
