import type { Transaction } from 'dexie';
import { SEARCH_LOG_TABLE } from '../search-log';
import type { TableLayout } from '../table-layout';

/**
 * The guest cache's first tables (version 1): guests with their search terms, this desk's writes,
 * field definitions, categories, sent items, SMS replies and sync facts. Their rows and queries are
 * in guest-db.ts.
 */
export const guestTables: TableLayout = {
  feature: 'guests',
  versions: [
    {
      version: 1,
      stores: {
        guests: 'key, localId, *terms',
        writes: 'outboxId, guestKey, state',
        fields: 'name, position',
        categories: 'id, name',
        sentItems: 'reference_id, timestamp',
        smsReplies: 'id, phone, timestamp',
        meta: 'key',
      },
    },
    // Version 40: the search index lives in memory and is stored as a log of large records (renderer/db/search-log.ts),
    // not as one IndexedDB index entry per term (which made a first sync of 100,000 guests 2.4x slower): `*terms` goes.
    // (A version above every feature's, so caches already at 30 upgrade.) The first load after it rebuilds the log.
    { version: 40, stores: { guests: 'key, localId', [SEARCH_LOG_TABLE]: '++seq' } },
    // Version 41: guest rows are stored without their search terms and sort key (renderer/db/guest-row-storage.ts;
    // the search log holds them, and they are made again from the record where it cannot say): the rows already
    // cached lose them.
    { version: 41, stores: {}, upgrade: dropStoredTerms },
  ],
};

/**
 * Removes the terms and sort key of every stored guest row, in IndexedDB itself: what the logs say of each guest does
 * not change, so this is no write to log (Dexie's table, through the logs' middlewares, would log 100,000 guests again).
 */
function dropStoredTerms(tx: Transaction): Promise<void> {
  return new Promise((resolve, reject) => {
    const walk = tx.idbtrans.objectStore('guests').openCursor();
    walk.onerror = () => reject(walk.error);
    walk.onsuccess = () => {
      const cursor = walk.result;
      if (!cursor) return resolve();
      const row: unknown = cursor.value;
      if (typeof row === 'object' && row !== null && ('terms' in row || 'sortKey' in row)) {
        if ('terms' in row) delete row.terms;
        if ('sortKey' in row) delete row.sortKey;
        cursor.update(row);
      }
      cursor.continue();
    };
  });
}
