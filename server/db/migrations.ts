import { type Kysely, type Migration, Migrator, PostgresAdapter, sql } from 'kysely'
import { type Db, isPg } from './index.ts'

/** ddl('id {{pk}}', true) → 'id BIGSERIAL PRIMARY KEY': the only place SQLite and PostgreSQL differ. */
export function ddl(text: string, pg: boolean): string {
  const tokens = pg
    ? { pk: 'BIGSERIAL PRIMARY KEY', bigint: 'BIGINT' }
    : { pk: 'INTEGER PRIMARY KEY AUTOINCREMENT', bigint: 'INTEGER' }
  return text.replace(/\{\{(pk|bigint)\}\}/g, (_, t: 'pk' | 'bigint') => tokens[t])
}

/** The tables whose titles the public search reads (storefront §7: products and articles). */
const TITLE_TABLES = ['articles', 'product_spus'] as const

/**
 * SQLite: `<table>_title_fts`, an FTS5 trigram index of the ASCII-lowered title (LOWER() as the
 * LIKE search did, so a match is exactly a LIKE hit), and `<table>_title_grams`, every 1- and
 * 2-character piece of it, for the queries trigrams cannot serve. Triggers keep both in step.
 * A trigger may not use WITH, so the positions 0…n-1 of a title come from json_each over an
 * array of n zeros, which printf('%.*c') makes by repeating one character.
 */
function sqliteTitleIndex(table: string): string {
  return `
CREATE VIRTUAL TABLE ${table}_title_fts USING fts5(title, content='', contentless_delete=1, tokenize='trigram case_sensitive 1');
CREATE TABLE ${table}_title_grams (gram TEXT NOT NULL, id INTEGER NOT NULL, PRIMARY KEY (gram, id)) WITHOUT ROWID;
INSERT INTO ${table}_title_fts (rowid, title) SELECT id, lower(title) FROM ${table};
INSERT INTO ${table}_title_grams (gram, id) SELECT DISTINCT ${gram('t.title')}, t.id FROM ${table} AS t JOIN ${pieces('t.title')};
${titleTriggers(table)}`
}

/** The positions 0…n-1 of a title and the lengths 1 and 2 (sqliteTitleIndex says how). */
const pieces = (text: string) =>
  `json_each('[' || replace(printf('%.*c', length(${text}) - 1, 'x'), 'x', '0,') || '0]') AS p JOIN json_each('[1,2]') AS n ON p.key + n.value <= length(${text})`
const gram = (text: string) => `substr(lower(${text}), p.key + 1, n.value)`

/**
 * The triggers that keep a table's title indexes in step with its rows; `kind`, a column the
 * pieces are keyed by as well (version 27), which then moves them when it changes. Version 20's
 * text is what this makes without `kind`: keep it so.
 */
function titleTriggers(table: string, kind?: string): string {
  const kindColumn = kind ? `${kind}, ` : ''
  const add = (row: string) =>
    `INSERT INTO ${table}_title_fts (rowid, title) VALUES (${row}.id, lower(${row}.title)); INSERT INTO ${table}_title_grams (gram, ${kindColumn}id) SELECT DISTINCT ${gram(`${row}.title`)}, ${kind ? `${row}.${kind}, ` : ''}${row}.id FROM ${pieces(`${row}.title`)};`
  const remove = `DELETE FROM ${table}_title_fts WHERE rowid = old.id; DELETE FROM ${table}_title_grams WHERE ${kind ? `${kind} = old.${kind} AND ` : ''}id = old.id AND gram IN (SELECT ${gram('old.title')} FROM ${pieces('old.title')});`
  return `CREATE TRIGGER ${table}_title_insert AFTER INSERT ON ${table} BEGIN ${add('new')} END;
CREATE TRIGGER ${table}_title_update AFTER UPDATE OF title${kind ? `, ${kind}` : ''} ON ${table} BEGIN ${remove} ${add('new')} END;
CREATE TRIGGER ${table}_title_delete AFTER DELETE ON ${table} BEGIN ${remove} END;`
}

/**
 * SQLite, version 27: the pieces of article titles keyed (gram, status, id), so a search among
 * one kind (every article listing is of one: posts, tasks or courses) reads that kind's matches
 * only: the count of paid tasks matching '口' at 10,000 articles probed 1,619 rows for 213, now
 * about a third as many (0.72 → 0.28 ms). The triggers are those of version 20 with the kind.
 */
function sqliteArticleGramsByKind(): string {
  const t = 'articles'
  return `
DROP TRIGGER ${t}_title_insert;
DROP TRIGGER ${t}_title_update;
DROP TRIGGER ${t}_title_delete;
DROP TABLE ${t}_title_grams;
CREATE TABLE ${t}_title_grams (gram TEXT NOT NULL, status INTEGER NOT NULL, id INTEGER NOT NULL, PRIMARY KEY (gram, status, id)) WITHOUT ROWID;
INSERT INTO ${t}_title_grams (gram, status, id) SELECT DISTINCT ${gram('a.title')}, a.status, a.id FROM ${t} AS a JOIN ${pieces('a.title')};
${titleTriggers(t, 'status')}`
}

/**
 * PostgreSQL: a pg_trgm GIN index of LOWER(title), which LIKE '%…%' of three or more characters
 * uses by itself. The extension is one per database, made once (in public) and found wherever it
 * already is: a test schema dropped with CASCADE must not take it along. One line, because
 * runDdl splits statements at a semicolon ending a line.
 */
function pgTrigramIndexes(tables: readonly string[]): string {
  const indexes = tables
    .map(
      (t) =>
        `EXECUTE format('CREATE INDEX ${t}_title_trgm ON ${t} USING gin (lower(title) %s.gin_trgm_ops)', s);`,
    )
    .join(' ')
  return `DO $$ DECLARE s text; BEGIN IF NOT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN CREATE EXTENSION pg_trgm SCHEMA public; END IF; SELECT quote_ident(n.nspname) INTO s FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'; ${indexes} END $$;`
}

/**
 * Version 34, the back office's order search (issue 38): every order's searchable text in one
 * row of `order_search`, ASCII-lowered as LOWER() does on each database: its code, the buyer's
 * phone, nick name and real name, the receiver's name and phone, and each line's title, joined
 * by char(31), which no search holds (server/modules/order-desk/order-search.ts strips control
 * characters), so a match never spans two fields. Triggers keep it in step when an order is
 * placed, its receiver or lines change, or its buyer's phone or names change; the text is then
 * indexed as the titles of migration 20 are (server/db/title-search.ts).
 */
const ORDER_TEXT = {
  sqlite: `lower(o.code || char(31) || coalesce(u.tel, '') || char(31) || u.nick_name || char(31) || u.real_name || char(31) || o.rec_name || char(31) || o.rec_tel || coalesce((SELECT char(31) || group_concat(i.title, char(31)) FROM order_items AS i WHERE i.order_id = o.id), ''))`,
  pg: `lower(concat_ws(chr(31), o.code, u.tel, u.nick_name, u.real_name, o.rec_name, o.rec_tel, (SELECT string_agg(i.title, chr(31) ORDER BY i.id) FROM order_items AS i WHERE i.order_id = o.id)))`,
}

/** SQLite: the upsert of the search text of the orders `where` picks (a trigger's body). */
const sqliteOrderSearchUpsert = (where: string) =>
  `INSERT INTO order_search (id, text) SELECT o.id, ${ORDER_TEXT.sqlite} FROM orders AS o JOIN users AS u ON u.id = o.user_id WHERE ${where} ON CONFLICT (id) DO UPDATE SET text = excluded.text WHERE order_search.text IS NOT excluded.text;`

/**
 * SQLite: order_search, its FTS5 trigram index and its 1–2 character pieces (those of
 * sqliteTitleIndex, less the pieces across a field boundary), filled for the orders that exist
 * (the demo's among them), then the triggers.
 */
function sqliteOrderSearch(): string {
  const t = 'order_search'
  const grams = (row: string) =>
    `SELECT DISTINCT ${gram(`${row}.text`)} AS g, ${row}.id FROM ${pieces(`${row}.text`)} WHERE instr(${gram(`${row}.text`)}, char(31)) = 0`
  const add = (row: string) =>
    `INSERT INTO ${t}_fts (rowid, text) VALUES (${row}.id, ${row}.text); INSERT INTO ${t}_grams (gram, id) ${grams(row)};`
  const remove = `DELETE FROM ${t}_fts WHERE rowid = old.id; DELETE FROM ${t}_grams WHERE id = old.id AND gram IN (SELECT ${gram('old.text')} FROM ${pieces('old.text')});`
  return `
CREATE TABLE ${t} (id INTEGER PRIMARY KEY REFERENCES orders(id) ON DELETE CASCADE, text TEXT NOT NULL);
CREATE VIRTUAL TABLE ${t}_fts USING fts5(text, content='', contentless_delete=1, tokenize='trigram case_sensitive 1');
CREATE TABLE ${t}_grams (gram TEXT NOT NULL, id INTEGER NOT NULL, PRIMARY KEY (gram, id)) WITHOUT ROWID;
INSERT INTO ${t} (id, text) SELECT o.id, ${ORDER_TEXT.sqlite} FROM orders AS o JOIN users AS u ON u.id = o.user_id;
INSERT INTO ${t}_fts (rowid, text) SELECT id, text FROM ${t};
INSERT INTO ${t}_grams (gram, id) ${grams('s').replace(`FROM ${pieces('s.text')}`, `FROM ${t} AS s JOIN ${pieces('s.text')}`)};
CREATE TRIGGER ${t}_insert AFTER INSERT ON ${t} BEGIN ${add('new')} END;
CREATE TRIGGER ${t}_update AFTER UPDATE OF text ON ${t} BEGIN ${remove} ${add('new')} END;
CREATE TRIGGER ${t}_delete AFTER DELETE ON ${t} BEGIN ${remove} END;
CREATE TRIGGER orders_search_insert AFTER INSERT ON orders BEGIN ${sqliteOrderSearchUpsert('o.id = new.id')} END;
CREATE TRIGGER orders_search_update AFTER UPDATE OF rec_name, rec_tel, user_id ON orders BEGIN ${sqliteOrderSearchUpsert('o.id = new.id')} END;
CREATE TRIGGER order_items_search_insert AFTER INSERT ON order_items BEGIN ${sqliteOrderSearchUpsert('o.id = new.order_id')} END;
CREATE TRIGGER order_items_search_update AFTER UPDATE OF title, order_id ON order_items BEGIN ${sqliteOrderSearchUpsert('o.id IN (old.order_id, new.order_id)')} END;
CREATE TRIGGER order_items_search_delete AFTER DELETE ON order_items BEGIN ${sqliteOrderSearchUpsert('o.id = old.order_id')} END;
CREATE TRIGGER users_search_update AFTER UPDATE OF tel, nick_name, real_name ON users WHEN old.tel IS NOT new.tel OR old.nick_name IS NOT new.nick_name OR old.real_name IS NOT new.real_name BEGIN ${sqliteOrderSearchUpsert('o.user_id = new.id')} END;`
}

