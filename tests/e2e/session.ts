import type { APIRequestContext, Page } from '@playwright/test'
import { DEV_SIGN_IV, DEV_SIGN_KEY, makeSign } from '../../src/lib/sign.ts'

/** Headers of a signed API call, as the browser client sends them. */
export const signed = () => ({
  sign: makeSign({ key: DEV_SIGN_KEY, iv: DEV_SIGN_IV }),
  'content-type': 'application/json',
})

/** A phone number no seeded or earlier user has: 139 plus 8 random digits. */
export const freshPhone = () => `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`

/**
 * Signs in through the API and stores the session the way the login dialog does, so a test
 * about an account screen starts on it signed in. The login dialog itself has its own tests.
 */
export async function signInAs(
  page: Page,
  request: APIRequestContext,
  tel = '13800000001',
  password = 'demo1234',
) {
  const res = await request.post('/api/Users/PostUsersPsw', { headers: signed(), data: { tel, password } })
  const body = await res.json()
  if (body.status !== 200) throw new Error(`login failed for ${tel}: ${JSON.stringify(body)}`)
  const { user, owinToken } = body.data
  await page.addInitScript(
    ([token, u]) => {
      // Only into a fresh browser: a reload after a profile edit or a logout keeps what the page stored.
      if (sessionStorage.getItem('e2e-signed-in')) return
      sessionStorage.setItem('e2e-signed-in', '1')
      localStorage.setItem('tokens', token as string)
      localStorage.setItem('users', u as string)
    },
    [owinToken.access_token, JSON.stringify(user)],
  )
  return { token: owinToken.access_token as string, user }
}

/**
 * A brand-new user signed in through the API only (no page): its id, nickname and the
 * Authorization header of its calls.
 */
export async function apiUser(request: APIRequestContext) {
  const tel = await registerUser(request)
  const res = await request.post('/api/Users/PostUsersPsw', {
    headers: signed(),
    data: { tel, password: 'test1234' },
  })
  const body = await res.json()
  if (body.status !== 200) throw new Error(`login failed: ${JSON.stringify(body)}`)
  return {
    id: body.data.user.id as number,
    name: body.data.user.nickName as string,
    headers: { Authorization: `Bearer ${body.data.owinToken.access_token}` } as Record<string, string>,
  }
}

/** The newest SMS code sent to a phone, read from the local provider's outbox. */
export async function lastSmsCode(tel: string): Promise<string> {
  const { DatabaseSync } = await import('node:sqlite')
  const db = new DatabaseSync(`${process.env.E2E_DIR}/portal.db`)
  try {
    const row = db.prepare('SELECT code FROM sms_codes WHERE tel = ? ORDER BY id DESC LIMIT 1').get(tel) as
      | { code: string }
      | undefined
    if (!row) throw new Error(`no SMS sent to ${tel}`)
    return row.code
  } finally {
    db.close()
  }
}

/** Registers a brand-new user through the API (SMS code from the outbox); returns its phone. */
export async function registerUser(request: APIRequestContext, password = 'test1234'): Promise<string> {
  const tel = freshPhone()
  const sent = await request.get(`/api/Account/GetAccountCodes?tel=${tel}`, { headers: signed() })
  if ((await sent.json()).status !== 200) throw new Error(`no code for ${tel}`)
  const code = await lastSmsCode(tel)
  const res = await request.post('/api/Users/PostUsersRegistTel', {
    headers: signed(),
    data: { tel, code, password, okPassword: password },
  })
  const body = await res.json()
  if (body.status !== 200) throw new Error(`register failed: ${JSON.stringify(body)}`)
  return tel
}
