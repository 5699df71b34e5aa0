import type { z } from 'zod';
import type { importKnownGuest } from '../../shared/bridge/channels/import';
import { emailKey } from '../../shared/rules/email';
import { isLocalGuestId } from '../../shared/rules/guest-id';
import type { GuestDatabase } from '../db/guest-db';
import { categoriesOf } from '../db/contact';
import { TERM, type PhoneKey } from '../search/terms';
import type { GuestSnapshot } from './resolve';

/** A guest the desk's outbox queued or sent (importKnownGuests). */
export type OutboxGuest = z.output<typeof importKnownGuest>;

/** The guests rows are compared with, and how to read the records of those they match. */
export interface GuestsOnFile {
  snapshot: GuestSnapshot;
  /** The records of these guests: the cache's, with what the outbox is still to send laid over them. */
  records(ids: Iterable<string>): Promise<Map<string, Record<string, unknown>>>;
}

/** The id a guest known only from the outbox (no service id yet) goes by in the check. */
const OUTBOX_GUEST = 'outbox:';

/**
 * The guests on file: the cached guests' emails and mobiles (read from the search index, keys only,
 * so 100,000 load in a fraction of a second), with the guests the desk's own outbox queued or sent
 * laid over them, known as soon as they are queued. Guests recorded here and not yet confirmed
 * (local ids) are left out: a row matching one cannot be applied to it until the service knows it.
 */
export async function loadGuestsOnFile(
  db: GuestDatabase | null,
  outboxGuests: readonly OutboxGuest[],
  phoneKey: PhoneKey,
): Promise<GuestsOnFile> {
  const [emails, mobiles] = db
    ? await Promise.all([termMap(db, TERM.email), termMap(db, TERM.phone)])
    : [new Map<string, string>(), new Map<string, string>()];
  const emailOf = reverse(emails);
  const mobileOf = reverse(mobiles);
  const waiting = new Map<string, string>();
  const overlays = new Map<string, Record<string, string>>();
  const place = (id: string, email: string | null, mobile: string | null) => {
    if (email) {
      const old = emailOf.get(id);
      if (old && emails.get(old) === id) emails.delete(old);
      emails.set(email, id);
      emailOf.set(id, email);
    }
    if (mobile) {
      const old = mobileOf.get(id);
      if (old && mobiles.get(old) === id) mobiles.delete(old);
      mobiles.set(mobile, id);
      mobileOf.set(id, mobile);
    }
  };
  for (const guest of outboxGuests) {
    const email = guest.fields.PatronEmail ? emailKey(guest.fields.PatronEmail) : null;
    const mobile = guest.fields.PatronMobile ? phoneKey(guest.fields.PatronMobile) : null;
    if (guest.contactId) {
      // A sent write the cache already holds (or a newer one from elsewhere) is the cache's to say.
      if (guest.state === 'sent' && emailOf.has(guest.contactId)) continue;
      if (guest.state === 'sent' && mobileOf.has(guest.contactId)) continue;
      place(guest.contactId, email, mobile);
      overlays.set(guest.contactId, { ...overlays.get(guest.contactId), ...guest.fields });
      continue;
    }
    // A new guest the cache now holds (synced since) is known by the cache.
    if ((email && emails.has(email)) || (mobile && mobiles.has(mobile))) continue;
    const id = `${OUTBOX_GUEST}${guest.entry}`;
    place(id, email, mobile);
    overlays.set(id, guest.fields);
    waiting.set(id, waitingReason(guest));
  }
  return {
    snapshot: { emails, mobiles, emailOf, mobileOf, waiting },
    async records(ids) {
      const wanted = [...ids];
      const cachedIds = wanted.filter((id) => !id.startsWith(OUTBOX_GUEST));
      const rows = db && cachedIds.length > 0 ? await db.guestsByKeys(cachedIds) : [];
      const out = new Map<string, Record<string, unknown>>(rows.map((row) => [row.key, { ...row.record }]));
      for (const id of wanted) {
        const overlay = overlays.get(id);
        if (overlay) out.set(id, { ...out.get(id), ...overlay });
      }
      return out;
    },
  };
}

/** Why a row matching a guest the outbox knows without a service id is left as it is. */
function waitingReason(guest: OutboxGuest): string {
  if (guest.state === 'pending')
    return 'Left as they are: a guest with this email or mobile is already waiting in the outbox to be added.';
  if (guest.state === 'attention')
    return 'Left as they are: a guest with this email or mobile waits in the Outbox for a person to decide.';
  return 'Left as they are: the desk added this guest, and learns their id on the service at the next guest sync; import the row again after it to update them.';
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
    if (!isLocalGuestId(key)) map.set(String(term).slice(prefix.length), key);
  });
  return map;
}

/** value → key of a key → value map. */
function reverse(map: ReadonlyMap<string, string>): Map<string, string> {
  const out = new Map<string, string>();
  for (const [term, key] of map) if (!out.has(key)) out.set(key, term);
  return out;
}