/**
 * PostgreSQL: order_search refreshed by one function the triggers call, at the commit of the
 * writing transaction (deferred constraint triggers): an order and its lines are one write of
 * its text, not a text without lines then a second version with them (each version left its
 * entries in both GIN indexes until a vacuum). The buyer's phone and names change at once. Indexed by pg_trgm (3+ characters: the LIKE uses it by
 * itself) and by title_grams (1–2, migration 20's function). Both GIN indexes without fastupdate:
 * with it, orders placed since the last vacuum wait in a pending list every search reads through,
 * and the planner, counting its pages, chose a scan of every order instead (10 ms instead of 0.15
 * for a phone number among 20,000 orders just written).
 */
function pgOrderSearch(): string {
  return `
CREATE TABLE order_search (id BIGINT PRIMARY KEY REFERENCES orders(id) ON DELETE CASCADE, text TEXT NOT NULL);
CREATE FUNCTION order_search_refresh(ids bigint[]) RETURNS void LANGUAGE sql AS $$ INSERT INTO order_search (id, text) SELECT o.id, ${ORDER_TEXT.pg} FROM orders AS o JOIN users AS u ON u.id = o.user_id WHERE o.id = ANY(ids) ON CONFLICT (id) DO UPDATE SET text = excluded.text WHERE order_search.text IS DISTINCT FROM excluded.text $$;
CREATE FUNCTION order_search_of_order() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM order_search_refresh(ARRAY[NEW.id]::bigint[]); RETURN NULL; END $$;
CREATE FUNCTION order_search_of_item() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF TG_OP = 'DELETE' THEN PERFORM order_search_refresh(ARRAY[OLD.order_id]::bigint[]); ELSIF TG_OP = 'UPDATE' THEN PERFORM order_search_refresh(ARRAY[OLD.order_id, NEW.order_id]::bigint[]); ELSE PERFORM order_search_refresh(ARRAY[NEW.order_id]::bigint[]); END IF; RETURN NULL; END $$;
CREATE FUNCTION order_search_of_user() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM order_search_refresh(ARRAY(SELECT id FROM orders WHERE user_id = NEW.id)::bigint[]); RETURN NULL; END $$;
INSERT INTO order_search (id, text) SELECT o.id, ${ORDER_TEXT.pg} FROM orders AS o JOIN users AS u ON u.id = o.user_id;
CREATE CONSTRAINT TRIGGER orders_search AFTER INSERT OR UPDATE OF rec_name, rec_tel, user_id ON orders DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION order_search_of_order();
CREATE CONSTRAINT TRIGGER order_items_search AFTER INSERT OR UPDATE OF title, order_id OR DELETE ON order_items DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION order_search_of_item();
CREATE TRIGGER users_search AFTER UPDATE OF tel, nick_name, real_name ON users FOR EACH ROW WHEN (OLD.tel IS DISTINCT FROM NEW.tel OR OLD.nick_name IS DISTINCT FROM NEW.nick_name OR OLD.real_name IS DISTINCT FROM NEW.real_name) EXECUTE FUNCTION order_search_of_user();
CREATE INDEX order_search_grams ON order_search USING gin (title_grams(text)) WITH (fastupdate = off);
DO $$ DECLARE s text; BEGIN SELECT quote_ident(n.nspname) INTO s FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'; EXECUTE format('CREATE INDEX order_search_trgm ON order_search USING gin (text %s.gin_trgm_ops) WITH (fastupdate = off)', s); END $$;`
}

/**
 * Versioned schema, run by Kysely's Migrator (which takes an advisory lock on PostgreSQL, so API
 * processes starting together do not race). Append new versions; never edit one that has
 * shipped. Money is integer fen (`*_fen`), times are China-time 'YYYY-MM-DD HH:MM:SS' text (they
 * sort and compare as text on both databases), expiries are epoch milliseconds.
 * server/db/schema.ts types every table; keep it in step.
 */
