import type { Database } from 'better-sqlite3';
import { runTransaction, type Durability, type InnerTransactions } from '../db/transactions';
import { createImportRecords } from './import-records';
import { createImportRows } from './import-rows';

/** The import tables as typed queries: the imports (import-records.ts) and their rows (import-rows.ts). */
export function createImportStore(db: Database) {
  return {
    ...createImportRecords(db),
    ...createImportRows(db),
    /**
     * Runs `work` in one write transaction, flushed to disk before it returns unless it is crash-safe only;
     * `inner`: whether the outbox's own transactions inside it join it (runTransaction).
     */
    transaction<T>(work: () => T, durability: Durability = 'flushed', inner?: InnerTransactions): T {
      return runTransaction(db, work, durability, inner);
    },
  };
}

export type ImportStore = ReturnType<typeof createImportStore>;
