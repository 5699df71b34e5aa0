import type { ImportStore } from './import-store';
import { importCountsOf } from './import-view';

const DAY_MS = 24 * 60 * 60_000;

/**
 * Drops the rows' cells of imports whose last entry finished (or that were cancelled) longer ago than
 * `keepForMs` (the outbox's retention of finished entries), now and then daily; their counts, row
 * numbers and reasons stay. Returns the stop.
 */
export function startImportRetention(options: {
  store: ImportStore;
  now: () => number;
  keepForMs: number;
}): () => void {
  const { store, now } = options;
  const dropExpired = () => {
    for (const id of store.finishedBefore(now() - options.keepForMs)) {
      const record = store.getOfAnyAccount(id);
      if (!record) continue;
      const counts = importCountsOf(record, store.rowStates(id));
      store.transaction(() => {
        store.dropCells(id);
        store.markDropped(id, now(), counts);
      });
    }
  };
  dropExpired();
  const timer = setInterval(dropExpired, DAY_MS);
  timer.unref?.();
  return () => clearInterval(timer);
}