/** `only`: statements one database needs in its own dialect (triggers), run after `sql`. */
const versions: { version: number; name: string; sql: string; only?: { sqlite: string; pg: string } }[] = [
  {
    version: 1,
    name: 'initial schema',
    sql: `
CREATE TABLE users (
  id {{pk}},
  code TEXT NOT NULL UNIQUE,
  tel TEXT UNIQUE,
  password_hash TEXT,
  nick_name TEXT NOT NULL DEFAULT '',
  real_name TEXT NOT NULL DEFAULT '',
  avatar_url TEXT NOT NULL DEFAULT '',
  content TEXT NOT NULL DEFAULT '',
  ext TEXT NOT NULL DEFAULT '',
  level INTEGER NOT NULL DEFAULT 0,
  status INTEGER NOT NULL DEFAULT 0,
  cert_ext TEXT NOT NULL DEFAULT '',
  discount INTEGER NOT NULL DEFAULT 10,
  balance_fen {{bigint}} NOT NULL DEFAULT 0,
  integral_fen {{bigint}} NOT NULL DEFAULT 0,
  income_fen {{bigint}} NOT NULL DEFAULT 0,
  introducer_id INTEGER REFERENCES users(id),
  is_teacher INTEGER NOT NULL DEFAULT 0,
  create_time TEXT NOT NULL
);
CREATE INDEX users_introducer ON users(introducer_id);

CREATE TABLE tokens (
  id {{pk}},
  user_id INTEGER NOT NULL REFERENCES users(id),
  token_hash TEXT NOT NULL UNIQUE,
  expires_at {{bigint}} NOT NULL,
  revoked_at {{bigint}},
  create_time TEXT NOT NULL
);
CREATE INDEX tokens_user ON tokens(user_id);

CREATE TABLE sms_codes (
  id {{pk}},
  tel TEXT NOT NULL,
  code TEXT NOT NULL,
  ip TEXT NOT NULL DEFAULT '',
  attempts INTEGER NOT NULL DEFAULT 0,
  used_at {{bigint}},
  expires_at {{bigint}} NOT NULL,
  sent_at {{bigint}} NOT NULL,
  create_time TEXT NOT NULL
);
CREATE INDEX sms_codes_tel ON sms_codes(tel, sent_at);
CREATE INDEX sms_codes_ip ON sms_codes(ip, sent_at);

CREATE TABLE wechat_logins (
  id {{pk}},
  str TEXT NOT NULL UNIQUE,
  user_id INTEGER REFERENCES users(id),
  token TEXT,
  expires_at {{bigint}} NOT NULL,
  create_time TEXT NOT NULL
);

CREATE TABLE classifies (
  id {{pk}},
  ckey TEXT NOT NULL,
  title TEXT NOT NULL,
  sort INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX classifies_key ON classifies(ckey, sort);

CREATE TABLE banners (
  id {{pk}},
  position TEXT NOT NULL,
  imgurl TEXT NOT NULL,
  urls TEXT NOT NULL DEFAULT '',
  title TEXT NOT NULL DEFAULT '',
  sort INTEGER NOT NULL DEFAULT 0,
  is_show INTEGER NOT NULL DEFAULT 1
);

CREATE TABLE articles (
  id {{pk}},
  status INTEGER NOT NULL,
  title TEXT NOT NULL,
  sub_title TEXT NOT NULL DEFAULT '',
  imgurl TEXT NOT NULL DEFAULT '',
  imgurls TEXT NOT NULL DEFAULT '',
  tag TEXT NOT NULL DEFAULT '',
  class_id INTEGER REFERENCES classifies(id),
  city TEXT NOT NULL DEFAULT '',
  price_fen {{bigint}} NOT NULL DEFAULT 0,
  content TEXT NOT NULL DEFAULT '',
  brief TEXT NOT NULL DEFAULT '',
  hits INTEGER NOT NULL DEFAULT 0,
  hits_true INTEGER NOT NULL DEFAULT 0,
  ext_more INTEGER NOT NULL DEFAULT 0,
  ext TEXT NOT NULL DEFAULT '是',
  is_show INTEGER NOT NULL DEFAULT 1,
  post_name TEXT NOT NULL DEFAULT '',
  tel TEXT NOT NULL DEFAULT '',
  addressx TEXT NOT NULL DEFAULT '',
  create_id INTEGER REFERENCES users(id),
  create_time TEXT NOT NULL,
  update_time TEXT NOT NULL
);
-- Listings filter on (status, ext, is_show) and order by id, price or sales: one index per
-- order keeps every page an index walk; the title index makes a search count index-only.
CREATE INDEX articles_listing ON articles(status, ext, is_show, id);
CREATE INDEX articles_price ON articles(status, ext, is_show, price_fen, id);
CREATE INDEX articles_sales ON articles(status, ext, is_show, ext_more, id);
CREATE INDEX articles_title ON articles(status, ext, is_show, title, price_fen);
CREATE INDEX articles_creator ON articles(create_id, status);
CREATE INDEX articles_class ON articles(class_id);

CREATE TABLE course_sections (
  id {{pk}},
  article_id INTEGER NOT NULL REFERENCES articles(id),
  sort INTEGER NOT NULL DEFAULT 0,
  title TEXT NOT NULL,
  imgurl TEXT NOT NULL,
  status INTEGER NOT NULL DEFAULT 2,
  price_fen {{bigint}} NOT NULL DEFAULT 0,
  params INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX course_sections_article ON course_sections(article_id, sort);

CREATE TABLE purchases (
  id {{pk}},
  user_id INTEGER NOT NULL REFERENCES users(id),
  article_id INTEGER NOT NULL REFERENCES articles(id),
  section_id INTEGER REFERENCES course_sections(id),
  order_id INTEGER,
  create_time TEXT NOT NULL
);
CREATE INDEX purchases_user ON purchases(user_id, article_id);

CREATE TABLE comments (
  id {{pk}},
  article_id INTEGER NOT NULL REFERENCES articles(id),
  parent_id INTEGER REFERENCES comments(id),
  user_id INTEGER NOT NULL REFERENCES users(id),
  content TEXT NOT NULL,
  imgurl TEXT NOT NULL DEFAULT '',
  status INTEGER NOT NULL DEFAULT 10,
  is_show INTEGER NOT NULL DEFAULT 1,
  create_time TEXT NOT NULL
);
CREATE INDEX comments_article ON comments(article_id, parent_id);

CREATE TABLE user_likes (
  id {{pk}},
  user_id INTEGER NOT NULL REFERENCES users(id),
  tag_id INTEGER NOT NULL,
  status INTEGER NOT NULL,
  title TEXT NOT NULL DEFAULT '',
  sub_title TEXT NOT NULL DEFAULT '',
  imgurl TEXT NOT NULL DEFAULT '',
  urls TEXT NOT NULL DEFAULT '',
  ext TEXT NOT NULL DEFAULT '',
  ext_flag TEXT NOT NULL DEFAULT '',
  create_time TEXT NOT NULL,
  UNIQUE (user_id, status, tag_id)
);

CREATE TABLE product_spus (
  id {{pk}},
  title TEXT NOT NULL,
  sub_title TEXT NOT NULL DEFAULT '',
  tag TEXT NOT NULL DEFAULT '',
  class_id INTEGER REFERENCES classifies(id),
  imgurls TEXT NOT NULL DEFAULT '',
  desdep_propicture TEXT NOT NULL DEFAULT '',
  params TEXT NOT NULL DEFAULT '[]',
  content TEXT NOT NULL DEFAULT '',
  price_min_fen {{bigint}} NOT NULL DEFAULT 0,
  sales INTEGER NOT NULL DEFAULT 0,
  ext TEXT NOT NULL DEFAULT '是',
  is_show INTEGER NOT NULL DEFAULT 1,
  create_id INTEGER REFERENCES users(id),
  create_time TEXT NOT NULL
);
CREATE INDEX product_spus_listing ON product_spus(ext, is_show, id);
CREATE INDEX product_spus_price ON product_spus(ext, is_show, price_min_fen, id);
CREATE INDEX product_spus_sales ON product_spus(ext, is_show, sales, id);
CREATE INDEX product_spus_class ON product_spus(class_id);

CREATE TABLE product_skus (
  id {{pk}},
  spu_id INTEGER NOT NULL REFERENCES product_spus(id),
  title TEXT NOT NULL,
  param TEXT NOT NULL DEFAULT '',
  price_fen {{bigint}} NOT NULL,
  stock INTEGER NOT NULL DEFAULT 0,
  img TEXT NOT NULL DEFAULT '',
  sort INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX product_skus_spu ON product_skus(spu_id, sort);

CREATE TABLE addresses (
  id {{pk}},
  user_id INTEGER NOT NULL REFERENCES users(id),
  name TEXT NOT NULL,
  tel TEXT NOT NULL,
  country TEXT NOT NULL DEFAULT '中国',
  province TEXT NOT NULL,
  city TEXT NOT NULL,
  area TEXT NOT NULL,
  street TEXT NOT NULL DEFAULT '',
  address_detail TEXT NOT NULL,
  status INTEGER NOT NULL DEFAULT 0,
  create_time TEXT NOT NULL
);
CREATE INDEX addresses_user ON addresses(user_id);

CREATE TABLE invoice_infos (
  id {{pk}},
  user_id INTEGER NOT NULL REFERENCES users(id),
  types TEXT NOT NULL,
  company_name TEXT NOT NULL,
  company_code TEXT NOT NULL,
  company_address TEXT NOT NULL DEFAULT '',
  company_tel TEXT NOT NULL DEFAULT '',
  bank TEXT NOT NULL DEFAULT '',
  account TEXT NOT NULL DEFAULT '',
  name TEXT NOT NULL DEFAULT '',
  tel TEXT NOT NULL DEFAULT '',
  country TEXT NOT NULL DEFAULT '中国',
  province TEXT NOT NULL DEFAULT '',
  city TEXT NOT NULL DEFAULT '',
  area TEXT NOT NULL DEFAULT '',
  street TEXT NOT NULL DEFAULT '',
  addressx TEXT NOT NULL DEFAULT '',
  status INTEGER NOT NULL DEFAULT 0,
  create_time TEXT NOT NULL
);
CREATE INDEX invoice_infos_user ON invoice_infos(user_id);

CREATE TABLE orders (
  id {{pk}},
  code TEXT NOT NULL UNIQUE,
  user_id INTEGER NOT NULL REFERENCES users(id),
  status INTEGER NOT NULL DEFAULT 10,
  types INTEGER NOT NULL DEFAULT 0,
  cost_price_fen {{bigint}} NOT NULL,
  tol_cost_fen {{bigint}} NOT NULL,
  discount INTEGER NOT NULL DEFAULT 10,
  rec_name TEXT NOT NULL DEFAULT '',
  rec_tel TEXT NOT NULL DEFAULT '',
  rec_province TEXT NOT NULL DEFAULT '',
  rec_city TEXT NOT NULL DEFAULT '',
  rec_area TEXT NOT NULL DEFAULT '',
  rec_street TEXT NOT NULL DEFAULT '',
  rec_address TEXT NOT NULL DEFAULT '',
  rec_addressx TEXT NOT NULL DEFAULT '',
  nick_name TEXT NOT NULL DEFAULT '',
  after_remarks TEXT NOT NULL DEFAULT '',
  after_imgs TEXT NOT NULL DEFAULT '',
  invoice_id INTEGER REFERENCES invoice_infos(id),
  pay_way TEXT NOT NULL DEFAULT '',
  create_time TEXT NOT NULL,
  pay_time TEXT,
  way_time TEXT,
  finish_time TEXT
);
CREATE INDEX orders_user ON orders(user_id, status, create_time);

CREATE TABLE order_items (
  id {{pk}},
  order_id INTEGER NOT NULL REFERENCES orders(id),
  spu_id INTEGER REFERENCES product_spus(id),
  sku_id INTEGER REFERENCES product_skus(id),
  article_id INTEGER REFERENCES articles(id),
  section_id INTEGER REFERENCES course_sections(id),
  title TEXT NOT NULL,
  imgurl TEXT NOT NULL DEFAULT '',
  price_fen {{bigint}} NOT NULL,
  quantity INTEGER NOT NULL
);
CREATE INDEX order_items_order ON order_items(order_id);

CREATE TABLE wallet_transactions (
  id {{pk}},
  user_id INTEGER NOT NULL REFERENCES users(id),
  create_id INTEGER REFERENCES users(id),
  order_id INTEGER REFERENCES orders(id),
  tag INTEGER NOT NULL,
  groups INTEGER NOT NULL DEFAULT 0,
  title TEXT NOT NULL DEFAULT '',
  price_fen {{bigint}} NOT NULL,
  code TEXT NOT NULL,
  status INTEGER NOT NULL DEFAULT 20,
  create_time TEXT NOT NULL
);
CREATE INDEX wallet_transactions_user ON wallet_transactions(user_id, tag, create_time);

CREATE TABLE payments (
  id {{pk}},
  user_id INTEGER NOT NULL REFERENCES users(id),
  order_id INTEGER REFERENCES orders(id),
  transaction_id INTEGER REFERENCES wallet_transactions(id),
  way TEXT NOT NULL,
  amount_fen {{bigint}} NOT NULL,
  out_trade_no TEXT NOT NULL UNIQUE,
  status INTEGER NOT NULL DEFAULT 10,
  create_time TEXT NOT NULL,
  paid_time TEXT
);
CREATE INDEX payments_order ON payments(order_id);

CREATE TABLE waybills (
  id {{pk}},
  order_id INTEGER NOT NULL REFERENCES orders(id),
  company TEXT NOT NULL,
  number TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT '',
  locus TEXT NOT NULL DEFAULT '[]',
  create_time TEXT NOT NULL
);
CREATE INDEX waybills_order ON waybills(order_id);

CREATE TABLE notifications (
  id {{pk}},
  user_id INTEGER REFERENCES users(id),
  title TEXT NOT NULL,
  content TEXT NOT NULL DEFAULT '',
  create_time TEXT NOT NULL
);
CREATE INDEX notifications_user ON notifications(user_id, id);

CREATE TABLE configs (
  ckey TEXT PRIMARY KEY,
  value TEXT NOT NULL
);

CREATE TABLE regions (
  code TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  parent_code TEXT,
  level INTEGER NOT NULL
);
CREATE INDEX regions_name ON regions(name, level);
CREATE INDEX regions_parent ON regions(parent_code);

CREATE TABLE uploads (
  id {{pk}},
  user_id INTEGER REFERENCES users(id),
  path TEXT NOT NULL UNIQUE,
  mime TEXT NOT NULL,
  size INTEGER NOT NULL,
  original_name TEXT NOT NULL DEFAULT '',
  create_time TEXT NOT NULL
);
`,
  },
  {
    version: 2,
    name: 'soft delete of addresses and invoice infos',
    // Orders point at invoice infos (orders.invoice_id), so a deleted one must stay readable;
    // addresses follow the same rule to keep one ownership check for both.
    sql: `
ALTER TABLE addresses ADD COLUMN is_show INTEGER NOT NULL DEFAULT 1;
ALTER TABLE invoice_infos ADD COLUMN is_show INTEGER NOT NULL DEFAULT 1;
`,
  },
  {
    version: 3,
    name: 'discount in tenths and order expiry',
    // A member discount may have one decimal (8.5折): kept in tenths of 折, 100 is full price.
    // The old integer columns stay (never edit a shipped migration) but nothing reads them.
    // orders_expiry serves the job that cancels unpaid orders past ORDER_EXPIRY_MINUTES.
    sql: `
ALTER TABLE users ADD COLUMN discount_tenths INTEGER NOT NULL DEFAULT 100;
UPDATE users SET discount_tenths = discount * 10;
ALTER TABLE orders ADD COLUMN discount_tenths INTEGER NOT NULL DEFAULT 100;
UPDATE orders SET discount_tenths = discount * 10;
CREATE INDEX orders_expiry ON orders(status, create_time);
`,
  },
  {
    version: 4,
    name: 'after-sales, invoice and receipt states of orders',
    // after_status: 0 none, 10 applied, 20 refunded, 30 rejected; invoice_status: 0 none,
    // 10 applied, 20 issued. Seeded after-sales requests (types 10) count as applied.
    // payments.refund_time: when the money of a paid payment went back (status 40).
    // orders_receipt serves the job that completes orders shipped RECEIPT_DAYS ago.
    sql: `
ALTER TABLE orders ADD COLUMN after_status INTEGER NOT NULL DEFAULT 0;
ALTER TABLE orders ADD COLUMN after_reject_reason TEXT NOT NULL DEFAULT '';
ALTER TABLE orders ADD COLUMN invoice_status INTEGER NOT NULL DEFAULT 0;
UPDATE orders SET after_status = 10 WHERE types = 10;
UPDATE orders SET invoice_status = 10 WHERE invoice_id IS NOT NULL;
ALTER TABLE payments ADD COLUMN refund_time TEXT;
CREATE INDEX orders_receipt ON orders(status, way_time);
CREATE INDEX waybills_number ON waybills(number);
`,
  },
  {
    version: 5,
    name: 'comment rate limit, reply messages, newest-first wallet and notifications',
    // The rate limit and the reply messages are read from comments itself, no new table:
    // comments_user_time counts a user's
    // comments of the last minute (the rate limit of Comment/PostCommentAppend), and
    // comments_parent finds the replies to a user's comments (Comment/GetCommentReplyPage).
    // Wallet records and notifications are listed by create_time (newest first), not by id.
    sql: `
CREATE INDEX comments_user_time ON comments(user_id, create_time);
CREATE INDEX comments_parent ON comments(parent_id);
CREATE INDEX wallet_transactions_user_time ON wallet_transactions(user_id, create_time);
CREATE INDEX notifications_user_time ON notifications(user_id, create_time);
`,
  },
  {
    version: 6,
    name: 'site change marks',
    // Every content write marks what it changed (server/changes.ts): the site builder re-renders
    // the pages of those tags and the public read cache drops its answers. Kept in the database
    // so every API process sees every other's marks; ids only grow, so "since id N" is exact.
    sql: `
CREATE TABLE site_changes (
  id {{pk}},
  tag TEXT NOT NULL,
  create_time TEXT NOT NULL
);
`,
  },
  {
    version: 7,
    name: 'password attempt limits',
    // One row per limited subject ('tel:<phone>' or 'ip:<address>'): the failed password attempts
    // of the current window, when it began, and until when the subject is locked (0: not).
    // Counted by one atomic upsert (server/modules/accounts/login-limits.ts), so every API
    // process shares the limits; login_limits_first serves the sweep of finished windows.
    sql: `
CREATE TABLE login_limits (
  subject TEXT PRIMARY KEY,
  failures INTEGER NOT NULL,
  first_at {{bigint}} NOT NULL,
  locked_until {{bigint}} NOT NULL DEFAULT 0
);
CREATE INDEX login_limits_first ON login_limits(first_at);
`,
  },
  {
    version: 8,
    name: 'upload owners and daily quota',
    // One row per accepted upload (server/modules/uploads): the same bytes uploaded by several
    // users are one file with several owners, and a field accepts only its caller's files; the
    // rows of a China day are the user's quota. Uploads so far count for their first uploader.
    sql: `
CREATE TABLE user_uploads (
  id {{pk}},
  user_id INTEGER NOT NULL REFERENCES users(id),
  path TEXT NOT NULL,
  size INTEGER NOT NULL,
  create_time TEXT NOT NULL
);
CREATE INDEX user_uploads_owner ON user_uploads(user_id, path);
CREATE INDEX user_uploads_day ON user_uploads(user_id, create_time);
INSERT INTO user_uploads (user_id, path, size, create_time)
  SELECT user_id, path, size, create_time FROM uploads WHERE user_id IS NOT NULL;
`,
  },
  {
    version: 9,
    name: 'content orders complete at payment, transfer deadlines',
    // A course, paid post or task is delivered when paid: its order now goes 10 → 40 at payment
    // (issue 19). Those left at 20 by the old path complete with finish_time = pay_time, except
    // one with an after-sales request open (after_status 10): the operator decides it first.
    // transfer_deadline: set when the payer first chooses the corporate transfer (way union);
    // such an order expires at that time instead of ORDER_EXPIRY_MINUTES after it was made.
    sql: `
UPDATE orders SET status = 40, finish_time = pay_time
  WHERE status = 20 AND after_status <> 10
    AND EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = orders.id AND i.article_id IS NOT NULL);
ALTER TABLE orders ADD COLUMN transfer_deadline TEXT;
CREATE INDEX orders_transfer_deadline ON orders(status, transfer_deadline);
`,
  },
  {
    version: 10,
    name: 'notifications seen',
    // The newest notification id the user has seen on /message: the bell counts those above it
    // (server/modules/accounts/notices.ts). Ids, not times: a notification written late with an
    // earlier create_time is still new to its reader.
    sql: `
ALTER TABLE users ADD COLUMN notices_seen_id INTEGER NOT NULL DEFAULT 0;
`,
  },
  {
    version: 11,
    name: 'staff, staff sessions and the audit log',
    // The back office (issue 20): staff are not customers — their own accounts, roles (comma
    // separated: admin,operator,…), sessions (8 h at most, 30 min idle) and login limits (the
    // login_limits rows 'staff:<username>' and 'staff-ip:<address>'). totp_secret is the
    // confirmed second factor, totp_pending one being enrolled. audit_log is append-only: the
    // database itself refuses UPDATE and DELETE on it (the triggers below), so no code path can
    // rewrite history; staff_username is kept as written so a renamed or removed account's rows
    // still say who acted. before_json/after_json: the changed fields as JSON, or NULL.
    sql: `
CREATE TABLE staff (
  id {{pk}},
  username TEXT NOT NULL UNIQUE,
  password_hash TEXT NOT NULL,
  roles TEXT NOT NULL DEFAULT '',
  enabled INTEGER NOT NULL DEFAULT 1,
  must_change_password INTEGER NOT NULL DEFAULT 0,
  totp_secret TEXT,
  totp_pending TEXT,
  last_login_time TEXT,
  create_time TEXT NOT NULL
);

CREATE TABLE staff_sessions (
  id {{pk}},
  staff_id INTEGER NOT NULL REFERENCES staff(id),
  token_hash TEXT NOT NULL UNIQUE,
  last_seen_at {{bigint}} NOT NULL,
  expires_at {{bigint}} NOT NULL,
  revoked_at {{bigint}},
  ip TEXT NOT NULL DEFAULT '',
  create_time TEXT NOT NULL
);
CREATE INDEX staff_sessions_staff ON staff_sessions(staff_id);

CREATE TABLE audit_log (
  id {{pk}},
  at TEXT NOT NULL,
  staff_id INTEGER REFERENCES staff(id),
  staff_username TEXT NOT NULL,
  ip TEXT NOT NULL DEFAULT '',
  action TEXT NOT NULL,
  target TEXT NOT NULL DEFAULT '',
  before_json TEXT,
  after_json TEXT
);
CREATE INDEX audit_log_at ON audit_log(at);
CREATE INDEX audit_log_staff ON audit_log(staff_username, at);
CREATE INDEX audit_log_action ON audit_log(action, at);
CREATE INDEX audit_log_target ON audit_log(target, at);
`,
    only: {
      sqlite: `
CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END;
CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END;
`,
      pg: `
CREATE FUNCTION audit_log_append_only() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'audit_log is append-only'; END $$ LANGUAGE plpgsql;
CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
`,
    },
  },
  {
    version: 12,
    name: 'issued invoices and the back office queues',
    // Finance issues an invoice with its number and, for an electronic one, the file (a private
    // upload the buyer opens through a signed link): kept on the order with when it was issued.
    // The indexes serve the back office's waiting counts and lists: orders with an after-sales
    // request or an invoice to issue, and payments by state (refund-due ones, status 30).
    sql: `
ALTER TABLE orders ADD COLUMN invoice_number TEXT NOT NULL DEFAULT '';
ALTER TABLE orders ADD COLUMN invoice_file TEXT NOT NULL DEFAULT '';
ALTER TABLE orders ADD COLUMN invoice_time TEXT;
CREATE INDEX orders_after_status ON orders(after_status);
CREATE INDEX orders_invoice_status ON orders(invoice_status);
CREATE INDEX payments_status ON payments(status);
`,
  },
  {
    version: 13,
    name: 'certification submitted time',
    // When a certification was last submitted for review (issue 20): the back office's queue
    // shows the oldest first. NULL for forms submitted before this version (they sort first).
    sql: `
ALTER TABLE users ADD COLUMN cert_time TEXT;
CREATE INDEX users_cert_queue ON users(status, cert_time);
`,
  },
  {
    version: 14,
    name: 'moderation: moderated items and complaint states',
    // The back office's moderation (issue 20). articles.moderated = 1: an operator took the item
    // off the shelf (ext 否); its owner's listing toggle refuses to put it back until an operator
    // restores it. complaint_states: what the operator did with a complaint (an article of status
    // 50): the item it is about (about_id, a post, task or course, chosen by the operator) and
    // whether it was handled, when, by whom, with what note. A complaint without a row waits.
    sql: `
ALTER TABLE articles ADD COLUMN moderated INTEGER NOT NULL DEFAULT 0;
CREATE TABLE complaint_states (
  article_id INTEGER PRIMARY KEY REFERENCES articles(id),
  about_id INTEGER REFERENCES articles(id),
  handled_time TEXT,
  handled_by TEXT NOT NULL DEFAULT '',
  note TEXT NOT NULL DEFAULT ''
);
CREATE INDEX articles_moderated ON articles(moderated);
`,
  },
  {
    version: 15,
    name: 'stock adjustments and removed SKUs',
    // Marketing's stock changes (issue 21): each is a delta with a reason, booked by the same
    // transaction that moves product_skus.stock, so stock = start + adjustments − sold can be
    // checked against this book. staff_id is NULL for ops; username is kept as it was then.
    // A removed SKU keeps its row (past orders and the book point at it) with removed_time set;
    // it is no longer shown, sold, priced into the 起 price or counted.
    sql: `
ALTER TABLE product_skus ADD COLUMN removed_time TEXT;
CREATE TABLE stock_adjustments (
  id {{pk}},
  sku_id INTEGER NOT NULL REFERENCES product_skus(id),
  delta INTEGER NOT NULL,
  stock_after INTEGER NOT NULL,
  reason TEXT NOT NULL,
  staff_id INTEGER,
  username TEXT NOT NULL,
  create_time TEXT NOT NULL
);
CREATE INDEX stock_adjustments_sku ON stock_adjustments(sku_id, id);
`,
  },
  {
    version: 16,
    name: 'banner times and FAQ order',
    // Marketing may give a banner a time window (issue 21): shown from start_time (inclusive) until
    // end_time (exclusive), China wall-clock text like every stored time; NULL is open-ended.
    // articles.sort orders the FAQ (status 40) as marketing arranges it; other kinds leave it 0.
    sql: `
ALTER TABLE banners ADD COLUMN start_time TEXT;
ALTER TABLE banners ADD COLUMN end_time TEXT;
ALTER TABLE articles ADD COLUMN sort INTEGER NOT NULL DEFAULT 0;
`,
  },
  {
    version: 18,
    name: 'content drafts',
    // Preview before publishing (issue 21): a banner's, an FAQ entry's (articles of status 40) or
    // a configuration text's unpublished next version, as JSON, NULL when there is none. Public
    // queries never read it; publishing copies it onto the live columns and clears it. A banner or
    // FAQ entry that was never published is a hidden row (is_show 0) whose draft is all it has.
    sql: `
ALTER TABLE banners ADD COLUMN draft TEXT;
ALTER TABLE articles ADD COLUMN draft TEXT;
ALTER TABLE configs ADD COLUMN draft TEXT;
`,
  },
  {
    version: 19,
    name: 'payments started on the provider page',
    // Going live (issue 22): Alipay takes a payment by its QR code (precreate) or on its own page
    // (PC page pay), and one trade number may serve only one of them, so a pending payment
    // records which: page_pay 1 for the page, 0 for a QR code (every earlier online payment).
    sql: `
ALTER TABLE payments ADD COLUMN page_pay INTEGER NOT NULL DEFAULT 0;
`,
  },
  {
    version: 20,
    name: 'title search index',
    // Title search (issue 23) on an index instead of a LIKE over every row: server/db/title-search.ts
    // says how each database answers which length of query. Both are built here for the rows that
    // exist; SQLite's are kept in step by triggers (the same writes, in the same transaction),
    // PostgreSQL's are expression indexes and need nothing.
    sql: '',
    only: {
      sqlite: TITLE_TABLES.map(sqliteTitleIndex).join('\n'),
      pg: [
        // Every 1- and 2-character piece of a text: what trigrams cannot serve. IMMUTABLE, so an
        // index can hold it; the same call in a query finds that index.
        `CREATE FUNCTION title_grams(t text) RETURNS text[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$ SELECT coalesce(array_agg(DISTINCT substr(t, i, n)), '{}') FROM generate_series(1, char_length(t)) AS i, generate_series(1, 2) AS n WHERE i + n - 1 <= char_length(t) $$;`,
        ...TITLE_TABLES.map(
          (t) => `CREATE INDEX ${t}_title_grams ON ${t} USING gin (title_grams(lower(title)));`,
        ),
        pgTrigramIndexes(TITLE_TABLES),
      ].join('\n'),
    },
  },
  {
    version: 21,
    name: 'leases',
    // Several API processes on one database (issue 23): what only one of them may do at a time
    // (the site builder and the background jobs, name 'site') is leased by one row: its holder and
    // when the lease lapses, epoch ms on the database's own clock. The holder renews it; a holder
    // that died stops renewing and another process takes the row over once it has lapsed.
    sql: `
CREATE TABLE leases (
  name TEXT PRIMARY KEY,
  holder TEXT NOT NULL,
  expires_ms {{bigint}} NOT NULL,
  since_ms {{bigint}} NOT NULL
);
`,
  },
  {
    version: 22,
    name: 'resumable uploads',
    // Course section files up to 2 GB (issue 22) arrive in parts: one row per upload, its owner,
    // declared size and kind, the tree it goes to, and its state (open → completing → done, or
    // aborted). s3_upload_id is the bucket's multipart id when STORAGE=s3, NULL on local disk.
    // path is the stored path once done. A 2 GB size passes PostgreSQL's INTEGER, so sizes of
    // files become BIGINT there (SQLite's INTEGER is 64-bit already).
    sql: `
CREATE TABLE resumable_uploads (
  id TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id),
  name TEXT NOT NULL,
  size {{bigint}} NOT NULL,
  part_size INTEGER NOT NULL,
  ext TEXT NOT NULL,
  tree TEXT NOT NULL,
  state TEXT NOT NULL,
  s3_upload_id TEXT,
  path TEXT,
  create_time TEXT NOT NULL,
  update_time TEXT NOT NULL
);
CREATE INDEX resumable_uploads_owner ON resumable_uploads(user_id, create_time);
CREATE INDEX resumable_uploads_state ON resumable_uploads(state, update_time);
`,
    only: {
      sqlite: '',
      pg: `
ALTER TABLE uploads ALTER COLUMN size TYPE BIGINT;
ALTER TABLE user_uploads ALTER COLUMN size TYPE BIGINT;
`,
    },
  },
  {
    version: 23,
    name: 'coupons, promotions, shipping templates and buyer notes',
    // Selling tools (issue 24); src/lib/rules/pricing.ts priceOrder says how the figures combine.
    // shipping_templates: free_above_fen 0 is never free by amount; rates is JSON
    // [{"province":"新疆维吾尔自治区","feeFen":2500}] by the region picker's province name. The one
    // is_default row prices products whose shipping_template_id is NULL. What 包邮 meant as a tag
    // becomes a rule: tagged products keep the free default; the others get 标准运费.
    // coupons: kind 'amount' (满X减Y) or 'rate' (rate_tenths, capped by cap_fen, 0 no cap); scope
    // 'all' | 'category' | 'products' with scope_ids '3,7'; claimed and used are counters kept by
    // the same conditional updates that claim and use one. user_coupons.status: 0 unused, 10 used.
    // orders keep every figure of their breakdown, so an order shows what it was priced at; before
    // this the member discount was the only reduction, so it is what older orders' totals differ by.
    sql: `
CREATE TABLE shipping_templates (
  id {{pk}},
  name TEXT NOT NULL,
  free_above_fen INTEGER NOT NULL DEFAULT 0,
  base_fen INTEGER NOT NULL DEFAULT 0,
  rates TEXT NOT NULL DEFAULT '[]',
  is_default INTEGER NOT NULL DEFAULT 0,
  create_time TEXT NOT NULL,
  removed_time TEXT
);
INSERT INTO shipping_templates (name, free_above_fen, base_fen, rates, is_default, create_time)
  VALUES ('包邮', 0, 0, '[]', 1, '2026-11-26 00:00:00');
INSERT INTO shipping_templates (name, free_above_fen, base_fen, rates, is_default, create_time)
  VALUES ('标准运费', 9900, 1000, '[{"province":"新疆维吾尔自治区","feeFen":2500},{"province":"西藏自治区","feeFen":2500},{"province":"青海省","feeFen":2000},{"province":"内蒙古自治区","feeFen":2000},{"province":"宁夏回族自治区","feeFen":2000},{"province":"甘肃省","feeFen":2000}]', 0, '2026-11-26 00:00:00');
ALTER TABLE product_spus ADD COLUMN shipping_template_id INTEGER REFERENCES shipping_templates(id);
UPDATE product_spus SET shipping_template_id = (SELECT id FROM shipping_templates WHERE name = '标准运费')
  WHERE (',' || tag || ',') NOT LIKE '%,包邮,%';
CREATE TABLE promotions (
  id {{pk}},
  title TEXT NOT NULL,
  class_id INTEGER,
  threshold_fen INTEGER NOT NULL,
  off_fen INTEGER NOT NULL,
  start_time TEXT NOT NULL,
  end_time TEXT NOT NULL,
  is_show INTEGER NOT NULL DEFAULT 1,
  create_time TEXT NOT NULL
);
CREATE INDEX promotions_live ON promotions(is_show, end_time);
CREATE TABLE coupons (
  id {{pk}},
  title TEXT NOT NULL,
  kind TEXT NOT NULL,
  threshold_fen INTEGER NOT NULL DEFAULT 0,
  amount_fen INTEGER NOT NULL DEFAULT 0,
  rate_tenths INTEGER NOT NULL DEFAULT 100,
  cap_fen INTEGER NOT NULL DEFAULT 0,
  scope TEXT NOT NULL DEFAULT 'all',
  scope_ids TEXT NOT NULL DEFAULT '',
  include_courses INTEGER NOT NULL DEFAULT 0,
  total_limit INTEGER NOT NULL,
  per_user_limit INTEGER NOT NULL DEFAULT 1,
  claimed INTEGER NOT NULL DEFAULT 0,
  used INTEGER NOT NULL DEFAULT 0,
  start_time TEXT NOT NULL,
  end_time TEXT NOT NULL,
  is_show INTEGER NOT NULL DEFAULT 1,
  create_time TEXT NOT NULL
);
CREATE INDEX coupons_live ON coupons(is_show, end_time);
CREATE TABLE user_coupons (
  id {{pk}},
  coupon_id INTEGER NOT NULL REFERENCES coupons(id),
  user_id INTEGER NOT NULL REFERENCES users(id),
  status INTEGER NOT NULL DEFAULT 0,
  order_id INTEGER REFERENCES orders(id),
  claim_time TEXT NOT NULL,
  use_time TEXT
);
CREATE INDEX user_coupons_user ON user_coupons(user_id, status);
CREATE INDEX user_coupons_coupon ON user_coupons(coupon_id, user_id);
ALTER TABLE orders ADD COLUMN member_off_fen INTEGER NOT NULL DEFAULT 0;
ALTER TABLE orders ADD COLUMN promo_off_fen INTEGER NOT NULL DEFAULT 0;
ALTER TABLE orders ADD COLUMN promo_title TEXT NOT NULL DEFAULT '';
ALTER TABLE orders ADD COLUMN coupon_off_fen INTEGER NOT NULL DEFAULT 0;
ALTER TABLE orders ADD COLUMN coupon_title TEXT NOT NULL DEFAULT '';
ALTER TABLE orders ADD COLUMN user_coupon_id INTEGER;
ALTER TABLE orders ADD COLUMN shipping_fen INTEGER NOT NULL DEFAULT 0;
ALTER TABLE orders ADD COLUMN buyer_note TEXT NOT NULL DEFAULT '';
UPDATE orders SET member_off_fen = cost_price_fen - tol_cost_fen WHERE cost_price_fen > tol_cost_fen;
`,
  },
  {
    version: 24,
    name: 'product reviews',
    // A buyer's review of one product of a completed order (issue 24 item 6). UNIQUE (order_id,
    // spu_id) is what makes "once per order line" hold when two posts race: the second insert
    // does nothing. imgs and add_imgs are comma-joined paths like every image field; add_time
    // NULL means no 追评 yet, and the append is one UPDATE conditioned on it. is_show 0 is an
    // operator's hide: public reads, the summary and the built page leave it out.
    // reviews_spu serves the product's list (newest first) and its summary.
    sql: `
CREATE TABLE reviews (
  id {{pk}},
  order_id INTEGER NOT NULL REFERENCES orders(id),
  spu_id INTEGER NOT NULL REFERENCES product_spus(id),
  sku_id INTEGER REFERENCES product_skus(id),
  user_id INTEGER NOT NULL REFERENCES users(id),
  stars INTEGER NOT NULL,
  content TEXT NOT NULL,
  imgs TEXT NOT NULL DEFAULT '',
  is_show INTEGER NOT NULL DEFAULT 1,
  add_content TEXT NOT NULL DEFAULT '',
  add_imgs TEXT NOT NULL DEFAULT '',
  add_time TEXT,
  create_time TEXT NOT NULL,
  UNIQUE (order_id, spu_id)
);
CREATE INDEX reviews_spu ON reviews(spu_id, is_show, id);
CREATE INDEX reviews_user ON reviews(user_id);
`,
  },
  {
    version: 25,
    name: 'back-in-stock alerts',
    // 到货通知 (issue 24 item 7): a customer's wish to hear when a sold-out SKU is back. A row is
    // pending while notified_time is NULL; the stock increase that finds it sets notified_time in
    // a conditional update (so two increases notify once) and writes the /message notification in
    // the same transaction. text_due 1: the SMS is still to go, sent after the commit by whoever
    // claims it (text_due 1 → 0). At most one pending row per customer and SKU; a notified row
    // stays as the record, and subscribing again after the next sell-out adds a new one.
    sql: `
CREATE TABLE stock_alerts (
  id {{pk}},
  user_id INTEGER NOT NULL REFERENCES users(id),
  sku_id INTEGER NOT NULL REFERENCES product_skus(id),
  spu_id INTEGER NOT NULL REFERENCES product_spus(id),
  create_time TEXT NOT NULL,
  notified_time TEXT,
  text_due INTEGER NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX stock_alerts_pending ON stock_alerts(user_id, sku_id) WHERE notified_time IS NULL;
CREATE INDEX stock_alerts_sku ON stock_alerts(sku_id, notified_time);
CREATE INDEX stock_alerts_user ON stock_alerts(user_id, spu_id);
CREATE INDEX stock_alerts_text_due ON stock_alerts(text_due);
`,
  },
  {
    version: 26,
    name: 'coupon use counted, not kept',
    // A coupon's count of uses was a column every order with the coupon (and every cancel of one)
    // updated: one row that all its orders queued on, and, locked before the SKU in placing and
    // after it in cancelling, a deadlock on PostgreSQL (npm run load:orders, issue 23). The used
    // claims are the count: user_coupons with status 10, by the first index. The second finds the
    // coupon a cancelled order gives back, which was a scan of every claim.
    sql: `
ALTER TABLE coupons DROP COLUMN used;
CREATE INDEX user_coupons_used ON user_coupons(coupon_id, status);
CREATE INDEX user_coupons_order ON user_coupons(order_id);
`,
  },
  {
    version: 27,
    name: 'article title pieces by kind',
    // SQLite only (sqliteArticleGramsByKind): PostgreSQL's pieces are an expression index
    // (version 20) that the listing's own conditions narrow.
    sql: '',
    only: { sqlite: sqliteArticleGramsByKind(), pg: '' },
  },
  {
    version: 28,
    name: 'staff totp step spent',
    // RFC 6238 §5.2: a one-time code is accepted once. totp_step is the newest 30-second step
    // whose code signed this staff member in (or confirmed the secret); a code of it or an
    // earlier step is refused, in one conditional update, so two sign-ins with one code, even at
    // once, let one through. NULL: no code spent yet.
    sql: `
ALTER TABLE staff ADD COLUMN totp_step INTEGER;
`,
  },
  {
    version: 29,
    name: 'orders by time',
    // The back office lists orders newest first by 下单时间 (orders.admin.queries.ts), which
    // was the id: imported or seeded orders are not in id order. This index keeps that page an
    // index walk however many orders there are.
    sql: `
CREATE INDEX orders_create_time ON orders(create_time, id);
`,
  },
  {
    version: 30,
    name: 'wallet request id',
    // A balance adjustment carries its form's request id (wallet.service.ts): the unique index
    // makes a second attempt of one adjustment (a double click, a retry) change nothing. NULL for
    // every other record; both databases let NULLs repeat in a unique index.
    sql: `
ALTER TABLE wallet_transactions ADD COLUMN request_id TEXT;
CREATE UNIQUE INDEX wallet_transactions_request ON wallet_transactions(request_id);
`,
  },
  {
    version: 31,
    name: 'stock adjustment request id',
    // The same for a stock adjustment (catalog.skus.service.ts adjustStock): its form's request
    // id, under a unique index, makes a second attempt change nothing.
    sql: `
ALTER TABLE stock_adjustments ADD COLUMN request_id TEXT;
CREATE UNIQUE INDEX stock_adjustments_request ON stock_adjustments(request_id);
`,
  },
  {
    version: 32,
    name: 'shipments and after-sales',
    // Issue 38. An order ships in parcels (a waybills row each, with the lines and quantities it
    // holds in shipment_lines); a parcel shipped by mistake is cancelled, not deleted. Each line
    // counts what of it shipped and what was refunded. After-sales requests become rows of their
    // own (kind, lines, the approved amount, the buyer's return waybill), orders.after_status
    // mirroring the newest; each refund they pay is a refunds row (40 paid, 30 due: a transfer
    // finance pays back by hand). Orders shipped before have one parcel holding everything, and
    // an open request becomes the whole order's 仅退款 it was.
    sql: `
ALTER TABLE order_items ADD COLUMN shipped_qty INTEGER NOT NULL DEFAULT 0;
ALTER TABLE order_items ADD COLUMN refunded_qty INTEGER NOT NULL DEFAULT 0;
ALTER TABLE order_items ADD COLUMN dropped_qty INTEGER NOT NULL DEFAULT 0;
ALTER TABLE order_items ADD COLUMN refunded_fen {{bigint}} NOT NULL DEFAULT 0;
ALTER TABLE waybills ADD COLUMN cancel_time TEXT;
ALTER TABLE waybills ADD COLUMN after_sale_id INTEGER;
CREATE TABLE shipment_lines (
  id {{pk}},
  waybill_id INTEGER NOT NULL REFERENCES waybills(id),
  item_id INTEGER NOT NULL REFERENCES order_items(id),
  quantity INTEGER NOT NULL
);
CREATE INDEX shipment_lines_waybill ON shipment_lines(waybill_id);
CREATE INDEX shipment_lines_item ON shipment_lines(item_id);
INSERT INTO shipment_lines (waybill_id, item_id, quantity)
  SELECT w.id, i.id, i.quantity FROM waybills w JOIN order_items i ON i.order_id = w.order_id
  WHERE w.id = (SELECT MIN(x.id) FROM waybills x WHERE x.order_id = w.order_id);
UPDATE order_items SET shipped_qty = quantity WHERE order_id IN (SELECT order_id FROM waybills);
CREATE TABLE after_sales (
  id {{pk}},
  order_id INTEGER NOT NULL REFERENCES orders(id),
  kind TEXT NOT NULL,
  status INTEGER NOT NULL,
  lines TEXT NOT NULL DEFAULT '[]',
  remarks TEXT NOT NULL DEFAULT '',
  imgs TEXT NOT NULL DEFAULT '',
  amount_fen {{bigint}} NOT NULL DEFAULT 0,
  reason TEXT NOT NULL DEFAULT '',
  approved_by INTEGER,
  return_company TEXT NOT NULL DEFAULT '',
  return_waybill TEXT NOT NULL DEFAULT '',
  return_time TEXT,
  create_time TEXT NOT NULL,
  update_time TEXT NOT NULL
);
CREATE INDEX after_sales_order ON after_sales(order_id, id);
INSERT INTO after_sales (order_id, kind, status, remarks, imgs, create_time, update_time)
  SELECT id, 'refund', 10, after_remarks, after_imgs, create_time, create_time FROM orders WHERE after_status = 10;
CREATE TABLE refunds (
  id {{pk}},
  order_id INTEGER NOT NULL REFERENCES orders(id),
  after_sale_id INTEGER REFERENCES after_sales(id),
  payment_id INTEGER REFERENCES payments(id),
  way TEXT NOT NULL,
  amount_fen {{bigint}} NOT NULL,
  status INTEGER NOT NULL,
  create_time TEXT NOT NULL,
  refund_time TEXT
);
CREATE INDEX refunds_order ON refunds(order_id);
CREATE INDEX refunds_status ON refunds(status);
INSERT INTO refunds (order_id, payment_id, way, amount_fen, status, create_time, refund_time)
  SELECT p.order_id, p.id, p.way, p.amount_fen, p.status, COALESCE(p.refund_time, p.create_time), p.refund_time
  FROM payments p JOIN orders o ON o.id = p.order_id
  WHERE o.after_status = 20 AND p.status IN (30, 40) AND p.paid_time IS NOT NULL;
`,
  },
  {
    version: 33,
    name: 'waybill tracked at',
    // When the courier was last asked about the waybill (epoch ms): a real provider is asked
    // again only once its refresh interval has passed (fulfilment.queries.ts trackedWaybills).
    // NULL for the waybills shipped before: asked on their next read.
    sql: `
ALTER TABLE waybills ADD COLUMN tracked_at {{bigint}};
`,
  },
  {
    version: 34,
    name: 'order search and notes',
    // The back office finds any order by one text (issue 38): order_search, kept by triggers
    // (sqliteOrderSearch, pgOrderSearch above), filled here for the orders that exist. And staff's
    // internal notes on an order (order_notes): never shown to the buyer, newest first by id.
    sql: `
CREATE TABLE order_notes (
  id {{pk}},
  order_id INTEGER NOT NULL REFERENCES orders(id),
  staff_id INTEGER REFERENCES staff(id),
  staff_username TEXT NOT NULL,
  text TEXT NOT NULL,
  create_time TEXT NOT NULL
);
CREATE INDEX order_notes_order ON order_notes(order_id, id);
`,
    only: { sqlite: sqliteOrderSearch(), pg: pgOrderSearch() },
  },
  {
    version: 35,
    name: 'audit log append-only',
    // What version 11's triggers left open (issue 39). SQLite: INSERT OR REPLACE over an existing
    // id deleted and rewrote the row, and a REPLACE conflict fires no DELETE trigger, so an insert
    // of an id already there is refused before its conflict is resolved. PostgreSQL: TRUNCATE
    // fires no row trigger, so a statement trigger refuses it (a TRUNCATE … CASCADE from staff too).
    sql: '',
    only: {
      sqlite: `
CREATE TRIGGER audit_log_no_replace BEFORE INSERT ON audit_log WHEN EXISTS (SELECT 1 FROM audit_log WHERE id = new.id) BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END;
`,
      pg: `
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
`,
    },
  },
  {
    version: 36,
    name: 'balance adjustments pending',
    // Issue 39: a balance adjustment above BALANCE_ADJUST_LIMIT waits here (status 'pending')
    // until another finance or admin account approves it (then 'approved', the wallet record
    // written in the same transaction) or its requester withdraws it ('withdrawn'). amount_fen is
    // signed; request_id is the form's id, under a unique index, so a second submit adds nothing.
    sql: `
CREATE TABLE balance_adjustments (
  id {{pk}},
  user_id INTEGER NOT NULL REFERENCES users(id),
  amount_fen {{bigint}} NOT NULL,
  reason TEXT NOT NULL,
  request_id TEXT,
  requested_by INTEGER NOT NULL REFERENCES staff(id),
  status TEXT NOT NULL DEFAULT 'pending',
  decided_by INTEGER REFERENCES staff(id),
  record_code TEXT,
  create_time TEXT NOT NULL,
  decide_time TEXT
);
CREATE UNIQUE INDEX balance_adjustments_request ON balance_adjustments(request_id);
CREATE INDEX balance_adjustments_status ON balance_adjustments(status, id);
CREATE INDEX balance_adjustments_user ON balance_adjustments(user_id, id);
`,
  },
  {
    version: 37,
    name: 'transfer receipts',
    // Corporate transfers as finance reconciles them (issue 39): each transfer received for an
    // order (kind 'payment': its amount, bank reference 流水号, payer's account name, the day it
    // arrived, an optional private receipt scan, and whether it matched the payable: matched,
    // short or over) and each transfer refund finance paid back (kind 'refund', outcome
    // 'refund'). A reference confirms one order only: unique among matched payments.
    sql: `
CREATE TABLE transfer_receipts (
  id {{pk}},
  order_id INTEGER NOT NULL REFERENCES orders(id),
  kind TEXT NOT NULL,
  amount_fen {{bigint}} NOT NULL,
  reference TEXT NOT NULL,
  payer TEXT NOT NULL,
  received_at TEXT NOT NULL,
  slip TEXT NOT NULL DEFAULT '',
  outcome TEXT NOT NULL,
  staff_id INTEGER REFERENCES staff(id),
  staff_username TEXT NOT NULL,
  create_time TEXT NOT NULL
);
CREATE INDEX transfer_receipts_order ON transfer_receipts(order_id, id);
CREATE INDEX transfer_receipts_reference ON transfer_receipts(reference);
CREATE UNIQUE INDEX transfer_receipts_confirming ON transfer_receipts(reference) WHERE kind = 'payment' AND outcome = 'matched';
`,
  },
  {
    version: 38,
    name: 'invoice records',
    // Invoice correction (issue 39): each order's invoices as finance issued and red-lettered them
    // (红冲), oldest first. kind 'issue' (an invoice issued: its number, private file or '' for
    // paper, the amount it was issued for, the title and tax id printed on it) or 'red' (the
    // red-letter invoice that voids the one issued before it: its own number and file, the
    // amount reversed, the reason; reason 退款 when a refund voided it). orders.invoice_status
    // gains 30 已作废 (voided by a refund) and 40 待重开 (red-lettered by finance for a correction).
    // Orders issued before this version get their issue record, and those a refund voided (the
    // old derived 已作废) their red record and status 30, so the history starts complete.
    sql: `
CREATE TABLE invoice_records (
  id {{pk}},
  order_id INTEGER NOT NULL REFERENCES orders(id),
  kind TEXT NOT NULL,
  number TEXT NOT NULL,
  file TEXT NOT NULL DEFAULT '',
  amount_fen {{bigint}} NOT NULL,
  title TEXT NOT NULL DEFAULT '',
  tax_code TEXT NOT NULL DEFAULT '',
  reason TEXT NOT NULL DEFAULT '',
  staff_id INTEGER REFERENCES staff(id),
  staff_username TEXT NOT NULL,
  create_time TEXT NOT NULL
);
CREATE INDEX invoice_records_order ON invoice_records(order_id, id);
INSERT INTO invoice_records (order_id, kind, number, file, amount_fen, title, tax_code, staff_username, create_time)
SELECT o.id, 'issue', o.invoice_number, o.invoice_file, o.tol_cost_fen, COALESCE(i.company_name, ''), COALESCE(i.company_code, ''), '', COALESCE(o.invoice_time, o.create_time)
FROM orders o LEFT JOIN invoice_infos i ON i.id = o.invoice_id WHERE o.invoice_status = 20 ORDER BY o.id;
INSERT INTO invoice_records (order_id, kind, number, amount_fen, title, tax_code, reason, staff_username, create_time)
SELECT r.order_id, 'red', '', r.amount_fen, r.title, r.tax_code, '退款', '', COALESCE((SELECT MAX(a.update_time) FROM after_sales a WHERE a.order_id = o.id AND a.status = 20), r.create_time)
FROM invoice_records r JOIN orders o ON o.id = r.order_id WHERE o.after_status = 20 ORDER BY r.id;
UPDATE orders SET invoice_status = 30 WHERE invoice_status = 20 AND after_status = 20;
`,
  },
  {
    version: 39,
    name: 'stock holds and coupon stacking',
    // Issue 39 parts 4 and 9. product_spus.order_limit: the most of one SKU an order may hold (0:
    // only UNPAID_SKU_HOLD_CAP). orders.expired_time: set when the expiry job cancelled the order
    // (a buyer's cancel leaves it NULL), so a 对公转账 order that lapsed can be told apart for
    // TRANSFER_RETRY_HOURS. coupons.stacks_with_promotion: 可与满减同享; new coupons do not stack,
    // the coupons that exist keep stacking until marketing edits them, so no price changes
    // silently. orders.offer_choice / offer_note: which of coupon and 满减 a non-stacking coupon
    // left applied ('promotion' | 'coupon', '' when no choice was made) and why, in Chinese.
    sql: `
ALTER TABLE product_spus ADD COLUMN order_limit INTEGER NOT NULL DEFAULT 0;
ALTER TABLE orders ADD COLUMN expired_time TEXT;
CREATE INDEX orders_expired ON orders(user_id, expired_time);
ALTER TABLE coupons ADD COLUMN stacks_with_promotion INTEGER NOT NULL DEFAULT 0;
UPDATE coupons SET stacks_with_promotion = 1;
ALTER TABLE orders ADD COLUMN offer_choice TEXT NOT NULL DEFAULT '';
ALTER TABLE orders ADD COLUMN offer_note TEXT NOT NULL DEFAULT '';
`,
  },
  {
    version: 40,
    name: 'course upgrade credit and unique purchases',
    // Issue 39: an order's credit for sections of the course paid before (an upgrade to the whole
    // course, src/lib/rules/pricing.ts). A buyer owns a course, or one section of it, once: the
    // unique indexes make a second payment of the same thing (two upgrades paid at once) add no
    // second purchase, and markOrderPaid refuses it. Rows a race may have doubled before go first,
    // the earliest of each kept (the same ownership, so nothing is opened or closed by it).
    sql: `
ALTER TABLE orders ADD COLUMN credit_fen {{bigint}} NOT NULL DEFAULT 0;
DELETE FROM purchases WHERE section_id IS NULL AND id NOT IN (SELECT MIN(id) FROM purchases WHERE section_id IS NULL GROUP BY user_id, article_id);
DELETE FROM purchases WHERE section_id IS NOT NULL AND id NOT IN (SELECT MIN(id) FROM purchases WHERE section_id IS NOT NULL GROUP BY user_id, article_id, section_id);
CREATE UNIQUE INDEX purchases_whole ON purchases(user_id, article_id) WHERE section_id IS NULL;
CREATE UNIQUE INDEX purchases_section ON purchases(user_id, article_id, section_id) WHERE section_id IS NOT NULL;
`,
  },
  {
    version: 41,
    name: 'takedown refunds',
    // Issue 39 part 7: a moderator's 违规下架并退款 refunds every paid order of the item to its
    // buyer's balance. Each refund it writes says so (cause 'takedown'; '' for after-sales and the
    // rest), and an order has at most one such refund: with the order's conditional close, a job
    // run twice or by two operators at once refunds nobody twice.
    sql: `
ALTER TABLE refunds ADD COLUMN cause TEXT NOT NULL DEFAULT '';
CREATE UNIQUE INDEX refunds_takedown ON refunds(order_id) WHERE cause = 'takedown';
`,
  },
  {
    version: 44,
    name: 'transfer references',
    // A bank reference (流水号) stands for one order, whatever it recorded (matched, short or
    // over): its primary key decides two recordings at once, where the partial index of
    // migration 37 only held matched ones. Earlier receipts keep the order they were recorded for.
    sql: `
CREATE TABLE transfer_references (
  reference TEXT PRIMARY KEY,
  order_id INTEGER NOT NULL REFERENCES orders(id)
);
INSERT INTO transfer_references (reference, order_id)
  SELECT reference, MIN(order_id) FROM transfer_receipts WHERE kind = 'payment' GROUP BY reference;
`,
  },
  {
    version: 45,
    name: 'draft orders',
    // Issue 40 item 1, 代客下单: staff build a draft for a customer (lines as JSON [{skuId, quantity}],
    // one of the customer's addresses and invoice titles, a discount in hundredths of a percent)
    // and send it, which places an ordinary unpaid order (order_id). A draft holds no stock.
    // staff_off_fen is that discount as the order stored it (priceOrder step 4b).
    sql: `
ALTER TABLE orders ADD COLUMN staff_off_fen {{bigint}} NOT NULL DEFAULT 0;
CREATE TABLE draft_orders (
  id {{pk}},
  user_id INTEGER NOT NULL REFERENCES users(id),
  lines TEXT NOT NULL,
  address_id INTEGER,
  invoice_id INTEGER,
  discount_bp INTEGER NOT NULL DEFAULT 0,
  status INTEGER NOT NULL DEFAULT 0,
  order_id INTEGER REFERENCES orders(id),
  staff_id INTEGER,
  staff_username TEXT NOT NULL DEFAULT '',
  create_time TEXT NOT NULL,
  update_time TEXT NOT NULL,
  sent_time TEXT
);
CREATE INDEX draft_orders_status ON draft_orders(status, id);
`,
  },
  {
    version: 46,
    name: 'customer groups and price lists',
    // Issue 40 item 2: marketing's customer groups (合作医院, 经销商) and their price lists: a
    // price per SKU and/or a percentage off a whole category, with optional dates (NULL: open).
    // The buyer's price is the lowest of list, member and group price (pricing.ts); an order
    // keeps what the group price took off and the list it came from.
    sql: `
CREATE TABLE customer_groups (
  id {{pk}},
  name TEXT NOT NULL,
  create_time TEXT NOT NULL
);
CREATE UNIQUE INDEX customer_groups_name ON customer_groups(name);
CREATE TABLE customer_group_members (
  group_id INTEGER NOT NULL REFERENCES customer_groups(id),
  user_id INTEGER NOT NULL REFERENCES users(id),
  create_time TEXT NOT NULL,
  PRIMARY KEY (group_id, user_id)
);
CREATE INDEX customer_group_members_user ON customer_group_members(user_id);
CREATE TABLE price_lists (
  id {{pk}},
  group_id INTEGER NOT NULL REFERENCES customer_groups(id),
  title TEXT NOT NULL,
  start_time TEXT,
  end_time TEXT,
  create_time TEXT NOT NULL
);
CREATE INDEX price_lists_group ON price_lists(group_id);
CREATE TABLE price_list_prices (
  list_id INTEGER NOT NULL REFERENCES price_lists(id),
  sku_id INTEGER NOT NULL,
  price_fen {{bigint}} NOT NULL,
  PRIMARY KEY (list_id, sku_id)
);
CREATE TABLE price_list_categories (
  list_id INTEGER NOT NULL REFERENCES price_lists(id),
  class_id INTEGER NOT NULL,
  percent_off INTEGER NOT NULL,
  PRIMARY KEY (list_id, class_id)
);
ALTER TABLE orders ADD COLUMN group_off_fen {{bigint}} NOT NULL DEFAULT 0;
ALTER TABLE orders ADD COLUMN group_title TEXT NOT NULL DEFAULT '';
`,
  },
  {
    version: 47,
    name: 'product options and sku codes',
    // Issue 40 item 3: a product declares its options (product_spus.options, a JSON list of
    // { name, values }) and each SKU is one combination of their values (product_skus.options, a
    // JSON list in the options' order) with its 货号 (code, unique across all SKUs, removed ones
    // included, so an order's code keeps meaning one thing) and an optional barcode. Products from
    // before keep their SKUs as one option 规格, a value per live SKU (its name, and its param when
    // it has one, as the buy box showed them), and get the codes SKU<id> (generatedSkuCode).
    sql: `
ALTER TABLE product_spus ADD COLUMN options TEXT NOT NULL DEFAULT '[]';
ALTER TABLE product_skus ADD COLUMN options TEXT NOT NULL DEFAULT '[]';
ALTER TABLE product_skus ADD COLUMN code TEXT;
ALTER TABLE product_skus ADD COLUMN barcode TEXT NOT NULL DEFAULT '';
UPDATE product_skus SET code = 'SKU' || id;
CREATE UNIQUE INDEX product_skus_code ON product_skus(code);
`,
    only: {
      sqlite: `
UPDATE product_skus SET options = json_array(CASE WHEN param <> '' THEN title || ' ' || param ELSE title END) WHERE removed_time IS NULL;
UPDATE product_spus SET options = (SELECT json_array(json_object('name', '规格', 'values', json_group_array(CASE WHEN k.param <> '' THEN k.title || ' ' || k.param ELSE k.title END ORDER BY k.sort, k.id))) FROM product_skus k WHERE k.spu_id = product_spus.id AND k.removed_time IS NULL) WHERE EXISTS (SELECT 1 FROM product_skus k WHERE k.spu_id = product_spus.id AND k.removed_time IS NULL);
`,
      pg: `
UPDATE product_skus SET options = json_build_array(CASE WHEN param <> '' THEN title || ' ' || param ELSE title END)::text WHERE removed_time IS NULL;
UPDATE product_spus SET options = json_build_array(json_build_object('name', '规格', 'values', (SELECT json_agg(CASE WHEN k.param <> '' THEN k.title || ' ' || k.param ELSE k.title END ORDER BY k.sort, k.id) FROM product_skus k WHERE k.spu_id = product_spus.id AND k.removed_time IS NULL)))::text WHERE EXISTS (SELECT 1 FROM product_skus k WHERE k.spu_id = product_spus.id AND k.removed_time IS NULL);
`,
    },
  },
  {
    version: 49,
    name: 'staff names and phones',
    // Issue 40 part 6: staff are named as people (张敏), not only by their ASCII username, and
    // have a phone. Accounts made before keep '' until an admin fills them: they show their username.
    sql: `
ALTER TABLE staff ADD COLUMN display_name TEXT NOT NULL DEFAULT '';
ALTER TABLE staff ADD COLUMN phone TEXT NOT NULL DEFAULT '';
`,
  },
  {
    version: 52,
    name: 'wechat in-app sign-in',
    // Issue 41 item 5: sign-in inside WeChat's browser (网页授权 snsapi_userinfo). A pending login
    // (wechat_logins) also carries the OAuth state (hashed) and the hash of the nonce cookie that
    // binds it to the browser that started it, the page to return to, and, once WeChat answered
    // for someone not yet bound, who that is. wechat_accounts binds an openid (and its unionid,
    // when the 公众号 is on an 开放平台) to an account.
    sql: `
ALTER TABLE wechat_logins ADD COLUMN state TEXT;
ALTER TABLE wechat_logins ADD COLUMN nonce TEXT;
ALTER TABLE wechat_logins ADD COLUMN back TEXT;
ALTER TABLE wechat_logins ADD COLUMN openid TEXT;
ALTER TABLE wechat_logins ADD COLUMN unionid TEXT;
ALTER TABLE wechat_logins ADD COLUMN nickname TEXT;
ALTER TABLE wechat_logins ADD COLUMN headimgurl TEXT;
CREATE UNIQUE INDEX wechat_logins_state ON wechat_logins(state) WHERE state IS NOT NULL;
CREATE TABLE wechat_accounts (
  openid TEXT PRIMARY KEY,
  unionid TEXT,
  user_id INTEGER NOT NULL REFERENCES users(id),
  nickname TEXT NOT NULL DEFAULT '',
  headimgurl TEXT NOT NULL DEFAULT '',
  create_time TEXT NOT NULL
);
CREATE INDEX wechat_accounts_unionid ON wechat_accounts(unionid);
`,
  },
  {
    version: 53,
    name: 'refund gateway notes',
    // Issue 41 item 7: a refund WeChat reports failed (REFUND.ABNORMAL, REFUND.CLOSED) goes back
    // to finance's 待退款 with what the gateway said.
    sql: `
ALTER TABLE refunds ADD COLUMN gateway_note TEXT NOT NULL DEFAULT '';
`,
  },
]

