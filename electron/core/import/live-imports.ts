import type { Outbox } from '../outbox/outbox';
import type { ImportRecord } from './import-records';
import type { ImportStore } from './import-store';
import { createImportTally } from './import-tally';
import { importCountsOf, toImportView, type ImportView } from './import-view';

/** A hand-over with no batch for this long has stopped (the page closed or crashed): the import shows as interrupted. */
const STAGING_IDLE_MS = 30_000;
/** How often an import being delivered tells the renderer its counts, at most. */
const CHANGE_EVERY_MS = 250;

/** What following imports is built from. */
export interface LiveImportsOptions {
  store: ImportStore;
  outbox: Outbox;
  now: () => number;
  /** Tells the renderer an import changed (the importChanged event). */
  emit?: (view: ImportView) => void;
  /** Whether the core's own loop is putting this import's rows in the outbox now. */
  queueing: (importId: string) => boolean;
}

/**
 * What this run of the desk knows of imports beyond their records: which are receiving rows from a
 * page (and when the last batch came), which are followed while their entries go out (counted live
 * from the outbox's notices, import-tally.ts), and the importChanged events, at most one per import
 * every 250 ms while it is delivered.
 */
export function createLiveImports(options: LiveImportsOptions) {
  const { store, now } = options;
  /** Imports delivering or queueing whose counts may change with the outbox's. */
  const following = new Set<string>(store.unfinished().map((row) => row.id));
  const pendingEmits = new Map<string, ReturnType<typeof setTimeout>>();
  const tally = createImportTally(store);
  let closed = false;

  // A hand-over gone quiet is past its idle time: the page is told the import stopped.
  const handOvers = createHandOvers(now, (id) => changed(id, 'now'));
  /** An import's view: counted live while it is followed, read from the database otherwise (the history). */
  const view = (record: ImportRecord): ImportView => {
    const live = following.has(record.id);
    const counts = importCountsOf(record, live ? tally.states(record.id) : store.rowStates(record.id));
    return toImportView(record, counts, {
      busy: handOvers.receiving(record.id) || options.queueing(record.id),
      lastStagedLine: (live ? tally.stagedSoFar(record.id) : store.stagedSoFar(record.id)).lastLine,
    });
  };
  /**
   * The import's view now; marks it finished when nothing of it is left to go. A cancelled import is followed
   * until the calls on their way when it was cancelled have answered (those entries could not be taken back).
   */
  const currentView = (id: string): ImportView | undefined => {
    const record = store.getOfAnyAccount(id);
    if (!record) return undefined;
    const fresh = view(record);
    const settled = fresh.phase === 'done' || (fresh.phase === 'cancelled' && fresh.pending === 0);
    if (settled && record.finishedAt === null) {
      store.transaction(() => store.markFinished(id, now()));
      following.delete(id);
      tally.forget(id);
    }
    return fresh;
  };
  const changed = (id: string, at: 'now' | 'soon' = 'soon') => {
    if (!options.emit || closed) return;
    if (at === 'soon' && pendingEmits.has(id)) return;
    clearTimeout(pendingEmits.get(id));
    const send = () => {
      pendingEmits.delete(id);
      const fresh = currentView(id);
      if (fresh) options.emit?.(fresh);
    };
    if (at === 'now') send();
    else pendingEmits.set(id, setTimeout(send, CHANGE_EVERY_MS));
  };
  // Delivery changes an import's counts: follow the outbox while any import has entries to go. The change that
  // settles its last row is told at once (staff see it done), not with the next gathered event.
  const unsubscribe = options.outbox.subscribe((change) => {
    for (const id of tally.apply(change)) changed(id, tally.nothingLeftToGo(id) ? 'now' : 'soon');
  });

  return {
    view,
    changed,
    tally,
    /** Imports not finished when the desk started, or started since. */
    following: () => [...following],
    follow: (id: string) => void following.add(id),
    /** A batch of rows came from a page now (or the page said it goes on). */
    receivingNow: handOvers.receivingNow,
    /** Whether a page is handing this import's rows over now (a batch came within the last 30 s and it has not said it is done). */
    receiving: handOvers.receiving,
    /** The page said every row is there, the import was cancelled, or a batch was refused (the page stops there). */
    receivingEnded: handOvers.ended,
    isFollowed: (id: string) => following.has(id),
    close(): void {
      closed = true;
      unsubscribe();
      for (const timer of pendingEmits.values()) clearTimeout(timer);
      handOvers.close();
    },
  };
}

export type LiveImports = ReturnType<typeof createLiveImports>;

/** The imports whose rows pages are handing over, when the last batch of each came, and a call once each goes quiet. */
function createHandOvers(now: () => number, onQuiet: (importId: string) => void) {
  const lastBatchAt = new Map<string, number>();
  const quietChecks = new Map<string, ReturnType<typeof setTimeout>>();
  const ended = (id: string) => {
    lastBatchAt.delete(id);
    clearTimeout(quietChecks.get(id));
    quietChecks.delete(id);
  };
  return {
    receiving: (id: string) => now() - (lastBatchAt.get(id) ?? -Infinity) < STAGING_IDLE_MS,
    receivingNow(id: string): void {
      ended(id);
      lastBatchAt.set(id, now());
      quietChecks.set(
        id,
        setTimeout(() => {
          quietChecks.delete(id);
          onQuiet(id);
        }, STAGING_IDLE_MS),
      );
    },
    ended,
    close(): void {
      for (const timer of quietChecks.values()) clearTimeout(timer);
    },
  };
}
