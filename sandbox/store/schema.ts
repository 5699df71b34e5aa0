// The sandbox's SQLite schema: one database per sandbox, in a file or in memory.
import Database from 'better-sqlite3';

export type SandboxDatabase = Database.Database;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS partners (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  webhook_url TEXT
);
CREATE TABLE IF NOT EXISTS plans (
  id TEXT PRIMARY KEY,
  partner_id TEXT,
  name TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  email_credits INTEGER NOT NULL DEFAULT 1000,
  sms_credits INTEGER NOT NULL DEFAULT 500
);
CREATE TABLE IF NOT EXISTS accounts (
  id INTEGER PRIMARY KEY,
  client_id TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  username TEXT UNIQUE,
  password_sha1 TEXT,
  email TEXT,
  timezone TEXT NOT NULL DEFAULT 'UTC',
  country TEXT NOT NULL DEFAULT 'AU',
  email_credits INTEGER NOT NULL DEFAULT 0,
  sms_credits INTEGER NOT NULL DEFAULT 0,
  reservations_enabled INTEGER NOT NULL DEFAULT 0,
  campaigns_allowed INTEGER NOT NULL DEFAULT 1,
  disabled INTEGER NOT NULL DEFAULT 0,
  contact_webhook_url TEXT,
  reply_number TEXT NOT NULL,
  partner_id TEXT,
  plan_id TEXT,
  logo_url TEXT,
  signup_reference TEXT,
  created_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS api_keys (
  key TEXT PRIMARY KEY,
  account_id INTEGER NOT NULL,
  kind TEXT NOT NULL,          -- 'api' (operator-issued or signup) or 'token' (request_token)
  secret TEXT,                 -- only for 'token'
  created_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS fields (
  account_id INTEGER NOT NULL,
  scope TEXT NOT NULL,         -- 'contact' or 'reservation'
  name TEXT NOT NULL,
  label TEXT NOT NULL,
  type TEXT NOT NULL,
  position REAL NOT NULL,
  PRIMARY KEY (account_id, scope, name)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS field_options (
  account_id INTEGER NOT NULL,
  scope TEXT NOT NULL,
  field_name TEXT NOT NULL,
  option TEXT NOT NULL,
  position INTEGER NOT NULL,
  PRIMARY KEY (account_id, scope, field_name, option)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS categories (
  id INTEGER PRIMARY KEY,
  account_id INTEGER NOT NULL,
  name TEXT NOT NULL COLLATE NOCASE,
  UNIQUE (account_id, name)
);
CREATE TABLE IF NOT EXISTS contacts (
  id INTEGER PRIMARY KEY,
  account_id INTEGER NOT NULL,
  data TEXT NOT NULL,          -- custom fields as a JSON object, in push order
  categories TEXT NOT NULL DEFAULT '',
  email_key TEXT,              -- lower-cased PatronEmail, for the duplicate check and filters
  mobile_key TEXT,             -- PatronMobile as E.164 (or its digits when not a valid number)
  email_optout INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  touched_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS contacts_touched ON contacts (account_id, touched_at);
CREATE INDEX IF NOT EXISTS contacts_email ON contacts (account_id, email_key);
CREATE INDEX IF NOT EXISTS contacts_mobile ON contacts (account_id, mobile_key);
CREATE TABLE IF NOT EXISTS contact_categories (
  contact_id INTEGER NOT NULL,
  category_id INTEGER NOT NULL,
  PRIMARY KEY (contact_id, category_id)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS contact_categories_category ON contact_categories (category_id);
CREATE TABLE IF NOT EXISTS purchases (
  id INTEGER PRIMARY KEY,
  account_id INTEGER NOT NULL,
  contact_id INTEGER NOT NULL,
  tx_id TEXT NOT NULL,
  item TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS reservations (
  pk INTEGER PRIMARY KEY,
  account_id INTEGER NOT NULL,
  id TEXT NOT NULL,
  contact_id INTEGER NOT NULL,
  data TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  touched_at INTEGER NOT NULL,
  UNIQUE (account_id, id)
);
CREATE TABLE IF NOT EXISTS campaigns (
  pk INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  account_id INTEGER NOT NULL,
  name TEXT NOT NULL,
  type TEXT NOT NULL,
  subject TEXT NOT NULL DEFAULT '',
  from_name TEXT NOT NULL DEFAULT '',
  from_email TEXT NOT NULL DEFAULT '',
  html TEXT NOT NULL DEFAULT '',
  url TEXT,
  imported INTEGER NOT NULL DEFAULT 0,  -- body came from url
  import_images INTEGER NOT NULL DEFAULT 0,
  state TEXT NOT NULL,         -- draft, scheduled, sent
  send_at INTEGER,
  selection TEXT,              -- recipient filter of the send request (JSON)
  recipients INTEGER,
  credits_reserved INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  sent_at INTEGER
);
CREATE TABLE IF NOT EXISTS campaign_links (
  campaign_id TEXT NOT NULL,
  idx INTEGER NOT NULL,
  url TEXT NOT NULL,
  PRIMARY KEY (campaign_id, idx)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS sent_items (
  id INTEGER PRIMARY KEY,
  account_id INTEGER NOT NULL,
  reference_id TEXT NOT NULL,
  type TEXT NOT NULL,
  timestamp INTEGER NOT NULL,
  count INTEGER NOT NULL,
  message TEXT NOT NULL,
  from_name TEXT NOT NULL DEFAULT '',
  subject TEXT,
  count_optout INTEGER NOT NULL DEFAULT 0,
  count_open INTEGER NOT NULL DEFAULT 0,
  count_auto_optout INTEGER NOT NULL DEFAULT 0,
  count_bounced INTEGER NOT NULL DEFAULT 0,
  count_spam INTEGER NOT NULL DEFAULT 0,
  campaign_id TEXT
);
CREATE INDEX IF NOT EXISTS sent_items_reference ON sent_items (account_id, reference_id);
CREATE TABLE IF NOT EXISTS scheduled_messages (
  id INTEGER PRIMARY KEY,
  account_id INTEGER NOT NULL,
  channel TEXT NOT NULL,       -- sms or email
  due_at INTEGER NOT NULL,
  payload TEXT NOT NULL,
  state TEXT NOT NULL DEFAULT 'pending'
);
CREATE TABLE IF NOT EXISTS message_log (
  id INTEGER PRIMARY KEY,
  account_id INTEGER NOT NULL,
  channel TEXT NOT NULL,       -- sms or email
  kind TEXT NOT NULL,          -- sms, email, campaign, campaign_test
  reference_id TEXT,
  to_address TEXT NOT NULL,
  from_address TEXT,
  subject TEXT,
  message TEXT,
  sent_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS sms_replies (
  id INTEGER PRIMARY KEY,
  account_id INTEGER NOT NULL,
  timestamp INTEGER NOT NULL,
  number TEXT NOT NULL,
  to_number TEXT NOT NULL,
  reference_id TEXT,
  message TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS webhook_deliveries (
  id INTEGER PRIMARY KEY,
  event TEXT NOT NULL,
  url TEXT NOT NULL,
  body TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER,
  state TEXT NOT NULL DEFAULT 'pending',  -- pending, delivered, failed
  last_status INTEGER,
  last_response TEXT,
  last_error TEXT,
  created_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS signin_sessions (
  id TEXT PRIMARY KEY,
  account_id INTEGER NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS sandbox_meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
`;

/** Opens (and creates when new) the sandbox database; ':memory:' for tests. */
export function openSandboxDatabase(file = ':memory:'): SandboxDatabase {
  const db = new Database(file);
  if (file !== ':memory:') db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = OFF');
  db.exec(SCHEMA);
  return db;
}

const statementCache = new WeakMap<SandboxDatabase, Map<string, Database.Statement>>();

/** A prepared statement, compiled once per database: the hot paths (push, pull) run thousands of times. */
export function sql(db: SandboxDatabase, text: string): Database.Statement {
  let cache = statementCache.get(db);
  if (!cache) {
    cache = new Map();
    statementCache.set(db, cache);
  }
  let statement = cache.get(text);
  if (!statement) {
    statement = db.prepare(text);
    cache.set(text, statement);
  }
  return statement;
}

/** Reads a value of the sandbox's own bookkeeping (e.g. whether the demo was seeded). */
export function getMeta(db: SandboxDatabase, key: string): string | undefined {
  const row = sql(db, 'SELECT value FROM sandbox_meta WHERE key = ?').get(key) as { value: string } | undefined;
  return row?.value;
}

/** Writes a value of the sandbox's own bookkeeping. */
export function setMeta(db: SandboxDatabase, key: string, value: string): void {
  sql(
    db,
    'INSERT INTO sandbox_meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  ).run(key, value);
}