/** '0001_initial schema': Kysely orders migrations by name, so the version leads, zero-padded. */
const nameOf = (v: { version: number; name: string }) => `${String(v.version).padStart(4, '0')}_${v.name}`

/** Runs each statement of a DDL text; node:sqlite prepares one statement at a time. */
async function runDdl(db: Kysely<unknown>, text: string, only?: { sqlite: string; pg: string }) {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter
  const all = `${text}\n${only ? (pg ? only.pg : only.sqlite) : ''}`
  for (const stmt of ddl(all, pg).split(/;\s*\n/)) {
    const body = stmt.replace(/^\s*--.*$/gm, '').trim()
    if (body) await sql.raw(body).execute(db)
  }
}

export const migrations: Record<string, Migration> = Object.fromEntries(
  versions.map((v) => [nameOf(v), { up: (db: Kysely<unknown>) => runDdl(db, v.sql, v.only) }]),
)

/**
 * A database made before the Migrator recorded its versions in schema_migrations: those count
 * as applied, so it migrates forward with nothing run twice and nothing lost.
 */
async function adoptLegacyVersions(db: Db) {
  const legacy = await sql<{ version: number }>`SELECT version FROM schema_migrations`
    .execute(db)
    .then((r) => r.rows)
    .catch(() => null)
  if (!legacy) return
  await sql`CREATE TABLE IF NOT EXISTS kysely_migration (name varchar(255) NOT NULL PRIMARY KEY, timestamp varchar(255) NOT NULL)`.execute(
    db,
  )
  for (const { version } of legacy) {
    const v = versions.find((m) => m.version === Number(version))
    if (!v) continue
    const name = nameOf(v)
    const onConflict = isPg(db) ? sql`ON CONFLICT (name) DO NOTHING` : sql``
    await sql`INSERT ${isPg(db) ? sql`` : sql`OR IGNORE`} INTO kysely_migration (name, timestamp) VALUES (${name}, ${new Date().toISOString()}) ${onConflict}`.execute(
      db,
    )
  }
  await sql`DROP TABLE schema_migrations`.execute(db)
}

/** Brings the schema up to the newest version; safe to call on every start. Answers the names applied. */
export async function migrate(db: Db): Promise<string[]> {
  await adoptLegacyVersions(db)
  // Kysely looks for its own tables in every schema unless told which: name the current one, so
  // databases that share a PostgreSQL server in different schemas keep their own versions.
  const schema = isPg(db)
    ? (await sql<{ s: string }>`SELECT current_schema() AS s`.execute(db)).rows[0]?.s
    : undefined
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(schema ? { migrationTableSchema: schema } : {}),
  })
  const { error, results } = await migrator.migrateToLatest()
  if (error) throw error
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName)
}
