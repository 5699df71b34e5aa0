import type { z } from 'zod';
import type { importKnownGuest } from '../../shared/bridge/channels/import';
import { emailKey } from '../../shared/rules/email';
import { isLocalGuestId } from '../../shared/rules/guest-id';
import type { GuestDatabase } from '../db/guest-db';
import { categoriesOf, type ContactRecord } from '../db/contact';
import { TERM, type PhoneKey } from '../search/terms';
import { GuestValues } from './guest-values';
import type { GuestSnapshot } from './resolve';
import type { SharedThread } from './shared-thread';

/** A guest the desk's outbox queued or sent (importKnownGuests). */
export type OutboxGuest = z.output<typeof importKnownGuest>;

/** The guests rows are compared with, and how to read the records of those they match. */
export interface GuestsOnFile {
  snapshot: GuestSnapshot;
  /** The records of these guests: the cache's, with what the outbox is still to send laid over them. */
  records(ids: Iterable<string>): Promise<Map<string, Record<string, unknown>>>;
}

/** What the import reads of the guest cache: its email and mobile terms with their guests, and guests' records by key. */
export interface CachedGuests {
  /** Calls `each` for every index term starting with `prefix`, with the key of the guest it belongs to, in term order. */
  eachTerm(prefix: string, each: (term: string, key: string) => void): Promise<void>;
  guestsByKeys(keys: string[]): Promise<ReadonlyArray<{ key: string; record: ContactRecord }>>;
}

/** The cached guests' emails and mobiles, both ways. */
export interface CachedIdentities {
  emails: Map<string, string>;
  mobiles: Map<string, string>;
  emailOf: GuestValues;
  mobileOf: GuestValues;
}

/** The id a guest known only from the outbox (no service id yet) goes by in the check. */
const OUTBOX_GUEST = 'outbox:';

/**
 * The guest cache as the import reads it: the email and mobile terms of the guests themselves (made again from their
 * records, as rows are stored without them), read a page at a time and put in term order (the import walks them only
 * when the identity log cannot say: then nothing kept beside the guests, such as the search index, is trusted).
 */
export function cachedGuestsOf(db: GuestDatabase): CachedGuests {
  return {
    async eachTerm(prefix, each) {
      const entries: Array<[string, string]> = [];
      await db.eachIndexedGuestPage((page) => {
        for (const row of page)
          for (const term of row.terms) if (term.startsWith(prefix)) entries.push([term, row.key]);
      });
      // In term order, then by key (guests come in key order, and the sort keeps it).
      entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      for (const [term, key] of entries) each(term, key);
    },
    guestsByKeys: (keys) => db.guestsByKeys(keys),
  };
}

/**
 * The cached guests' emails and mobiles (from their search terms). Guests recorded here and
 * not yet confirmed (local ids) are left out: a row matching one cannot be applied to it until the
 * service knows it.
 */
export async function readCachedIdentities(
  cache: CachedGuests | null,
  thread?: SharedThread,
): Promise<CachedIdentities> {
  const identities: CachedIdentities = {
    emails: new Map(),
    mobiles: new Map(),
    emailOf: new GuestValues(),
    mobileOf: new GuestValues(),
  };
  if (!cache) return identities;
  // Other work of the worker (checking the file) is done a slice per step of the walks, in their waits.
  const read = thread?.reading();
  const collect = (prefix: string, byValue: Map<string, string>, ofGuest: GuestValues) =>
    cache.eachTerm(prefix, (term, key) => {
      read?.step();
      if (isLocalGuestId(key)) return;
      const value = term.slice(prefix.length);
      byValue.set(value, key);
      if (!ofGuest.has(key)) ofGuest.set(key, value);
    });
  try {
    await collect(TERM.email, identities.emails, identities.emailOf);
    await collect(TERM.phone, identities.mobiles, identities.mobileOf);
  } finally {
    read?.done();
  }
  return identities;
}

/**
 * The guests on file: the cached guests' emails and mobiles with the guests the desk's own outbox
 * queued or sent laid over them, known as soon as they are queued.
 */
export function guestsOnFile(
  cached: CachedIdentities,
  cache: CachedGuests | null,
  outboxGuests: readonly OutboxGuest[],
  phoneKey: PhoneKey,
): GuestsOnFile {
  const { emails, mobiles, emailOf, mobileOf } = cached;
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
      const rows = cache && cachedIds.length > 0 ? await cache.guestsByKeys(cachedIds) : [];
      const out = new Map<string, Record<string, unknown>>(rows.map((row) => [row.key, { ...row.record }]));
      for (const id of wanted) {
        const overlay = overlays.get(id);
        if (overlay) out.set(id, { ...out.get(id), ...overlay });
      }
      return out;
    },
  };
}

/** The guests on file, read from the cache and laid over with the outbox's guests (readCachedIdentities, then guestsOnFile). */
export async function loadGuestsOnFile(
  cache: CachedGuests | null,
  outboxGuests: readonly OutboxGuest[],
  phoneKey: PhoneKey,
): Promise<GuestsOnFile> {
  return guestsOnFile(await readCachedIdentities(cache), cache, outboxGuests, phoneKey);
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
