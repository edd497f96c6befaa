import { type Dictionary, demoTask } from '../../scripts/demo-task.ts'
import { signed } from './session.ts'
import { expect, test } from './test.ts'

/**
 * Rebuild on change (server/site-builder.ts): a task published through the API reaches its own
 * static page and the first page of the task listing within 30 s, while the listing keeps
 * answering 200 to a reader polling it the whole time.
 */
test('a published task goes live on its static page and the listing, the site answering throughout', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000)
  const login = await request.post('/api/Users/PostUsersPsw', {
    headers: signed(),
    data: { tel: '13800000002', password: 'demo1234' },
  })
  const token = (await login.json()).data.owinToken.access_token as string
  const auth = { ...signed(), Authorization: `Bearer ${token}` }
  const dict = (await (await request.get('/api/Classify/GetClassifyQuerys', { headers: signed() })).json())
    .data as Dictionary
  // A cover the site already has (a seed file): a field takes only the caller's uploads or those.
  const cover = (
    (
      await (
        await request.get('/api/Article/GetArticlePage?status=20&pageIndex=0&pageSize=1', {
          headers: signed(),
        })
      ).json()
    ).data.pageData as { imgurl: string }[]
  )[0]?.imgurl
  const title = `上线测试${Date.now().toString(36).slice(-5)}`

  const statuses: number[] = []
  let reading = true
  const reader = (async () => {
    while (reading) {
      statuses.push((await request.get('/task/')).status())
      await new Promise((r) => setTimeout(r, 100))
    }
  })()

  const started = Date.now()
  const published = await request.post('/api/Article/PostArticleAppend', {
    headers: auth,
    data: demoTask(title, cover, dict),
  })
  expect((await published.json()).data).toBe('发布成功')
  const own = await request.get('/api/Article/GetArticlePage?status=20&isCreate=1&pageIndex=0&pageSize=5', {
    headers: auth,
  })
  const id = ((await own.json()).data.pageData as { id: number; title: string }[]).find(
    (a) => a.title === title,
  )?.id
  expect(id).toBeTruthy()

  await expect
    .poll(async () => (await request.get(`/detail/${id}/`, { maxRedirects: 0 })).status(), {
      timeout: 30_000,
    })
    .toBe(200)
  await expect.poll(async () => (await request.get('/task/')).text(), { timeout: 30_000 }).toContain(title)
  const seconds = (Date.now() - started) / 1000
  reading = false
  await reader
  expect(seconds).toBeLessThan(30)
  expect(statuses.length).toBeGreaterThan(10)
  expect(statuses.every((s) => s === 200)).toBe(true)

  // The page is the static one: its title, and the listing links to it.
  await page.goto(`/detail/${id}/`)
  await expect(page.getByRole('heading', { level: 1 })).toContainText(title)
  await page.goto('/task/')
  await expect(page.locator(`a[href="/detail/${id}/"]`).first()).toBeVisible()
})
