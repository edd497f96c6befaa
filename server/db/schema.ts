import type { Generated } from 'kysely'

/**
 * Every table as Kysely sees it: the one typed description of the database, checked against the
 * migrations by tests/api/schema.test.ts. Money is integer fen (`*_fen`); times are China-time
 * text 'YYYY-MM-DD HH:MM:SS' (server/time.ts); expiries are epoch milliseconds. BIGINT comes
 * back as a number on both databases (db/index.ts sets the pg parsers).
 */
export interface Database {
  users: UsersTable
  tokens: TokensTable
  sms_codes: SmsCodesTable
  wechat_logins: WechatLoginsTable
  wechat_accounts: WechatAccountsTable
  classifies: ClassifiesTable
  banners: BannersTable
  articles: ArticlesTable
  course_sections: CourseSectionsTable
  purchases: PurchasesTable
  comments: CommentsTable
  reviews: ReviewsTable
  user_likes: UserLikesTable
  product_spus: ProductSpusTable
  product_skus: ProductSkusTable
  addresses: AddressesTable
  invoice_infos: InvoiceInfosTable
  orders: OrdersTable
  order_items: OrderItemsTable
  wallet_transactions: WalletTransactionsTable
  payments: PaymentsTable
  waybills: WaybillsTable
  shipment_lines: ShipmentLinesTable
  after_sales: AfterSalesTable
  refunds: RefundsTable
  notifications: NotificationsTable
  configs: ConfigsTable
  regions: RegionsTable
  uploads: UploadsTable
  site_changes: SiteChangesTable
  login_limits: LoginLimitsTable
  user_uploads: UserUploadsTable
  resumable_uploads: ResumableUploadsTable
  staff: StaffTable
  staff_sessions: StaffSessionsTable
  audit_log: AuditLogTable
  complaint_states: ComplaintStatesTable
  stock_adjustments: StockAdjustmentsTable
  leases: LeasesTable
  shipping_templates: ShippingTemplatesTable
  promotions: PromotionsTable
  coupons: CouponsTable
  user_coupons: UserCouponsTable
  stock_alerts: StockAlertsTable
  order_search: OrderSearchTable
  order_notes: OrderNotesTable
  balance_adjustments: BalanceAdjustmentsTable
  transfer_receipts: TransferReceiptsTable
  transfer_references: TransferReferencesTable
  invoice_records: InvoiceRecordsTable
  draft_orders: DraftOrdersTable
  customer_groups: CustomerGroupsTable
  customer_group_members: CustomerGroupMembersTable
  price_lists: PriceListsTable
  price_list_prices: PriceListPricesTable
  price_list_categories: PriceListCategoriesTable
}

type Id = Generated<number>
/** A column with a default: optional on insert, always present when read. */
type Def<T> = Generated<T>

export interface UsersTable {
  id: Id
  code: string
  tel: string | null
  password_hash: string | null
  nick_name: Def<string>
  real_name: Def<string>
  avatar_url: Def<string>
  content: Def<string>
  ext: Def<string>
  level: Def<number>
  status: Def<number>
  cert_ext: Def<string>
  /** Old whole-折 discount (10 = none); superseded by discount_tenths. */
  discount: Def<number>
  /** Member discount in tenths of 折: 100 full price, 85 is 8.5折 (migration 3). */
  discount_tenths: Def<number>
  balance_fen: Def<number>
  integral_fen: Def<number>
  income_fen: Def<number>
  introducer_id: number | null
  is_teacher: Def<number>
  /** The newest notification id seen on /message; the bell counts the ones above it (migration 10). */
  notices_seen_id: Def<number>
  /** When the certification form was last submitted for review (migration 13). */
  cert_time: string | null
  create_time: string
}

export interface TokensTable {
  id: Id
  user_id: number
  token_hash: string
  expires_at: number
  revoked_at: number | null
  create_time: string
}

