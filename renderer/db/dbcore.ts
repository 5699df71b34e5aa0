// What the cache's Dexie middlewares (identity-log.ts, search-log.ts) share about Dexie's DBCore.
import type { DBCore, DBCoreMutateRequest, DBCoreMutateResponse, DBCoreTable, DBCoreTransaction } from 'dexie';

/** Dexie's DBCoreRangeType.Any (a const enum in its declarations): a range over every key. */
export const WHOLE_RANGE = 3;

/** Whether a transaction's scope has this store (IndexedDB's transaction is Dexie's DBCoreTransaction underneath). */
function holdsStore(trans: DBCoreTransaction, store: string): boolean {
  const names: unknown = 'objectStoreNames' in trans ? trans.objectStoreNames : undefined;
  return typeof names === 'object' && names !== null && 'contains' in names && typeof names.contains === 'function'
    ? Boolean(names.contains(store))
    : false;
}

/**
 * Makes a write to a table and, when its transaction holds the `log` store, appends `entry` to that log in the
 * same transaction (an upgrade from before the log has no log yet); `onLogged` hears the append's answer. Answers as
 * the write does, once both are done.
 */
export function mutateAndLog(
  down: DBCore,
  table: DBCoreTable,
  request: DBCoreMutateRequest,
  log: string,
  entry: unknown,
  onLogged?: (response: DBCoreMutateResponse) => void,
): Promise<DBCoreMutateResponse> {
  const done = table.mutate(request);
  if (!holdsStore(request.trans, log)) return done;
  const appended = down
    .table(log)
    .mutate({ type: 'add', trans: request.trans, values: [entry] })
    .then((response) => onLogged?.(response));
  return Promise.all([done, appended]).then(([result]) => result);
}
