import Dexie, { type DexieOptions, type Table } from 'dexie';
import { PENDING_STATES } from '../../shared/outbox/states';
import { isLocalGuestId } from '../../shared/rules/guest-id';
import type { GuestSearchIndex } from '../search/guest-index';
import { createPhoneKey } from '../search/phone';
import type { PhoneKey } from '../search/terms';
import type { ContactRecord } from './contact';
import { toGuestRow, withTerms, writesByGuest } from './guest-row';
import { storeLeanGuestRows } from './guest-row-storage';
import type {
  CategoryRow,
  FieldRow,
  GuestRow,
  GuestWrite,
  IndexedGuestRow,
  SentItemRow,
  SmsReplyRow,
} from './guest-types';
import { CACHE_LAYOUT, declareLayout } from './layout';
import { logIdentities } from './identity-log';
import { keepSearchIndex, type SearchIndexKeeper } from './search-log';
import { IDENTITY_TABLE } from './tables/import';
import type { TableLayout } from './table-layout';
import { applyContactWrite, overlayWrites } from './overlay';

/** A fact the cache keeps (each synced collection's, under its own key). */
interface MetaRow {
  key: string;
  value: unknown;
}

/** Guests read at a time when every guest is read. */
const GUEST_PAGE = 2000;

/** Where the phone country the search terms were built with is kept. */
const SEARCH_COUNTRY_KEY = 'search-country';
/**
 * The phone country terms are made again with when the cache has none recorded (no sync has run: the first one
 * rebuilds them with the account's, in its `prepare`). The demo venue's, as the import's default.
 */
const UNRECORDED_COUNTRY = 'AU';

/**
 * The guest cache of one account: contacts (their search terms in the search log), field definitions,
 * categories, this desk's writes, sent items and SMS replies. Stores call its methods. Its tables
 * and versions come from the layout (renderer/db/layout.ts), to which each feature adds its own file.
 */
export class GuestDatabase extends Dexie {
  guests!: Table<GuestRow, string>;
  writes!: Table<GuestWrite, string>;
  fields!: Table<FieldRow, string>;
  categories!: Table<CategoryRow, string>;
  sentItems!: Table<SentItemRow, string>;
  smsReplies!: Table<SmsReplyRow, string>;
  meta!: Table<MetaRow, string>;
  private readonly search: SearchIndexKeeper;

  constructor(name: string, options?: DexieOptions & { layout?: readonly TableLayout[] }) {
    super(name, options);
    const layout = options?.layout ?? CACHE_LAYOUT;
    declareLayout(this, layout);
    // The import reads who is on file from the identity log, which every write to guests keeps (identity-log.ts).
    if (layout.some((part) => part.versions.some((version) => version.stores[IDENTITY_TABLE]))) logIdentities(this);
    // Search reads the guests' index in memory, which every write to guests keeps (search-log.ts).
    this.search = keepSearchIndex(this, (each) => this.eachIndexedGuestPage(each));
    // Rows are stored without what can be made again, once both logs have read them whole.
    storeLeanGuestRows(this);
  }

  /** The guests' search index in memory, loaded on the first call (renderer/search/guest-index.ts). */
  searchIndex(): Promise<GuestSearchIndex> {
    return this.search.load();
  }

  /** The search index if it is loaded (a search is then answered synchronously), else undefined. */
  loadedSearchIndex(): GuestSearchIndex | undefined {
    return this.search.loaded();
  }

  /** Guests with exactly this search term (e.g. a mobile's digits, to link an SMS reply), by key. */
  async guestsWithTerm(term: string): Promise<GuestRow[]> {
    const index = await this.searchIndex();
    return this.guestsByKeys(index.withTerm(term).map((hit) => hit.key));
  }

  /** The guests with these keys, in the same order, skipping any gone. */
  async guestsByKeys(keys: string[]): Promise<GuestRow[]> {
    return (await this.guests.bulkGet(keys)).filter((row): row is GuestRow => row !== undefined);
  }

  /** A guest by its key, or by the local id it was recorded under. */
  async guestByKey(key: string): Promise<GuestRow | undefined> {
    return (await this.guests.get(key)) ?? (await this.guests.where('localId').equals(key).first());
  }

  /** How many guests are cached. */
  guestCount(): Promise<number> {
    return this.guests.count();
  }

  /** Guest rows of the given keys that exist, by key (a sync page reads what it is about to replace). */
  async existingGuests(keys: string[]): Promise<Map<string, GuestRow>> {
    const rows = await this.guests.bulkGet(keys);
    return new Map(rows.filter((row): row is GuestRow => row !== undefined).map((row) => [row.key, row]));
  }

  /** Writes a page of guest rows in one transaction. */
  putGuests(rows: IndexedGuestRow[]): Promise<unknown> {
    return this.guests.bulkPut(rows);
  }