export interface SmsCodesTable {
  id: Id
  tel: string
  code: string
  ip: Def<string>
  attempts: Def<number>
  used_at: number | null
  expires_at: number
  sent_at: number
  create_time: string
}

export interface WechatLoginsTable {
  id: Id
  str: string
  user_id: number | null
  token: string | null
  expires_at: number
  create_time: string
  /** In-app sign-in (migration 52): the OAuth state's hash, the nonce cookie's hash, the page to return to. */
  state: string | null
  nonce: string | null
  back: string | null
  /** Who WeChat answered for, while they bind a phone. */
  openid: string | null
  unionid: string | null
  nickname: string | null
  headimgurl: string | null
}

export interface WechatAccountsTable {
  openid: string
  unionid: string | null
  user_id: number
  nickname: string
  headimgurl: string
  create_time: string
}

export interface ClassifiesTable {
  id: Id
  ckey: string
  title: string
  sort: Def<number>
}

export interface BannersTable {
  id: Id
  position: string
  imgurl: string
  urls: Def<string>
  title: Def<string>
  sort: Def<number>
  is_show: Def<number>
  start_time: Def<string | null>
  end_time: Def<string | null>
  /** The unpublished next version as JSON, NULL when none (migration 18). */
  draft: Def<string | null>
}

export interface ArticlesTable {
  id: Id
  status: number
  title: string
  sub_title: Def<string>
  imgurl: Def<string>
  imgurls: Def<string>
  tag: Def<string>
  class_id: number | null
  city: Def<string>
  price_fen: Def<number>
  content: Def<string>
  brief: Def<string>
  hits: Def<number>
  hits_true: Def<number>
  ext_more: Def<number>
  ext: Def<string>
  is_show: Def<number>
  post_name: Def<string>
  tel: Def<string>
  addressx: Def<string>
  create_id: number | null
  create_time: string
  update_time: string
  /** 1: taken off the shelf by an operator (migration 14); the owner cannot list it again. */
  moderated: Def<number>
  /** The FAQ's order (migration 16). */
  sort: Def<number>
  /** An FAQ entry's unpublished next version as JSON, NULL when none (migration 18). */
  draft: Def<string | null>
}

export interface CourseSectionsTable {
  id: Id
  article_id: number
  sort: Def<number>
  title: string
  imgurl: string
  status: Def<number>
  price_fen: Def<number>
  params: Def<number>
}

export interface PurchasesTable {
  id: Id
  user_id: number
  article_id: number
  section_id: number | null
  order_id: number | null
  create_time: string
}

export interface CommentsTable {
  id: Id
  article_id: number
  parent_id: number | null
  user_id: number
  content: string
  imgurl: Def<string>
  status: Def<number>
  is_show: Def<number>
  create_time: string
}

/** A buyer's review of one product of a completed order (migration 24). */
export interface ReviewsTable {
  id: Id
  order_id: number
  spu_id: number
  sku_id: number | null
  user_id: number
  stars: number
  content: string
  imgs: Def<string>
  is_show: Def<number>
  add_content: Def<string>
  add_imgs: Def<string>
  add_time: string | null
  create_time: string
}

export interface UserLikesTable {
  id: Id
  user_id: number
  tag_id: number
  status: number
  title: Def<string>
  sub_title: Def<string>
  imgurl: Def<string>
  urls: Def<string>
  ext: Def<string>
  ext_flag: Def<string>
  create_time: string
}

export interface ProductSpusTable {
  id: Id
  title: string
  sub_title: Def<string>
  tag: Def<string>
  class_id: number | null
  imgurls: Def<string>
  desdep_propicture: Def<string>
  params: Def<string>
  content: Def<string>
  price_min_fen: Def<number>
  sales: Def<number>
  ext: Def<string>
  is_show: Def<number>
  create_id: number | null
  create_time: string
  /** NULL: the default shipping template (migration 23). */
  shipping_template_id: Def<number | null>
  /** The most of one SKU an order may hold; 0: only UNPAID_SKU_HOLD_CAP (migration 39). */
  order_limit: Def<number>
  /** Its options, JSON [{ name, values }] (src/lib/rules/options.ts; migration 47). */
  options: Def<string>
}

