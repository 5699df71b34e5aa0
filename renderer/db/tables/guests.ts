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
  ],
};