  /** Removes guests a full refresh did not see, keeping those recorded here and not yet confirmed. */
  async sweepGuests(seen: Set<string>): Promise<number> {
    const gone = (await this.guests.toCollection().primaryKeys()).filter(
      (key) => !seen.has(key) && !isLocalGuestId(key),
    );
    await this.guests.bulkDelete(gone);
    return gone.length;
  }

  /** Guests confirmed after being recorded here: service key → the local id they were recorded under. */
  async confirmedLocalIds(): Promise<Map<string, string>> {
    const rows = await this.guests.orderBy('localId').toArray();
    return new Map(rows.filter((row) => row.localId && row.key !== row.localId).map((row) => [row.key, row.localId!]));
  }

  /** One of this desk's writes by its outbox id. */
  writeById(outboxId: string): Promise<GuestWrite | undefined> {
    return this.writes.get(outboxId);
  }

  /** Which of these outbox entries are this desk's own guest writes (one read, keys only). */
  async writeIdsAmong(outboxIds: readonly string[]): Promise<string[]> {
    if (outboxIds.length === 0) return [];
    return (
      await this.writes
        .where('outboxId')
        .anyOf([...outboxIds])
        .primaryKeys()
    ).map(String);
  }

  /** Reads every cached guest, a page at a time in key order (each page in its own read, so writes go on between). */
  async eachGuestPage(each: (page: GuestRow[]) => void | Promise<void>): Promise<void> {
    let after: string | undefined;
    for (;;) {
      const page = await (after === undefined ? this.guests.orderBy(':id') : this.guests.where(':id').above(after))
        .limit(GUEST_PAGE)
        .toArray();
      if (page.length === 0) return;
      await each(page);
      if (page.length < GUEST_PAGE) return;
      after = page.at(-1)!.key;
    }
  }

  /**
   * Reads every cached guest a page at a time, as eachGuestPage, with its search terms made again from its record and
   * this desk's writes (rows are stored without them), with `phoneKey` or the phone country they were built with.
   */
  async eachIndexedGuestPage(
    each: (page: IndexedGuestRow[]) => void | Promise<void>,
    phoneKey?: PhoneKey,
  ): Promise<void> {
    const key = phoneKey ?? createPhoneKey((await this.searchCountry()) ?? UNRECORDED_COUNTRY);
    const overlays = writesByGuest(await this.unconfirmedWrites());
    await this.eachGuestPage((page) => each(page.map((row) => withTerms(row, overlays, key))));
  }

  /** Rebuilds every guest's search terms (the default phone country changed, so mobiles read differently). */
  async reindexGuests(phoneKey: PhoneKey): Promise<void> {
    await this.eachIndexedGuestPage(async (rows) => {
      await this.guests.bulkPut(rows);
    }, phoneKey);
  }

  /** This desk's writes for a guest, oldest first. */
  async writesFor(guestKey: string): Promise<GuestWrite[]> {
    return (await this.writes.where('guestKey').equals(guestKey).toArray()).sort((a, b) =>
      a.createdAt.localeCompare(b.createdAt),
    );
  }

  /** This desk's writes for a guest row: those under its key and under the local id it was recorded with. */
  async guestWrites(row: Pick<GuestRow, 'key' | 'localId'>): Promise<GuestWrite[]> {
    const writes = await this.writes
      .where('guestKey')
      .anyOf(row.localId ? [row.key, row.localId] : [row.key])
      .toArray();
    return writes.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  }

  /** Records a write this desk queued and overlays it on the guest (a new guest's row is made from it). */
  recordWrite(write: GuestWrite, phoneKey: PhoneKey): Promise<void> {
    return this.transaction('rw', this.guests, this.writes, async () => {
      await this.writes.put(write);
      if (write.kind !== 'create' && write.kind !== 'update') return;
      const row = await this.guestByKey(write.guestKey);
      const key = row?.key ?? write.guestKey;
      const localId = row?.localId ?? (write.kind === 'create' ? write.guestKey : undefined);
      await this.guests.put(
        toGuestRow(key, row?.record ?? {}, await this.guestWrites({ key, localId }), phoneKey, localId),
      );
    });
  }