export interface ProductSkusTable {
  id: Id
  spu_id: number
  title: string
  param: Def<string>
  price_fen: number
  stock: Def<number>
  img: Def<string>
  sort: Def<number>
  /** Set when marketing removed the SKU (migration 15); NULL while it is sold. */
  removed_time: Def<string | null>
  /** Its combination: JSON, one value per product option in their order (migration 47). */
  options: Def<string>
  /** 货号, unique across all SKUs; NULL only for rows written without one (migration 47). */
  code: Def<string | null>
  barcode: Def<string>
}

export interface AddressesTable {
  id: Id
  user_id: number
  name: string
  tel: string
  country: Def<string>
  province: string
  city: string
  area: string
  street: Def<string>
  address_detail: string
  status: Def<number>
  is_show: Def<number>
  create_time: string
}

export interface InvoiceInfosTable {
  id: Id
  user_id: number
  types: string
  company_name: string
  company_code: string
  company_address: Def<string>
  company_tel: Def<string>
  bank: Def<string>
  account: Def<string>
  name: Def<string>
  tel: Def<string>
  country: Def<string>
  province: Def<string>
  city: Def<string>
  area: Def<string>
  street: Def<string>
  addressx: Def<string>
  status: Def<number>
  is_show: Def<number>
  create_time: string
}

export interface OrdersTable {
  id: Id
  code: string
  user_id: number
  status: Def<number>
  types: Def<number>
  cost_price_fen: number
  tol_cost_fen: number
  /** Old whole-折 discount; superseded by discount_tenths. */
  discount: Def<number>
  /** The buyer's discount when ordering, in tenths of 折 (100 full price). */
  discount_tenths: Def<number>
  rec_name: Def<string>
  rec_tel: Def<string>
  rec_province: Def<string>
  rec_city: Def<string>
  rec_area: Def<string>
  rec_street: Def<string>
  rec_address: Def<string>
  rec_addressx: Def<string>
  nick_name: Def<string>
  after_remarks: Def<string>
  after_imgs: Def<string>
  invoice_id: number | null
  /** 0 none, 10 after-sales applied, 20 refunded, 30 rejected (migration 4). */
  after_status: Def<number>
  after_reject_reason: Def<string>
  /** 0 none, 10 invoice applied, 20 issued (migration 4); 30 voided by a refund, 40 red-lettered, to reissue (migration 38). */
  invoice_status: Def<number>
  /**
   * The newest issued invoice's number, its file (a private upload path, '' for paper) and when
   * (migration 12); every issue and red-letter is in invoice_records (migration 38).
   */
  invoice_number: Def<string>
  invoice_file: Def<string>
  invoice_time: Def<string | null>
  pay_way: Def<string>
  /** Set when the payer first chose the corporate transfer: the unpaid order expires then (migration 9). */
  transfer_deadline: string | null
  create_time: string
  pay_time: string | null
  way_time: string | null
  finish_time: string | null
  /** The order's breakdown as priced (migration 23; src/lib/rules/pricing.ts priceOrder). */
  member_off_fen: Def<number>
  promo_off_fen: Def<number>
  promo_title: Def<string>
  coupon_off_fen: Def<number>
  coupon_title: Def<string>
  user_coupon_id: Def<number | null>
  /** Staff's discount on an order they built for the customer (代客下单, migration 45); 0 otherwise. */
  staff_off_fen: Def<number>
  shipping_fen: Def<number>
  /** The credit for sections of the course paid before: an upgrade to the whole course (migration 40). */
  credit_fen: Def<number>
  /** 买家留言, at most 200 characters. */
  buyer_note: Def<string>
  /** When the expiry job cancelled it unpaid; NULL for any other end (migration 39). */
  expired_time: Def<string | null>
  /** Which of 满减 and a non-stacking coupon was applied ('promotion' | 'coupon'; '' no choice) and why (migration 39). */
  offer_choice: Def<string>
  offer_note: Def<string>
  /** What the group price (协议价) took off the lines it beat the member price on, and the price list's title (migration 46). */
  group_off_fen: Def<number>
  group_title: Def<string>
}

