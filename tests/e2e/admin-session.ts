import type { APIRequestContext, Page } from '@playwright/test'
import type { BuildStatus } from '../../src/lib/api/admin-content.ts'
import { signed } from './session.ts'
import { expect, test } from './test.ts'

export const STAFF_PASSWORD = 'demo1234'

/** A staff session through the API: the token, for API calls of the test itself. */
export async function staffToken(
  request: APIRequestContext,
  username: string,
  password = STAFF_PASSWORD,
  totp?: string,
) {
  const res = await request.post('/api/admin/session', {
    headers: signed(),
    data: { username, password, ...(totp ? { totp } : {}) },
  })
  const body = await res.json()
  if (body.status !== 200) throw new Error(`staff sign-in failed for ${username}: ${JSON.stringify(body)}`)
  return body.data.token as string
}

/** An admin call of the test itself: staffCall(request, token, 'POST', '/api/admin/staff', {...}) → data. */
export async function staffCall<T>(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST' | 'PATCH',
  path: string,
  data?: unknown,
) {
  const res = await request.fetch(path, {
    method,
    headers: { ...signed(), Authorization: `Bearer ${token}` },
    data,
  })
  const body = await res.json()
  if (body.status !== 200) throw new Error(`${method} ${path}: ${JSON.stringify(body)}`)
  return body.data as T
}

/**
 * Puts the browser of `page` on the staff session of `token`, as a sign-in there would (issue
 * 39): the HttpOnly cookie on /api/admin, and once per tab the non-secret marker the screens read
 * before asking the server. Called again, it switches the tab to another staff member.
 */
export async function asStaff(page: Page, token: string) {
  const { hostname } = new URL(test.info().project.use.baseURL ?? 'http://127.0.0.1')
  await page.context().addCookies([
    {
      name: 'staff_session',
      value: token,
      domain: hostname,
      path: '/api/admin',
      httpOnly: true,
      sameSite: 'Strict',
    },
  ])
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('e2e-staff')) {
      sessionStorage.setItem('e2e-staff', '1')
      localStorage.setItem('staff-signed-in', '1')
    }
  })
}

/** Opens the back office already signed in (the sign-in page has its own tests); answers the token, for API calls. */
export async function signInStaffAs(page: Page, request: APIRequestContext, username: string) {
  const token = await staffToken(request, username)
  await asStaff(page, token)
  return token
}

/** The detail screen that saving a new item lands on (/admin/<list>/detail/?id=…), headed `title`: its id. */
export async function landedOnDetail(page: Page, list: string, title: string) {
  await expect(page).toHaveURL(new RegExp(`/admin/${list}/detail/\\?id=\\d+`))
  const id = Number(new URL(page.url()).searchParams.get('id'))
  await expect(page.getByRole('heading', { name: title })).toBeVisible()
  return id
}

/** A username no other test uses. */
export const freshUsername = (prefix = 'e2e') => `${prefix}${Math.floor(Math.random() * 1e9)}`

/**
 * A new operator account the admin adds through the API (named `prefix` and a number), not yet
 * signed in: the admin's token, its username, its record and its one-time password.
 */
export async function addedOperator(request: APIRequestContext, prefix: string) {
  const admin = await staffToken(request, 'admin')
  const username = freshUsername(prefix)
  const added = await staffCall<{ staff: { id: number }; password: string }>(
    request,
    admin,
    'POST',
    '/api/admin/staff',
    { username, roles: ['operator'] },
  )
  return { admin, username, ...added }
}

/**
 * Until the site builder has nothing queued or building (a content.write token): a save timed
 * from here measures its own build, not one another write started just before.
 */
export async function builderIdle(request: APIRequestContext, token: string) {
  await expect
    .poll(
      async () => {
        const s = await staffCall<BuildStatus>(request, token, 'GET', '/api/admin/site/build-status')
        return s.queued.count === 0 && !s.building
      },
      { timeout: 120_000 },
    )
    .toBe(true)
}
