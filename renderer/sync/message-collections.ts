// Sent items (sent_items) and SMS replies (sms_inbox), declared as synced collections (collection.ts).
// The service lists them by date, not by touched_from: the first pull reaches back a month, later ones
// start where the last began (less the overlap). A full refresh reaches back a month again and removes
// nothing older. Neither has queued writes of its own laid over it: messages waiting in the outbox show
// in a guest's history from the guest cache's writes.
import type { Table } from 'dexie';
import type { DeskApi } from '../../shared/bridge/contract';
import type { GuestDatabase } from '../db/guest-db';
import { replyNumberKey } from '../db/replies-by-number';
import type { SentItemRow, SmsReplyRow } from '../db/guest-types';
import type { PhoneKey } from '../search/terms';
import { reportBackgroundFailure } from '../stores/background-failures';
import { createCollection, type Collection, type CollectionSpec, type CollectionStatus } from './collection';

/** How far back the first sync of sent items and replies reaches. */
const FIRST_MESSAGES_DAYS = 30;

/** What the message collections are built from. */
export interface MessageCollectionOptions {
  desk: Pick<DeskApi, 'listSentItems' | 'listSmsReplies'>;
  db: GuestDatabase;
  phoneKey: PhoneKey;
  now?: () => Date;
}

/** A list the service gives in one answer for a date range, as a collection's pull of one page. */
function listedSince<Item>(
  now: () => Date,
  list: (from: string) => Promise<Item[]>,
): CollectionSpec<Item, unknown>['pull'] {
  return async (touchedFrom) => {
    const startedAt = now().toISOString();
    const from = touchedFrom ?? new Date(now().getTime() - FIRST_MESSAGES_DAYS * 86_400_000).toISOString();
    const items = await list(from);
    return {
      total: items.length,
      startedAt,
      pageLimit: Math.max(1, items.length),
      page: async (offset, limit) => ({
        items: items.slice(offset, offset + limit),
        remaining: Math.max(0, items.length - offset - limit),
      }),
    };
  };
}

/** A list collection: listed since a date, written as rows into its table, never swept. */
function listedSpec<Item, Row>(
  options: MessageCollectionOptions,
  metaKey: string,
  list: (from: string) => Promise<Item[]>,
  rows: (items: Item[]) => Row[],
  table: Table<Row, string>,
): CollectionSpec<Item, Row> {
  return {
    metaKey,
    meta: options.db.meta,
    pull: listedSince(options.now ?? (() => new Date()), list),
    begin: async () => ({ rows, put: (built) => table.bulkPut(built), finish: async () => 0 }),
  };
}

/** The sent items' declaration. */
function sentItemSpec(options: MessageCollectionOptions): CollectionSpec<SentItemRow, SentItemRow> {
  const list = async (from: string) => (await options.desk.listSentItems({ from })).items;
  return listedSpec(options, 'sync:sentItems', list, (items) => items, options.db.sentItems);
}

/** The SMS replies' declaration. */
function replySpec(options: MessageCollectionOptions): CollectionSpec<SmsReply, SmsReplyRow> {
  const list = async (from: string) => (await options.desk.listSmsReplies({ from })).replies;
  const rows = (replies: SmsReply[]) => replies.map((reply) => toReplyRow(reply, options.phoneKey));
  return listedSpec(options, 'sync:smsReplies', list, rows, options.db.smsReplies);
}

/** An SMS reply as the bridge carries it. */
type SmsReply = Awaited<ReturnType<DeskApi['listSmsReplies']>>['replies'][number];

/** An SMS reply with a stable id (the service gives none) and its number as E.164 digits. */
function toReplyRow(reply: SmsReply, phoneKey: PhoneKey): SmsReplyRow {
  const phone = replyNumberKey(reply.number, phoneKey) ?? '';
  return { ...reply, phone, id: `${reply.timestamp}|${phone}|${reply.reference_id ?? ''}|${reply.message}` };
}

/** The sent items' and the replies' syncs of one account's cache (run as the guests' companions). */
export function createMessageCollections(
  options: MessageCollectionOptions & { onStatus?: (which: 'sentItems' | 'replies', status: CollectionStatus) => void },
): { sentItems: Collection; replies: Collection } {
  const collectionOf = <Item, Row>(which: 'sentItems' | 'replies', spec: CollectionSpec<Item, Row>, what: string) =>
    createCollection(spec, {
      onStatus: (status) => options.onStatus?.(which, status),
      onBackgroundFailure: reportBackgroundFailure,
      what,
      now: options.now,
    });
  return {
    sentItems: collectionOf('sentItems', sentItemSpec(options), 'sent messages'),
    replies: collectionOf('replies', replySpec(options), 'SMS replies'),
  };
}
