/**
 * Wire shapes of the API (storefront §7, accounts §7), derived from the contract: the zod
 * schemas each server module declares its calls with (server/modules/<domain>/*.routes.ts),
 * which also validate the server's input, make /api/doc and check every answer in the API suite.
 * Nothing here is written twice; the imports are type-only, so no schema reaches the browser.
 * Money is yuan (a number with at most two decimals); times are China-time text
 * 'yyyy-mm-dd hh:mm:ss'; list fields (tag, imgurls) are comma-joined strings.
 */
import type { z } from 'zod'
import type * as contract from '../../../server/contract/index.ts'
import type * as listing from '../../../server/contract/listing.ts'
import type * as accounts from '../../../server/modules/accounts/accounts.routes.ts'
import type * as catalog from '../../../server/modules/catalog/catalog.routes.ts'
import type * as content from '../../../server/modules/content/content.routes.ts'
import type * as fulfilment from '../../../server/modules/fulfilment/fulfilment.routes.ts'
import type * as groups from '../../../server/modules/groups/groups.routes.ts'
import type * as orders from '../../../server/modules/orders/orders.routes.ts'
import type * as owned from '../../../server/modules/owned/owned.routes.ts'
import type * as payments from '../../../server/modules/payments/payments.routes.ts'
import type * as promotions from '../../../server/modules/promotions/promotions.routes.ts'
import type * as publishing from '../../../server/modules/publishing/publishing.routes.ts'
import type * as site from '../../../server/modules/site/site.routes.ts'
import type * as resumable from '../../../server/modules/uploads/resumable.routes.ts'
import type * as uploads from '../../../server/modules/uploads/uploads.routes.ts'
import type * as wallet from '../../../server/modules/wallet/wallet.routes.ts'

type Wire<S extends z.ZodType> = z.output<S>

/**
 * The parameters of a call as the client passes them: every parameter its query schema reads,
 * optional, with the value the server reads it as (a flag such as isCreate is sent as 0/1).
 */
type Params<S extends z.ZodType> = {
  [K in keyof Wire<S>]?: Exclude<Wire<S>[K], undefined> extends boolean
    ? 0 | 1
    : Exclude<Wire<S>[K], undefined>
}

/** Every answer: { status: 200, data } on success; a refusal's data is the Chinese message. */
export type Envelope<T> = Omit<Wire<typeof contract.Refusal>, 'data'> & { data: T }

/** A page of a list; pageIndex is 0-based, pageTotal counts rows (not pages). */
export type { Paged } from '../../../server/db/sql.ts'

export type Flag = Wire<typeof listing.Flag>
export type PageOrder = Wire<typeof listing.PageOrder>
export type PageSort = Wire<typeof listing.PageSort>

export type Banner = Wire<typeof site.Banner>
export type ClassifyItem = Wire<typeof site.ClassifyItem>
export type ClassifyGroup = Wire<typeof site.ClassifyGroup>
export type UsersConfigs = Wire<typeof site.SiteConfig>
export type Street = Wire<typeof site.Street>

export type ArticleCard = Wire<typeof content.ArticleCard>
export type ArticleSection = Wire<typeof content.ArticleSection>
export type CommentNode = Wire<typeof content.CommentNode>
export type ArticleDetail = Wire<typeof content.ArticleDetail>
export type ArticleContact = Wire<typeof content.ArticleContact>
export type PublicUser = Wire<typeof content.PublicUser>
export type ArticleIndex = Wire<typeof content.ArticleIndex>
export type FaqItem = Wire<typeof content.FaqItem>
/** One month of one of the author's items in 我的发布 (Article/GetArticleSales, issue 39). */
export type AuthorSale = Wire<typeof publishing.AuthorSale>
export type Notification = Wire<typeof content.Notification>
/** Article/GetArticlePage; status (10 post, 20 task, 30 course) is required. */
export type ArticlePageQuery = Params<typeof content.ArticlePageQuery> & { status: 10 | 20 | 30 }

export type SpuCard = Wire<typeof catalog.SpuCard>
export type SkuItem = Wire<typeof catalog.SkuItem>
export type SpuParam = Wire<typeof catalog.SpuParam>
export type SpuDetail = Wire<typeof catalog.SpuDetail>
export type ProductPageQuery = Params<typeof catalog.ProductPageQuery>

export type UploadResult = Wire<typeof uploads.UploadResult>
/** A resumable upload of a course file (Upload/PostResumable, GetResumable). */
export type ResumableUpload = Wire<typeof resumable.ResumableUpload>

/** Users/GetUsersInfo: the signed-in user's own record (never the password). */
export type Profile = Wire<typeof accounts.OwnProfile>
export type LoginAnswer = Wire<typeof accounts.LoginAnswer>
export type WeChatQr = Wire<typeof accounts.WeChatQr>
export type Customer = Wire<typeof accounts.Customer>
export type Introducer = Wire<typeof accounts.Introducer>

export type Address = Wire<typeof owned.Address>
export type Invoice = Wire<typeof owned.Invoice>
export type InvoiceType = Invoice['types']

export type OrderItem = Wire<typeof orders.OrderItem>
export type OrderCard = Wire<typeof orders.OrderCard>
/** An order of one of the introducer's customers (Orders/GetOrdersPage?introducer=1). */
export type CustomerOrder = Wire<typeof orders.CustomerOrder>
/** Orders/GetOrders: the order card plus its lines, the member discount (折), pay way and kind. */
export type OrderDetail = Wire<typeof orders.OrderDetail>
export type Quote = Wire<typeof orders.Quote>
/** The signed-in buyer's unit price of each SKU of a product: list, 会员价 or 协议价 (issue 40). */
export type MyPrice = Wire<typeof groups.MyPrices>[number]
/** One entry of a waybill's timeline (accounts §3 "Logistics timeline entry"), newest first. */
export interface LocusEntry {
  upload_Time: string
  status: string
  infoContent: string
  processInfo: string
}
/** Express/GetWay: a waybill of the caller's order; locus is the JSON text of LocusEntry[]. */
export type Waybill = Wire<typeof fulfilment.Waybill>

/** Orders/GetOrdersPay and Recharge/GetRechargePay: status 20 paid; 10 with code_url or the transfer account. */
export type PayAnswer = Wire<typeof payments.PayAnswer>
/** A wallet top-up (Recharge/GetRecharge): status 10 unpaid, 20 credited. */
export type Recharge = Wire<typeof payments.Recharge>

/** A wallet transaction (Recharge/GetRechargePage): tag 1 expense, 2 income. */
export type Transaction = Wire<typeof wallet.Transaction>

/** Issue 24: the coupons on offer, the user's own, the 满减 promotions and the shipping templates. */
export type Coupon = Wire<typeof promotions.Coupon>
/** A coupon the user holds; `id` is the user coupon's id; status 0 可用, 1 已使用, 2 已过期. */
export type MyCoupon = Wire<typeof promotions.MyCoupon>
export type PromotionOffer = Wire<typeof promotions.Promotion>
export type ShippingTemplateWire = Wire<typeof promotions.ShippingTemplate>
export type ShippingTemplates = { defaultId: number | null; templates: ShippingTemplateWire[] }
