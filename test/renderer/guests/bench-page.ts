// The page of the guest benchmarks (test/bench/sync*.ts, search*.ts bundle it; the desk host serves it to Chromium):
// the first sync through the real bridge, then search. It lives here because it is DOM code.
import Dexie from 'dexie';
import { createDeskApi } from '../../../shared/bridge/client';
import { createWebSocketTransport } from '../../../renderer/bridge/websocket-transport';
import { GuestDatabase } from '../../../renderer/db/guest-db';
import { withTerms } from '../../../renderer/db/guest-row';
import type { IndexedGuestRow } from '../../../renderer/db/guest-types';
import { guestTables } from '../../../renderer/db/tables/guests';
import { createPhoneKey, phonePlanOf } from '../../../renderer/search/phone';
import { createGuestSync } from '../../../renderer/sync/guest-collection';
import { measureSearch } from './bench-search';

/** What the first sync took, beside writing the same rows with a plain bulkPut. */
export interface SyncTimings {
  guests: number;
  syncMs: number;
  /** bulkPut of the rows the sync wrote, into a table with the same indexes, 2,000 per call. */
  bulkPutMs: number;
  /** bulkPut of the raw contacts into a table with no index besides the key. */
  rawPutMs: number;
}

const desk = createDeskApi(createWebSocketTransport());
/**
 * The guests table as version 1 declared it, with the search terms as an IndexedDB multiEntry index: the baseline
 * of "first sync … (pull_db, bridge pages, index)" is a write of the same rows with their search index. (Since
 * version 40 the index is kept beside the rows, renderer/db/search-log.ts, and the table has no `*terms`.)
 */
const GUESTS_SCHEMA = guestTables.versions[0]!.stores.guests!;
const DB_NAME = 'bench-guests';

/**
 * A full sync into an empty cache named `name`; returns the ms it took and the rows it wrote, with their search terms
 * (stored without them since version 41; made again here, so the baseline writes the very rows it wrote before).
 */
async function syncInto(name: string): Promise<{ ms: number; rows: IndexedGuestRow[] }> {
  const account = await desk.getAccount({});
  await Dexie.delete(name);
  const db = new GuestDatabase(name);
  const phoneKey = createPhoneKey(account.defaultPhoneCountry);
  const sync = createGuestSync({
    desk,
    db,
    phoneKey,
    country: account.defaultPhoneCountry,
    onStatus: () => {},
  });
  const started = performance.now();
  // The desk loads the search index as the cache opens (renderer/stores/guests.ts), so the sync's pages build it.
  const index = db.searchIndex();
  await sync.run('full');
  if ((await index).size === 0) throw new Error('The sync built no search index.');
  const ms = performance.now() - started;
  const noWrites = new Map<string, never[]>();
  const rows = (await db.guests.toArray()).map((row) => withTerms(row, noWrites, phoneKey));
  db.close();
  return { ms, rows };
}

/** Writes rows into a fresh Dexie table 2,000 per bulkPut (as the sync's pages are); returns the ms. */
async function bulkPutInto(name: string, schema: string, rows: object[]): Promise<number> {
  await Dexie.delete(name);
  const db = new Dexie(name);
  db.version(1).stores({ rows: schema });
  await db.open();
  const started = performance.now();
  for (let i = 0; i < rows.length; i += 2000) await db.table('rows').bulkPut(rows.slice(i, i + 2000));
  const ms = performance.now() - started;
  db.close();
  await Dexie.delete(name);
  return ms;
}

/**
 * The first sync of an empty cache, beside bulkPuts of the same rows. A warm-up sync gives the
 * rows; then the baselines and the timed sync each start from an empty database.
 */
async function benchSync(): Promise<SyncTimings> {
  const { rows } = await syncInto(DB_NAME);
  const bulkPutMs = await bulkPutInto('bench-bulkput', GUESTS_SCHEMA, rows);
  const rawPutMs = await bulkPutInto(
    'bench-raw',
    'contact_id',
    rows.map((row) => row.record),
  );
  const { ms: syncMs } = await syncInto(DB_NAME);
  return { guests: rows.length, syncMs, bulkPutMs, rawPutMs };
}

/** Times search on the synced cache (run benchSync first). */
async function benchSearch(options: { sampleSize: number; rounds: number; scanQueries: number }) {
  const account = await desk.getAccount({});
  const db = new GuestDatabase(DB_NAME);
  await db.open();
  return measureSearch(db, phonePlanOf(account.defaultPhoneCountry), account.defaultPhoneCountry, options);
}

Object.assign(window, { benchSync, benchSearch, benchReady: true });
