// What the cache's Dexie middlewares (identity-log.ts, search-log.ts) share about Dexie's DBCore.
import type { DBCoreTransaction } from 'dexie';

/** Dexie's DBCoreRangeType.Any (a const enum in its declarations): a range over every key. */
export const WHOLE_RANGE = 3;

/** Whether a transaction's scope has this store (IndexedDB's transaction is Dexie's DBCoreTransaction underneath). */
export function holdsStore(trans: DBCoreTransaction, store: string): boolean {
  const names: unknown = 'objectStoreNames' in trans ? trans.objectStoreNames : undefined;
  return typeof names === 'object' && names !== null && 'contains' in names && typeof names.contains === 'function'
    ? Boolean(names.contains(store))
    : false;
}
