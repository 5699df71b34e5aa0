import type { OutboxChange } from '../outbox/events';
import type { RowStateCount } from './import-rows';
import type { ImportStore } from './import-store';
import { rowHasEnded } from './import-view';

/** One followed import's rows: each queued row's outbox entry and state, and the count by action and state. */
interface Tally {
  entries: Map<string, { action: 'new' | 'update'; state: string }>;
  /** By action, then by state (no key built per count: a notice of an import's delivery moves thousands). */
  counts: Record<'new' | 'update', Map<string, RowStateCount>>;
  staged: { count: number; lastLine: number };
}

/**
 * Live counts of the imports being queued or delivered, kept from the rows the core stages and
 * queues and from the outbox's own change notices, so an import's counts are never read back with a
 * query over all its rows (which grew with every notice at 100,000 rows).
 */
export function createImportTally(store: ImportStore) {
  const tallies = new Map<string, Tally>();
  const importOf = new Map<string, string>();

  const tallyOf = (importId: string): Tally => {
    let tally = tallies.get(importId);
    if (tally) return tally;
    tally = {
      entries: new Map(),
      counts: { new: new Map(), update: new Map() },
      staged: store.stagedSoFar(importId),
    };
    for (const row of store.rowEntries(importId)) {
      bump(tally, row.action, row.state, 1);
      if (row.outboxId) {
        tally.entries.set(row.outboxId, { action: row.action, state: row.state });
        importOf.set(row.outboxId, importId);
      }
    }
    tallies.set(importId, tally);
    return tally;
  };

  return {
    /** The import's rows by action and state. */
    states(importId: string): RowStateCount[] {
      return countsOf(tallyOf(importId)).filter((count) => count.count > 0);
    },
    /** How many of the import's rows wait in the outbox, queued and not yet taken for sending. */
    waiting: (importId: string): number =>
      countsOf(tallyOf(importId)).reduce((sum, { state, count }) => sum + (state === 'queued' ? count : 0), 0),
    /** Whether every row of the import that reached the desk has reached its end (none staged or still to go). */
    nothingLeftToGo: (importId: string): boolean =>
      countsOf(tallyOf(importId)).every(({ state, count }) => count === 0 || rowHasEnded(state)),
    stagedSoFar(importId: string): { count: number; lastLine: number } {
      return tallyOf(importId).staged;
    },
    /** Ready rows reached the desk in a batch ending at `lastLine` (ready or held); a row sent twice counts once, as stored. */
    staged(importId: string, rows: ReadonlyArray<{ action: 'new' | 'update' }>, added: number, lastLine: number): void {
      const tally = tallyOf(importId);
      tally.staged = { count: tally.staged.count + added, lastLine: Math.max(tally.staged.lastLine, lastLine) };
      if (added === rows.length) for (const row of rows) bump(tally, row.action, 'staged', 1);
      else tallies.delete(importId);
    },
    /** A staged row went into the outbox, or was refused. */
    settled(importId: string, action: 'new' | 'update', outcome: { outboxId: string } | { refused: string }): void {
      const tally = tallyOf(importId);
      bump(tally, action, 'staged', -1);
      if ('refused' in outcome) return bump(tally, action, 'refused', 1);
      bump(tally, action, 'queued', 1);
      tally.entries.set(outcome.outboxId, { action, state: 'queued' });
      importOf.set(outcome.outboxId, importId);
    },
    /** Applies the outbox's notice; answers the imports whose counts changed. */
    apply(change: OutboxChange): Set<string> {
      const touched = new Set<string>();
      const move = (id: string, state: string) => {
        const importId = importOf.get(id);
        const tally = importId ? tallies.get(importId) : undefined;
        const entry = tally?.entries.get(id);
        if (!importId || !tally || !entry || entry.state === state) return;
        bump(tally, entry.action, entry.state, -1);
        bump(tally, entry.action, state, 1);
        entry.state = state;
        touched.add(importId);
      };
      for (const view of change.changed) move(view.id, view.state);
      for (const id of change.removed) move(id, 'discarded');
      return touched;
    },
    /** Forgets an import that is no longer followed (its counts are read from the database again when asked). */
    forget(importId: string): void {
      const tally = tallies.get(importId);
      if (!tally) return;
      for (const id of tally.entries.keys()) importOf.delete(id);
      tallies.delete(importId);
    },
  };
}

/** Moves an import's count of rows with this action and state by `by`. */
function bump(tally: Tally, action: 'new' | 'update', state: string, by: number): void {
  const byState = tally.counts[action];
  const entry = byState.get(state);
  if (entry) entry.count += by;
  else byState.set(state, { action, state, count: by });
}

/** Every count of the import, of both actions. */
function countsOf(tally: Tally): RowStateCount[] {
  return [...tally.counts.new.values(), ...tally.counts.update.values()];
}