export interface OrderItemsTable {
  id: Id
  order_id: number
  spu_id: number | null
  sku_id: number | null
  article_id: number | null
  section_id: number | null
  title: string
  imgurl: Def<string>
  price_fen: number
  quantity: number
  /** What of the line went out in parcels not cancelled (migration 32). */
  shipped_qty: Def<number>
  /** What of the line after-sales refunded, and the fen it gave back for it (migration 32). */
  refunded_qty: Def<number>
  refunded_fen: Def<number>
  /** Of refunded_qty, what was refunded before it shipped: it never ships. */
  dropped_qty: Def<number>
}

export interface WalletTransactionsTable {
  id: Id
  user_id: number
  create_id: number | null
  order_id: number | null
  tag: number
  groups: Def<number>
  title: Def<string>
  price_fen: number
  code: string
  status: Def<number>
  create_time: string
  /** A balance adjustment's request id (migration 30); null for every other record. */
  request_id: Def<string | null>
}

export interface PaymentsTable {
  id: Id
  user_id: number
  order_id: number | null
  transaction_id: number | null
  way: string
  amount_fen: number
  out_trade_no: string
  status: Def<number>
  create_time: string
  paid_time: string | null
  /** When a paid payment's money went back (status 40). */
  refund_time: Def<string | null>
  /** 1: started on the provider's own payment page (PC page pay); 0: a QR code, or not online. */
  page_pay: Def<number>
}

export interface WaybillsTable {
  id: Id
  order_id: number
  company: string
  number: string
  status: Def<string>
  locus: Def<string>
  create_time: string
  /** A parcel shipped by mistake and cancelled (migration 32). */
  cancel_time: Def<string | null>
  /** The exchange (after_sales) a replacement parcel ships for; NULL for the order's own parcels. */
  after_sale_id: Def<number | null>
  /** When the courier was last asked about it (epoch ms); NULL: never since shipping (migration 33). */
  tracked_at: Def<number | null>
}

/** What one parcel (a waybills row) holds: lines of its order and quantities (migration 32). */
export interface ShipmentLinesTable {
  id: Id
  waybill_id: number
  item_id: number
  quantity: number
}

/** One after-sales request of an order (migration 32); orders.after_status mirrors the newest. */
export interface AfterSalesTable {
  id: Id
  order_id: number
  /** refund 仅退款, return 退货退款, exchange 换货. */
  kind: string
  /** AfterStatus (src/lib/order-states.ts). */
  status: number
  /** JSON [{ lineId, quantity }]; [] is the whole order. */
  lines: Def<string>
  remarks: Def<string>
  imgs: Def<string>
  /** The amount approved (fen), 0 for an exchange. */
  amount_fen: Def<number>
  /** Why it was rejected or refused on receipt, or the approver's note. */
  reason: Def<string>
  /** The staff member whose approval above REFUND_APPROVAL_LIMIT waits for finance. */
  approved_by: Def<number | null>
  return_company: Def<string>
  return_waybill: Def<string>
  /** When the buyer sent the goods back (the return waybill given). */
  return_time: Def<string | null>
  create_time: string
  update_time: string
}

/** Money after-sales gives back (migration 32): 40 paid back, 30 due (a transfer finance pays by hand). */
export interface RefundsTable {
  id: Id
  order_id: number
  after_sale_id: number | null
  payment_id: number | null
  way: string
  amount_fen: number
  status: number
  create_time: string
  refund_time: Def<string | null>
  /** Why, when not after-sales: 'takedown' for 违规下架并退款, at most one per order (migration 41). */
  cause: Def<string>
  /** What the gateway said of a refund that failed there (WeChat REFUND.ABNORMAL …), back 待退款 (migration 53). */
  gateway_note: Def<string>
}

