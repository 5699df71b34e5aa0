// Accounts, their API keys, credits and standard fields.
import { createHash, randomBytes } from 'node:crypto';
import type { SandboxContext } from '../context';
import { sql, type SandboxDatabase } from './schema';
import { addField } from './fields';

/** An account (one venue, one client database) as the sandbox keeps it. */
export interface Account {
  id: number;
  clientId: string;
  name: string;
  username: string | null;
  email: string | null;
  timezone: string;
  country: string;
  emailCredits: number;
  smsCredits: number;
  reservationsEnabled: boolean;
  campaignsAllowed: boolean;
  disabled: boolean;
  contactWebhookUrl: string | null;
  replyNumber: string;
  partnerId: string | null;
  planId: string | null;
  logoUrl: string | null;
  signupReference: string | null;
}

interface AccountRow {
  id: number;
  client_id: string;
  name: string;
  username: string | null;
  email: string | null;
  timezone: string;
  country: string;
  email_credits: number;
  sms_credits: number;
  reservations_enabled: number;
  campaigns_allowed: number;
  disabled: number;
  contact_webhook_url: string | null;
  reply_number: string;
  partner_id: string | null;
  plan_id: string | null;
  logo_url: string | null;
  signup_reference: string | null;
}

/** Row → Account. */
function toAccount(row: AccountRow): Account {
  return {
    id: row.id,
    clientId: row.client_id,
    name: row.name,
    username: row.username,
    email: row.email,
    timezone: row.timezone,
    country: row.country,
    emailCredits: row.email_credits,
    smsCredits: row.sms_credits,
    reservationsEnabled: row.reservations_enabled === 1,
    campaignsAllowed: row.campaigns_allowed === 1,
    disabled: row.disabled === 1,
    contactWebhookUrl: row.contact_webhook_url,
    replyNumber: row.reply_number,
    partnerId: row.partner_id,
    planId: row.plan_id,
    logoUrl: row.logo_url,
    signupReference: row.signup_reference,
  };
}

/** The contact fields every new account starts with (the reference names PatronEmail, PatronMobile, PatronName…). */
const STANDARD_CONTACT_FIELDS = [
  { name: 'PatronName', label: 'First name', type: 'string' },
  { name: 'PatronSurname', label: 'Last name', type: 'string' },
  { name: 'PatronEmail', label: 'Email', type: 'string' },
  { name: 'PatronMobile', label: 'Mobile', type: 'string' },
  { name: 'DateOfBirth', label: 'Date of birth', type: 'date' },
  { name: 'Sex', label: 'Sex', type: 'Sex' },
  { name: 'MemberNumber', label: 'Member number', type: 'string' },
  { name: 'CardNumber', label: 'Card number', type: 'string' },
  { name: 'member_id', label: 'POS member id', type: 'string' },
] as const;

/** The reservation fields every account with reservations has (section 2.6). */
const STANDARD_RESERVATION_FIELDS = [
  { name: 'total_attendees', label: 'Total attendees', type: 'number' },
  { name: 'attendee_names', label: 'Attendee names', type: 'text' },
  {
    name: 'bookingStatus',
    label: 'Booking status',
    type: 'singleSelect',
    options: ['Unconfirmed', 'Pending', 'Confirmed'],
  },
  { name: 'Date', label: 'Date', type: 'date' },
  { name: 'Time', label: 'Time', type: 'time' },
] as const;

/** What the operator (or a signup) gives to create an account. */
export interface NewAccount {
  name: string;
  clientId?: string;
  username?: string;
  password?: string;
  email?: string;
  timezone?: string;
  country?: string;
  emailCredits?: number;
  smsCredits?: number;
  reservationsEnabled?: boolean;
  campaignsAllowed?: boolean;
  contactWebhookUrl?: string | null;
  partnerId?: string | null;
  planId?: string | null;
  logoUrl?: string | null;
  signupReference?: string | null;
  /** A fixed API key (the demo's); random otherwise. */
  apiKey?: string;
}

/** A random API key: 32 hex characters. */
function randomKey(bytes = 16): string {
  return randomBytes(bytes).toString('hex');
}