  /**
   * Follows an outbox entry's new state; a confirmed contact write moves into the record (a new guest
   * takes the service's id). `addedToGuestOnFile`: a person added a new guest's details to a guest the
   * service already had; only those fields go onto that guest, never the rest of the new guest.
   */
  followWrite(
    write: GuestWrite,
    contactId: string | undefined,
    phoneKey: PhoneKey,
    addedToGuestOnFile?: ContactRecord,
  ): Promise<void> {
    return this.transaction('rw', this.guests, this.writes, async () => {
      await this.writes.put(write);
      if (write.kind !== 'create' && write.kind !== 'update') return;
      const row = await this.guestByKey(write.guestKey);
      if (!row) return;
      // Issue 20: a change in conflict shows the service's values until staff choose (and this desk's once they
      // keep theirs): the row's name and search terms follow.
      if (write.state === 'needs_attention' || write.state === 'queued')
        await this.guests.put(toGuestRow(row.key, row.record, await this.guestWrites(row), phoneKey, row.localId));
      if (write.state !== 'sent') return;
      const newKey = write.kind === 'create' && contactId ? contactId : row.key;
      const localId = row.localId ?? (isLocalGuestId(row.key) ? row.key : undefined);
      const pulled = newKey !== row.key ? await this.guests.get(newKey) : undefined;
      const record = addedToGuestOnFile
        ? { ...(pulled?.record ?? {}), ...addedToGuestOnFile, contact_id: newKey }
        : (pulled?.record ?? {
            ...applyContactWrite(row.record, write),
            ...(newKey !== row.key ? { contact_id: newKey } : {}),
          });
      if (newKey !== row.key) await this.guests.delete(row.key);
      await this.guests.put(
        toGuestRow(newKey, record, overlayWrites(await this.guestWrites({ key: newKey, localId })), phoneKey, localId),
      );
    });
  }

  /** Forgets a write the outbox no longer has (staff discarded it); a discarded new guest disappears. */
  forgetWrite(write: GuestWrite, phoneKey: PhoneKey): Promise<void> {
    return this.transaction('rw', this.guests, this.writes, async () => {
      await this.writes.delete(write.outboxId);
      const row = await this.guestByKey(write.guestKey);
      if (!row || (write.kind !== 'create' && write.kind !== 'update')) return;
      if (write.kind === 'create' && isLocalGuestId(row.key)) {
        await this.guests.delete(row.key);
        return;
      }
      await this.guests.put(toGuestRow(row.key, row.record, await this.guestWrites(row), phoneKey, row.localId));
    });
  }

  /** Writes the outbox has not confirmed yet (overlays and pending marks). */
  unconfirmedWrites(): Promise<GuestWrite[]> {
    return this.writes.where('state').anyOf(PENDING_STATES).toArray();
  }

  /** The field definitions in the service's order. */
  fieldList(): Promise<FieldRow[]> {
    return this.fields.orderBy('position').toArray();
  }

  /** Replaces the field definitions and categories with the service's current lists. */
  replaceSchema(fields: FieldRow[], categories: CategoryRow[]): Promise<void> {
    return this.transaction('rw', this.fields, this.categories, async () => {
      await this.fields.clear();
      await this.fields.bulkPut(fields);
      await this.categories.clear();
      await this.categories.bulkPut(categories);
    });
  }

  /** Category names, sorted. */
  async categoryNames(): Promise<string[]> {
    return (await this.categories.orderBy('name').toArray()).map((category) => category.name);
  }

  /** Stores sent items and SMS replies fetched from the service (same ids replace what is there). */
  putMessages(sentItems: SentItemRow[], replies: SmsReplyRow[]): Promise<void> {
    return this.transaction('rw', this.sentItems, this.smsReplies, async () => {
      await this.sentItems.bulkPut(sentItems);
      await this.smsReplies.bulkPut(replies);
    });
  }

  /** SMS replies from a number (E.164 digits), newest first. */
  async repliesFrom(phone: string): Promise<SmsReplyRow[]> {
    return (await this.smsReplies.where('phone').equals(phone).toArray()).sort((a, b) =>
      b.timestamp.localeCompare(a.timestamp),
    );
  }

  /** The latest SMS replies, newest first. */
  latestReplies(limit: number): Promise<SmsReplyRow[]> {
    return this.smsReplies.orderBy('timestamp').reverse().limit(limit).toArray();
  }

  /** Sent items with these reference ids, by id. */
  async sentItemsByReference(referenceIds: string[]): Promise<Map<string, SentItemRow>> {
    const rows = await this.sentItems.bulkGet(referenceIds);
    return new Map(rows.filter((row): row is SentItemRow => row !== undefined).map((row) => [row.reference_id, row]));
  }

  /** The default phone country the search terms were built with (none before the first sync). */
  async searchCountry(): Promise<string | undefined> {
    const value = (await this.meta.get(SEARCH_COUNTRY_KEY))?.value;
    if (typeof value === 'string') return value;
    // Desks before the synced collections kept it among the guests' sync facts.
    const earlier = (await this.meta.get('sync'))?.value;
    return earlier &&
      typeof earlier === 'object' &&
      'phoneCountry' in earlier &&
      typeof earlier.phoneCountry === 'string'
      ? earlier.phoneCountry
      : undefined;
  }

  /** Records the phone country the search terms are now built with. */
  async setSearchCountry(country: string): Promise<void> {
    await this.meta.put({ key: SEARCH_COUNTRY_KEY, value: country });
  }
}

/** The cache's database name for an account (one cache per client id). */
export function guestDatabaseName(clientId: string): string {
  return `venue-desk-guests-${clientId}`;
}
