import { rowFacts, type EntryFacts } from './store';
import type { OutboxEntryChange, OutboxRow, OutboxSummary } from './types';

/**
 * What a listener hears: the fresh summary, the entries that changed since the last notice (id, kind,
 * state as shown; a listener that needs more reads the entry), and those that left the outbox.
 */
export interface OutboxChange {
  summary: OutboxSummary;
  changed: OutboxEntryChange[];
  /** Entries that changed and are gone from view: discarded (by staff, or when local data was cleared). */
  removed: string[];
}

export type OutboxListener = (change: OutboxChange) => void;

/**
 * What a notice knows of each changed entry before it is read: its facts as this process last wrote
 * them, null when that write took it out of view (discarded), undefined when it must be read.
 */
export type KnownFacts = ReadonlyMap<string, EntryFacts | null | undefined>;

/** Collects changed entries and tells listeners once per turn of the event loop, not once per row. */
export function createChangeNotifier(
  /**
   * Builds what a notice says: the changed entries still in view, in the order given (those whose facts
   * are not known are read, in one read for all of them; the others were removed), and the summary.
   * Called once per notice, so what entries share (the paused kinds) is read once.
   */
  read: (changes: KnownFacts) => { changed: OutboxEntryChange[]; summary: OutboxSummary },
  onListenerError: (error: unknown) => void,
) {
  const listeners = new Set<OutboxListener>();
  /** Changed entries, in the order first noted; the latest of `changed` (read it) or `wrote` (these facts) decides. */
  let pending = new Map<string, EntryFacts | null | undefined>();
  let scheduled = false;

  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    queueMicrotask(flush);
  };
  const flush = () => {
    scheduled = false;
    const changes = pending;
    pending = new Map();
    if (listeners.size === 0) return;
    const ids = [...changes.keys()];
    let change: OutboxChange;
    try {
      const { changed, summary } = read(changes);
      const shown = new Set(changed.map((entry) => entry.id));
      change = { summary, changed, removed: ids.filter((id) => !shown.has(id)) };
    } catch (error) {
      // The database could not be read (an I/O error): this notice is lost, the next one reads afresh.
      onListenerError(error);
      return;
    }
    for (const listener of listeners) {
      try {
        listener(change);
      } catch (error) {
        onListenerError(error);
      }
    }
  };

  return {
    /** Notes that these entries (or, with none, only the summary) changed: the notice reads them. */
    changed(ids: readonly string[] = []) {
      for (const id of ids) pending.set(id, undefined);
      schedule();
    },
    /**
     * Notes entries this process has just written, as written, so the notice takes their facts from the
     * rows instead of reading them. A writer whose transaction is undone calls `changed` for them after.
     */
    wrote(rows: readonly OutboxRow[]) {
      for (const row of rows) pending.set(row.id, rowFacts(row));
      schedule();
    },
    subscribe(listener: OutboxListener): () => void {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
