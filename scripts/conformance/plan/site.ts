import type { ArticleIndex, LoginAnswer, Profile, Street, WeChatQr } from '../../../src/lib/api/types.ts'
import { ArticleStatus, NOTIFICATION_QUERY_STATUS } from '../../../src/lib/constants.ts'
import { makeSign } from '../../../src/lib/sign.ts'
import { type Group, queryText } from '../runner.ts'
import { API, DISTRICT, type Facts, FOREIGN_SECRET, type Query, SIGNED_IN_READS, STALE_MS } from './calls.ts'
import { unknownAndBadId } from './catalog.ts'

export async function site(g: Group, facts: Facts) {
  await g.read(API.banners, '(no parameters)', {})
  await g.read(API.classify, '(no parameters)', {})
  await g.read(API.configs, '(no parameters)', {})
  // Issue 24's offers: the same for every visitor.
  await g.read(API.coupons, '(no parameters)', {})
  await g.read(API.promotions, '(no parameters)', {})
  await g.read(API.shipping, '(no parameters)', {})
  const district = { title: DISTRICT.area, city: DISTRICT.city }
  facts.streets = await g.read<Street[]>(API.streets, queryText(district), { query: district }, (s) =>
    s.length
      ? []
      : [{ field: 'data', value: s, message: `expected the streets of ${DISTRICT.city}${DISTRICT.area}` }],
  )
  const byCode = { title: DISTRICT.area, code: DISTRICT.code }
  await g.read<Street[]>(API.streets, queryText(byCode), { query: byCode })
  await g.badInput(API.streets, {}, 'title', '区'.repeat(31))

  // A real phone would get an SMS: only what is refused.
  await g.refused(API.smsCode, '(no tel) → 400', {}, 400, { field: 'query.tel', why: 'a phone is required' })
  await g.badInput(API.smsCode, {}, 'tel', '12345')
  g.skip(API.smsCode, 'tel=<a phone>', 'sends an SMS')

  const qr = await g.read<WeChatQr>(API.qr, '(no parameters)', {})
  if (qr)
    await g.read<unknown>(
      API.qrResult,
      'str=<the new QR> (not yet confirmed)',
      { query: { str: qr.str } },
      (d) =>
        d === null ? [] : [{ field: 'data', value: d, message: 'null while nobody has confirmed the QR' }],
    )
  else g.skip(API.qrResult, 'str=<the new QR>', 'needs a QR, which failed')
  await g.refused(API.qrResult, 'str=unknown → 400', { query: { str: 'conformance-unknown' } }, 400, {
    field: 'query.str',
    value: 'conformance-unknown',
    why: 'an unknown or expired QR is refused with 400',
  })
}

/** The test account's session: the token given, or a sign-in with its phone and password; then its profile. */
export async function signIn(g: Group, facts: Facts) {
  const { token, phone, password } = g.run.opts
  if (token) facts.token = token
  else if (phone && password) {
    const login = await g.read<LoginAnswer>(API.login, `tel=${phone} (the test account)`, {
      body: { tel: phone, password },
    })
    if (login) {
      facts.token = login.owinToken.access_token
      facts.ownSession = true
    } else facts.loginFailed = 'the test account could not sign in (see POST /api/Users/PostUsersPsw)'
  }
  if (!facts.token) return
  facts.me = await g.read<Profile>(API.me, '(no parameters)', { token: facts.token }, (d) =>
    phone && d.tel !== phone
      ? [{ field: 'data.tel', value: d.tel, message: `expected ${phone}, the account signed in` }]
      : [],
  )
  if (!facts.me) facts.loginFailed = "the test account's profile could not be read"
}

export async function home(g: Group) {
  const index = await g.read<ArticleIndex>(API.index, '(no parameters)', {})
  const teacher = index?.user[0]
  if (teacher)
    await g.read<Record<string, unknown>>(
      API.user,
      `id=${teacher.id} (a teacher of the home page)`,
      { query: { id: teacher.id } },
      (d) => [
        ...(d.id === teacher.id
          ? []
          : [{ field: 'data.id', value: d.id, message: `expected ${teacher.id}` }]),
        ...['tel', 'balance', 'password', 'passwordHash', 'ownerImg', 'codeImg']
          .filter((k) => k in d)
          .map((k) => ({ field: `data.${k}`, value: d[k], message: 'a private field in a public answer' })),
      ],
    )
  else g.skip(API.user, 'id=<a teacher>', 'needs a teacher of the home page')
  await unknownAndBadId(g, API.user)

  await g.read(API.articleQuery, 'status=40 (the FAQ)', { query: { status: ArticleStatus.faq } })
  const needSession: Query[] = [
    { status: NOTIFICATION_QUERY_STATUS },
    { status: ArticleStatus.course, isMapping: 1 },
  ]
  for (const query of needSession)
    await g.refused(API.articleQuery, `${queryText(query)} without a session → 401`, { query }, 401, {
      field: 'header.Authorization',
      value: '(none)',
      why: 'notifications and own items need a session',
    })
  await g.badInput(API.articleQuery, {}, 'status', 'x')

  // A task's contacts (issue 39): for a signed-in author or buyer only, so never without a session.
  await g.refused(API.articleContact, 'id=1 without a session → 401', { query: { id: 1 } }, 401, {
    field: 'header.Authorization',
    value: '(none)',
    why: 'a paid task’s contacts are for its author and buyers',
  })
}

/** The sign rules: missing, foreign, stale and future signs are refused with 403 before anything else. */
export async function signs(g: Group) {
  if (g.run.opts.signChecks === false) {
    g.skip(API.banners, 'sign checks', 'turned off (--no-sign-checks)')
    return
  }
  const now = Date.now()
  const cases: [string, string | null, string][] = [
    ['no sign header', null, '(none)'],
    ['sign=not-a-sign', 'not-a-sign', 'not-a-sign'],
    ['a sign made with another key', makeSign(FOREIGN_SECRET, now), '(another key)'],
    ['a sign 10 minutes old', g.run.sign(now - STALE_MS), '(10 minutes old)'],
    ['a sign 10 minutes ahead', g.run.sign(now + STALE_MS), '(10 minutes ahead)'],
  ]
  for (const [call, query] of [
    [API.banners, {}],
    [API.articles, { status: ArticleStatus.post, pageSize: 1 }],
  ] as const)
    for (const [name, sign, value] of cases)
      await g.refused(call, `${name} → 403`, { query, sign }, 403, {
        field: 'header.sign',
        value,
        why: 'a missing, foreign or stale sign is refused with 403',
      })
}

/** Without a session every per-user read answers 401 (before it reads its parameters). */
export async function sessions(g: Group) {
  for (const [call, query] of SIGNED_IN_READS)
    await g.refused(
      call,
      `${queryText(query) || '(no parameters)'} without a session → 401`,
      { query },
      401,
      {
        field: 'header.Authorization',
        value: '(none)',
        why: 'a per-user read needs a session',
      },
    )
  await g.refused(
    API.me,
    'a made-up token → 401',
    { headers: { Authorization: 'Bearer conformance-made-up' } },
    401,
    {
      field: 'header.Authorization',
      value: 'Bearer conformance-made-up',
      why: 'an unknown token is no session',
    },
  )
}

/** The test account's own reads. */
export async function signOut(g: Group, facts: Facts) {
  if (!facts.ownSession || !facts.token) return
  await g.read(API.logout, 'the session of this run', { token: facts.token, body: {} })
  await g.refused(API.me, 'the token after logout → 401', { token: facts.token }, 401, {
    field: 'header.Authorization',
    value: '(the revoked token)',
    why: 'a token ends with its logout',
  })
}