/** The stored form of a password: its SHA-1 hex, which is all request_token's signature needs. */
function hashPassword(password: string): string {
  return createHash('sha1').update(password, 'utf8').digest('hex');
}

/** Creates an account with its standard fields and one API key. */
export function createAccount(ctx: SandboxContext, input: NewAccount): { account: Account; apiKey: string } {
  const { db } = ctx;
  const nowMs = ctx.now().getTime();
  return db.transaction(() => {
    const next = (sql(db, 'SELECT COALESCE(MAX(id), 0) + 1 AS id FROM accounts').get() as { id: number }).id;
    const clientId = input.clientId ?? String(1000 + next);
    const replyNumber = `+6140000${String(next).padStart(4, '0')}`;
    const info = sql(
      db,
      `INSERT INTO accounts (client_id, name, username, password_sha1, email, timezone, country, email_credits, sms_credits,
        reservations_enabled, campaigns_allowed, contact_webhook_url, reply_number, partner_id, plan_id, logo_url, signup_reference, created_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      clientId,
      input.name,
      input.username ?? null,
      input.password === undefined ? null : hashPassword(input.password),
      input.email ?? null,
      input.timezone ?? 'UTC',
      input.country ?? 'AU',
      input.emailCredits ?? 1000,
      input.smsCredits ?? 1000,
      input.reservationsEnabled ? 1 : 0,
      input.campaignsAllowed === false ? 0 : 1,
      input.contactWebhookUrl ?? null,
      replyNumber,
      input.partnerId ?? null,
      input.planId ?? null,
      input.logoUrl ?? null,
      input.signupReference ?? null,
      nowMs,
    );
    const accountId = Number(info.lastInsertRowid);
    for (const field of STANDARD_CONTACT_FIELDS) addField(db, accountId, 'contact', field);
    for (const field of STANDARD_RESERVATION_FIELDS)
      addField(db, accountId, 'reservation', field, 'options' in field ? field.options : []);
    const apiKey = issueApiKey(db, accountId, nowMs, input.apiKey);
    return { account: findAccountById(db, accountId)!, apiKey };
  })();
}

/** Issues an API key for the account (random unless given). */
export function issueApiKey(db: SandboxDatabase, accountId: number, nowMs: number, key = randomKey()): string {
  sql(db, "INSERT INTO api_keys (key, account_id, kind, created_at) VALUES (?, ?, 'api', ?)").run(
    key,
    accountId,
    nowMs,
  );
  return key;
}

/**
 * Replaces every key, token and dashboard session of an account, and its password: what was handed out
 * before stops working (the desk's demo does this at each launch).
 */
export function replaceCredentials(
  db: SandboxDatabase,
  accountId: number,
  nowMs: number,
  credentials: { apiKey: string; password: string },
): void {
  db.transaction(() => {
    sql(db, 'DELETE FROM api_keys WHERE account_id = ?').run(accountId);
    sql(db, 'DELETE FROM signin_sessions WHERE account_id = ?').run(accountId);
    sql(db, 'UPDATE accounts SET password_sha1 = ? WHERE id = ?').run(hashPassword(credentials.password), accountId);
    issueApiKey(db, accountId, nowMs, credentials.apiKey);
  })();
}

/** The account's request_token credentials, made once and then returned again (retries must not multiply tokens). */
export function tokenCredentials(
  db: SandboxDatabase,
  accountId: number,
  nowMs: number,
): { token: string; secret: string } {
  const existing = sql(
    db,
    "SELECT key, secret FROM api_keys WHERE account_id = ? AND kind = 'token' ORDER BY created_at LIMIT 1",
  ).get(accountId) as { key: string; secret: string } | undefined;
  if (existing) return { token: existing.key, secret: existing.secret };
  const token = randomKey();
  const secret = randomKey(20);
  sql(db, "INSERT INTO api_keys (key, account_id, kind, secret, created_at) VALUES (?, ?, 'token', ?, ?)").run(
    token,
    accountId,
    secret,
    nowMs,
  );
  return { token, secret };
}

/** The secret that goes with a request_token token, or undefined when the token is unknown. */
export function secretOfToken(db: SandboxDatabase, token: string): { accountId: number; secret: string } | undefined {
  const row = sql(db, "SELECT account_id, secret FROM api_keys WHERE key = ? AND kind = 'token'").get(token) as
    { account_id: number; secret: string } | undefined;
  return row && { accountId: row.account_id, secret: row.secret };
}

/** The account an API key (or request_token token) belongs to. */
export function findAccountByKey(db: SandboxDatabase, key: string): Account | undefined {
  const row = sql(db, 'SELECT a.* FROM api_keys k JOIN accounts a ON a.id = k.account_id WHERE k.key = ?').get(key) as
    AccountRow | undefined;
  return row && toAccount(row);
}

/** The account by its internal id. */
export function findAccountById(db: SandboxDatabase, id: number): Account | undefined {
  const row = sql(db, 'SELECT * FROM accounts WHERE id = ?').get(id) as AccountRow | undefined;
  return row && toAccount(row);
}

/** The account by client id. */
export function findAccountByClientId(db: SandboxDatabase, clientId: string): Account | undefined {
  const row = sql(db, 'SELECT * FROM accounts WHERE client_id = ?').get(clientId) as AccountRow | undefined;
  return row && toAccount(row);
}

/** The account by username, with its password hash (for request_token). */
export function findAccountByUsername(
  db: SandboxDatabase,
  username: string,
): { account: Account; passwordSha1: string | null } | undefined {
  const row = sql(db, 'SELECT * FROM accounts WHERE username = ?').get(username) as
    (AccountRow & { password_sha1: string | null }) | undefined;
  return row && { account: toAccount(row), passwordSha1: row.password_sha1 };
}

/** Every account, oldest first. */
export function listAccounts(db: SandboxDatabase): Account[] {
  return (sql(db, 'SELECT * FROM accounts ORDER BY id').all() as AccountRow[]).map(toAccount);
}

/** What the operator may change on an account. */
export type AccountPatch = Partial<
  Pick<
    NewAccount,
    | 'name'
    | 'timezone'
    | 'country'
    | 'emailCredits'
    | 'smsCredits'
    | 'reservationsEnabled'
    | 'campaignsAllowed'
    | 'contactWebhookUrl'
  >
> & {
  disabled?: boolean;
};

const PATCH_COLUMNS: Record<keyof AccountPatch, string> = {
  name: 'name',
  timezone: 'timezone',
  country: 'country',
  emailCredits: 'email_credits',
  smsCredits: 'sms_credits',
  reservationsEnabled: 'reservations_enabled',
  campaignsAllowed: 'campaigns_allowed',
  disabled: 'disabled',
  contactWebhookUrl: 'contact_webhook_url',
};

/** Applies an operator's change to an account; returns the account after it. */
export function updateAccount(db: SandboxDatabase, accountId: number, patch: AccountPatch): Account | undefined {
  for (const [key, column] of Object.entries(PATCH_COLUMNS) as [keyof AccountPatch, string][]) {
    const value = patch[key];
    if (value === undefined) continue;
    const stored = typeof value === 'boolean' ? (value ? 1 : 0) : value;
    db.prepare(`UPDATE accounts SET ${column} = ? WHERE id = ?`).run(stored, accountId);
  }
  return findAccountById(db, accountId);
}

export type CreditKind = 'email' | 'sms';

/** Takes credits if the account has enough; false (and nothing taken) otherwise. */
export function spendCredits(db: SandboxDatabase, accountId: number, kind: CreditKind, amount: number): boolean {
  const column = kind === 'email' ? 'email_credits' : 'sms_credits';
  const info = sql(db, `UPDATE accounts SET ${column} = ${column} - ? WHERE id = ? AND ${column} >= ?`).run(
    amount,
    accountId,
    amount,
  );
  return info.changes === 1;
}

/** Gives credits back (a cancelled scheduled campaign). */
export function refundCredits(db: SandboxDatabase, accountId: number, kind: CreditKind, amount: number): void {
  const column = kind === 'email' ? 'email_credits' : 'sms_credits';
  sql(db, `UPDATE accounts SET ${column} = ${column} + ? WHERE id = ?`).run(amount, accountId);
}
