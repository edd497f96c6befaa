import { describe, expect, it } from 'vitest'
import { startServer } from '../../../tests/api/harness.ts'
import { newUser } from '../../../tests/api/session.ts'
import { notify } from '../../notify.ts'

// The bell's unread count (issue 19): Users/GetUsersUnread, and /message's Users/PostUsersNoticesRead.
const h = startServer()
type Auth = Record<string, string>
const unread = async (auth: Auth) => (await h.get<number>('/api/Users/GetUsersUnread', {}, auth)).data
const shown = async (auth: Auth) =>
  (await h.get<{ id: number; title: string }[]>('/api/Article/GetArticleQuery', { status: 200 }, auth)).data
const read = (id: unknown, auth: Auth) => h.post('/api/Users/PostUsersNoticesRead', id, auth)
/** A notification to the user, written an hour in the past: "new" means written since, not dated since. */
const send = (userId: number, title: string) =>
  notify(h.db, userId, title, '内容', new Date(Date.now() - 3600_000))

describe('unread notifications', () => {
  it('counts what arrived since /message last showed the list, and only the user’s own', async () => {
    const u = await newUser(h)
    const other = await newUser(h)
    // The notices for everyone (the seed has some) are new to a new user too.
    const everyone = await unread(u.auth)
    expect(await unread(other.auth)).toBe(everyone)
    await send(u.id, '订单已发货')
    await send(u.id, '发票已开具')
    await send(other.id, '别人的通知')
    expect(await unread(u.auth)).toBe(everyone + 2)
    expect(await unread(other.auth)).toBe(everyone + 1)

    // /message shows the list and marks what it showed as read.
    const list = await shown(u.auth)
    const newest = Math.max(...list.map((n) => n.id))
    expect((await read({ id: newest }, u.auth)).data).toBe('已读')
    expect(await unread(u.auth)).toBe(0)
    expect(await unread(other.auth)).toBe(everyone + 1)

    // A later notification is unread again; an older id read again takes nothing back.
    await send(u.id, '订单已取消')
    expect(await unread(u.auth)).toBe(1)
    await read({ id: newest }, u.auth)
    expect(await unread(u.auth)).toBe(1)
  })

  it('marks nothing the list did not show, and nothing beyond what exists', async () => {
    const u = await newUser(h)
    await send(u.id, '一')
    const [first] = await shown(u.auth)
    // Written after the list was fetched: it stays unread.
    await send(u.id, '二')
    await read({ id: first!.id }, u.auth)
    expect(await unread(u.auth)).toBe(1)

    // An id far above any notification only reads what exists: the next one is still new.
    await read(2_000_000_000, u.auth)
    expect(await unread(u.auth)).toBe(0)
    await send(u.id, '三')
    expect(await unread(u.auth)).toBe(1)
  })

  it('needs a session and a notification id', async () => {
    const anon = await h.get('/api/Users/GetUsersUnread', {})
    expect(anon.http).toBe(401)
    const u = await newUser(h)
    const bad = await read({ id: 'x' }, u.auth)
    expect([bad.http, bad.data]).toEqual([400, '请提供正确的通知编号'])
  })
})
