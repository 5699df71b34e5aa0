// The Messages and Campaigns tables of the guest cache (Dexie version 20): read marks of SMS replies.
// Sent items and replies themselves live in the guests' version 1 tables (sentItems, smsReplies).
import type { Table } from 'dexie';
import type { GuestDatabase } from '../guest-db';
import type { SentItemRow, SmsReplyRow } from '../guest-types';
import type { TableLayout } from '../layout';

/** A reply staff have opened. */
export interface ReplyReadRow {
  id: string;
  readAt: string;
}

/** The tables of Messages and Campaigns: read marks of SMS replies (version 20). */
export const messagesTables: TableLayout = {
  feature: 'messages',
  versions: [{ version: 20, stores: { replyReads: 'id' } }],
};

const readsOf = (db: GuestDatabase): Table<ReplyReadRow, string> => db.table('replyReads');

/** Ids of the replies staff have read, of those given. */
export async function readReplyIds(db: GuestDatabase, ids: string[]): Promise<Set<string>> {
  const rows = await readsOf(db).bulkGet(ids);
  return new Set(rows.filter((row): row is ReplyReadRow => row !== undefined).map((row) => row.id));
}

/** Marks replies as read. */
export async function markRepliesRead(db: GuestDatabase, ids: string[], at: Date): Promise<void> {
  await readsOf(db).bulkPut(ids.map((id) => ({ id, readAt: at.toISOString() })));
}

/** How many cached replies staff have not read. */
export async function unreadReplyCount(db: GuestDatabase): Promise<number> {
  const ids = (await db.smsReplies.toCollection().primaryKeys()) as string[];
  return ids.length - (await readReplyIds(db, ids)).size;
}

/** Every cached reply, newest first. */
export function allReplies(db: GuestDatabase): Promise<SmsReplyRow[]> {
  return db.smsReplies.orderBy('timestamp').reverse().toArray();
}

/** What the Messages list filters sent items by. */
export interface SentItemFilter {
  /** Service datetimes (account zone), inclusive; compared as text. */
  from?: string;
  to?: string;
  type?: 'email' | 'sms' | 'social';
  prefix?: string;
}

/** Cached sent items matching the filter, newest first. */
export async function sentItemsMatching(db: GuestDatabase, filter: SentItemFilter): Promise<SentItemRow[]> {
  const rows = await db.sentItems.orderBy('timestamp').reverse().toArray();
  return rows.filter(
    (item) =>
      (!filter.from || (item.timestamp ?? '') >= filter.from) &&
      (!filter.to || (item.timestamp ?? '') <= filter.to) &&
      (!filter.type || item.type === filter.type) &&
      (!filter.prefix || item.reference_id.startsWith(filter.prefix)),
  );
}

/** Stores sent items fetched from the service. */
export async function putSentItems(db: GuestDatabase, items: SentItemRow[]): Promise<void> {
  await db.sentItems.bulkPut(items);
}
