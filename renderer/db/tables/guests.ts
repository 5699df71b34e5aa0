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
    // The search index lives in memory and is stored as a log of large records (renderer/db/search-log.ts).
    { version: 40, stores: { [SEARCH_LOG_TABLE]: '++seq' } },
  ],
};
