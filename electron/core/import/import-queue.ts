import type { Outbox } from '../outbox/outbox';
import type { ImportStore } from './import-store';

/** Rows queued per chunk at most. */
const CHUNK_ROWS = 500;
/** A chunk ends after this long: the desk answers, and delivers what is already queued, between chunks. */
const CHUNK_MS = 15;
/** Rows read and put in the outbox per batch within a chunk (the time limit is checked between batches). */
const BATCH_ROWS = 50;

/**
 * While a page is still handing rows over, the loop keeps this many of the import's entries waiting
 * in the outbox and no more (about 0.6 s of delivery at 20 ms a call, 4 calls of 100 at once): the
 * hand-over goes first, so the page is done with the file sooner, and delivery never runs dry.
 */
const AHEAD_ROWS = 5000;
/** How often a loop holding back looks again at what is waiting. */
const AHEAD_POLL_MS = 20;

/** What a row became: an outbox entry, or a refusal in the desk's words. */
type Outcome = { outboxId: string } | { refused: string };

/** What the queue loop is built from. */
export interface ImportQueueOptions {
  store: ImportStore;
  outbox: Outbox;
  now: () => number;
  /**
   * Whether the import is of the account connected now. The outbox stamps an entry with the connected account, so
   * while another venue is connected the import's rows stay handed over but not queued (it shows as interrupted),
   * for "Go on" once its own account is connected again.
   */
  ofConnectedAccount: (importId: string) => boolean;
  /** A chunk of an import's rows went into the outbox (or was refused). */
  onProgress: (importId: string) => void;
  /** Every row that reached the desk is in the outbox (or refused), or the loop stopped. */
  onDone: (importId: string) => void;
  /** A row went into the outbox or was refused (after its chunk committed). */
  onSettled: (importId: string, action: 'new' | 'update', outcome: Outcome) => void;
  /** While a page is handing the import's rows over: how many of its entries wait in the outbox; else null. */
  aheadOfDelivery?: (importId: string) => number | null;
}

/**
 * The desk core's own queueing of an import's handed-over rows into the outbox, as they arrive:
 * chunks of a few hundred rows or 15 ms, each one commit (a row's outbox entry and its place in the
 * file together), with a turn of the event loop between chunks so the desk keeps answering and the
 * outbox keeps delivering what is already queued. The commits are crash-safe, not flushed: a power
 * cut may undo the last ones, leaving their rows handed over but not queued, and the next start
 * queues them again; the outbox holds its own guest pushes to the same rule. A row the outbox
 * refuses is kept with the reason and never sinks its chunk. Once every row has reached the desk
 * and is queued, the import is marked queued. Runs once per import at a time; stopping leaves what
 * is not queued for later. While the page is still handing rows over, it keeps only AHEAD_ROWS of
 * the import's entries waiting in the outbox (the hand-over goes first; delivery never runs dry).
 * It queues only while the import's own account is connected, and stops when another one is.
 */
export function createImportQueue(options: ImportQueueOptions) {
  const running = new Map<string, { stop: boolean }>();

  /**
   * Queues one chunk; answers how each row settled (none when nothing was waiting). Any error ends the
   * whole chunk (nothing of it is queued), so the outbox's own transactions join its transaction.
   */
  const chunk = (importId: string) =>
    options.store.transaction(
      () => {
        const settled: Array<{ action: 'new' | 'update'; outcome: Outcome }> = [];
        const started = options.now();
        // Read a batch at a time: a chunk that ends on time has read (and parsed) no row it did not queue.
        let batch = options.store.nextStaged(importId, BATCH_ROWS);
        // Every row reached the desk and none is left to queue: the import is queued.
        if (batch.length === 0 && isFullyStaged(options.store, importId))
          options.store.markQueued(importId, options.now());
        while (batch.length > 0) {
          const results = options.outbox.enqueueMany(
            'push_contact',
            batch.map((row) => row.contact),
          );
          batch.forEach((row, index) => {
            const result = results[index]!;
            const outcome = 'id' in result ? { outboxId: result.id } : { refused: result.refused };
            options.store.settleStaged(importId, row.line, outcome);
            settled.push({ action: row.action, outcome });
          });
          if (settled.length >= CHUNK_ROWS || options.now() - started >= CHUNK_MS) break;
          batch = options.store.nextStaged(importId, BATCH_ROWS);
        }
        return settled;
      },
      'crashSafe',
      'join',
    );

  const finish = (importId: string) => {
    running.delete(importId);
    options.onDone(importId);
  };

  const step = (importId: string, control: { stop: boolean }) => {
    if (control.stop || !options.ofConnectedAccount(importId)) return finish(importId);
    if ((options.aheadOfDelivery?.(importId) ?? 0) >= AHEAD_ROWS)
      return void setTimeout(() => step(importId, control), AHEAD_POLL_MS);
    let settled: ReturnType<typeof chunk>;
    try {
      settled = chunk(importId);
    } catch (error) {
      // The database refused the commit (disk full, busy): nothing of this chunk was queued; it waits for "Go on".
      console.error(`[import] queueing ${importId} stopped:`, error);
      return finish(importId);
    }
    // Nothing waiting: every row that reached the desk is queued (more rows, if any come, start the loop again).
    if (settled.length === 0) return finish(importId);
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

/** Whether every row of the import has reached the desk (the page said so). */
function isFullyStaged(store: ImportStore, importId: string): boolean {
  const record = store.getOfAnyAccount(importId);
  return record !== undefined && record.stagedAt !== null;
}
