// Who a campaign goes to: categories or modifiers (all / none / uncategorized), age range and gender (section 4.3).
import { formatServiceDate } from '../../shared/rules/datetime';
import type { SandboxDatabase } from '../store/schema';

/** The recipient filter of a send request, stored with a scheduled campaign. */
export interface RecipientSelection {
  /** Category ids and modifiers as given. */
  categories: string[];
  ageFrom?: number;
  ageTo?: number;
  gender?: 'm' | 'f';
}

export const CATEGORY_MODIFIERS = ['all', 'none', 'uncategorized'] as const;

/** One recipient: the contact and its address. */
export interface Recipient {
  contactId: number;
  email: string;
}

/** The date `years` before `today` (yyyy-mm-dd), clamping 29 February. */
function yearsBefore(today: string, years: number): string {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const year = y - years;
  const lastDay = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(Math.min(d, lastDay)).padStart(2, '0')}`;
}

/**
 * Contacts the campaign goes to: with an email, not opted out, matching the category selection (any of the
 * listed ids or modifiers; `none` means everyone), the age range (by DateOfBirth, today in the account's zone) and gender.
 */
export function selectRecipients(
  db: SandboxDatabase,
  accountId: number,
  selection: RecipientSelection,
  now: Date,
  timeZone: string,
): Recipient[] {
  const where = ['c.account_id = ?', 'c.email_key IS NOT NULL', 'c.email_optout = 0'];
  const args: unknown[] = [accountId];
  if (!selection.categories.includes('none')) {
    const any: string[] = [];
    const ids = selection.categories
      .filter((value) => !(CATEGORY_MODIFIERS as readonly string[]).includes(value))
      .map(Number);
    if (selection.categories.includes('all'))
      any.push('EXISTS (SELECT 1 FROM contact_categories cc WHERE cc.contact_id = c.id)');
    if (selection.categories.includes('uncategorized'))
      any.push('NOT EXISTS (SELECT 1 FROM contact_categories cc WHERE cc.contact_id = c.id)');
    if (ids.length > 0) {
      any.push(
        `EXISTS (SELECT 1 FROM contact_categories cc WHERE cc.contact_id = c.id AND cc.category_id IN (${ids.map(() => '?').join(',')}))`,
      );
      args.push(...ids);
    }
    where.push(`(${any.join(' OR ')})`);
  }
  if (selection.gender) {
    where.push("lower(CAST(json_extract(c.data, '$.Sex') AS TEXT)) = ?");
    args.push(selection.gender);
  }
  if (selection.ageFrom !== undefined || selection.ageTo !== undefined) {
    const today = formatServiceDate(now, timeZone);
    where.push("json_extract(c.data, '$.DateOfBirth') GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'");
    if (selection.ageFrom !== undefined) {
      // Aged at least N: born on or before today N years ago.
      where.push("json_extract(c.data, '$.DateOfBirth') <= ?");
      args.push(yearsBefore(today, Math.floor(selection.ageFrom)));
    }
    if (selection.ageTo !== undefined) {
      // Aged at most N: born after today N+1 years ago.
      where.push("json_extract(c.data, '$.DateOfBirth') > ?");
      args.push(yearsBefore(today, Math.floor(selection.ageTo) + 1));
    }
  }
  const rows = db
    .prepare(`SELECT c.id, c.email_key FROM contacts c WHERE ${where.join(' AND ')} ORDER BY c.id`)
    .raw()
    .all(...args) as [number, string][];
  return rows.map(([contactId, email]) => ({ contactId, email }));
}
