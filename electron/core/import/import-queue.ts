import type { Outbox } from '../outbox/outbox';
import type { ImportStore } from './import-store';

/** Rows put in the outbox per commit: one flushed transaction each, and a turn of the event loop between them. */
const CHUNK_ROWS = 1000;

/** What the queue loop is built from. */
export interface ImportQueueOptions {
  store: ImportStore;
  outbox: Outbox;
  now: () => number;
  /** A chunk of an import's rows went into the outbox (or was refused). */
  onProgress: (importId: string) => void;
  /** Every row of the import is in the outbox (or refused), or it stopped. */
  onDone: (importId: string) => void;
  /** A row went into the outbox or was refused (after its chunk committed). */
  onSettled: (importId: string, action: 'new' | 'update', outcome: { outboxId: string } | { refused: string }) => void;
}

/**
 * The desk core's own queueing of an import's handed-over rows into the outbox: a chunk per commit
 * (the row's outbox entry and its place in the file together), a turn of the event loop between
 * chunks so the desk keeps answering. A row the outbox refuses is kept with the reason and never
 * sinks its chunk. Runs once per import at a time; stopping leaves what is not queued for later.
 */
export function createImportQueue(options: ImportQueueOptions) {
  const running = new Map<string, { stop: boolean }>();

  const step = (importId: string, control: { stop: boolean }) => {
    if (control.stop) {
      running.delete(importId);
      options.onDone(importId);
      return;
    }
    let settled: Array<{ action: 'new' | 'update'; outcome: { outboxId: string } | { refused: string } }>;
    try {
      settled = options.store.transaction(() => {
        const rows = options.store.nextStaged(importId, CHUNK_ROWS);
        if (rows.length === 0) {
          options.store.markQueued(importId, options.now());
          return [];
        }
        const results = options.outbox.enqueueMany(
          'push_contact',
          rows.map((row) => row.contact),
        );
        return rows.map((row, index) => {
          const result = results[index]!;
          const outcome = 'id' in result ? { outboxId: result.id } : { refused: result.refused };
          options.store.settleStaged(importId, row.line, outcome);
          return { action: row.action, outcome };
        });
      });
    } catch (error) {
      // The database refused the commit (disk full, busy): nothing of this chunk was queued; it waits for "Go on".
      console.error(`[import] queueing ${importId} stopped:`, error);
      running.delete(importId);
      options.onDone(importId);
      return;
    }
    if (settled.length === 0) {
      running.delete(importId);
      options.onDone(importId);
      return;
    }
    for (const { action, outcome } of settled) options.onSettled(importId, action, outcome);
    options.onProgress(importId);
    setImmediate(() => step(importId, control));
  };

  return {
    /** Starts (or goes on with) queueing an import's rows, unless it is already running. */
    run(importId: string): void {
      if (running.has(importId)) return;
      const control = { stop: false };
      running.set(importId, control);
      setImmediate(() => step(importId, control));
    },
    running: (importId: string) => running.has(importId),
    stop(importId: string): void {
      const control = running.get(importId);
      if (control) control.stop = true;
    },
    stopAll(): void {
      for (const control of running.values()) control.stop = true;
    },
  };
}
