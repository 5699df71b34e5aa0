import Dexie, { type DexieOptions, type Table } from 'dexie';
import type { ResponseOf } from '../../shared/bridge/contract';
import { PENDING_STATES, type OutboxState } from '../../shared/outbox/states';
import { isLocalGuestId } from '../../shared/rules/guest-id';
import type { PhoneKey } from '../search/terms';
import type { ContactRecord } from './contact';
import { toGuestRow } from './guest-row';
import { CACHE_LAYOUT, declareLayout, type TableLayout } from './layout';
import { applyContactWrite, overlayWrites } from './overlay';

/** A cached guest: the service's record, and what search and lists need without reading it. */
export interface GuestRow {
  /** The service's contact_id, or the local id until the service confirms a guest recorded here. */
  key: string;
  /** The local id this guest was recorded under, kept after confirmation so an open profile follows it. */
  localId?: string;
  /** The record as the service last returned it (for a local guest: what was queued). */
  record: ContactRecord;
  /** Search terms of the record with pending writes applied (see renderer/search/terms.ts). */
  terms: string[];
  /** Display name, one line of contact details (email · mobile · member number), and a folded "surname first" key for ordering. */
  label: string;
  detail: string;
  sortKey: string;
  /** How many of this desk's writes to the guest the service has not yet confirmed. */
  pending: number;
}

/** The outbox states, as the renderer records them for its writes (shared/outbox/states). */
export type WriteState = OutboxState;

/** One multipleSelect option checked or unchecked. */
export interface MultiselectChange {
  field: string;
  option: string;
  checked: boolean;
}

/** Something this desk queued for a guest, followed until the outbox confirms it. */
export interface GuestWrite {
  outboxId: string;
  guestKey: string;
  kind: 'create' | 'update' | 'purchase' | 'sms' | 'email';
  state: WriteState;
  createdAt: string;
  /** Contact writes: the fields set, options checked or unchecked, and the full category list. */
  changes?: ContactRecord;
  multiselect?: MultiselectChange[];
  categories?: string[];
  /** Purchases and messages: what staff see in the guest's history. */
  summary?: string;
  details?: Record<string, unknown>;
  /** The outbox's reference for SMS and email (to find it in sent_items), and its problem if any. */
  referenceId?: string;
  problem?: string;
}

/** A contact field definition (get_contact_fields, expanded), in the service's order. */
export interface FieldRow {
  name: string;
  type: string;
  options?: string[];
  position: number;
}

/** A category (reference 2.4). */
export interface CategoryRow {
  id: string;
  name: string;
}

/** A sent item (reference 2.7), keyed by its reference id. */
export type SentItemRow = ResponseOf<'listSentItems'>['items'][number];

/** An SMS reply (reference 2.8) with a stable id and the sender's number as E.164 digits, to link it to a guest. */
export type SmsReplyRow = ResponseOf<'listSmsReplies'>['replies'][number] & { id: string; phone: string };

interface MetaRow {
  key: string;
  value: unknown;
}

/** What the cache remembers about syncing. */
export interface SyncMeta {
  /** The core's clock when the last successful pull began (the next one starts from it, less an overlap). */
  lastPullStartedAt?: string;
  lastFullSyncAt?: string;
  lastSyncedAt?: string;
  lastMessagesSyncAt?: string;
  /** The default phone country the search terms were built with. */
  phoneCountry?: string;
}

/**
 * The guest cache of one account: contacts with their search terms, field definitions,
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

  constructor(name: string, options?: DexieOptions & { layout?: readonly TableLayout[] }) {
    super(name, options);
    declareLayout(this, options?.layout ?? CACHE_LAYOUT);
  }

  /** Guests with a search term starting with `prefix`, in index order (exact matches first). */
  guestsWithTermPrefix(prefix: string, limit: number): Promise<GuestRow[]> {
    return this.guests.where('terms').startsWith(prefix).limit(limit).toArray();
  }

  /** Keys of guests with a search term starting with `prefix` (keys only: cheap for large ranges). */
  guestKeysWithTermPrefix(prefix: string, limit: number): Promise<string[]> {
    return this.guests.where('terms').startsWith(prefix).limit(limit).primaryKeys();
  }

  /** How many index entries start with `prefix` (cheap: counted inside the index). */
  termPrefixCount(prefix: string): Promise<number> {
    return this.guests.where('terms').startsWith(prefix).count();
  }

  /** Guests with exactly this search term (e.g. a mobile's digits, to link an SMS reply). */
  guestsWithTerm(term: string): Promise<GuestRow[]> {
    return this.guests.where('terms').equals(term).toArray();
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
  putGuests(rows: GuestRow[]): Promise<unknown> {
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

  /** Rebuilds every guest's search terms (the default phone country changed, so mobiles read differently). */
  async reindexGuests(phoneKey: PhoneKey): Promise<void> {
    const overlays = new Map<string, GuestWrite[]>();
    for (const write of await this.unconfirmedWrites())
      overlays.set(write.guestKey, [...(overlays.get(write.guestKey) ?? []), write]);
    let after: string | undefined;
    for (;;) {
      const page = await (after === undefined ? this.guests.orderBy(':id') : this.guests.where(':id').above(after))
        .limit(2000)
        .toArray();
      if (page.length === 0) return;
      const rows = page.map((row) => {
        const writes = [...(row.localId ? (overlays.get(row.localId) ?? []) : []), ...(overlays.get(row.key) ?? [])];
        return toGuestRow(row.key, row.record, writes, phoneKey, row.localId);
      });
      await this.guests.bulkPut(rows);
      after = page.at(-1)!.key;
    }
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
      if ((write.kind !== 'create' && write.kind !== 'update') || write.state !== 'sent') return;
      const row = await this.guestByKey(write.guestKey);
      if (!row) return;
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

  /** What the cache remembers about syncing. */
  async syncMeta(): Promise<SyncMeta> {
    return ((await this.meta.get('sync'))?.value as SyncMeta | undefined) ?? {};
  }

  /** Records sync progress (merged into what is there). */
  async updateSyncMeta(patch: SyncMeta): Promise<SyncMeta> {
    return this.transaction('rw', this.meta, async () => {
      const next = { ...(((await this.meta.get('sync'))?.value as SyncMeta | undefined) ?? {}), ...patch };
      await this.meta.put({ key: 'sync', value: next });
      return next;
    });
  }
}

/** The cache's database name for an account (one cache per client id). */
export function guestDatabaseName(clientId: string): string {
  return `venue-desk-guests-${clientId}`;
}