export interface NotificationsTable {
  id: Id
  user_id: number | null
  title: string
  content: Def<string>
  create_time: string
}

export interface ConfigsTable {
  ckey: string
  value: string
  /** A rich text's unpublished next version, NULL when none (migration 18). */
  draft: Def<string | null>
}

export interface RegionsTable {
  code: string
  name: string
  parent_code: string | null
  level: number
}

export interface UploadsTable {
  id: Id
  user_id: number | null
  path: string
  mime: string
  size: number
  original_name: Def<string>
  create_time: string
}

/** One lease per kind of work only one process may do (server/lease.ts). */
export interface LeasesTable {
  name: string
  /** Who holds it: host#pid of the process (leaseHolderId). */
  holder: string
  /** When it lapses unless renewed, epoch ms on the database's clock. */
  expires_ms: number
  /** When this holder took it, epoch ms on the database's clock. */
  since_ms: number
}

export interface SiteChangesTable {
  id: Id
  /** What changed: article:12, product:5, teacher:3, list:30, home, config … (server/changes.ts). */
  tag: string
  create_time: string
}

export interface LoginLimitsTable {
  /**
   * 'tel:13800000001' (an account's hourly ceiling, registered or not), 'pair:10.0.0.1|tel:13800000001'
   * (the account at one client address) or 'ip:10.0.0.1' (a client address); staff: 'staff:admin',
   * 'pair:10.0.0.1|staff:admin', 'staff-ip:10.0.0.1' (server/modules/accounts/login-limits.ts).
   */
  subject: string
  /** Failed password attempts since first_at (an attempt in flight counts until it succeeds). */
  failures: number
  /** Start of the counting window, epoch ms. */
  first_at: number
  /** Locked until this epoch ms; 0 when not locked. */
  locked_until: Def<number>
}

/** Every accepted upload (migration 8): who owns which file, and the daily quota. */
export interface UserUploadsTable {
  id: Id
  user_id: number
  /** '/uploads/u/3f/3f….png' or '/private/u/3f/3f….png'. */
  path: string
  size: number
  create_time: string
}

/** A course file arriving in parts (migration 22; server/modules/uploads/resumable.ts). */
export interface ResumableUploadsTable {
  /** 32 hex, random: the upload id the owner's client holds. */
  id: string
  user_id: number
  /** The file's name as the client gave it (for the record only). */
  name: string
  size: number
  part_size: number
  /** The kind declared at the start (mp4, pdf); the bytes decide at completion. */
  ext: string
  tree: 'public' | 'private'
  state: 'open' | 'completing' | 'done' | 'aborted'
  s3_upload_id: string | null
  path: string | null
  create_time: string
  update_time: string
}

/** A back-office account (migration 11); not a customer (server/modules/staff). */
export interface StaffTable {
  id: Id
  username: string
  password_hash: string
  /** Comma-separated roles: 'admin', 'operator,finance' (src/lib/permissions.ts). */
  roles: Def<string>
  enabled: Def<number>
  /** 1: the password was given to them (ops, reset); the next sign-in must change it. */
  must_change_password: Def<number>
  /** The confirmed TOTP secret (base32); null: no second factor yet. */
  totp_secret: Def<string | null>
  /** A secret shown for enrolment, until a code from it confirms it. */
  totp_pending: Def<string | null>
  /** The newest 30-second step whose code was spent (sign-in, confirmation): no code is taken twice. */
  totp_step: Def<number | null>
  last_login_time: Def<string | null>
  create_time: string
  /** The name staff know them by (张敏); '' for an account made before migration 49. */
  display_name: Def<string>
  /** A mainland mobile number, or ''. */
  phone: Def<string>
}

