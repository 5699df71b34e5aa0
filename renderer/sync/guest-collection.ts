// The guests, declared as a synced collection (collection.ts): pull_db through the desk core in pages,
// rows with search terms of what staff see (this desk's queued writes laid over the service's record),
// a full pull sweeping guests the service no longer has (those recorded here and not yet confirmed stay).
// Field definitions and categories come alongside; sent items and SMS replies are its companions.
import { GUEST_PAGE_LIMIT } from '../../shared/bridge/channels/guests';
import type { DeskApi } from '../../shared/bridge/contract';
import type { ContactRecord } from '../db/contact';
import type { GuestDatabase } from '../db/guest-db';
import type { GuestWrite, IndexedGuestRow } from '../db/guest-types';
import { toGuestRow, writesByGuest } from '../db/guest-row';
import type { PhoneKey } from '../search/terms';
import { reportBackgroundFailure } from '../stores/background-failures';
import { createCollection, type Collection, type CollectionSpec, type CollectionStatus } from './collection';
import { heldPull, writePull, type Pull, type PullOptions, type PullOutcome } from './pull';
import { createMessageCollections } from './message-collections';
import { syncSchema } from './schema';

/** Where the guests' sync facts are kept in the cache's meta table. */
export const GUEST_META_KEY = 'sync';

/** What the guests' pulls are built from. */
interface GuestPullOptions {
  desk: Pick<DeskApi, 'pullGuests' | 'pullGuestsPage'>;
  db: GuestDatabase;
  phoneKey: PhoneKey;
}

/** What the guest collection is built from. */
export interface GuestCollectionOptions extends GuestPullOptions {
  desk: GuestPullOptions['desk'] & Pick<DeskApi, 'listContactFields' | 'listCategories'>;
  /** The venue's default phone country; the search terms are rebuilt when it changes. */
  country: string;
}

/** The guests' declaration: the search terms rebuilt for a new phone country, pulls, rows, the sweep, and the schema alongside. */
function guestCollectionSpec(options: GuestCollectionOptions): CollectionSpec<ContactRecord, IndexedGuestRow> {
  const { desk, db, phoneKey } = options;
  return {
    metaKey: GUEST_META_KEY,
    meta: db.meta,
    prepare: async () => {
      if ((await db.searchCountry()) === options.country) return;
      await db.reindexGuests(phoneKey);
      await db.setSearchCountry(options.country);
    },
    ...guestPulls(options),
    alongside: () => syncSchema(desk, db),
  };
}

/** How guests are pulled (pull_db in pages through the desk core) and written as rows. */
function guestPulls({ desk, db, phoneKey }: GuestPullOptions): {
  pull(touchedFrom: string | undefined): Promise<Pull<ContactRecord>>;
  begin: CollectionSpec<ContactRecord, IndexedGuestRow>['begin'];
} {
  return {
    pull: async (touchedFrom) => {
      const pull = await desk.pullGuests(touchedFrom ? { touchedFrom } : {});
      return heldPull(pull, GUEST_PAGE_LIMIT, async (request) => {
        const { contacts, ...counts } = await desk.pullGuestsPage(request);
        return { items: contacts, ...counts };
      });
    },
    begin: async (kind) => {
      const [overlays, localIds, cachedBefore] = await Promise.all([
        db.unconfirmedWrites().then(writesByGuest),
        db.confirmedLocalIds(),
        kind === 'full' ? db.guestCount() : Promise.resolve(0),
      ]);
      // Only a full pull over a cache that had guests can find some gone.
      const seen = kind === 'full' && cachedBefore > 0 ? new Set<string>() : undefined;
      return {
        rows: (contacts) => {
          const rows = contacts
            .map((record) => rowOf(record, overlays, localIds, phoneKey))
            .filter((row): row is IndexedGuestRow => row !== null);
          if (seen) for (const row of rows) seen.add(row.key);
          return rows;
        },
        put: (rows) => db.putGuests(rows),
        finish: async () => (seen ? db.sweepGuests(seen) : 0),
      };
    },
  };
}

/** What the guests' sync works with. */
export interface GuestSyncOptions extends GuestCollectionOptions {
  desk: GuestCollectionOptions['desk'] & Pick<DeskApi, 'listSentItems' | 'listSmsReplies'>;
  onStatus: (status: CollectionStatus) => void;
  now?: () => Date;
  intervalMs?: number;
}

/** The guests' sync of one account's cache, with sent items and SMS replies as its companions. */
export function createGuestSync(options: GuestSyncOptions): Collection {
  const companions = createMessageCollections({
    desk: options.desk,
    db: options.db,
    phoneKey: options.phoneKey,
    now: options.now,
  });
  return createCollection(guestCollectionSpec(options), {
    onStatus: options.onStatus,
    companions: [companions.sentItems, companions.replies],
    onBackgroundFailure: reportBackgroundFailure,
    what: 'guests',
    now: options.now,
    intervalMs: options.intervalMs,
  });
}

/** One pull of guests into the cache (all of them, or those touched since `touchedFrom`). */
export async function pullIntoCache(options: GuestPullOptions & PullOptions): Promise<PullOutcome> {
  const pulls = guestPulls(options);
  const [pull, writer] = await Promise.all([
    pulls.pull(options.touchedFrom),
    pulls.begin(options.touchedFrom ? 'incremental' : 'full'),
  ]);
  return writePull(pull, writer, options);
}

/** The cached row of a pulled contact (with this desk's writes laid over it), or null when it has no contact id. */
function rowOf(
  record: ContactRecord,
  overlays: Map<string, GuestWrite[]>,
  localIds: Map<string, string>,
  phoneKey: PhoneKey,
): IndexedGuestRow | null {
  const key = record.contact_id === undefined || record.contact_id === null ? '' : String(record.contact_id);
  if (!key) return null;
  const localId = localIds.get(key);
  const writes = localId ? [...(overlays.get(localId) ?? []), ...(overlays.get(key) ?? [])] : (overlays.get(key) ?? []);
  return toGuestRow(key, record, writes, phoneKey, localId);
}
