import { expectTypeOf, test } from 'vitest'
import type { z } from '../../server/contract/index.ts'
import type * as listing from '../../server/contract/listing.ts'
import type * as catalog from '../../server/modules/catalog/catalog.routes.ts'
import type * as content from '../../server/modules/content/content.routes.ts'
import type * as T from '../../src/lib/api/types.ts'

type Out<S extends z.ZodType> = z.output<S>

// The client's wire types are written for any backend of the contract; these checks (run by
// `tsc` in npm test) keep our own server's answers assignable to them, both ways where the
// schema is meant to be the type itself (the lead replaces types.ts with z.infer of these).
test('our server answers what the client types promise', () => {
  expectTypeOf<Out<typeof listing.Flag>>().toEqualTypeOf<T.Flag>()
  expectTypeOf<Out<typeof listing.PageOrder>>().toEqualTypeOf<T.PageOrder>()
  expectTypeOf<Out<typeof listing.PageSort>>().toEqualTypeOf<T.PageSort>()

  expectTypeOf<Out<typeof catalog.SpuCard>>().toEqualTypeOf<T.SpuCard>()
  expectTypeOf<Out<typeof catalog.SkuItem>>().toEqualTypeOf<T.SkuItem>()
  expectTypeOf<Out<typeof catalog.SpuParam>>().toEqualTypeOf<T.SpuParam>()
  expectTypeOf<Out<typeof catalog.SpuDetail>>().toEqualTypeOf<T.SpuDetail>()

  expectTypeOf<Out<typeof content.ArticleCard>>().toEqualTypeOf<T.ArticleCard>()
  expectTypeOf<Out<typeof content.ArticleSection>>().toEqualTypeOf<T.ArticleSection>()
  expectTypeOf<Out<typeof content.CommentNode>>().toEqualTypeOf<T.CommentNode>()
  expectTypeOf<Out<typeof content.ArticleDetail>>().toEqualTypeOf<T.ArticleDetail>()
  expectTypeOf<Out<typeof content.PublicUser>>().toEqualTypeOf<T.PublicUser>()
  expectTypeOf<Out<typeof content.ArticleIndex>>().toEqualTypeOf<T.ArticleIndex>()
  expectTypeOf<Out<typeof content.FaqItem>>().toEqualTypeOf<T.FaqItem>()
  expectTypeOf<Out<typeof content.Notification>>().toEqualTypeOf<T.Notification>()

  // The query types: the schemas read every parameter the client may send (strings on the wire).
  expectTypeOf<keyof Out<typeof content.ArticlePageQuery>>().toEqualTypeOf<keyof T.ArticlePageQuery>()
  expectTypeOf<keyof Out<typeof catalog.ProductPageQuery>>().toExtend<keyof T.ProductPageQuery | 'createId'>()
  expectTypeOf<keyof T.ProductPageQuery>().toExtend<keyof Out<typeof catalog.ProductPageQuery>>()
})
