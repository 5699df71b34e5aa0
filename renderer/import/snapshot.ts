import type { GuestDatabase } from '../db/guest-db';
import { categoriesOf } from '../db/contact';
import { TERM } from '../search/terms';
import type { GuestSnapshot } from './check';

/**
 * The emails and mobiles of the cached guests → their key, read from the search index (keys only,
 * no records), so 100,000 guests load in a fraction of a second. Guests not yet confirmed (local
 * ids) are left out: a row matching one cannot be applied to it until the service knows it.
 */
export async function loadGuestSnapshot(db: GuestDatabase): Promise<GuestSnapshot> {
  const [emails, mobiles] = await Promise.all([termMap(db, TERM.email), termMap(db, TERM.phone)]);
  return { emails, mobiles };
}

/** The categories of these cached guests, by key (to add to them rather than replace them). */
export async function guestCategories(db: GuestDatabase, keys: readonly string[]): Promise<Map<string, string[]>> {
  const rows = await db.guestsByKeys([...keys]);
  return new Map(rows.map((row) => [row.key, categoriesOf(row.record)]));
}

/** term (without its prefix) → guest key, for one kind of term. */
async function termMap(db: GuestDatabase, prefix: string): Promise<Map<string, string>> {
  const range = () => db.guests.where('terms').startsWith(prefix);
  const [terms, keys] = await db.transaction('r', db.guests, () =>
    Promise.all([range().keys(), range().primaryKeys()]),
  );
  const map = new Map<string, string>();
  terms.forEach((term, index) => {
    const key = keys[index]!;
    if (!key.startsWith('local-')) map.set(String(term).slice(prefix.length), key);
  });
  return map;
}
