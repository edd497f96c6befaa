import { expectTypeOf, test } from 'vitest'
import type { ArticleCard as ServerArticleCard } from '../../server/routes/content.ts'
import type { SpuCard as ServerSpuCard } from '../../server/routes/products.ts'
import type { ArticleCard, SpuCard } from '../../src/lib/api/types.ts'

// The client's wire types are written for any backend of the contract; these checks (run by
// `tsc` in npm test) keep our own server's answers assignable to them.
test('our server answers what the client types promise', () => {
  expectTypeOf<ServerArticleCard>().toExtend<ArticleCard>()
  expectTypeOf<ServerSpuCard>().toExtend<SpuCard>()
})