/** A staff sign-in: the bearer token's hash, 8 h at most (expires_at), 30 min idle (last_seen_at). */
export interface StaffSessionsTable {
  id: Id
  staff_id: number
  token_hash: string
  last_seen_at: number
  expires_at: number
  revoked_at: Def<number | null>
  ip: Def<string>
  create_time: string
}

/**
 * One staff write (migration 11): append-only, the database refuses UPDATE and DELETE, and
 * (migration 35) an INSERT OR REPLACE over a row on SQLite and TRUNCATE on PostgreSQL.
 */
export interface AuditLogTable {
  id: Id
  /** China time 'YYYY-MM-DD HH:MM:SS'. */
  at: string
  /** null: written by `npm run ops` (staff_username 'ops'). */
  staff_id: number | null
  staff_username: string
  ip: Def<string>
  /** 'order.ship', 'staff.add' …: '<domain>.<verb>'. */
  action: string
  /** What was acted on: 'order:202610011234', 'staff:3', 'user:12'. */
  target: Def<string>
  before_json: Def<string | null>
  after_json: Def<string | null>
}

/** What the operator did with a complaint, an article of status 50 (migration 14). No row: waiting. */
export interface ComplaintStatesTable {
  article_id: number
  /** The post, task or course the complaint is about, as the operator linked it. */
  about_id: Def<number | null>
  /** null: waiting; China time when it was marked handled. */
  handled_time: Def<string | null>
  handled_by: Def<string>
  note: Def<string>
}

export interface StockAdjustmentsTable {
  id: Id
  sku_id: number
  delta: number
  stock_after: number
  reason: string
  staff_id: number | null
  username: string
  create_time: string
  /** The adjustment form's request id (migration 31); null for those made without one. */
  request_id: Def<string | null>
}

/** Shipping fee rules (migration 23); rates is JSON [{province, feeFen}]. */
export interface ShippingTemplatesTable {
  id: Id
  name: string
  free_above_fen: Def<number>
  base_fen: Def<number>
  rates: Def<string>
  is_default: Def<number>
  create_time: string
  removed_time: Def<string | null>
}

/** 满减 (migration 23): class_id NULL is store-wide. */
export interface PromotionsTable {
  id: Id
  title: string
  class_id: number | null
  threshold_fen: number
  off_fen: number
  start_time: string
  end_time: string
  is_show: Def<number>
  create_time: string
}

/** 优惠券 (migration 23): kind 'amount' | 'rate'; scope 'all' | 'category' | 'products'. */
export interface CouponsTable {
  id: Id
  title: string
  kind: string
  threshold_fen: Def<number>
  amount_fen: Def<number>
  rate_tenths: Def<number>
  cap_fen: Def<number>
  scope: Def<string>
  scope_ids: Def<string>
  include_courses: Def<number>
  total_limit: number
  per_user_limit: Def<number>
  claimed: Def<number>
  /** 可与满减同享: 1 stacks with a 满减 promotion, 0 the better of the two applies (migration 39). */
  stacks_with_promotion: Def<number>
  start_time: string
  end_time: string
  is_show: Def<number>
  create_time: string
}

/** A customer's claimed coupon (migration 23): status 0 unused, 10 used (order_id then set). */
export interface UserCouponsTable {
  id: Id
  coupon_id: number
  user_id: number
  status: Def<number>
  order_id: Def<number | null>
  claim_time: string
  use_time: Def<string | null>
}

/** 到货通知 subscriptions (migration 25): pending while notified_time is null. */
export interface StockAlertsTable {
  id: Id
  user_id: number
  sku_id: number
  spu_id: number
  create_time: string
  notified_time: string | null
  /** 1: the SMS is still to be sent (after the commit that notified). */
  text_due: Def<number>
}

/**
 * An order's searchable text (migration 34), kept by triggers: its code, the buyer's phone and
 * names, the receiver's name and phone and its lines' titles, lowered, joined by char(31).
 * Read through server/modules/order-desk/order-search.ts.
 */
