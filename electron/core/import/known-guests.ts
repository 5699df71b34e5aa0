import { IMPORT_KNOWN_GUESTS_PAGE, type importKnownGuest } from '../../../shared/bridge/channels/import';
import type { ContactRecord } from '../../../shared/api/response-schemas';
import { contactText, guestIdentity } from '../../../shared/rules/contact-identity';
import type { z } from 'zod';
import type { Outbox } from '../outbox/outbox';
import type { GuestPush } from '../outbox/types';

type KnownGuest = z.output<typeof importKnownGuest>;

/** Reads the guests the service touched since a time (pull_db with touched_from). */
export type PullTouchedSince = (since: number) => Promise<readonly ContactRecord[]>;

/** Guests the desk created are looked up this long before they were sent (the service's clock may differ). */
const CLOCK_MARGIN_MS = 10 * 60_000;
/** Fields of a guest push that are the service's own, not the guest's. */
const SYSTEM_FIELDS = new Set(['client_id', 'contact_id', 'svc_multiselect_modify']);

/**
 * The guests the desk's own outbox queued or sent, as soon as they are queued (the guest cache only
 * learns of them at its next sync): the import's duplicate check counts them as guests on file, so a
 * file imported twice updates or leaves its guests instead of sending them again as new. A new guest
 * sent in a batch whose answer did not say which id is whose is looked up once with pull_db
 * (touched_from), matched by the email and mobile it carried, and the id kept on its entry. Only pushes
 * not yet sent and those sent since the guest cache's last sync are read (the cache holds the others),
 * so the read costs what happened since, not every guest the desk ever pushed. Entries are read typed
 * by their kind (a guest push's payload and result), never parsed by hand.
 */
export function createKnownGuests(options: { outbox: Outbox; pullTouchedSince?: PullTouchedSince }) {
  const learnIds = async (entries: readonly GuestPush[]) => {
    if (!options.pullTouchedSince || entries.length === 0) return;
    // A loop, not Math.min(...entries): spread over 250,000 entries overflows the stack.
    const since =
      entries.reduce((first, entry) => Math.min(first, entry.sentAt ?? entry.updatedAt), Infinity) - CLOCK_MARGIN_MS;
    let found: readonly ContactRecord[];
    try {
      found = await options.pullTouchedSince(since);
    } catch (error) {
      // Offline or refused: those guests stay known by email and mobile only (left as they are by the check).
      console.warn('[import] could not look up the ids of guests the desk created:', error);
      return;
    }
    const byEmail = new Map<string, string>();
    const byMobile = new Map<string, string>();
    for (const contact of found) {
      const identity = guestIdentity(contact);
      const id = contactText(contact.contact_id);
      if (!id) continue;
      if (identity.email) byEmail.set(identity.email, id);
      if (identity.mobile) byMobile.set(identity.mobile, id);
    }
    const learned = new Map<string, string>();
    for (const entry of entries) {
      const identity = guestIdentity(entry.payload);
      const id = (identity.email && byEmail.get(identity.email)) || (identity.mobile && byMobile.get(identity.mobile));
      if (id) learned.set(entry.id, id);
    }
    options.outbox.learnContactIds(learned);
  };

  return {
    /**
     * A page of the account's guest pushes after the entry numbered `after` (those not sent yet, and those
     * sent at `sentFrom` ms or later), with the next page's start (or null).
     */
    async page(
      account: string,
      after: number,
      sentFrom: number,
    ): Promise<{ guests: KnownGuest[]; next: number | null }> {
      // Once per reading (its first page): one pull_db for the new guests whose id is not known yet.
      if (after === 0) await learnIds(options.outbox.unattributedGuestPushes(account, sentFrom));
      const rows = options.outbox.guestPushes(account, after, sentFrom, IMPORT_KNOWN_GUESTS_PAGE);
      const guests = rows.map((row): KnownGuest => {
        const contactId = row.payload.contact_id || row.result?.contact_id || row.learnedContactId;
        return {
          entry: row.id,
          ...(contactId ? { contactId } : {}),
          state: row.state === 'sent' ? 'sent' : row.state === 'needs_attention' ? 'attention' : 'pending',
          ...(row.sentAt !== null ? { sentAt: row.sentAt } : {}),
          fields: Object.fromEntries(
            Object.entries(row.payload).flatMap(([field, value]) =>
              SYSTEM_FIELDS.has(field) ? [] : [[field, contactText(value)] as const],
            ),
          ),
        };
      });
      return { guests, next: rows.length < IMPORT_KNOWN_GUESTS_PAGE ? null : rows[rows.length - 1]!.seq };
    },
  };
}
