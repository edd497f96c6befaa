import type { APIRequestContext } from '@playwright/test'
import { expect, test } from './test.ts'

/** How long a just-listed item's page may take: the builder's wait for quiet, then one partial build. */
const BUILD_WAIT_MS = 60_000

/**
 * Waits until the built site serves `path`. Specs share one site: another spec may have just
 * listed a product (admin-products) or published an item, which the API shows at once and whose
 * static page comes with the next build. Only then does the test get the build's time on top.
 * await builtPage(request, `/productdetail/${id}/`)
 */
export async function builtPage(request: APIRequestContext, path: string): Promise<void> {
  if ((await request.get(path)).ok()) return
  test.info().setTimeout(test.info().timeout + BUILD_WAIT_MS)
  await expect.poll(async () => (await request.get(path)).status(), { timeout: BUILD_WAIT_MS }).toBe(200)
}
