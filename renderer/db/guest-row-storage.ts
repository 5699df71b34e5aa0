// How a guest row is stored: without what can be made again. Every writer builds whole rows (guest-row.ts), and the
// cache's logs (identity-log.ts, search-log.ts) read them whole as the write passes; below the logs, a Dexie DBCore
// middleware leaves out the search terms and sort key (the search log holds them), a label and detail equal to what
// the record alone gives (they differ only while this desk's pending writes change them), and a pending count of 0.
// Dexie's reading hook makes them again, so get, bulkGet, toArray, each, first, last, sortBy and liveQuery give the
// row as written, less terms and sort key. What sees the row as stored: a predicate (Collection.filter, and, until,
// Table.filter, a where() on a field that is not indexed), Collection.raw, modify, Table.update and an upgrade's
// cursor; filter guests on their record or key only. An older desk opening a cache written this way reads rows
// without label, detail and pending: going back to an older desk needs a Full refresh. IndexedDB's cost per row
// grows faster than its bytes: at 100,000 guests, rows of about 310 bytes (the record alone) were written in 4.2 s
// and rows of 425 (with label, detail and pending) in 5.3 s, in Chromium 156 with nothing else beside them.
import type Dexie from 'dexie';
import type { DBCore, DBCoreMutateRequest, Middleware } from 'dexie';
import { guestDetail, guestLabel } from './contact';
import { isGuestRow } from './guest-row';
import type { GuestRow, IndexedGuestRow } from './guest-types';

/** A row as stored: label and detail left out when they are the record's own, pending when it is 0. */
interface StoredGuestRow {
  key: string;
  localId?: string;
  record: GuestRow['record'];
  label?: string;
  detail?: string;
  pending?: number;
}

/** Stores the cache's guest rows lean (see above) and reads them whole. */
export function storeLeanGuestRows(db: Dexie): void {
  db.use(leanRowsMiddleware);
  db.table<GuestRow, string>('guests').hook('reading', wholeRow);
}

const leanRowsMiddleware: Middleware<DBCore> = {
  stack: 'dbcore',
  name: 'guest-rows-lean',
  // Below the logs' middlewares (Dexie's default level is 10), above Dexie's own (2 and lower).
  level: 5,
  create: (down) => ({
    ...down,
    table(name) {
      const table = down.table(name);
      if (name !== 'guests') return table;
      return { ...table, mutate: (request) => table.mutate(leanWrite(request)) };
    },
  }),
};

/** A write with its guest rows stored lean (any other value as it is). */
function leanWrite(request: DBCoreMutateRequest): DBCoreMutateRequest {
  if (request.type !== 'add' && request.type !== 'put') return request;
  return { ...request, values: request.values.map((value) => (isGuestRow(value) ? storedRow(value) : value)) };
}

/** The row as stored: never its terms and sort key, and only what differs from what its record alone gives. */
function storedRow(row: IndexedGuestRow): StoredGuestRow {
  const stored: StoredGuestRow = { key: row.key, record: row.record };
  if (row.localId !== undefined) stored.localId = row.localId;
  // A guest whose pending writes change its label or detail is shown as they make it (toGuestRow): those are kept.
  if (row.label !== guestLabel(row.record)) stored.label = row.label;
  if (row.detail !== guestDetail(row.record)) stored.detail = row.detail;
  if (row.pending !== 0) stored.pending = row.pending;
  return stored;
}

/** A row as read: what was left out made again from its record (a row stored whole, as before, as it is). */
function wholeRow(stored: StoredGuestRow | undefined): GuestRow | undefined {
  if (stored === undefined) return undefined;
  return {
    ...stored,
    label: stored.label ?? guestLabel(stored.record),
    detail: stored.detail ?? guestDetail(stored.record),
    pending: stored.pending ?? 0,
  };
}
