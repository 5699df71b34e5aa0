// The Messages and Campaigns tables of the guest cache (Dexie version 20): read marks of SMS replies.
// Sent items and replies themselves live in the guests' version 1 tables (sentItems, smsReplies).
import type { Table } from 'dexie';
import type { SentItemRow, SmsReplyRow } from '../guest-types';
import type { TableLayout } from '../table-layout';

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

/** The guest cache as these queries use it (the database of renderer/db/guest-db.ts). */
interface MessageCache {
  table(name: 'replyReads'): Table<ReplyReadRow, string>;
  smsReplies: Table<SmsReplyRow, string>;
  sentItems: Table<SentItemRow, string>;
}

const readsOf = (db: MessageCache): Table<ReplyReadRow, string> => db.table('replyReads');

/** Ids of the replies staff have read, of those given. */
export async function readReplyIds(db: MessageCache, ids: string[]): Promise<Set<string>> {
  const rows = await readsOf(db).bulkGet(ids);
  return new Set(rows.filter((row): row is ReplyReadRow => row !== undefined).map((row) => row.id));
}

/** Marks replies as read. */
export async function markRepliesRead(db: MessageCache, ids: string[], at: Date): Promise<void> {
  await readsOf(db).bulkPut(ids.map((id) => ({ id, readAt: at.toISOString() })));
}

/** How many cached replies staff have not read. */
export async function unreadReplyCount(db: MessageCache): Promise<number> {
  const ids = (await db.smsReplies.toCollection().primaryKeys()) as string[];
  return ids.length - (await readReplyIds(db, ids)).size;
}

/** Every cached reply, newest first. */
export function allReplies(db: MessageCache): Promise<SmsReplyRow[]> {
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
export async function sentItemsMatching(db: MessageCache, filter: SentItemFilter): Promise<SentItemRow[]> {
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
export async function putSentItems(db: MessageCache, items: SentItemRow[]): Promise<void> {
  await db.sentItems.bulkPut(items);
}