export interface OrderSearchTable {
  /** The order's id. */
  id: number
  text: string
}

/** A staff member's internal note on an order (migration 34): never shown to the buyer. */
export interface OrderNotesTable {
  id: Id
  order_id: number
  staff_id: number | null
  staff_username: string
  text: string
  create_time: string
}

/**
 * A balance adjustment above BALANCE_ADJUST_LIMIT (migration 36): it waits as 'pending' until
 * another finance or admin account approves it ('approved': the wallet record `record_code` is
 * written then) or it is withdrawn ('withdrawn'). server/modules/wallet/balance-approval.ts.
 */
export interface BalanceAdjustmentsTable {
  id: Id
  user_id: number
  /** Signed: positive credits the balance, negative debits it. */
  amount_fen: number
  reason: string
  request_id: Def<string | null>
  requested_by: number
  status: Def<'pending' | 'approved' | 'withdrawn'>
  /** Who approved or withdrew it. */
  decided_by: number | null
  record_code: string | null
  create_time: string
  decide_time: string | null
}

/**
 * A corporate transfer as finance recorded it (migration 37): kind 'payment' (received; outcome
 * matched, short or over against the payable) or 'refund' (paid back; outcome 'refund').
 * received_at is the China day 'YYYY-MM-DD'; slip a private path or ''.
 */
export interface TransferReceiptsTable {
  id: Id
  order_id: number
  kind: string
  amount_fen: number
  reference: string
  payer: string
  received_at: string
  slip: Def<string>
  outcome: string
  staff_id: number | null
  staff_username: string
  create_time: string
}

/** The order a bank reference (流水号) stands for (migration 44): one, for good. */
export interface TransferReferencesTable {
  reference: string
  order_id: number
}

/**
 * An order's invoice as finance issued ('issue') or red-lettered ('red', 红冲) it (migration 38),
 * oldest first by id. amount_fen is what the invoice was issued for, or what the red-letter
 * reverses; file a private path or ''; staff_username '' for records made by migration 38.
 * server/modules/orders/invoice-records.ts.
 */
export interface InvoiceRecordsTable {
  id: Id
  order_id: number
  kind: 'issue' | 'red'
  number: string
  file: Def<string>
  amount_fen: number
  title: Def<string>
  tax_code: Def<string>
  reason: Def<string>
  staff_id: number | null
  staff_username: string
  create_time: string
}

/**
 * An order staff build for a customer (代客下单, issue 40, migration 45): status 0 draft, 10 sent
 * (order_id the order it placed). lines is JSON [{ skuId, quantity }]; discount_bp is the staff
 * discount in hundredths of a percent (500 = 5%). server/modules/order-desk/draft-orders.ts.
 */
export interface DraftOrdersTable {
  id: Id
  user_id: number
  lines: string
  address_id: number | null
  invoice_id: number | null
  discount_bp: Def<number>
  status: Def<number>
  order_id: Def<number | null>
  staff_id: number | null
  staff_username: Def<string>
  create_time: string
  update_time: string
  sent_time: Def<string | null>
}

/** Customer groups (migration 46, issue 40): 合作医院, 经销商; marketing puts customers in them. */
export interface CustomerGroupsTable {
  id: Id
  name: string
  create_time: string
}

export interface CustomerGroupMembersTable {
  group_id: number
  user_id: number
  create_time: string
}

/** A group's price list; start/end NULL: open on that side (migration 46). */
export interface PriceListsTable {
  id: Id
  group_id: number
  title: string
  start_time: string | null
  end_time: string | null
  create_time: string
}

/** A SKU's group price in a list, in fen. */
export interface PriceListPricesTable {
  list_id: number
  sku_id: number
  price_fen: number
}

/** A percentage (1–99) off every SKU of a category (product_spus.class_id) in a list. */
export interface PriceListCategoriesTable {
  list_id: number
  class_id: number
  percent_off: number
}
