import type { OutboxEntryChange, OutboxSummary } from './types';

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

/** Collects changed entry ids and tells listeners once per turn of the event loop, not once per row. */
export function createChangeNotifier(
  /**
   * Reads what a notice says: the changed entries still in view (one read for all of them; the others
   * were removed) and the summary. Called once per notice, so what entries share (the paused kinds) is read once.
   */
  read: (ids: readonly string[]) => { changed: OutboxEntryChange[]; summary: OutboxSummary },
  onListenerError: (error: unknown) => void,
) {
  const listeners = new Set<OutboxListener>();
  const pending = new Set<string>();
  let scheduled = false;

  const flush = () => {
    scheduled = false;
    const ids = [...pending];
    pending.clear();
    if (listeners.size === 0) return;
    let change: OutboxChange;
    try {
      const { changed, summary } = read(ids);
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
    /** Notes that these entries (or, with none, only the summary) changed. */
    changed(ids: readonly string[] = []) {
      for (const id of ids) pending.add(id);
      if (scheduled) return;
      scheduled = true;
      queueMicrotask(flush);
    },
    subscribe(listener: OutboxListener): () => void {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
