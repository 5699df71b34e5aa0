// Contacts: stored as a JSON object of custom fields, plus keys for the duplicate check, filters and campaigns.
import { emailKey as toEmailKey } from '../../shared/rules/email';
import { normalizePhone, phoneDigits } from '../../shared/rules/phone';
import { sql, type SandboxDatabase } from './schema';
import { WhereBuilder } from './where';

/** A stored contact. */
export interface StoredContact {
  id: number;
  accountId: number;
  data: Record<string, unknown>;
  categories: string;
  emailOptout: boolean;
  touchedAt: number;
}

interface ContactRow {
  id: number;
  account_id: number;
  data: string;
  categories: string;
  email_optout: number;
  touched_at: number;
}

/** Row → contact. */
function toContact(row: ContactRow): StoredContact {
  return {
    id: row.id,
    accountId: row.account_id,
    data: JSON.parse(row.data) as Record<string, unknown>,
    categories: row.categories,
    emailOptout: row.email_optout === 1,
    touchedAt: row.touched_at,
  };
}

/** The duplicate-check keys of a contact: email lower-cased, mobile as E.164 (digits when not a valid number). */
export function contactKeys(
  data: Record<string, unknown>,
  country: string,
): { emailKey: string | null; mobileKey: string | null } {
  const email =
    typeof data.PatronEmail === 'string' || typeof data.PatronEmail === 'number'
      ? toEmailKey(String(data.PatronEmail))
      : '';
  return { emailKey: email === '' ? null : email, mobileKey: mobileKey(data.PatronMobile, country) };
}

/** A mobile as the sandbox compares them: E.164 for the account's country, else its digits; null when blank. */
function mobileKey(value: unknown, country: string): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const text = String(value).trim();
  if (text === '') return null;
  return normalizePhone(text, country) ?? (phoneDigits(text) || null);
}

/** One contact of the account, or undefined. */
export function findContact(
  db: SandboxDatabase,
  accountId: number,
  contactId: string | number,
): StoredContact | undefined {
  const id = Number(contactId);
  if (!Number.isSafeInteger(id)) return undefined;
  const row = sql(
    db,
    'SELECT id, account_id, data, categories, email_optout, touched_at FROM contacts WHERE id = ? AND account_id = ?',
  ).get(id, accountId) as ContactRow | undefined;
  return row && toContact(row);
}

/** Another contact with the same email or mobile, if any (push_contact's "Duplicate check failed"). */
export function findDuplicate(
  db: SandboxDatabase,
  accountId: number,
  keys: { emailKey: string | null; mobileKey: string | null },
  exceptId?: number,
): number | undefined {
  const except = exceptId ?? -1;
  if (keys.emailKey) {
    const row = sql(db, 'SELECT id FROM contacts WHERE account_id = ? AND email_key = ? AND id != ? LIMIT 1').get(
      accountId,
      keys.emailKey,
      except,
    ) as { id: number } | undefined;
    if (row) return row.id;
  }
  if (keys.mobileKey) {
    const row = sql(db, 'SELECT id FROM contacts WHERE account_id = ? AND mobile_key = ? AND id != ? LIMIT 1').get(
      accountId,
      keys.mobileKey,
      except,
    ) as { id: number } | undefined;
    if (row) return row.id;
  }
  return undefined;
}

/** Inserts a contact; returns its id. */
export function insertContact(
  db: SandboxDatabase,
  accountId: number,
  data: Record<string, unknown>,
  country: string,
  nowMs: number,
): number {
  const keys = contactKeys(data, country);
  const info = sql(
    db,
    'INSERT INTO contacts (account_id, data, email_key, mobile_key, created_at, touched_at) VALUES (?, ?, ?, ?, ?, ?)',
  ).run(accountId, JSON.stringify(data), keys.emailKey, keys.mobileKey, nowMs, nowMs);
  return Number(info.lastInsertRowid);
}

/** Rewrites a contact's fields and touches it. */
export function updateContactData(
  db: SandboxDatabase,
  contactId: number,
  data: Record<string, unknown>,
  country: string,
  nowMs: number,
): void {
  const keys = contactKeys(data, country);
  sql(db, 'UPDATE contacts SET data = ?, email_key = ?, mobile_key = ?, touched_at = ? WHERE id = ?').run(
    JSON.stringify(data),
    keys.emailKey,
    keys.mobileKey,
    nowMs,
    contactId,
  );
}

/** Deletes a contact with its categories (operator only: the API has no delete). */
export function deleteContact(db: SandboxDatabase, accountId: number, contactId: number): boolean {
  const info = sql(db, 'DELETE FROM contacts WHERE id = ? AND account_id = ?').run(contactId, accountId);
  sql(db, 'DELETE FROM contact_categories WHERE contact_id = ?').run(contactId);
  return info.changes === 1;
}

/** Marks the contacts with this email as opted out of email (unsubscribe link, opt-out event). */
export function optOutEmail(db: SandboxDatabase, accountId: number, email: string, nowMs: number): number {
  return sql(db, 'UPDATE contacts SET email_optout = 1, touched_at = ? WHERE account_id = ? AND email_key = ?').run(
    nowMs,
    accountId,
    toEmailKey(email),
  ).changes;
}

/** pull_db filters (section 4.13), already parsed. */
export interface ContactFilters {
  touchedFrom?: number;
  touchedTo?: number;
  member_id?: string;
  MemberNumber?: string;
  PatronEmail?: string;
  PatronMobile?: string;
  PatronName?: string;
  CardNumber?: string;
  PatronSurname?: string;
}

/**
 * The pull_db body as JSON text, built without parsing each stored object: 100,000 contacts must
 * answer in well under two seconds, and the stored JSON is already the custom-field part.
 */
export function pullContactsJson(
  db: SandboxDatabase,
  accountId: number,
  clientId: string,
  country: string,
  filters: ContactFilters,
): string {
  const where = new WhereBuilder('account_id = ?', accountId);
  if (filters.touchedFrom !== undefined) where.add('touched_at >= ?', filters.touchedFrom);
  if (filters.touchedTo !== undefined) where.add('touched_at <= ?', filters.touchedTo);
  if (filters.PatronEmail !== undefined) where.add('email_key = ?', toEmailKey(filters.PatronEmail));
  if (filters.PatronMobile !== undefined) where.add('mobile_key = ?', mobileKey(filters.PatronMobile, country) ?? '');
  for (const name of ['PatronName', 'PatronSurname'] as const) {
    const value = filters[name];
    if (value !== undefined) where.add(`lower(CAST(json_extract(data, '$.${name}') AS TEXT)) = lower(?)`, value.trim());
  }
  for (const name of ['member_id', 'MemberNumber', 'CardNumber'] as const) {
    const value = filters[name];
    if (value !== undefined) where.add(`CAST(json_extract(data, '$.${name}') AS TEXT) = ?`, value.trim());
  }
  const rows = db
    .prepare(`SELECT id, data, categories FROM contacts WHERE ${where.sql} ORDER BY id`)
    .raw()
    .iterate(...where.params) as IterableIterator<[number, string, string]>;
  const prefix = `{"client_id":${JSON.stringify(clientId)},"contact_id":"`;
  const parts: string[] = [];
  for (const [id, data, categories] of rows) {
    const rest = data.length > 2 ? `,${data.slice(1)}` : '}';
    parts.push(`${prefix}${id}","svc_categories":${JSON.stringify(categories)}${rest}`);
  }
  return `[${parts.join(',')}]`;
}
